//! Every example run with hostile arguments and files: arguments that are not UTF-8, numbers
//! too large for their flag, missing files, special files (`/dev/zero`, a FIFO, a directory),
//! files too large, a record that cannot be written, a closed stdin. Each must end with a
//! clear message (`error: `), its exit status (2 for the command line, 1 for files), and no
//! panic and no hang. The engine's examples (`solve`, `match`,
//! `analyze`) also get bad positions, finished games and garbage record files.

#![cfg(unix)]

mod common;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::fixture;

/// One run: the example, its arguments, the exit status and a text stderr must contain.
struct Case {
    example: &'static str,
    args: Vec<OsString>,
    status: i32,
    says: &'static str,
}

fn case(example: &'static str, args: &[&str], status: i32, says: &'static str) -> Case {
    Case { example, args: args.iter().map(OsString::from).collect(), status, says }
}

/// `text` with the byte 0xff (never UTF-8) in place of each `\u{fffd}`.
fn bad_utf8(text: &str) -> OsString {
    OsString::from_vec(text.replace('\u{fffd}', "\u{0}").bytes().map(|b| if b == 0 { 0xff } else { b }).collect())
}

/// Checks `case`, giving a description of what went wrong, if anything.
fn check(case: &Case) -> Option<String> {
    let output = common::run(case.example, &case.args, Stdio::null(), Stdio::null());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let clear = stderr.starts_with("error: ") || stderr.starts_with(&format!("{}: ", case.example));
    let ok = output.status.code() == Some(case.status)
        && clear
        && stderr.contains(case.says)
        && !stderr.contains("panicked");
    (!ok).then(|| {
        format!(
            "{} {:?}: {} (expected {}, {:?}), stderr: {stderr}",
            case.example, case.args, output.status, case.status, case.says
        )
    })
}

fn check_all(cases: &[Case]) {
    let failures: Vec<String> = cases.iter().filter_map(check).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn arguments_that_are_not_utf8() {
    // Missing arguments first, then bytes that are not UTF-8.
    let mut cases =
        vec![case("perft", &[], 2, "--depth"), case("replay", &[], 2, "<FILE>"), case("wthor", &[], 2, "<FILE>")];
    for (example, args, status, says) in [
        ("perft", vec!["--depth".into(), bad_utf8("\u{fffd}")], 2, "invalid UTF-8"),
        ("perft", vec!["--depth".into(), "1".into(), "--position".into(), bad_utf8("\u{fffd}")], 2, "invalid UTF-8"),
        ("play", vec!["--seed".into(), bad_utf8("4\u{fffd}")], 2, "invalid UTF-8"),
        ("play", vec![bad_utf8("--\u{fffd}")], 2, "error: "),
        ("play", vec!["--record".into(), bad_utf8("/nonexistent/\u{fffd}.json")], 1, "cannot write the record to"),
        ("duel", vec!["--size".into(), bad_utf8("8x\u{fffd}")], 2, "invalid UTF-8"),
        ("duel", vec![bad_utf8("\u{fffd}")], 2, "error: "),
        ("replay", vec![bad_utf8("\u{fffd}.json")], 1, "No such file"),
        ("replay", vec![fixture("sample.wtb").into(), "--game".into(), bad_utf8("\u{fffd}")], 2, "invalid UTF-8"),
        ("wthor", vec![bad_utf8("\u{fffd}.wtb")], 1, "No such file"),
        ("wthor", vec![bad_utf8("--\u{fffd}")], 2, "error: "),
    ] {
        cases.push(Case { example, args, status, says });
    }
    check_all(&cases);
}

#[test]
fn numbers_too_large_for_their_flag() {
    check_all(&[
        case(
            "perft",
            &["--depth", "99999999999999999999"],
            2,
            "invalid value '99999999999999999999' for '--depth <N>'",
        ),
        case("perft", &["--depth", "1", "--threads", "100000"], 2, "100000 is not in 1..=1024"),
        case("perft", &["--depth", "1", "--threads", "18446744073709551616"], 2, "--threads"),
        case("perft", &["--depth", "1", "--threads", "0"], 2, "0 is not in 1..=1024"),
        case("play", &["--seed", "18446744073709551616"], 2, "--seed <SEED>"),
        case("play", &["--size", "99999x99999"], 2, "99999x99999"),
        case("play", &["--blocked", "99999999999999999999"], 2, "--blocked"),
        case("play", &["--handicap", "white:4294967296"], 2, "--handicap"),
        case("duel", &["--seed", "-1"], 2, "'-1'"),
        case("replay", &[&fixture("sample.wtb"), "--game", "99999999999999999999"], 2, "--game <N>"),
        case("replay", &[&fixture("sample.wtb"), "--game", "0"], 2, "--game <N>"),
        case("replay", &[&fixture("sample.wtb"), "--game", "4294967295"], 1, "the file has 4 games"),
    ]);
}

#[test]
fn missing_and_special_files() {
    let dir = common::temp_path("hostile");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).expect("a fresh directory");
    let path = |name: &str| dir.join(name).display().to_string();
    // A FIFO that nobody writes to would make a plain read wait for ever.
    for fifo in ["fifo.json", "fifo.wtb"] {
        assert!(Command::new("mkfifo").arg(path(fifo)).status().expect("mkfifo runs").success());
    }
    std::os::unix::fs::symlink("/dev/zero", path("zero.wtb")).expect("a link");
    std::os::unix::fs::symlink("/dev/zero", path("zero.json")).expect("a link");
    std::fs::create_dir(path("dir.ggf")).expect("a directory");
    // Sparse, so its zeros take no disk: one byte over the limit of 64 MiB.
    let huge = std::fs::File::create(path("huge.wtb")).expect("created");
    huge.set_len((64 << 20) + 1).expect("sized");
    // The names beside a WTHOR file are read with the same care.
    std::fs::copy(fixture("sample.wtb"), path("sample.wtb")).expect("copied");
    std::os::unix::fs::symlink("/dev/zero", path("WTHOR.JOU")).expect("a link");

    let not_a_file = "not a regular file";
    check_all(&[
        case("replay", &["/nonexistent/game.json"], 1, "No such file"),
        case("replay", &["/dev/zero"], 1, not_a_file),
        case("replay", &["/dev/null"], 1, not_a_file),
        case("replay", &[&path("zero.json")], 1, not_a_file),
        case("replay", &[&path("zero.wtb")], 1, not_a_file),
        case("replay", &[&path("fifo.json")], 1, not_a_file),
        case("replay", &[&path("dir.ggf")], 1, not_a_file),
        case("replay", &[&path("huge.wtb")], 1, "larger than the limit of 64 MiB"),
        case("wthor", &["/nonexistent.wtb"], 1, "No such file"),
        case("wthor", &["/dev/zero"], 1, not_a_file),
        case("wthor", &[&path("fifo.wtb")], 1, not_a_file),
        case("wthor", &[&path("huge.wtb")], 1, "larger than the limit of 64 MiB"),
        case("play", &["--quiet", "--record", &path("dir.ggf")], 1, "cannot write the record to"),
        case("play", &["--quiet", "--record", "/dev/full"], 1, "No space left on device"),
        case("duel", &["--record", "/nonexistent/dir/game.json"], 1, "cannot write the record to"),
        case("duel", &["--record", "/dev/full"], 1, "cannot save the record to /dev/full"),
    ]);
    // The optional names are read with the same care, but one that cannot be read costs the
    // names only (issue 69, D10): a warning, and every game checked all the same (status 1
    // for the fixture's illegal game 4, as with the names).
    let output = common::run("wthor", [path("sample.wtb")], Stdio::null(), Stdio::piped());
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("warning: ") && stderr.contains("WTHOR.JOU: not a regular file"), "{stderr}");
    assert!(stdout.contains("4 games") && stdout.contains("1 illegal"), "{stdout}");
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// A file error is a file error: `play` prints no usage for it.
#[test]
fn a_record_that_cannot_be_written_is_not_a_usage_error() {
    let output = common::run("play", ["--record", "/nonexistent/dir/game.json"], Stdio::null(), Stdio::piped());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("Usage"), "{stderr}");
    // Found before the game: nothing was played or printed.
    assert!(output.stdout.is_empty(), "{}", String::from_utf8_lossy(&output.stdout));
}

/// A closed stdin (file descriptor 0 not open at all) reads as the end of the input: duel
/// saves its game; the others do not read stdin.
#[test]
fn a_closed_stdin() {
    let record = common::temp_path("closed-stdin.json");
    let _ = std::fs::remove_file(&record);
    let record_arg = record.display().to_string();
    for (example, args) in [
        ("duel", vec!["--seed", "2", "--record", record_arg.as_str()]),
        ("play", vec!["--seed", "2", "--quiet"]),
        ("perft", vec!["--depth", "3"]),
        ("replay", vec![]),
    ] {
        let replay_fixture = fixture("sample.txt");
        let args: Vec<&str> = if example == "replay" { vec![replay_fixture.as_str()] } else { args };
        // The shell closes fd 0 (`<&-`) and then becomes the example.
        let child = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" <&-")
            .arg(common::example(example))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sh runs");
        let output = common::wait(child, example);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success() && stderr.is_empty(), "{example}: {}, stderr: {stderr}", output.status);
    }
    let stdout_of_duel = std::fs::read_to_string(&record).expect("duel saved its record");
    assert!(stdout_of_duel.contains("\"ending\": \"unfinished\""), "{stdout_of_duel}");
    std::fs::remove_file(PathBuf::from(&record)).expect("removed");
}

/// A fresh directory of the named files, for the cases of one test.
fn files_in(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = common::temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).expect("a fresh directory");
    for (file, bytes) in files {
        std::fs::write(dir.join(file), bytes).expect("written");
    }
    dir
}

/// The 8×8 start, as RULES §5 writes it.
const START: &str = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X";
/// A full 8×8 board: the game is over.
const FULL: &str = "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX O";
/// One empty cell that neither side can take: the game is over too.
const STUCK: &str = "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXX- O";

/// `solve`: a bad flag or position ends with status 2, a bad file with status 1.
#[test]
fn solve_refuses_bad_flags_positions_and_files() {
    let dir = files_in(
        "hostile-solve",
        &[
            ("garbage.txt", b"garbage\n"),
            ("position.txt", b"1\tnot a position\tbest:+4\n"),
            ("novalues.txt", format!("1\t{START}\n").as_bytes()),
            ("badvalue.txt", format!("1\t{START}\td3:x\n").as_bytes()),
            ("notpair.txt", format!("1\t{START}\td3\n").as_bytes()),
            ("badmove.txt", format!("1\t{START}\tz99:+4\n").as_bytes()),
            ("over.txt", format!("1\t{FULL}\tbest:-64\n").as_bytes()),
            ("binary.txt", b"\xff\xfe\x00garbage"),
        ],
    );
    let path = |name: &str| dir.join(name).display().to_string();
    let mut cases = vec![
        case("solve", &[], 2, "--position"),
        case("solve", &["--position", "garbage"], 2, "invalid position"),
        case("solve", &["--position", &"X".repeat(64)], 2, "invalid position"),
        case("solve", &["--position", &format!("{} X", "X".repeat(63))], 2, "invalid board width 63"),
        // 64 cells in one line are the 8×8 form of NBoard and GGF: a finished position here.
        case("solve", &["--position", &format!("{} X", "X".repeat(64))], 2, "the game is over"),
        case("solve", &["--position", START, "--threads", "0"], 2, "--threads"),
        case("solve", &["--position", START, "--hash-mb", "99999999999999999999"], 2, "--hash-mb"),
        case("solve", &["--position", START, "--scoring", "bogus"], 2, "possible values: discs, wof"),
        case("solve", &["--position", START, "--file", &path("garbage.txt")], 2, "cannot be used with"),
        case("solve", &["--position", FULL], 2, "the game is over"),
        case("solve", &["--position", STUCK, "--wld"], 2, "the game is over"),
        case("solve", &["--file", "/nonexistent/ffo.txt"], 1, "No such file"),
        case("solve", &["--file", &dir.display().to_string()], 1, "cannot read"),
        case("solve", &["--file", &path("garbage.txt")], 1, "garbage.txt:1: no position after the number"),
        case("solve", &["--file", &path("position.txt")], 1, "position.txt:1: invalid position"),
        case("solve", &["--file", &path("novalues.txt")], 1, "novalues.txt:1: no values after the position"),
        case("solve", &["--file", &path("badvalue.txt")], 1, "\"x\" of \"d3:x\" is not a number"),
        case("solve", &["--file", &path("notpair.txt")], 1, "\"d3\" is not MOVE:VALUE"),
        case("solve", &["--file", &path("badmove.txt")], 1, "z99:+4"),
        case("solve", &["--file", &path("over.txt")], 1, "#1: the game is over"),
        case("solve", &["--file", &path("binary.txt")], 1, "valid UTF-8"),
        case("solve", &["--file", &path("garbage.txt"), "--scoring", "discs"], 2, "use --scoring wof"),
    ];
    cases.push(Case {
        example: "solve",
        args: vec!["--position".into(), bad_utf8("\u{fffd}")],
        status: 2,
        says: "invalid UTF-8",
    });
    check_all(&cases);
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// `solve --file` reads with `std::fs::read_to_string`, unbounded: a FIFO waits for a writer
/// for ever (and `/dev/zero`, not run here, would fill the memory), and a `--hash-mb` beyond
/// the memory aborts on the allocation. Ignored until `examples/solve.rs` reads through
/// `files::read` and bounds `--hash-mb` as the other examples do.
#[test]
fn solve_refuses_special_files_and_tables_beyond_memory() {
    let dir = files_in("hostile-solve-special", &[]);
    let fifo = dir.join("fifo.txt").display().to_string();
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
    check_all(&[
        case("solve", &["--file", &fifo], 1, "not a regular file"),
        case("solve", &["--position", START, "--hash-mb", "100000000"], 2, "--hash-mb"),
    ]);
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// `match`: bad players, rules and counts are command-line errors (status 2).
#[test]
fn match_refuses_bad_players_rules_and_counts() {
    let mut cases = vec![
        case("match", &[], 2, "<PLAYER>"),
        case("match", &["random"], 2, "<PLAYER>"),
        case(
            "match",
            &["engine:11", "mobility"],
            2,
            "invalid engine player \"engine:11\": expected engine:N or engine:N:nobook with N from 1 to 10",
        ),
        case("match", &["random", "engine:0"], 2, "N from 1 to 10"),
        case("match", &["engine:x", "random"], 2, "N from 1 to 10"),
        case("match", &["engine:", "random"], 2, "N from 1 to 10"),
        case("match", &["bogus", "random"], 2, "unknown player \"bogus\""),
        case("match", &["random", "random", "--games", "0"], 2, "--games"),
        case("match", &["random", "random", "--games", "99999999999999999999"], 2, "--games"),
        case("match", &["random", "random", "--jobs", "0"], 2, "--jobs"),
        case("match", &["random", "random", "--jobs", "100000"], 2, "--jobs"),
        case("match", &["random", "random", "--opening-plies=-1"], 2, "--opening-plies"),
        case("match", &["random", "random", "--size", "9x9"], 2, "invalid board width 9"),
        case("match", &["random", "random", "--size", "99999x99999"], 2, "99999x99999"),
        case("match", &["random", "random", "--blocked", "99"], 2, "blocked count 99"),
        case("match", &["random", "random", "--blocked", "zz9"], 2, "not a blocked-cell option"),
        case("match", &["random", "random", "--octagon", "--size", "8x8"], 2, "cannot be used with"),
        case("match", &["random", "random", "--handicap", "purple:3"], 2, "not a colour"),
        case("match", &["random", "random", "--scoring", "bogus"], 2, "--scoring"),
    ];
    cases.push(Case {
        example: "match",
        args: vec![bad_utf8("engine:\u{fffd}"), "random".into()],
        status: 2,
        says: "invalid UTF-8",
    });
    check_all(&cases);
}

/// `analyze`: bad flags are command-line errors (status 2); missing, special and garbage
/// record files are file errors (status 1, as for `replay` and `wthor`).
#[test]
fn analyze_refuses_bad_flags_and_garbage_records() {
    let dir = files_in(
        "hostile-analyze",
        &[
            ("garbage.json", b"garbage"),
            ("wrong.json", b"{\"rules\": 7}"),
            ("garbage.ggf", b"garbage"),
            ("garbage.wtb", b"garbage"),
            ("garbage.txt", b"garbage"),
            ("illegal.txt", b"a1"),
            ("binary.txt", b"\xff\xfe\x00garbage"),
            ("record.xyz", b"f5"),
            ("empty.wtb", b""),
        ],
    );
    let path = |name: &str| dir.join(name).display().to_string();
    assert!(Command::new("mkfifo").arg(path("fifo.json")).status().expect("mkfifo runs").success());
    let sample = fixture("sample.wtb");
    let mut cases = vec![
        case("analyze", &[], 2, "<FILE>"),
        case("analyze", &[&sample, "--level", "11"], 2, "expected a number from 1 to 10"),
        case("analyze", &[&sample, "--level", "0"], 2, "expected a number from 1 to 10"),
        case("analyze", &[&sample, "--game", "0"], 2, "--game"),
        case("analyze", &[&sample, "--game", "99999999999999999999"], 2, "--game"),
        case("analyze", &[&sample, "--threads", "0"], 2, "--threads"),
        case("analyze", &[&sample, "--threads", "100000"], 2, "--threads"),
        case("analyze", &[&sample, "--hash-mb", "100000000"], 2, "--hash-mb"),
        case("analyze", &[&sample, "--hash-mb", "0"], 2, "--hash-mb"),
        case("analyze", &[&sample, "--exact-empties", "4294967295"], 2, "--exact-empties"),
        case("analyze", &[&sample, "--exact-empties=-1"], 2, "--exact-empties"),
        case("analyze", &[&sample, "--game", "99"], 1, "the file has 4 games, not 99"),
        case("analyze", &["/nonexistent/game.json"], 1, "No such file"),
        case("analyze", &["/dev/zero"], 1, "not a regular file"),
        case("analyze", &[&path("fifo.json")], 1, "not a regular file"),
        case("analyze", &[&dir.display().to_string()], 1, "not a regular file"),
        case("analyze", &[&path("garbage.json")], 1, "expected value"),
        case("analyze", &[&path("wrong.json")], 1, "wrong.json: "),
        case("analyze", &[&path("garbage.ggf")], 1, "expected `(;`"),
        case("analyze", &[&path("garbage.wtb")], 1, "truncated WTHOR file"),
        case("analyze", &[&path("empty.wtb")], 1, "truncated WTHOR file"),
        case("analyze", &[&path("garbage.txt")], 1, "invalid transcript"),
        case("analyze", &[&path("illegal.txt")], 1, "illegal.txt: "),
        case("analyze", &[&path("binary.txt")], 1, "not UTF-8"),
        case("analyze", &[&path("record.xyz")], 1, "unknown extension \"xyz\""),
    ];
    cases.push(Case { example: "analyze", args: vec![bad_utf8("\u{fffd}.json")], status: 1, says: "No such file" });
    cases.push(Case {
        example: "analyze",
        args: vec![sample.into(), "--level".into(), bad_utf8("\u{fffd}")],
        status: 2,
        says: "invalid UTF-8",
    });
    check_all(&cases);
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// Finished games are not errors: a match whose random openings may end the games counts
/// them, and `analyze` reviews a finished game to its end. An opening longer than half the
/// board is refused (issue 69, D8): it would play whole random games and call it a match.
#[test]
fn finished_games_are_counted_and_reviewed() {
    check_all(&[
        case("match", &["random", "random", "--games", "2", "--size", "4x4", "--opening-plies", "1000"], 2, "0..=126"),
        case("match", &["random", "random", "--games", "2", "--size", "4x4", "--opening-plies", "7"], 2, "at most 6"),
        case("match", &["random", "random", "--games", "3"], 2, "3 is odd"),
    ]);
    let output = common::run(
        "match",
        ["random", "random", "--games", "2", "--size", "4x4", "--opening-plies", "6"],
        Stdio::null(),
        Stdio::piped(),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("random vs random: ") && stdout.lines().count() == 3, "{stdout}");

    let output = common::run(
        "analyze",
        [fixture("sample.txt").as_str(), "--level", "1", "--exact-empties", "4"],
        Stdio::null(),
        Stdio::piped(),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("white: total loss") && stdout.contains(" 60. "), "{stdout}");
}

/// Issue 53: a fixed layout of more than four cells is impossible rules (D4); `analyze`
/// refuses a GGF result that the moves contradict, as `replay` does (D5). (D1, `tune` with no
/// finished game, is tested with the maintainer tools: tools/tests/empty_fits.rs.)
#[test]
fn empty_fits_big_layouts_and_false_results_are_refused() {
    let sample = std::fs::read_to_string(fixture("sample.ggf")).expect("the GGF fixture");
    let first = &sample[..sample.find(";)").expect("a first game") + 2];
    let contradicted = first.replacen("RE[-12]", "RE[+12]", 1);
    let huge = first.replacen("RE[-12]", "RE[-99999999999999999999]", 1);
    let dir = files_in("hostile-issue-53", &[("plus.ggf", contradicted.as_bytes()), ("huge.ggf", huge.as_bytes())]);
    let path = |name: &str| dir.join(name).display().to_string();
    let sixteen = "a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2";
    check_all(&[
        case("play", &["--blocked", sixteen, "--seed", "1"], 2, "at most 4 may be blocked"),
        case("replay", &[&path("plus.ggf")], 1, "margin"),
        case("analyze", &[&path("plus.ggf"), "--level", "1"], 1, "margin"),
        case("analyze", &[&path("huge.ggf"), "--level", "1"], 1, "RE["),
    ]);
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// Issue 53: `play --from` plays from a set-up position and refuses one the rules cannot
/// hold; a record of such a game keeps its start, and `analyze` reviews it from there.
#[test]
fn play_from_a_position_and_analyze_the_record() {
    let after_f5 = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O";
    let hole = "--------/--------/--------/---O----/---XXX--/--------/--------/-------- O";
    let ten = "----------/----------/----------/----------/----OX----/----XO----/----------/----------/----------/---------- X";
    check_all(&[
        // Every bad --from is a bad flag, status 2 (issue 69, D8), whether it does not read
        // or the rules refuse it.
        case("play", &["--from", hole, "--seed", "1"], 2, "centre cell e4 is empty"),
        case("play", &["--from", "garbage", "--seed", "1"], 2, "--from"),
        case("play", &["--from", after_f5, "--size", "10x10", "--seed", "1"], 2, "--size 8x8"),
        case("play", &["--from", ten, "--seed", "1"], 2, "--size 10x10"),
    ]);
    // The one-line 8×8 form of NBoard and GGF is a position like any other.
    let one_line = "---------------------------O*------**O-------------------------- O";
    let output = common::run("play", ["--from", one_line, "--seed", "1", "--quiet"], Stdio::null(), Stdio::piped());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // A 10×10 position with its size given plays on 10×10.
    let output = common::run(
        "play",
        ["--from", ten, "--size", "10x10", "--seed", "1", "--quiet"],
        Stdio::null(),
        Stdio::piped(),
    );
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("rules: 10x10"));
    let record = common::temp_path("issue-53-from.json");
    let record_arg = record.display().to_string();
    let args = ["--from", after_f5, "--seed", "1", "--quiet", "--record", &record_arg, "--black", "engine:1"];
    let output = common::run("play", args, Stdio::null(), Stdio::piped());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains(&format!("from: {after_f5}")), "{stdout}");
    let json = std::fs::read_to_string(&record).expect("the record");
    assert!(json.contains(&format!("\"start\": \"{after_f5}\"")), "{json}");
    let output = common::run("analyze", [record_arg.as_str(), "--level", "1"], Stdio::null(), Stdio::piped());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains(&format!("from: {after_f5}")) && stdout.contains("  1. white"), "{stdout}");
    std::fs::remove_file(&record).expect("removed");
}

/// Issue 69, D5: `solve` and `analyze` take `--time` and `--max-nodes`, so that no run is
/// unbounded: the 8×8 start (60 empty cells) gives up within its time, naming the best move
/// found so far, and a review with exact values from the start keeps to its time a search.
#[test]
fn solve_and_analyze_keep_to_their_limits() {
    let start = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X";
    check_all(&[
        case("solve", &["--position", start, "--time", "0"], 2, "--time"),
        case("solve", &["--position", start, "--time", "soon"], 2, "--time"),
        case("solve", &["--position", start, "--time", "100000"], 2, "at most 86400"),
        case("solve", &["--position", start, "--max-nodes", "0"], 2, "--max-nodes"),
        case("analyze", &[&fixture("sample.txt"), "--time", "-1"], 2, "-1"),
        case("analyze", &[&fixture("sample.txt"), "--time=-1"], 2, "out of range"),
        case("analyze", &[&fixture("sample.txt"), "--max-nodes", "0"], 2, "--max-nodes"),
        case("solve", &["--position", start, "--max-nodes", "100000"], 1, "not solved"),
    ]);
    let timed = std::time::Instant::now();
    let output = common::run("solve", ["--position", start, "--time", "0.5"], Stdio::null(), Stdio::piped());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: not solved") && stderr.contains("time"), "{stderr}");
    assert!(timed.elapsed() < std::time::Duration::from_secs(10), "{:?}", timed.elapsed());

    let timed = std::time::Instant::now();
    let args = [fixture("sample.txt"), "--exact-empties".into(), "60".into(), "--time".into(), "0.02".into()];
    let output = common::run("analyze", args, Stdio::null(), Stdio::piped());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("white: total loss"));
    assert!(timed.elapsed() < std::time::Duration::from_secs(20), "{:?}", timed.elapsed());

    let ffo = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo/ffo-20-59.txt");
    let output = common::run("solve", ["--file", ffo, "--max-nodes", "1"], Stdio::null(), Stdio::piped());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("#21 not solved: node limit") && stdout.contains(" not solved, "), "{stdout}");
}

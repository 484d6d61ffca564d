//! Every example run with hostile arguments and files: arguments that are not UTF-8, numbers
//! too large for their flag, missing files, special files (`/dev/zero`, a FIFO, a directory),
//! files too large, a record that cannot be written, a closed stdin. Each must end with a
//! clear message (clap's `error:` for the command line, `<example>: ` for the rest), its exit
//! status (2 for the command line, 1 for files), and no panic and no hang.

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
        vec![case("perft", &[], 2, "--depth"), case("replay", &[], 2, "<FILE>"), case("wthor", &[], 2, "<FILE.wtb>")];
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
        case("play", &["--seed", "18446744073709551616"], 2, "--seed <S>"),
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
        case("wthor", &[&path("sample.wtb")], 1, "WTHOR.JOU: not a regular file"),
        case("play", &["--quiet", "--record", &path("dir.ggf")], 1, "cannot write the record to"),
        case("play", &["--quiet", "--record", "/dev/full"], 1, "No space left on device"),
        case("duel", &["--record", "/nonexistent/dir/game.json"], 1, "cannot write the record to"),
        case("duel", &["--record", "/dev/full"], 1, "cannot save the record to /dev/full"),
    ]);
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

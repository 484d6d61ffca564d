//! `--time CONTROL` of `play`, `match` and `duel` (issue 69): the engine players keep to a
//! game's clock (no late move in short games), and a bad or huge control is a bad flag
//! (status 2, an error that names the flag and says why).

mod common;

use std::process::Stdio;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn engines_in_play_keep_to_a_short_game_clock() {
    let out = common::run(
        "play",
        [
            "--black",
            "engine:4",
            "--white",
            "engine:4",
            "--time",
            "3s+0.05s",
            "--size",
            "6x6",
            "--blocked",
            "none",
            "--seed",
            "5",
            "--quiet",
        ],
        Stdio::null(),
        Stdio::piped(),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("time: 3s+0.05s"), "{stdout}");
    let clocks: Vec<&str> = stdout.lines().filter(|l| l.starts_with("clock: ")).collect();
    assert_eq!(clocks.len(), 2, "{stdout}");
    for line in clocks {
        assert!(line.contains("no late move") && line.contains("least left after a move"), "{line}");
    }
    assert!(stdout.lines().last().is_some_and(|l| l.starts_with("result: ")), "{stdout}");
}

#[test]
fn a_match_on_a_clock_reports_no_late_move() {
    let out = common::run(
        "match",
        ["engine:3", "engine:5", "--games", "2", "--size", "6x6", "--time", "0.2s/move"],
        Stdio::null(),
        Stdio::piped(),
    );
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("clock 0.2s/move: late moves: engine:3 0, engine:5 0;"), "{stderr}");
    assert_eq!(text(&out.stdout).lines().count(), 3);
}

#[test]
fn the_duel_takes_a_clock_for_its_engine() {
    let record = common::temp_path("duel-clock.json");
    let out = common::run(
        "duel",
        ["--opponent", "engine:3", "--time", "1m+1s", "--color", "white", "--record", record.to_str().unwrap()],
        Stdio::null(),
        Stdio::piped(),
    );
    // No input: the engine opened as Black, then the end of the input ends the duel.
    let _ = std::fs::remove_file(&record);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn bad_and_huge_controls_are_bad_flags() {
    let cases: [(&str, &[&str]); 3] = [
        ("play", &["--quiet"]),
        ("match", &["random", "random", "--games", "2"]),
        ("duel", &["--record", "/nonexistent/never-written.json"]),
    ];
    for (example, flags) in cases {
        for (control, why) in [
            ("soon", "is not a duration"),
            ("5m+", "is not a duration"),
            ("0", "more than zero"),
            ("99999999999h", "longer than a year"),
            ("1e300", "longer than a year"),
            ("-5s", "is not a duration"),
        ] {
            // `--time=…`, so that a control starting with `-` is the flag's value.
            let flag = format!("--time={control}");
            let out = common::run(
                example,
                flags.iter().map(|f| (*f).to_owned()).chain([flag]),
                Stdio::null(),
                Stdio::piped(),
            );
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{example} --time {control}: {stderr}");
            assert!(stderr.contains("--time") && stderr.contains(why), "{example} --time {control}: {stderr}");
        }
    }
}

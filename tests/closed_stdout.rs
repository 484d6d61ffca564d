//! Every example run as a program with a stdout nobody reads (`example | head -1` once `head`
//! has gone): it stops quietly, with no panic, no message and exit status 0. Any other failure
//! to write stdout (a full disk) is still an error: a message on stderr and exit status 1.
//! Either way `duel` saves its game first.

mod common;

use std::process::{Output, Stdio};

use common::fixture;

/// Each example with arguments that make it print (help and version included), and empty stdin.
fn runs(record: &str) -> Vec<(&'static str, Vec<String>)> {
    let owned = |args: &[&str]| args.iter().map(|&a| a.to_owned()).collect::<Vec<_>>();
    let mut runs = vec![
        ("perft", owned(&["--depth", "2"])),
        ("play", owned(&["--seed", "42"])),
        ("play", owned(&["--seed", "42", "--quiet"])),
        ("replay", vec![fixture("sample.json")]),
        ("replay", vec![fixture("sample.wtb"), "--game".into(), "2".into()]),
        ("wthor", vec!["--verbose".into(), fixture("sample.wtb")]),
        ("duel", vec!["--seed".into(), "3".into(), "--record".into(), record.to_owned()]),
    ];
    for example in ["perft", "play", "replay", "wthor", "duel"] {
        runs.push((example, owned(&["--help"])));
        runs.push((example, owned(&["--version"])));
    }
    runs
}

/// Where duel saves its record in the test `test`: not the working directory.
fn record_path(test: &str) -> String {
    common::temp_path(&format!("{test}.json")).display().to_string()
}

/// Runs `example` with `args`, its stdout going to `stdout`, its stdin empty; for duel with
/// the `record` file, checks that the game was saved all the same.
fn run(example: &str, args: &[String], stdout: impl Into<Stdio>, record: &str) -> Output {
    let _ = std::fs::remove_file(record);
    let output = common::run(example, args, Stdio::null(), stdout);
    if example == "duel" && args.iter().any(|a| a == record) {
        let text = std::fs::read_to_string(record).unwrap_or_else(|e| panic!("duel {args:?} saved no record: {e}"));
        assert!(text.contains("\"ending\": \"unfinished\""), "{text}");
        std::fs::remove_file(record).expect("removed");
    }
    output
}

#[test]
fn a_closed_stdout_ends_every_example_quietly() {
    let mut failures = Vec::new();
    let record = record_path("closed");
    for (example, args) in runs(&record) {
        // The reading end is closed before the program starts, so its very first write fails
        // with a broken pipe, whatever the pipe's buffer size and the timing.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = run(example, &args, writer, &record);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() || !stderr.is_empty() {
            failures.push(format!("{example} {args:?}: {}, stderr: {stderr}", output.status));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Other write errors are reported: `/dev/full` fails every write with "no space left".
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error_with_a_message() {
    let mut failures = Vec::new();
    let record = record_path("full");
    for (example, args) in runs(&record) {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens");
        let output = run(example, &args, full, &record);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let told = stderr.starts_with("error: ") && stderr.contains("No space left on device");
        if output.status.code() != Some(1) || !told || stderr.contains("panicked") {
            failures.push(format!("{example} {args:?}: {}, stderr: {stderr}", output.status));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! Every example run as a program with a stdout nobody reads (`example | head -1` once `head`
//! has gone): it stops quietly, with no panic, no message and exit status 0. Any other failure
//! to write stdout (a full disk) is still an error: a message on stderr and exit status 1.
//! Cargo builds the examples first (with the profile of this test).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// The directory of the built examples, built once for all the tests of this file.
fn examples_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test's path");
        // target/<profile>/deps/closed_stdout-<hash> → target/<profile>
        let profile_dir = exe.parent().and_then(Path::parent).expect("a deps directory");
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => "dev".to_owned(),
            Some(other) => other.to_owned(),
            None => panic!("no profile directory above {}", exe.display()),
        };
        let status = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "--examples", "--profile", &profile, "--manifest-path"])
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build --examples failed");
        profile_dir.join("examples")
    })
}

fn fixture(name: &str) -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/crates/reversi-records/tests/data/").to_owned() + name
}

/// Each example with arguments that make it print (help included), and empty stdin.
fn runs() -> Vec<(&'static str, Vec<String>)> {
    let owned = |args: &[&str]| args.iter().map(|&a| a.to_owned()).collect::<Vec<_>>();
    vec![
        ("perft", owned(&["--depth", "2"])),
        ("perft", owned(&["--help"])),
        ("play", owned(&["--seed", "42"])),
        ("play", owned(&["--seed", "42", "--quiet"])),
        ("play", owned(&["--help"])),
        ("replay", vec![fixture("sample.json")]),
        ("replay", vec![fixture("sample.wtb"), "--game".into(), "2".into()]),
        ("wthor", vec!["--verbose".into(), fixture("sample.wtb")]),
        ("wthor", owned(&["--help"])),
        ("duel", vec!["--seed".into(), "3".into(), "--record".into(), record_path()]),
        ("duel", owned(&["--help"])),
    ]
}

/// Where duel would save its record, were it to get that far: not the working directory.
fn record_path() -> String {
    std::env::temp_dir().join(format!("closed-stdout-{}.json", std::process::id())).display().to_string()
}

/// Runs `example` with `args`, its stdout going to `stdout`, its stdin empty.
fn run(example: &str, args: &[String], stdout: impl Into<Stdio>) -> Output {
    let exe = examples_dir().join(format!("{example}{}", std::env::consts::EXE_SUFFIX));
    Command::new(&exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()))
}

#[test]
fn a_closed_stdout_ends_every_example_quietly() {
    let mut failures = Vec::new();
    for (example, args) in runs() {
        // The reading end is closed before the program starts, so its very first write fails
        // with a broken pipe, whatever the pipe's buffer size and the timing.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = run(example, &args, writer);
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
    for (example, args) in runs() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens");
        let output = run(example, &args, full);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let told = stderr.starts_with(&format!("{example}: ")) && stderr.contains("No space left on device");
        if output.status.code() != Some(1) || !told || stderr.contains("panicked") {
            failures.push(format!("{example} {args:?}: {}, stderr: {stderr}", output.status));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

//! The conventions every user tool of the package keeps (the examples `play`, `duel`, `replay`,
//! `wthor`, `analyze`, `match`, `solve`, `perft`, `levels`), checked the same way on each:
//! `--version` and `--help` on stdout with exit status 0; a bad flag an `error:` with the usage
//! and exit status 2; the same value names (`<N>`, `<FILE>`, `<SEED>`, `<POSITION>`,
//! `<PLAYER>`); `--threads` from 1 (its default) with `--threads 0` a usage error; a file that
//! cannot be read or holds bad data an `error:` naming it and exit status 1; helps that cite
//! docs/rules.md.
//!
//! The tools are the examples Cargo builds beside this test (`target/<profile>/examples`):
//! `cargo test` builds them; after `cargo test --test cli_conventions` alone, run
//! `cargo build --examples` first. A missing tool fails the test.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Every user tool of the package.
const TOOLS: [&str; 9] = ["play", "duel", "replay", "wthor", "analyze", "match", "solve", "perft", "levels"];

/// The value names a tool may show in upper case; the rest are spelled-out choices such as
/// `<discs|wof>` or `<WxH>`.
const VALUE_NAMES: [&str; 8] = ["N", "FILE", "DIR", "SEED", "POSITION", "PLAYER", "SECONDS", "CONTROL"];

/// The built example `name`, next to this test's executable: `target/<profile>/deps/<test>`
/// → `target/<profile>/examples/<name>`.
fn tool(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe.parent().and_then(Path::parent).expect("the test runs from target/<profile>/deps");
    let path = profile_dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "the tool {name} is not built at {}: run `cargo build --examples` (with this test's profile) first",
        path.display()
    );
    path
}

fn run(name: &str, args: &[&str]) -> Output {
    Command::new(tool(name)).args(args).output().unwrap_or_else(|e| panic!("{name} does not start: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file that does not exist, in a directory that does.
fn missing_file(extension: &str) -> PathBuf {
    std::env::temp_dir().join(format!("reversi-cli-conventions-{}-missing.{extension}", std::process::id()))
}

/// A file holding `content`, unique to this process.
fn file_with(name: &str, content: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("reversi-cli-conventions-{}-{name}", std::process::id()));
    std::fs::write(&path, content).expect("the temporary directory is writable");
    path
}

/// Checks a run that must fail with `status` and an `error:` message holding `says`.
fn assert_error(name: &str, args: &[&str], status: i32, says: &str) {
    let output = run(name, args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{name} {args:?}: stderr: {stderr}");
    assert!(stderr.starts_with("error: "), "{name} {args:?}: no `error:` prefix: {stderr}");
    assert!(stderr.contains(says), "{name} {args:?}: {stderr:?} does not say {says:?}");
    assert!(!stderr.contains("panicked"), "{name} {args:?}: {stderr}");
}

#[test]
fn every_tool_prints_its_version() {
    for name in TOOLS {
        let output = run(name, &["--version"]);
        assert!(output.status.success(), "{name} --version: {}", text(&output.stderr));
        assert_eq!(text(&output.stdout), format!("{name} {}\n", env!("CARGO_PKG_VERSION")), "{name} --version");
    }
}

#[test]
fn every_tool_prints_its_help_with_the_shared_value_names() {
    for name in TOOLS {
        let output = run(name, &["--help"]);
        let help = text(&output.stdout);
        assert!(output.status.success(), "{name} --help: {}", text(&output.stderr));
        assert!(help.contains(&format!("Usage: {name}")), "{name} --help: {help}");
        assert!(help.contains("--version") && help.contains("--help"), "{name} --help: {help}");
        assert!(!help.contains("RULES"), "{name} --help cites a file the repository does not have: {help}");
        for value in help.split('<').skip(1).filter_map(|rest| rest.split_once('>').map(|(v, _)| v)) {
            let upper = value.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            assert!(
                !upper || VALUE_NAMES.contains(&value),
                "{name} --help names a value <{value}>, not one of {VALUE_NAMES:?}: {help}"
            );
        }
    }
}

#[test]
fn a_bad_flag_is_a_usage_error_with_status_2() {
    for name in TOOLS {
        assert_error(name, &["--no-such-flag"], 2, "--no-such-flag");
        let stderr = text(&run(name, &["--no-such-flag"]).stderr);
        assert!(stderr.contains("Usage:"), "{name}: no usage after a bad flag: {stderr}");
    }
}

#[test]
fn threads_default_to_one_and_zero_is_a_usage_error() {
    let position = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X";
    let record = missing_file("json");
    let record = record.to_str().expect("a UTF-8 temporary path");
    let runs: [(&str, Vec<&str>); 3] =
        [("perft", vec!["--depth", "1"]), ("solve", vec!["--position", position]), ("analyze", vec![record])];
    for (name, args) in runs {
        let help = text(&run(name, &["--help"]).stdout);
        let threads_line = help.lines().skip_while(|l| !l.contains("--threads")).take(3).collect::<Vec<_>>().join(" ");
        assert!(threads_line.contains("[default: 1]"), "{name}: --threads does not default to 1: {threads_line}");
        let mut zero = args.clone();
        zero.extend(["--threads", "0"]);
        assert_error(name, &zero, 2, "1..=1024");
    }
}

#[test]
fn a_missing_file_is_an_error_naming_it_with_status_1() {
    let json = missing_file("json");
    let wtb = missing_file("wtb");
    let txt = missing_file("txt");
    let (json, wtb, txt) = (json.to_str().unwrap(), wtb.to_str().unwrap(), txt.to_str().unwrap());
    assert_error("replay", &[json], 1, json);
    assert_error("wthor", &[wtb], 1, wtb);
    assert_error("analyze", &[json], 1, json);
    assert_error("solve", &["--file", txt], 1, txt);
}

#[test]
fn a_file_of_bad_data_is_an_error_naming_it_with_status_1() {
    let json = file_with("bad.json", b"{\"version\": 1, \"rules\": 7}");
    let wtb = file_with("bad.wtb", b"not a WTHOR file");
    let ffo = file_with("bad-ffo.txt", b"40\tnot a position\tbest:+2\n");
    let (json_name, wtb_name, ffo_name) = (json.to_str().unwrap(), wtb.to_str().unwrap(), ffo.to_str().unwrap());
    assert_error("replay", &[json_name], 1, json_name);
    assert_error("wthor", &[wtb_name], 1, wtb_name);
    assert_error("analyze", &[json_name], 1, json_name);
    assert_error("solve", &["--file", ffo_name], 1, ffo_name);
    for path in [json, wtb, ffo] {
        let _ = std::fs::remove_file(path);
    }
}

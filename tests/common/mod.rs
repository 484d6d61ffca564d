//! Running the examples as programs, for the tests that do: `cargo test` builds them, with the
//! tests' profile, before it runs the tests.

#![allow(dead_code, reason = "each test file uses part of this")]

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The longest an example may take on a hostile input before the test calls it hung.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// The path of the built example `name`, failing the test if it is not there.
///
/// `cargo test` builds every example of the package before it runs the tests, with the tests'
/// profile, into `target/<profile>/examples`, beside the tests' `target/<profile>/deps`.
/// Selecting tests (`cargo test --test duel`) builds no example: build them first with
/// `cargo build --examples` (`--release` for `cargo test --release`).
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    // target/<profile>/deps/<test>-<hash> → target/<profile>/examples/<name>
    let profile_dir = exe.parent().and_then(Path::parent).expect("a deps directory above the test");
    let path = profile_dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "the example `{name}` is not built at {}: run the tests with `cargo test` (which builds every \
         example), or build the examples first (`cargo build --examples`, with `--release` or \
         `--profile` as for the tests)",
        path.display()
    );
    path
}

/// A file of the records crate's test data.
pub fn fixture(name: &str) -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/crates/reversi-records/tests/data/").to_owned() + name
}

/// A fresh path in the temporary directory, unique to this process and `name`.
pub fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("reversi-examples-{}-{name}", std::process::id()))
}

/// Runs `example` with `args`, stdin and stdout as given, stderr captured.
pub fn run<I, S>(example_name: &str, args: I, stdin: impl Into<Stdio>, stdout: impl Into<Stdio>) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let exe = example(example_name);
    let child = Command::new(&exe)
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    wait(child, example_name)
}

/// Waits for `child` at most [`PATIENCE`], killing it and failing the test if it takes longer.
/// Its piped stdout and stderr are read meanwhile, so that a full pipe cannot stop it.
pub fn wait(mut child: Child, what: &str) -> Output {
    fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let (stdout, stderr) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            let stderr = stderr.join().unwrap_or_default();
            panic!("{what} hung for {PATIENCE:?}; stderr: {}", String::from_utf8_lossy(&stderr));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output { status, stdout: stdout.join().unwrap_or_default(), stderr: stderr.join().unwrap_or_default() }
}

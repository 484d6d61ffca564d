//! `nboard` on hostile input (issue 69): a thousand seeded random protocol lines (commands,
//! garbage, huge numbers, bad games) give no panic, no hang and short error lines; lines of
//! megabytes are refused as they are read, the process's peak memory staying under 200 MB.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng as _, SeedableRng};

/// A seeded generator: the same lines on every run.
struct Rng(ChaCha8Rng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const START: &str = "---------------------------O*------*O---------------------------";

/// One random protocol line.
fn random_line(rng: &mut Rng) -> Vec<u8> {
    let numbers =
        ["0", "1", "3", "-1", "60", "99999999999999999999999", "1e9", "NaN", "", "2.5", "18446744073709551616"];
    let moves = ["f5", "F5", "d3", "a1", "z9", "PA", "f5/1.5/0.2", "f5/x", "c4//", "i9", "//"];
    let text = match rng.below(14) {
        0 => "nboard 2".to_owned(),
        1 => format!("set depth {}", rng.pick(&numbers)),
        2 => format!("set game (;GM[Othello]TI[0:0{}]TY[8]BO[8 {START} *]B[F5]W[F6];)", rng.below(3)),
        3 => format!(
            "set game (;GM[Othello]BO[{} {START} *]{}[{}];)",
            rng.pick(&["8", "10", "88", "0", "99999999999", "x"]),
            rng.pick(&["B", "W", "Q"]),
            rng.pick(&moves)
        ),
        4 => format!("move {}", rng.pick(&moves)),
        5 => format!("hint {}", rng.pick(&numbers)),
        6 => "go".to_owned(),
        7 => format!("ping {}", rng.pick(&numbers)),
        8 => rng.pick(&["learn", "set contempt 0", "set contempt 99999999999999", "analyze", "quit now"]).to_owned(),
        9 => {
            format!("set game {}", rng.pick(&["(;", "(;GM[Othello]", ")", "(;GM[Othello]BO[8 X *];)", "(;GM[Chess];)"]))
        }
        10 => {
            // Printable garbage.
            let len = rng.below(300) as usize;
            (0..len).map(|_| char::from(b' ' + rng.below(95) as u8)).collect()
        }
        11 => {
            // Any bytes but the line end.
            let len = rng.below(400) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).filter(|&b| b != b'\n').collect();
            return bytes;
        }
        12 => format!(
            "{} {}",
            rng.pick(&["set", "move", "hint", "ping", "set game"]),
            "9".repeat(rng.below(5000) as usize)
        ),
        _ => format!("set game (;GM[Othello]TY[8]BO[8 {START} *]{})", "B[F5]W[F6]".repeat(rng.below(200) as usize)),
    };
    text.into_bytes()
}

/// `nboard` with a short time a move, stdout piped to a thread that sends each line.
fn start() -> (Child, mpsc::Receiver<String>) {
    let mut child = Command::new(common::example("nboard"))
        .args(["--move-time", "0.02", "--hash-mb", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nboard runs");
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    (child, received)
}

/// The longest error line: its message and at most 200 characters quoted (escaped), with a
/// note of what was left out.
const LONGEST_ERROR_LINE: usize = 400;

fn check_stderr(stderr: &[u8]) -> usize {
    let stderr = String::from_utf8_lossy(stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    for line in stderr.lines() {
        assert!(line.chars().count() <= LONGEST_ERROR_LINE, "an error line of {} characters: {line}", line.len());
    }
    stderr.lines().count()
}

#[test]
fn a_thousand_random_lines_give_no_panic_no_hang_and_short_errors() {
    let (mut child, received) = start();
    let mut stdin = child.stdin.take().expect("piped");
    let mut rng = Rng::new(69);
    let mut sent = 0;
    // A writer thread: nboard reads while it searches, and its answers are drained meanwhile.
    let writer = std::thread::spawn(move || {
        for _ in 0..1000 {
            let mut line = random_line(&mut rng);
            // `quit` ends the session: it is sent last only.
            if line.starts_with(b"quit") {
                line.drain(..4);
            }
            line.push(b'\n');
            if stdin.write_all(&line).is_err() {
                return Err(sent);
            }
            sent += 1;
        }
        stdin.write_all(b"ping 424242\n").map_err(|_| sent)?;
        stdin.flush().map_err(|_| sent)?;
        Ok(stdin)
    });
    let stdin =
        writer.join().expect("the writer").unwrap_or_else(|sent| panic!("nboard stopped reading after {sent} lines"));
    // Every command before the last ping is answered or refused first.
    let deadline = std::time::Instant::now() + common::PATIENCE;
    let mut answered = false;
    while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
        match received.recv_timeout(left) {
            Ok(line) if line == "pong 424242" => {
                answered = true;
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    drop(stdin);
    let output = common::wait(child, "nboard");
    assert!(answered, "no answer to the last ping within {:?}", common::PATIENCE);
    assert!(output.status.success(), "{:?}", output.status);
    let errors = check_stderr(&output.stderr);
    assert!(errors > 100, "only {errors} lines refused: the input is not that hostile");
}

/// Sends lines of `sizes` bytes to one `nboard` (each a `set game` that never ends, so that a
/// reader that kept it would hold it), a ping after each, and gives its peak memory in bytes.
fn peak_memory_after_long_lines(sizes: &[usize]) -> u64 {
    let (mut child, received) = start();
    let mut stdin = child.stdin.take().expect("piped");
    let block = vec![b'x'; 1 << 20];
    for (i, &size) in sizes.iter().enumerate() {
        stdin.write_all(b"set game (;GM[Othello]C[").expect("nboard reads");
        let mut left = size;
        while left > 0 {
            let n = left.min(block.len());
            stdin.write_all(&block[..n]).expect("nboard reads");
            left -= n;
        }
        writeln!(stdin, "\nping {i}").expect("nboard reads");
        stdin.flush().expect("nboard reads");
        let pong = received.recv_timeout(common::PATIENCE).expect("an answer to the ping");
        assert_eq!(pong, format!("pong {i}"), "after a line of {size} bytes");
    }
    let peak = peak_memory(child.id()).expect("the peak memory of nboard, from /proc");
    drop(stdin);
    let output = common::wait(child, "nboard");
    assert!(output.status.success(), "{:?}", output.status);
    assert_eq!(check_stderr(&output.stderr), sizes.len(), "one refusal a line");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.lines().all(|l| l.contains("longer than a command may be")), "{stderr}");
    peak
}

/// The peak resident memory of process `pid` (`VmHWM` of `/proc/<pid>/status`), in bytes.
fn peak_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

const PEAK_LIMIT: u64 = 200 << 20;

#[test]
#[cfg(target_os = "linux")]
fn lines_of_megabytes_are_refused_in_little_memory() {
    let peak = peak_memory_after_long_lines(&[1 << 20, 10 << 20, 50 << 20]);
    assert!(peak < PEAK_LIMIT, "peak memory {} MB", peak >> 20);
}

/// A hundred lines of 1 to 50 MB (seeded sizes, 2.5 GB in all): a measurement, run by hand
/// (`cargo test --test nboard_input -- --ignored --nocapture`), its figures in
/// benches/README.md.
#[test]
#[ignore = "2.5 GB through a pipe: a measurement (benches/README.md)"]
#[cfg(target_os = "linux")]
fn a_hundred_lines_of_one_to_fifty_megabytes() {
    let mut rng = Rng::new(100);
    let sizes: Vec<usize> = (0..100).map(|_| (1 + rng.below(50) as usize) << 20).collect();
    let started = std::time::Instant::now();
    let peak = peak_memory_after_long_lines(&sizes);
    let total: usize = sizes.iter().sum();
    println!(
        "{} lines, {} MB in all, in {:.1} s: nboard's peak memory {} MB",
        sizes.len(),
        total >> 20,
        started.elapsed().as_secs_f64(),
        peak >> 20
    );
    assert!(peak < PEAK_LIMIT, "peak memory {} MB", peak >> 20);
}

//! `nboard` as a GUI drives it (issue 69, D3): a `ping` sent while a long search runs is
//! answered at once, after the search's answer, in the order of the commands.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[test]
fn a_ping_during_a_search_is_answered_at_once_and_in_order() {
    let mut child = Command::new(common::example("nboard"))
        .args(["--move-time", "60"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("nboard runs");
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if lines.send((line, Instant::now())).is_err() {
                break;
            }
        }
    });
    // No clock in the game: the search may take its 60 s a move, and depth 30 needs more.
    let game = "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)";
    writeln!(stdin, "nboard 2\nset depth 30\nset game {game}\ngo").unwrap();
    stdin.flush().unwrap();
    let first = received.recv_timeout(Duration::from_secs(30)).expect("set myname");
    assert_eq!(first.0, "set myname reversi-kit");
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    writeln!(stdin, "ping 7").unwrap();
    stdin.flush().unwrap();
    let answer = received.recv_timeout(Duration::from_secs(10));
    let pong = received.recv_timeout(Duration::from_secs(10));
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    let _ = reader.join();
    let (answer, _) = answer.expect("the search's answer after the ping");
    let (pong, at) = pong.expect("a pong");
    assert!(answer.starts_with("=== "), "{answer}");
    assert_eq!(pong, "pong 7");
    assert!(at - sent < Duration::from_secs(2), "pong {:?} after the ping", at - sent);
}

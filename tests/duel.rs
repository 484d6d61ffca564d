//! The `duel` example driven through scripted input: illegal moves explained, `hint`, `undo`,
//! `quit`, the end of input, hostile lines, whole games with forced passes, the saved record
//! and the flags; and the program itself, saving its game at the end of input and on Ctrl-C.
//! The example's logic lives in `examples/duel/session.rs`, included here as a module.

mod common;
#[path = "../examples/duel/session.rs"]
mod session;

use clap::Parser;

use reversi_cli::record_file;
use reversi_kit::Color;
use reversi_kit::core::diagram;
use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::records::{Ending, GameRecord};
use reversi_kit::variants::players::{MobilityPlayer, Player};
use reversi_kit::variants::{Blocked, Board, Game, Move, Opening, Rules};
use session::{Finish, Outcome};

/// Runs a duel on `game` with `script` as the human's input; gives the output and the outcome.
fn duel(game: Game, human: Color, script: &str) -> (String, Outcome) {
    duel_bytes(game, human, script.as_bytes())
}

/// [`duel`] with any bytes as input.
fn duel_bytes(game: Game, human: Color, script: &[u8]) -> (String, Outcome) {
    let mut out: Vec<u8> = Vec::new();
    let outcome = session::run_against(game, human, &mut MobilityPlayer::new(), script, &mut out, &mut |_| {})
        .unwrap_or_else(|e| panic!("the duel fails: {e}"));
    (String::from_utf8(out).expect("the output is UTF-8"), outcome)
}

fn standard(seed: u64) -> Game {
    Game::new(Rules::default(), seed).expect("standard rules")
}

fn mv(text: &str) -> Move {
    text.parse().expect("a move")
}

/// The built-in player's reply on `game`, computed here rather than read from the output.
fn reply(game: &Game) -> Move {
    MobilityPlayer::new().choose(game).expect("a move")
}

#[test]
fn illegal_moves_are_explained_and_the_prompt_comes_back() {
    let (out, outcome) = duel(standard(1), Color::Black, "a1\nzz\nd4\npass\n\nd3\nquit\n");
    assert!(out.contains("illegal move a1: a1 flips nothing"), "{out}");
    assert!(out.contains("\"zz\" is neither a cell of this board (a1 to h8) nor a command"), "{out}");
    assert!(out.contains("illegal move d4: d4 is occupied"), "{out}");
    assert!(out.contains("illegal move pass: cannot pass: black has a legal move"), "{out}");
    assert!(out.contains("black plays d3, flips d4"), "{out}");
    // One prompt per line read: five rejected or empty lines, d3, quit.
    assert_eq!(out.matches("black to move").count(), 7, "{out}");

    let mut game = standard(1);
    game.play(mv("d3")).expect("legal");
    let answer = reply(&game);
    assert!(out.contains(&format!("white plays {answer}")), "{out}");
    game.play(answer).expect("legal");
    assert_eq!(outcome.finish, Finish::Quit);
    assert_eq!(outcome.record.moves(), [mv("d3"), answer]);
    // Quitting claims no result: unfinished, at the discs on the board, no winner.
    assert_eq!(outcome.record.result().ending(), Ending::Unfinished);
    assert_eq!(outcome.record.result().black(), game.position().discs(Color::Black).len());
    assert_eq!(outcome.record.result().white(), game.position().discs(Color::White).len());
    assert_eq!(outcome.record.result().winner(), None);
    assert!(out.contains(&format!("stopped after 2 moves at {}", outcome.record.result())), "{out}");
    assert_eq!(outcome.record.metadata().black.as_deref(), Some("you"));
    assert_eq!(outcome.record.metadata().white.as_deref(), Some("mobility"));
}

#[test]
fn the_board_marks_the_legal_moves() {
    let game = standard(1);
    let start = diagram(game.position(), game.legal_moves());
    assert!(start.contains('*'));
    let (out, _) = duel(game, Color::Black, "quit\n");
    assert!(out.contains(&start), "{out}");
    assert!(out.contains("blocked: none"), "{out}");
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let game = standard(3);
    let start = diagram(game.position(), game.legal_moves());
    let (out, outcome) = duel(game.clone(), Color::Black, "d3\nundo\nundo\nquit\n");
    let mut after = game.clone();
    after.play(mv("d3")).expect("legal");
    let answer = reply(&after);
    assert!(out.contains(&format!("took back d3 {answer}")), "{out}");
    assert!(out.contains("nothing to undo"), "{out}");
    // The start is shown again after the undo.
    assert_eq!(out.matches(&start).count(), 2, "{out}");
    assert!(outcome.record.moves().is_empty());
}

#[test]
fn hint_gives_the_engines_move_and_value_and_plays_nothing() {
    let game = standard(5);
    let (out, outcome) = duel(game.clone(), Color::Black, "HINT\nquit\n");
    // The hint is the engine's (level 5, a node budget, so the same every run), not the
    // opponent's.
    let found = EnginePlayer::new(Level::new(5).expect("a level")).analyse(&game).expect("a move");
    assert!(out.contains(&format!("hint: {} (value {} for you, engine:5)", found.best(), found.value())), "{out}");
    assert!(outcome.record.moves().is_empty());
}

#[test]
fn end_of_input_stops_like_quit() {
    let (out, outcome) = duel(standard(2), Color::Black, "f5\n");
    assert_eq!(outcome.finish, Finish::EndOfInput);
    assert_eq!(outcome.record.moves().len(), 2);
    assert!(out.contains("end of input"), "{out}");
    assert!(out.contains("stopped after 2 moves"), "{out}");
}

#[test]
fn as_white_the_built_in_player_opens() {
    let game = standard(4);
    let opening = reply(&game);
    let (out, outcome) = duel(game, Color::White, "");
    assert!(out.contains(&format!("black plays {opening}")), "{out}");
    assert_eq!(outcome.record.moves(), [opening]);
    assert!(out.contains("stopped after 1 move at"), "{out}");
    assert_eq!(outcome.record.metadata().white.as_deref(), Some("you"));
}

/// Plays a whole game in which the human types its legal cells in turn (the `pick`-th, the
/// next, …, wrapping round): gives the script and every move, passes included, with the number
/// of passes forced on the human.
fn script_of_whole_game(game: &Game, human: Color, mut pick: usize) -> (String, Vec<Move>, usize) {
    let mut game = game.clone();
    let mut script = String::new();
    let mut human_passes = 0;
    while !game.is_over() {
        let next = if game.side_to_move() != human {
            reply(&game)
        } else if game.must_pass() {
            human_passes += 1;
            Move::Pass
        } else {
            let legal = game.legal_move_list();
            let chosen = legal[pick % legal.len()];
            pick += 1;
            script.push_str(&format!("{chosen}\n"));
            chosen
        };
        game.play(next).expect("legal");
    }
    (script, game.moves(), human_passes)
}

#[test]
fn whole_games_under_variants_end_played_out() {
    let mut human_passes = 0;
    let boards = [Board::Rectangle { width: 4, height: 4 }, Board::Rectangle { width: 6, height: 6 }, Board::Octagon];
    for (k, board) in boards.into_iter().enumerate() {
        for seed in 0..8u64 {
            let mut builder = Rules::builder().board(board);
            if k > 0 {
                builder = builder.blocked(Blocked::Random);
            }
            if seed % 2 == 1 {
                builder = builder.opening(Opening::Free);
            }
            let table = Game::new(builder.build().expect("rules"), seed).expect("table");
            let human = if seed % 3 == 0 { Color::White } else { Color::Black };
            let (script, moves, passes) = script_of_whole_game(&table, human, seed as usize);
            human_passes += passes;
            let (out, outcome) = duel(table.clone(), human, &script);
            assert_eq!(outcome.finish, Finish::PlayedOut, "{board} seed {seed}:\n{out}");
            assert_eq!(outcome.record.moves(), moves.as_slice(), "{board} seed {seed}");
            assert_eq!(outcome.record.result().ending(), Ending::PlayedOut);
            assert!(out.contains("game over:"), "{out}");
            assert_eq!(out.matches("passes").count(), moves.iter().filter(|m| **m == Move::Pass).count(), "{out}");
        }
    }
    assert!(human_passes > 0, "no game forced a pass on the human: the pass path went untested");
}

#[test]
fn undo_after_passes_leaves_the_human_to_move() {
    // Find a game where the human was forced to pass, then undo all the way back.
    let table = Game::new(Rules::builder().board(Board::Rectangle { width: 4, height: 4 }).build().expect("rules"), 0)
        .expect("table");
    for pick in 0..50 {
        let (_, moves, passes) = script_of_whole_game(&table, Color::Black, pick);
        if passes == 0 {
            continue;
        }
        let mut game = table.clone();
        for &m in &moves {
            game.play(m).expect("legal");
        }
        let mut undone = 0;
        while let Some(taken) = session::undo(&mut game, Color::Black) {
            undone += taken.len();
            let first = taken[0];
            assert_eq!(first.color(), Color::Black);
            assert!(matches!(first.played(), Move::Place(_)));
            assert!(taken[1..].iter().all(|p| p.color() == Color::White || p.played() == Move::Pass));
            assert_eq!(game.side_to_move(), Color::Black);
            assert!(!game.must_pass());
        }
        // Only the moves before Black's first disc stay: none, as Black opens.
        assert_eq!(undone, moves.len());
        return;
    }
    panic!("no 4x4 game of 50 forced Black to pass");
}

#[test]
fn the_saved_record_reads_back() {
    let (_, outcome) = duel(standard(9), Color::Black, "d3\nc3\n");
    let path = common::temp_path("duel-test.json");
    // A longer file is there already: saving replaces all of it.
    std::fs::write(&path, "x".repeat(10_000)).expect("written");
    let mut file = record_file::RecordFile::open(path.clone()).expect("opens");
    file.save(&outcome.record).expect("saved");
    file.save(&outcome.record).expect("saved again");
    let text = std::fs::read_to_string(&path).expect("read back");
    std::fs::remove_file(&path).expect("removed");
    let back: GameRecord = serde_json::from_str(&text).expect("a valid record");
    assert_eq!(back, outcome.record);
    // The end of input stops the game unfinished, and the file says so.
    assert_eq!(outcome.finish, Finish::EndOfInput);
    assert!(text.contains("\"winner\": null") && text.contains("\"ending\": \"unfinished\""), "{text}");
    assert_eq!(session::default_record_path(9).to_str(), Some("duel-9.json"));
}

fn parse(list: &[&str]) -> Result<session::Options, clap::Error> {
    session::Options::try_parse_from(std::iter::once("duel").chain(list.iter().copied()))
}

#[test]
fn flags() {
    let defaults = parse(&[]).expect("no flags");
    assert_eq!(defaults.table.rules(Rules::builder()), Ok(Rules::default()));
    assert_eq!((defaults.table.seed, defaults.color, defaults.record), (None, Color::Black, None));

    let options = parse(&["--color", "white", "--record=game.json", "--size", "6x6", "--seed=3"]).expect("valid flags");
    assert_eq!(options.color, Color::White);
    assert_eq!(options.record.as_deref(), Some(std::path::Path::new("game.json")));
    assert_eq!(options.table.rules(Rules::builder()).expect("rules").board(), Board::Rectangle { width: 6, height: 6 });
    assert_eq!(options.table.seed, Some(3));

    // The help names every flag.
    let help = parse(&["--help"]).expect_err("help is not a duel").to_string();
    for flag in [
        "--seed",
        "--size",
        "--octagon",
        "--blocked",
        "--handicap",
        "--free-opening",
        "--scoring",
        "--color",
        "--record",
        "--version",
    ] {
        assert!(help.contains(flag), "{flag}: {help}");
    }

    for (bad, expected) in [
        (&["--color", "red"][..], "invalid value 'red' for '--color <black|white>'"),
        (&["--colour=white"][..], "unexpected argument '--colour'"),
        (&["--record"][..], "a value is required for '--record <FILE>'"),
        (&["--color", "black", "--color", "white"][..], "cannot be used multiple times"),
        (&["--size", "9y9"][..], "\"9y9\" is not a board size"),
        (&["--handicap=white:a1,a1"][..], "a1 is listed twice"),
        (&["--seed", "18446744073709551616"][..], "invalid value '18446744073709551616' for '--seed <SEED>'"),
    ] {
        let err = parse(bad).expect_err("invalid flags").to_string();
        assert!(err.contains(expected), "{bad:?}: {err}");
    }
    // Flags that read but make impossible rules.
    for (bad, expected) in
        [(&["--size", "5x5"][..], "width 5"), (&["--octagon", "--handicap", "black:1"][..], "Octagon")]
    {
        let err = parse(bad).expect("readable flags").table.rules(Rules::builder()).expect_err("impossible rules");
        assert!(err.to_string().contains(expected), "{bad:?}: {err}");
    }
}

#[test]
fn keys_that_send_escape_sequences_are_ignored() {
    // Up arrow, F1 (SS3), F5, Alt-x, then a move typed after a stray arrow.
    let (out, outcome) = duel(standard(1), Color::Black, "\u{1b}[A\n\u{1b}OP\n\u{1b}[15~\n\u{1b}x\n\u{1b}[Cd3\nquit\n");
    assert!(!out.contains("neither a cell"), "{out}");
    assert_eq!(outcome.record.moves().first(), Some(&mv("d3")));
    assert_eq!(session::without_escapes("\u{1b}[1;5Ad\u{7}3\u{1b}"), "d3");
}

#[test]
fn lines_that_are_not_text_or_too_long_are_refused_and_the_game_goes_on() {
    let mut script = b"\xff\xfe\n".to_vec();
    script.extend(std::iter::repeat_n(b'x', 50 << 20));
    script.extend_from_slice(b"\nd3\nquit\n");
    let (out, outcome) = duel_bytes(standard(1), Color::Black, &script);
    assert!(out.contains("line ignored: not UTF-8 text"), "{out}");
    assert!(out.contains(&format!("line ignored: longer than {} bytes", session::MAX_LINE)), "{out}");
    assert_eq!(outcome.finish, Finish::Quit);
    assert_eq!(outcome.record.moves().first(), Some(&mv("d3")));
}

#[test]
fn read_line_keeps_no_more_than_the_limit() {
    // 50 MB of one line, then `d3`, through a small buffer.
    let long = [vec![b'a'; 50 << 20], b"\r\nd3\r\n".to_vec()].concat();
    let mut input = std::io::BufReader::with_capacity(4096, long.as_slice());
    assert_eq!(session::read_line(&mut input).expect("read"), session::Line::TooLong);
    assert_eq!(session::read_line(&mut input).expect("read"), session::Line::Text("d3".into()));
    assert_eq!(session::read_line(&mut input).expect("read"), session::Line::End);
    let at_limit = [vec![b'a'; session::MAX_LINE], b"\n".to_vec()].concat();
    assert!(
        matches!(session::read_line(&mut at_limit.as_slice()).expect("read"), session::Line::Text(t) if t.len() == session::MAX_LINE)
    );
    let over = vec![b'a'; session::MAX_LINE + 1];
    assert_eq!(session::read_line(&mut over.as_slice()).expect("read"), session::Line::TooLong);
}

#[test]
fn a_bad_cell_is_described_in_the_range_of_the_board() {
    let game = Game::new(Rules::builder().board(Board::Rectangle { width: 10, height: 10 }).build().expect("rules"), 1)
        .expect("table");
    let (out, _) = duel(game, Color::Black, "k5\nzz\nquit\n");
    assert!(out.contains("k5 is not on this board: the cells go from a1 to j10"), "{out}");
    assert!(out.contains("\"zz\" is neither a cell of this board (a1 to j10)"), "{out}");
}

#[test]
fn the_prompt_says_whose_score_is_whose() {
    let (out, _) = duel(standard(1), Color::White, "quit\n");
    assert!(out.contains("white to move (score: black 4, white 1)"), "{out}");
}

#[test]
fn the_game_is_watched_before_every_read() {
    let mut seen = Vec::new();
    let mut out: Vec<u8> = Vec::new();
    session::run_against(
        standard(1),
        Color::Black,
        &mut MobilityPlayer::new(),
        "d3\nundo\nquit\n".as_bytes(),
        &mut out,
        &mut |g: &Game| seen.push(g.history().len()),
    )
    .expect("runs");
    // Before each of the three reads: the start; after d3 and the reply; after the undo.
    assert_eq!(seen, [0, 2, 0]);
}

/// The example itself, run as a program: stdin ends, the record goes to `--record`, and the
/// output says where.
#[test]
fn the_example_program_saves_its_record_at_the_end_of_input() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    let duel = common::example("duel");
    let record = common::temp_path("duel-e2e.json");
    let mut child = Command::new(&duel)
        .args(["--seed", "11", "--size", "6x6", "--blocked", "random", "--record"])
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", duel.display()));
    child.stdin.take().expect("stdin").write_all(b"b2\nhint\n").expect("written");
    let output = common::wait(child, "duel");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("end of input"), "{stdout}");
    assert!(stdout.contains(&format!("record saved to {}", record.display())), "{stdout}");
    let text = std::fs::read_to_string(&record).expect("the record was written");
    std::fs::remove_file(&record).expect("removed");
    let saved: GameRecord = serde_json::from_str(&text).expect("a valid record");
    assert_eq!(saved.seed(), Some(11));
    assert_eq!(saved.rules().board(), Board::Rectangle { width: 6, height: 6 });
    assert!(saved.moves().is_empty(), "b2 is not legal at the start, and hint plays nothing");
    assert_eq!(saved.result().ending(), Ending::Unfinished);
    assert_eq!((saved.result().black(), saved.result().white()), (2, 2));

    // Bad flags: exit status 2 and the usage; no record file is made.
    for bad in [&["--size=5x5"][..], &["--colour", "white"]] {
        let output = Command::new(&duel).args(bad).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("Usage: duel"), "{bad:?}");
    }
    // A record file that cannot be written: said before the game starts, with no usage.
    let output = Command::new(&duel).args(["--record", "/nonexistent/dir/x.json"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty(), "the game started: {}", String::from_utf8_lossy(&output.stdout));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("error: cannot write the record to /nonexistent/dir/x.json: "), "{stderr}");
}

/// Ctrl-C (SIGINT), a closed terminal (SIGHUP) and SIGTERM, while the duel waits for a move:
/// the game so far is saved, and the program ends with status 130.
#[cfg(unix)]
#[test]
fn a_signal_saves_the_game_like_quit() {
    use std::io::{BufRead as _, BufReader, Write as _};
    use std::process::{Command, Stdio};

    for signal in ["INT", "HUP", "TERM"] {
        let record = common::temp_path(&format!("duel-{signal}.json"));
        let mut child = Command::new(common::example("duel"))
            .args(["--seed", "5", "--record"])
            .arg(&record)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("duel runs");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(b"d3\n").expect("written");
        // Wait for the prompt after d3 and the reply: the handler is set by then.
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut seen = String::new();
        while seen.matches("to move").count() < 2 {
            let mut chunk = Vec::new();
            if stdout.read_until(b':', &mut chunk).expect("reads") == 0 {
                panic!("the duel ended early: {seen}");
            }
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
        let status = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status();
        assert!(status.expect("kill runs").success());
        let output = common::wait(child, "duel");
        drop(stdin);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "SIG{signal}: {stderr}");
        assert!(stderr.contains(&format!("interrupted; record saved to {}", record.display())), "{stderr}");
        let text = std::fs::read_to_string(&record).expect("the record was written");
        std::fs::remove_file(&record).expect("removed");
        let saved: GameRecord = serde_json::from_str(&text).expect("a valid record");
        assert_eq!(saved.moves().len(), 2, "SIG{signal}: d3 and the reply");
        assert_eq!(saved.result().ending(), Ending::Unfinished);
    }
}

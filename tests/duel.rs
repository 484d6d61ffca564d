//! The `duel` example driven through scripted input: illegal moves explained, `hint`, `undo`,
//! `quit`, the end of input, whole games with forced passes, the saved record and the flags.
//! The example's logic lives in `examples/duel/session.rs`, included here as a module.

#[path = "../examples/duel/session.rs"]
mod session;

use reversi_kit::Color;
use reversi_kit::core::diagram;
use reversi_kit::records::{Ending, GameRecord};
use reversi_kit::variants::players::{MobilityPlayer, Player};
use reversi_kit::variants::{Blocked, Board, Game, Move, Opening, Rules};
use session::{Finish, Outcome};

/// Runs a duel on `game` with `script` as the human's input; gives the output and the outcome.
fn duel(game: Game, human: Color, script: &str) -> (String, Outcome) {
    let mut out = Vec::new();
    let outcome = session::run(game, human, script.as_bytes(), &mut out).expect("writing to a Vec cannot fail");
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
    assert!(out.contains("invalid move \"zz\""), "{out}");
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
fn hint_suggests_the_built_in_choice_and_plays_nothing() {
    let game = standard(5);
    let expected = reply(&game);
    let (out, outcome) = duel(game, Color::Black, "HINT\nquit\n");
    assert!(out.contains(&format!("hint: {expected}")), "{out}");
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
    let path = std::env::temp_dir().join(format!("duel-test-{}.json", std::process::id()));
    session::save_record(&outcome.record, &path).expect("saved");
    let text = std::fs::read_to_string(&path).expect("read back");
    std::fs::remove_file(&path).expect("removed");
    let back: GameRecord = serde_json::from_str(&text).expect("a valid record");
    assert_eq!(back, outcome.record);
    // The end of input stops the game unfinished, and the file says so.
    assert_eq!(outcome.finish, Finish::EndOfInput);
    assert!(text.contains("\"winner\": null") && text.contains("\"ending\": \"unfinished\""), "{text}");
    assert_eq!(session::default_record_path(9).to_str(), Some("duel-9.json"));
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn flags() {
    let defaults = session::parse_args(Vec::new()).expect("no flags");
    assert_eq!(defaults.rules, Rules::default());
    assert_eq!((defaults.seed, defaults.human, defaults.record), (None, Color::Black, None));

    let options = session::parse_args(args(&["--color", "white", "--record=game.json", "--size", "6x6", "--seed=3"]))
        .expect("valid flags");
    assert_eq!(options.human, Color::White);
    assert_eq!(options.record.as_deref(), Some(std::path::Path::new("game.json")));
    assert_eq!(options.rules.board(), Board::Rectangle { width: 6, height: 6 });
    assert_eq!(options.seed, Some(3));

    // The usage line names every flag.
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
    ] {
        assert!(session::USAGE.contains(flag), "{flag}");
    }

    for (bad, expected) in [
        (&["--color", "red"][..], "--color"),
        (&["--colour=white"][..], "unknown argument"),
        (&["--record"][..], "--record needs a value"),
        (&["--record="][..], "--record needs a file name"),
        (&["--color", "black", "--color", "white"][..], "given twice"),
        (&["--size", "5x5"][..], "impossible rules"),
        (&["--size", "9y9"][..], "--size: \"9y9\" is not a board size"),
        (&["--handicap=white:a1,a1"][..], "a1 is listed twice"),
        (&["--octagon", "--handicap", "black:1"][..], "Octagon"),
    ] {
        let err = session::parse_args(args(bad)).expect_err("invalid flags");
        assert!(err.contains(expected), "{bad:?}: {err}");
    }
}

/// The example itself, run as a program: stdin ends, the record goes to `--record`, and the
/// output says where. Cargo builds the example first (with the profile of this test).
#[test]
fn the_example_program_saves_its_record_at_the_end_of_input() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    let exe = std::env::current_exe().expect("the test's path");
    // target/<profile>/deps/duel-<hash> → target/<profile>
    let profile_dir = exe.parent().and_then(std::path::Path::parent).expect("a deps directory");
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev".to_owned(),
        Some(other) => other.to_owned(),
        None => panic!("no profile directory above {}", exe.display()),
    };
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--example", "duel", "--profile", &profile, "--manifest-path"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build --example duel failed");
    let duel = profile_dir.join("examples").join(format!("duel{}", std::env::consts::EXE_SUFFIX));

    let record = std::env::temp_dir().join(format!("duel-e2e-{}.json", std::process::id()));
    let mut child = Command::new(&duel)
        .args(["--seed", "11", "--size", "6x6", "--blocked", "random", "--record"])
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", duel.display()));
    child.stdin.take().expect("stdin").write_all(b"b2\nhint\n").expect("written");
    let output = child.wait_with_output().expect("the duel ends");
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

    // Bad flags: exit status 2 and the usage.
    let output = Command::new(&duel).arg("--size=5x5").output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("usage: duel"));
}

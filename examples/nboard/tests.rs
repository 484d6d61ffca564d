//! Scripted NBoard sessions, and random lines that must never crash one.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_kit::Geometry;
use reversi_kit::records::ggf::{BoardType, GgfGame};

use super::*;

/// The GGF of the standard 8×8 game after `moves`, as NBoard sends it.
const START_8X8: &str = "(;GM[Othello]PC[NBoard]PB[me]PW[you]RE[?]TI[15:00]TY[8]\
    BO[8 ---------------------------O*------*O--------------------------- *]";

fn game_8x8(moves: &str) -> String {
    format!("set game {START_8X8}{moves};)")
}

/// The GGF moves of six plies from the 8×8 start, each the last legal move in cell order: a
/// line out of the opening book (checked by the tests that use it), so that hints search.
fn out_of_book() -> String {
    let mut position = Position::default();
    let mut moves = String::new();
    for ply in 0..6 {
        let square = position.legal_moves().iter().last().expect("a move in the opening");
        position.play(square).unwrap();
        let colour = if ply % 2 == 0 { 'B' } else { 'W' };
        moves.push_str(&format!("{colour}[{}]", square.to_string().to_uppercase()));
    }
    assert!(Book::standard().lookup(&position).is_none(), "{moves} is in the book");
    moves
}

/// The GGF of the start of a `board` game, no move played.
fn start_of(board: BoardType) -> String {
    let start = Position::start(board.geometry()).expect("every GGS board has a start");
    format!("set game {}", GgfGame::new(board, start).expect("the start fits its board").to_ggf())
}

fn session() -> Session {
    Session::new(1 << 20, 1)
}

/// The move and value of a `=== f5/+1.00/0.0` line.
fn parse_go(line: &str) -> (Move, f64) {
    let rest = line.strip_prefix("=== ").unwrap_or_else(|| panic!("not a move: {line}"));
    let fields: Vec<&str> = rest.split('/').collect();
    assert_eq!(fields.len(), 3, "{line}");
    (parse_move("go", fields[0]).unwrap(), fields[1].parse().unwrap())
}

#[test]
fn a_scripted_session_answers_every_command() {
    let mut s = session();
    let script = [
        "nboard 2".to_owned(),
        "set depth 4".to_owned(),
        // Out of the book, so that the hints are searched.
        game_8x8(&out_of_book()),
        "set contempt 100".to_owned(),
        "ping 1".to_owned(),
        "go".to_owned(),
        "hint 3".to_owned(),
        "learn".to_owned(),
        "ping 2".to_owned(),
    ];
    let replies: Vec<Reply> = script.iter().map(|line| s.handle(line)).collect();
    for (line, reply) in script.iter().zip(&replies) {
        assert!(reply.err.is_empty(), "{line}: {:?}", reply.err);
    }
    assert_eq!(replies[0].out, ["set myname reversi-kit"]);
    assert!(replies[1].out.is_empty() && replies[2].out.is_empty() && replies[3].out.is_empty());
    assert_eq!(replies[4].out, ["pong 1"]);
    assert_eq!(s.depth, 4);
    assert_eq!(s.contempt, 100);
    let position = *s.position.as_ref().unwrap();
    // Black to move after six moves.
    assert_eq!(position.side_to_move(), reversi_kit::Color::Black);
    assert_eq!(replies[5].out.len(), 1);
    let (best, _) = parse_go(&replies[5].out[0]);
    assert!(matches!(best, Move::Place(sq) if position.is_legal(sq)), "{best}");
    // Three hints, best first, each a legal move with a line and a depth.
    assert_eq!(replies[6].out.len(), 3, "{:?}", replies[6].out);
    let mut last = f64::INFINITY;
    for line in &replies[6].out {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!((words[0], words[3], words[4]), ("search", "0", "4"), "{line}");
        let first: Move = parse_move("hint", &words[1][..2]).unwrap();
        assert!(matches!(first, Move::Place(sq) if position.is_legal(sq)), "{line}");
        let eval: f64 = words[2].parse().unwrap();
        assert!(eval <= last, "{:?}", replies[6].out);
        last = eval;
    }
    assert_eq!(replies[7].out, ["learned"]);
    assert_eq!(replies[8].out, ["pong 2"]);
    // `go` left the game as it was: the GUI sends the move.
    assert_eq!(s.position.as_ref(), Some(&position));
}

#[test]
fn moves_update_the_game_and_illegal_ones_change_nothing() {
    let mut s = session();
    assert!(s.handle("move f5").err[0].contains("no game"));
    s.handle(&game_8x8(""));
    let start = *s.position.as_ref().unwrap();
    let reply = s.handle("move a1");
    assert_eq!(reply.out, Vec::<String>::new());
    assert!(reply.err[0].contains("a1 is not legal"), "{:?}", reply.err);
    assert_eq!(s.position.as_ref(), Some(&start));
    assert!(s.handle("move PA").err[0].contains("cannot pass"));
    assert!(s.handle("move F5/1.5/x").err[0].contains("\"x\""));
    assert!(s.handle("move F5/1/2/3").err[0].contains("at most"));
    assert!(s.handle("move F5/+0.50/2.1").err.is_empty());
    assert!(s.handle("move d6//").err.is_empty());
    let mut expected = start;
    expected.play("f5".parse().unwrap()).unwrap();
    expected.play("d6".parse().unwrap()).unwrap();
    assert_eq!(s.position.as_ref(), Some(&expected));
}

#[test]
fn every_ggs_board_is_played() {
    let boards = [4, 6, 8, 10, 12, 14].map(|n| BoardType::square(n).unwrap());
    for board in boards.into_iter().chain([BoardType::Octagon]) {
        let mut s = session();
        s.handle("set depth 2");
        let reply = s.handle(&start_of(board));
        assert!(reply.err.is_empty(), "{}: {:?}", board.name(), reply.err);
        let position = *s.position.as_ref().unwrap();
        assert_eq!(position.geometry(), &board.geometry());
        let (best, _) = parse_go(&s.handle("go").out[0]);
        assert!(matches!(best, Move::Place(sq) if position.is_legal(sq)), "{}: {best}", board.name());
        assert!(s.handle(&format!("move {}", move_text(best))).err.is_empty());
    }
}

#[test]
fn a_board_the_engine_cannot_play_is_an_error_and_the_game_stays() {
    let mut s = session();
    s.handle(&game_8x8("B[F5]"));
    let before = *s.position.as_ref().unwrap();
    let odd = format!("set game (;GM[Othello]BO[9 {} *];)", "-".repeat(81));
    let big = format!("set game (;GM[Othello]BO[16 {} *];)", "-".repeat(256));
    for line in [odd, big, "set game (;GM[Chess]BO[8 x];)".to_owned(), "set game".to_owned(), "set game ((".to_owned()]
    {
        let reply = s.handle(&line);
        assert!(reply.out.is_empty() && !reply.quit, "{line}");
        assert!(reply.err.len() == 1 && reply.err[0].starts_with("set game"), "{line}: {:?}", reply.err);
        assert_eq!(s.position.as_ref(), Some(&before), "{line}");
    }
    // An illegal move in the game is named with its number.
    let reply = s.handle(&game_8x8("B[F5]W[A1]"));
    assert!(reply.err[0].contains("move 2"), "{:?}", reply.err);
    assert_eq!(s.position.as_ref(), Some(&before));
}

#[test]
fn a_pass_left_out_of_the_game_is_put_back_and_go_passes_when_it_must() {
    // White to move and must pass; Black has h7.
    let board = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-XXXXXXX-";
    let text = |side: &str, moves: &str| {
        let board = board.replace('X', "*");
        format!("set game (;GM[Othello]BO[8 {board} {side}]{moves};)")
    };
    let mut s = session();
    assert!(s.handle(&text("O", "")).err.is_empty());
    assert_eq!(parse_go(&s.handle("go").out[0]).0, Move::Pass);
    // Black's h7 written without White's pass.
    assert!(s.handle(&text("O", "B[H7]")).err.is_empty(), "{:?}", s.handle(&text("O", "B[H7]")));
    assert!(s.handle(&text("O", "")).err.is_empty());
    assert!(s.handle("move h7").err.is_empty());
    // The game is over once the board is full or blocked: go refuses.
    assert!(s.handle("move pa").err.is_empty() || s.position.as_ref().unwrap().is_game_over());
}

#[test]
fn an_endgame_hint_is_exact() {
    // Far from the end, a hint is an estimate at the depth set.
    let mut s = session();
    s.handle("set depth 2");
    s.handle(&game_8x8(&out_of_book()));
    let hint = s.handle("hint 1");
    assert!(hint.out.len() == 1 && hint.out[0].ends_with(" 0 2"), "{:?}", hint.out);
    // Six empty cells, exact from 6 at depth 2.
    let board = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-".replace('X', "*");
    assert!(s.handle(&format!("set game (;GM[Othello]BO[8 {board} *];)")).err.is_empty());
    let hint = s.handle("hint 2");
    assert!(!hint.out.is_empty() && hint.out.iter().all(|l| l.ends_with(" 0 100%")), "{:?}", hint.out);
    let best_eval: f64 = hint.out[0].split(' ').nth(2).unwrap().parse().unwrap();
    let (_, value) = parse_go(&s.handle("go").out[0]);
    assert_eq!(value, best_eval);
    assert_eq!(value.fract(), 0.0, "an exact value is a whole number of discs");
}

/// On two threads a session answers as on one where the answer is exact, and with a legal move
/// in the midgame.
#[test]
fn a_session_on_two_threads_answers_too() {
    let (mut one, mut two) = (session(), Session::new(1 << 20, 2));
    for s in [&mut one, &mut two] {
        s.handle("set depth 8");
        assert!(s.handle(&game_8x8("B[F5]W[F6]B[E6]W[F4]")).err.is_empty());
    }
    let go = two.handle("go");
    assert!(go.err.is_empty() && go.out.len() == 1, "{go:?}");
    let (mv, _) = parse_go(&go.out[0]);
    assert!(two.handle(&format!("move {mv}")).err.is_empty(), "{mv} is legal");
    let board = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-".replace('X', "*");
    for s in [&mut one, &mut two] {
        assert!(s.handle(&format!("set game (;GM[Othello]BO[8 {board} *];)")).err.is_empty());
    }
    assert_eq!(two.handle("hint 3").out, one.handle("hint 3").out);
}

#[test]
fn unknown_and_malformed_commands_are_refused_on_stderr() {
    let mut s = session();
    for line in [
        "analyze",
        "set myname x",
        "set depth 0",
        "set depth 31",
        "set depth 60",
        "set depth x",
        "ping",
        "ping 1 2",
        "hint x",
        "go now",
        "go",
        "hint 2",
        "nboard",
    ] {
        let reply = s.handle(line);
        assert!(reply.out.is_empty() && reply.err.len() == 1 && !reply.quit, "{line}: {reply:?}");
    }
    assert_eq!(s.depth, DEFAULT_DEPTH);
    assert_eq!(s.handle("").out, Vec::<String>::new());
    let reply = s.handle("nboard 1");
    assert_eq!(reply.out, ["set myname reversi-kit"]);
    assert_eq!(reply.err.len(), 1);
    assert!(s.handle("quit").quit);
}

/// Issue 69, D4: a refused line of megabytes is quoted short, whatever part of it is wrong.
#[test]
fn a_huge_refused_line_is_quoted_at_most_200_characters() {
    let mut s = session();
    let huge = "Q".repeat(20_000_000);
    for line in [
        format!("set game (;GM[Othello]PC[{huge}]BO[8 {huge}];)"),
        format!(
            "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[{huge}];)"
        ),
        format!("{huge} 1"),
        format!("move {huge}"),
        format!("set depth {huge}"),
    ] {
        let reply = s.handle(&line);
        assert_eq!(reply.err.len(), 1, "{:?}", reply.err);
        let quoted = reply.err[0].matches('Q').count();
        assert!(quoted <= 200 && reply.err[0].len() < 400, "{quoted} quoted, {} bytes", reply.err[0].len());
    }
    assert!(s.position.is_none());
}

/// A random protocol line: a known command with random, often wrong, arguments, or noise.
fn random_line(rng: &mut ChaCha8Rng) -> String {
    const COMMANDS: [&str; 12] = [
        "nboard",
        "set depth",
        "set game",
        "set contempt",
        "move",
        "hint",
        "go",
        "ping",
        "learn",
        "set",
        "quit",
        "analyze",
    ];
    const WORDS: [&str; 14] =
        ["2", "1", "3", "0", "-1", "99999999999999999999", "f5", "PA", "d3/1.0/2.0", "j10", "x", "", "1e9", "3.5"];
    let pick = |rng: &mut ChaCha8Rng, n: usize| (rng.next_u32() as usize) % n;
    match pick(rng, 6) {
        0 => (0..pick(rng, 40)).map(|_| char::from(32 + (rng.next_u32() % 95) as u8)).collect(),
        1 => {
            // A GGF game on a random GGS board, sometimes cut short or with a bad move.
            let boards = [4, 6, 8, 10, 12, 14].map(|n| BoardType::square(n).unwrap());
            let board = if pick(rng, 7) == 6 { BoardType::Octagon } else { boards[pick(rng, 6)] };
            let mut line = start_of(board);
            let moves = ["B[F5]", "W[D6]", "B[C3]", "B[A1]", "W[PA]", "B[J10]"];
            for _ in 0..pick(rng, 3) {
                line.insert_str(line.len() - 2, moves[pick(rng, moves.len())]);
            }
            if pick(rng, 4) == 0 {
                line.truncate(pick(rng, line.len()));
            }
            line
        }
        _ => {
            let mut line = COMMANDS[pick(rng, COMMANDS.len())].to_owned();
            for _ in 0..pick(rng, 3) {
                line.push(' ');
                line.push_str(WORDS[pick(rng, WORDS.len())]);
            }
            line
        }
    }
}

#[test]
fn a_thousand_random_lines_never_crash_a_session() {
    let mut rng = ChaCha8Rng::seed_from_u64(53);
    let mut s = session();
    s.handle("set depth 2");
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..1000 {
        let line = random_line(&mut rng);
        // Deep searches would only make the test slow: keep the depth small.
        if line.starts_with("set depth") && !matches!(line.as_str(), "set depth 1" | "set depth 2" | "set depth 3") {
            continue;
        }
        let reply = s.handle(&line);
        assert!(reply.out.is_empty() || reply.err.is_empty() || line.starts_with("nboard"), "{line}: {reply:?}");
        answered += usize::from(!reply.out.is_empty());
        refused += usize::from(!reply.err.is_empty());
    }
    // The mix exercises both sides, and the session still answers.
    assert!(answered > 50 && refused > 200, "answered {answered}, refused {refused}");
    assert_eq!(s.handle("ping 9").out, ["pong 9"]);
    let _ = Geometry::STANDARD;
}

/// Issue 69, D3: `go` keeps to the game's clock. At move 3 of a game of 5 s a side, depth 20
/// (no search reaches it in 5 s) answers within the budget, well under the time left.
#[test]
fn go_keeps_to_the_game_clock() {
    let mut s = session();
    assert!(s.handle("set depth 20").err.is_empty());
    let game = START_8X8.replace("TI[15:00]", "TI[0:05]");
    assert!(s.handle(&format!("set game {game}B[F5]W[F6];)")).err.is_empty());
    assert_eq!(s.game_time, Some(Duration::from_secs(5)));
    let start = Instant::now();
    let reply = s.handle("go");
    assert_eq!(reply.out.len(), 1, "{reply:?}");
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
    // Times the moves took are the side's: Black has 1.5 s of its 5 s left.
    assert!(s.handle(&format!("set game {game}B[F5//3.5]W[F6//0.5];)")).err.is_empty());
    assert_eq!(s.used, [Duration::from_millis(3500), Duration::from_millis(500)]);
    assert!(s.budget(s.position.as_ref().unwrap()) < Duration::from_millis(1500));
    // `move` with a time adds to the mover's: White played f4 in 2 s.
    assert!(s.handle("move d3").err.is_empty());
    assert!(s.handle("move c5//2").err.is_empty());
    assert_eq!(s.used[1], Duration::from_millis(2500));
    // A time that is not one is refused, and changes nothing.
    let position = s.position;
    assert_eq!(s.handle("move b4//-1").err.len(), 1);
    assert_eq!(s.position, position);
}

/// Without a clock, `go` and `hint` keep to the time a move, on the largest GGS board too.
#[test]
fn without_a_clock_a_search_keeps_to_the_move_time() {
    let mut s = session().with_move_time(Duration::from_millis(300));
    assert!(s.handle("set depth 30").err.is_empty());
    assert!(s.handle(&start_of(BoardType::square(14).unwrap())).err.is_empty());
    for command in ["go", "hint 5"] {
        let start = Instant::now();
        let reply = s.handle(command);
        assert!(!reply.out.is_empty() && reply.err.is_empty(), "{command}: {reply:?}");
        assert!(start.elapsed() < Duration::from_secs(3), "{command}: {:?}", start.elapsed());
    }
}

#[test]
fn game_times_are_read_as_ggf_writes_them() {
    for (text, seconds) in [("5:00", 300.0), ("0:05", 5.0), ("1:00:00", 3600.0), ("15:00//02:00", 900.0), ("90", 90.0)]
    {
        assert_eq!(game_time(text).unwrap(), Duration::from_secs_f64(seconds), "{text}");
    }
    for bad in ["", "x", "1:2:3:4", "-5", "inf", "99999999999:00"] {
        assert!(game_time(bad).is_err(), "{bad}");
    }
    let mut s = session();
    let refused = s.handle(&format!("set game {};)", START_8X8.replace("TI[15:00]", "TI[soon]")));
    assert!(refused.err[0].contains("TI[soon]"), "{refused:?}");
    assert!(s.position.is_none());
}

/// A stop (what `main` sets on `ping`) ends a whole hint, every move's search, not only the
/// one running: the answer comes at once with what was found.
#[test]
fn a_stop_ends_a_whole_hint() {
    let mut s = session().with_move_time(Duration::from_secs(60));
    assert!(s.handle("set depth 30").err.is_empty());
    assert!(s.handle(&game_8x8("B[F5]W[F6]")).err.is_empty());
    let stop = s.stop_flag();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let start = Instant::now();
    let reply = s.handle("hint 3");
    setter.join().unwrap();
    assert_eq!(reply.out.len(), 3, "{reply:?}");
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    // The next search starts afresh: the stop was spent, and it runs to its depth.
    assert!(s.handle("set depth 2").err.is_empty());
    let reply = s.handle("go");
    assert_eq!(reply.out.len(), 1, "{reply:?}");
    assert!(!s.stop.load(std::sync::atomic::Ordering::Relaxed));
}

#[test]
fn a_hint_in_the_book_answers_book_lines() {
    let mut s = Session::new(1 << 20, 1);
    for line in ["nboard 2", "set depth 4", &game_8x8("")] {
        assert!(s.handle(line).err.is_empty(), "{line}");
    }
    let hint = s.handle("hint 4");
    assert!(hint.err.is_empty(), "{:?}", hint.err);
    // The start's four moves are images of each other: four book lines of one value.
    assert_eq!(hint.out.len(), 4, "{:?}", hint.out);
    let start = Position::default();
    let mut evals = Vec::new();
    for line in &hint.out {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!((words[0], words[3]), ("book", "0"), "{line}");
        let first: Move = parse_move("hint", &words[1][..2]).unwrap();
        assert!(matches!(first, Move::Place(sq) if start.is_legal(sq)), "{line}");
        assert!(words[1].len() > 2, "a book line goes on: {line}");
        evals.push(words[2].to_owned());
    }
    assert!(evals.iter().all(|e| *e == evals[0]), "{evals:?}");
}

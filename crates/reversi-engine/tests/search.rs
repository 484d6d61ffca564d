//! The search against a naive minimax: the same value at a fixed depth with the same
//! evaluation, the same exact value to the end of the game under both scorings; and the engine
//! player's moves are legal in every phase of every variant.

mod common;

use common::{Rng, late_position, random_position};
use proptest::prelude::*;
use reversi_core::Position;
use reversi_engine::eval::Evaluator;
use reversi_engine::player::{EnginePlayer, Level};
use reversi_engine::search::{Limits, Searcher, Selectivity, Value};
use reversi_variants::players::{Player, RandomPlayer};
use reversi_variants::{Blocked, Board, Game, Handicap, Move, Opening, Rules, Scoring};

/// The cell of a move that is not a pass.
fn cell(mv: Move) -> reversi_core::Square {
    match mv {
        Move::Place(sq) => sq,
        Move::Pass => panic!("a pass where a move was expected"),
    }
}

/// The final value for the side to move, in discs.
fn final_discs(pos: &Position, scoring: Scoring) -> i32 {
    let me = pos.side_to_move();
    let diff = pos.count(me) as i32 - pos.count(!me) as i32;
    let empties = pos.empty_cells().len() as i32;
    match scoring {
        Scoring::Wof if diff > 0 => diff + empties,
        Scoring::Wof if diff < 0 => diff - empties,
        _ => diff,
    }
}

/// Plain negamax without pruning: `depth` plies (a pass costs none), the evaluation at the
/// leaves; `None` depth searches to the end. Hundredths of a disc.
fn minimax(pos: &Position, depth: Option<u32>, eval: &Evaluator, scoring: Scoring) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let passed = pos.with_side_to_move(!pos.side_to_move());
        if passed.legal_moves().is_empty() {
            return final_discs(pos, scoring) * 100;
        }
        return -minimax(&passed, depth, eval, scoring);
    }
    if depth == Some(0) {
        return eval.evaluate(pos);
    }
    moves
        .iter()
        .map(|sq| {
            let mut next = *pos;
            next.play(sq).expect("a legal move");
            -minimax(&next, depth.map(|d| d - 1), eval, scoring)
        })
        .max()
        .expect("a move")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn fixed_depth_values_agree_with_minimax(seed in any::<u64>(), plies in 0usize..40, depth in 1u32..5) {
        fixed_depth_value_agrees_with_minimax(seed, 8, plies, depth)?;
    }

    /// The boards past 8×8 run on wider words (`u128`, 256 bits, the AVX2 lanes and rows).
    #[test]
    fn fixed_depth_values_agree_with_minimax_on_boards_up_to_16(seed in any::<u64>(), plies in 0usize..60, depth in 1u32..4) {
        fixed_depth_value_agrees_with_minimax(seed, 16, plies, depth)?;
    }

    /// Threads share the moves of the nodes from 5 plies deep; every value is still proven, so
    /// the exhaustive search's value is the one thread's (itself checked against minimax above).
    #[test]
    fn threads_find_the_value_one_thread_finds(seed in any::<u64>(), plies in 0usize..40, depth in 5u32..8, ten in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let pos = random_position(&mut rng, if ten { 10 } else { 8 }, plies);
        prop_assume!(pos.has_legal_moves());
        let search = |threads| {
            let mut searcher = Searcher::with_hash_mb(1).with_selectivity(Selectivity::EXHAUSTIVE).with_threads(threads);
            searcher.search(&pos, Limits::depth(depth).with_exact_empties(0)).expect("not over")
        };
        let one = search(1);
        for threads in [2, 3] {
            let many = search(threads);
            prop_assert_eq!(many.value(), one.value(), "{} threads, {}", threads, pos);
            prop_assert!(pos.is_legal(cell(many.best())));
        }
    }

    #[test]
    fn exact_values_agree_with_minimax(seed in any::<u64>(), empties in 1u32..9, wof in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let Some(pos) = late_position(&mut rng, 8, empties) else { return Ok(()) };
        let scoring = if wof { Scoring::Wof } else { Scoring::Discs };
        let mut searcher = Searcher::with_hash_mb(1);
        let result = searcher.search(&pos, Limits::none().with_exact_empties(20).with_scoring(scoring)).expect("not over");
        let eval = Evaluator::new(pos.geometry());
        let want = minimax(&pos, None, &eval, scoring) / 100;
        prop_assert_eq!(result.value(), Value::Exact(want), "{}", pos);
        // The best move is worth what the search says.
        let mut next = pos;
        match result.best() {
            Move::Place(sq) => { next.play(sq).expect("legal"); }
            Move::Pass => next.pass().expect("a forced pass"),
        }
        prop_assert_eq!(-minimax(&next, None, &eval, scoring) / 100, want);
    }
}

/// The exhaustive search's value of a random position (a board of at most `max_side` a side,
/// `plies` random moves in) at `depth` against the naive minimax's, and its move legal.
fn fixed_depth_value_agrees_with_minimax(
    seed: u64,
    max_side: usize,
    plies: usize,
    depth: u32,
) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let pos = random_position(&mut rng, max_side, plies);
    prop_assume!(pos.has_legal_moves());
    // Exhaustive: probable cut-offs may (rarely) change a value; the order of the moves
    // (by the children's evaluation from 3 plies) never does.
    let mut searcher = Searcher::with_hash_mb(1).with_selectivity(Selectivity::EXHAUSTIVE);
    let result = searcher.search(&pos, Limits::depth(depth).with_exact_empties(0)).expect("not over");
    let eval = Evaluator::new(pos.geometry());
    let depth = depth.min(pos.empty_cells().len());
    prop_assert_eq!(result.value(), Value::Estimate(minimax(&pos, Some(depth), &eval, Scoring::Discs)), "{}", pos);
    prop_assert!(pos.is_legal(cell(result.best())));
    Ok(())
}

/// Random rules: every board kind, blocked cells, handicaps, the free opening, both scorings.
fn random_rules(rng: &mut Rng) -> Rules {
    let board = match rng.below(4) {
        0 => Board::Octagon,
        _ => Board::Rectangle { width: 4 + 2 * rng.below(5) as u8, height: 4 + 2 * rng.below(5) as u8 },
    };
    let mut builder = Rules::builder().board(board);
    // Blocked cells lie outside the central 4×4, which a side of 4 leaves no room for.
    let room_for_blocked = match board {
        Board::Rectangle { width, height } => width > 4 && height > 4,
        _ => true,
    };
    if room_for_blocked && rng.below(2) == 0 {
        builder = builder.blocked(Blocked::Random);
    }
    if rng.below(3) == 0 {
        builder = builder.opening(Opening::Free);
    }
    if rng.below(2) == 0 {
        builder = builder.scoring(Scoring::Wof);
    }
    // The Octagon's corners are cut: no handicap there.
    if board != Board::Octagon && rng.below(4) == 0 {
        builder =
            builder.handicap(Handicap::Count { color: reversi_core::Color::White, count: 1 + rng.below(4) as u8 });
    }
    builder.build().expect("these options combine")
}

#[test]
fn the_engine_plays_legal_moves_in_every_phase_of_every_variant() {
    let mut rng = Rng::new(12);
    let mut passes = 0;
    let mut placements = 0;
    for game_index in 0..40u64 {
        let rules = random_rules(&mut rng);
        let mut game = Game::new(rules, game_index).expect("valid rules");
        let mut random = RandomPlayer::new(game_index);
        let mut engine = EnginePlayer::new(Level::new(1 + (game_index % 3) as u8).expect("a level"));
        while !game.is_over() {
            let mv = if rng.below(2) == 0 { engine.choose(&game) } else { random.choose(&game) }.expect("not over");
            assert!(game.is_legal(mv), "{mv} in {} under {:?}", game.position(), game.rules());
            passes += usize::from(mv == Move::Pass);
            placements += usize::from(game.phase() == reversi_variants::Phase::FreeOpening);
            game.play(mv).expect("legal");
        }
        assert_eq!(engine.choose(&game), None);
    }
    assert!(passes > 0 && placements > 0, "the games covered passes ({passes}) and placements ({placements})");
}

#[test]
fn limits_and_the_stop_flag_end_a_search_with_a_legal_move() {
    for threads in [1, 2] {
        limits_and_the_stop_flag_end_a_search_on(threads);
    }
}

fn limits_and_the_stop_flag_end_a_search_on(threads: usize) {
    let pos = Position::default();
    let mut searcher = Searcher::with_hash_mb(1).with_threads(threads);
    let result = searcher.search(&pos, Limits::none().with_nodes(5_000)).expect("not over");
    // Each thread reads the limits every 1 024 nodes.
    assert!(result.nodes() < 5_000 + 2_000 * threads as u64, "{threads} threads: {}", result.nodes());
    assert!(pos.is_legal(cell(result.best())));
    let stop = searcher.stop_flag();
    let handle = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let result = searcher.search(&pos, Limits::none()).expect("not over");
    handle.join().expect("the stopper ends");
    assert!(pos.is_legal(cell(result.best())));
    assert!(result.depth() < 60);
    let timed =
        searcher.search(&pos, Limits::none().with_time(std::time::Duration::from_millis(30))).expect("not over");
    assert!(pos.is_legal(cell(timed.best())));
}

/// A time limit too long for an `Instant` means no deadline, not a panic: in the search and
/// in the exact solve it hands over to near the end.
#[test]
fn a_time_limit_beyond_any_instant_is_no_limit() {
    let mut rng = Rng::new(11);
    for time in [std::time::Duration::MAX, std::time::Duration::from_secs(u64::MAX / 2)] {
        let mut searcher = Searcher::with_hash_mb(1);
        let opening = searcher.search(&Position::default(), Limits::depth(3).with_time(time)).expect("not over");
        assert!(Position::default().is_legal(cell(opening.best())));
        let late = std::iter::repeat_with(|| late_position(&mut rng, 8, 10)).flatten().next().expect("a late position");
        let result = searcher.search(&late, Limits::none().with_time(time)).expect("not over");
        assert!(matches!(result.value(), Value::Exact(_)), "{late}: {:?}", result.value());
    }
}

#[test]
fn threads_find_a_legal_move_and_the_pv_is_legal() {
    let mut rng = Rng::new(5);
    for _ in 0..10 {
        let pos = random_position(&mut rng, 10, 12);
        if pos.is_game_over() {
            continue;
        }
        let mut searcher = Searcher::with_hash_mb(2).with_threads(2);
        let result = searcher.search(&pos, Limits::depth(4)).expect("not over");
        let mut replay = pos;
        for mv in result.pv() {
            match mv {
                Move::Place(sq) => {
                    replay.play(*sq).expect("a legal line");
                }
                Move::Pass => replay.pass().expect("a forced pass"),
            }
        }
    }
}

/// The exact solve runs on the searcher's threads too (they split its nodes from 16 empty
/// cells): the same values as one thread's.
#[test]
fn threads_solve_the_endgame_exactly() {
    let mut rng = Rng::new(23);
    let positions: Vec<_> = std::iter::repeat_with(|| late_position(&mut rng, 8, 18)).flatten().take(4).collect();
    for pos in positions {
        let solve = |threads| {
            let mut searcher = Searcher::with_hash_mb(4).with_threads(threads);
            searcher.search(&pos, Limits::none().with_exact_empties(20)).expect("not over").value()
        };
        let one = solve(1);
        assert!(matches!(one, Value::Exact(_)), "{pos}: {one:?}");
        assert_eq!(solve(2), one, "{pos}");
    }
}

/// The probable cut-offs save nodes: over positions of random 8×8 and 10×10 games, a
/// selective search to 7 plies takes fewer than two thirds of the exhaustive one's, and both
/// answer a legal move.
#[test]
fn probable_cutoffs_save_nodes() {
    let mut rng = Rng::new(17);
    let (mut selective, mut exhaustive) = (0, 0);
    for size in [8, 10] {
        for plies in [6, 14, 22, 30] {
            let pos = random_position(&mut rng, size, plies);
            if !pos.has_legal_moves() || pos.empty_cells().len() < 20 {
                continue;
            }
            for (selectivity, nodes) in
                [(Selectivity::default(), &mut selective), (Selectivity::EXHAUSTIVE, &mut exhaustive)]
            {
                let mut searcher = Searcher::with_hash_mb(4).with_selectivity(selectivity);
                let result = searcher.search(&pos, Limits::depth(7).with_exact_empties(0)).expect("not over");
                assert!(pos.is_legal(cell(result.best())), "{pos}");
                *nodes += result.nodes();
            }
        }
    }
    assert!(3 * selective < 2 * exhaustive, "selective {selective} nodes, exhaustive {exhaustive}");
}

#[test]
fn the_shallow_search_of_a_probable_cutoff_keeps_the_parity_and_is_about_half_as_deep() {
    for depth in 3..=60 {
        let shallow = Selectivity::shallow_depth(depth);
        assert!(shallow >= 1 && shallow < depth && (depth - shallow).is_multiple_of(2), "{depth} -> {shallow}");
        assert!(shallow + 1 >= depth / 2 && shallow <= depth / 2 + 1, "{depth} -> {shallow}");
    }
}

/// The engine answers for a bare position, and for a game set up from it, as for the game
/// that reached it: 200 positions of every board family, the same move (or pass), legal.
#[test]
fn a_position_gets_the_answer_of_the_game_that_reached_it() {
    let mut rng = Rng::new(53);
    let (mut answered, mut passes) = (0, 0);
    while answered < 200 {
        let rules = random_rules(&mut rng);
        let seed = rng.below(1 << 20) as u64;
        let mut game = Game::new(rules.clone(), seed).expect("valid rules");
        let mut random = RandomPlayer::new(seed);
        for _ in 0..rng.below(80) {
            let Some(mv) = random.choose(&game) else { break };
            game.play(mv).expect("legal");
        }
        if game.is_over() || game.phase() != reversi_variants::Phase::Normal {
            continue;
        }
        let level = Level::new(1 + (answered % 2) as u8).expect("a level");
        let from_game = EnginePlayer::new(level).choose(&game).expect("not over");
        let scoring = rules.scoring();
        let from_position = EnginePlayer::new(level).choose_position(game.position(), scoring);
        let set_up = Game::from_position(rules, Some(seed), *game.position()).expect("a reached position");
        let from_set_up = EnginePlayer::new(level).choose(&set_up);
        assert_eq!((from_position, from_set_up), (Some(from_game), Some(from_game)), "{}", game.position());
        assert!(game.is_legal(from_game), "{from_game} in {}", game.position());
        passes += usize::from(from_game == Move::Pass);
        answered += 1;
    }
    assert!(passes > 0, "the positions covered a forced pass");
}

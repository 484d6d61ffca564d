//! The solver against a deliberately naive minimax on the rules of `Position`, on random
//! positions of every geometry, under both scorings.

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use reversi_core::{Bitboard, Color, Geometry, Position, Square};
use reversi_variants::{Move, Scoring};

use std::time::Duration;

use reversi_core::kernel::{self, Layout};

use super::run::Compiled;
use super::search::features;
use super::*;
use crate::value::Value;

/// The final score of `pos` for its side to move, from the rules (RULES §3): the disc
/// difference, and under WOF the empty cells to the winner.
fn final_score(pos: &Position, scoring: Scoring) -> i32 {
    let side = pos.side_to_move();
    let diff = pos.count(side) as i32 - pos.count(!side) as i32;
    let empty = pos.empty_cells().len() as i32;
    match scoring {
        Scoring::Discs => diff,
        Scoring::Wof if diff > 0 => diff + empty,
        Scoring::Wof if diff < 0 => diff - empty,
        Scoring::Wof => 0,
    }
}

/// Minimax over every line to the end, with `Position`'s own moves: no pruning, no table.
fn naive(pos: &Position, scoring: Scoring) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let mut passed = *pos;
        return match passed.pass() {
            Ok(()) => -naive(&passed, scoring),
            Err(_) => final_score(pos, scoring),
        };
    }
    moves
        .iter()
        .map(|sq| {
            let mut child = *pos;
            child.play(sq).expect("a legal move");
            -naive(&child, scoring)
        })
        .max()
        .expect("at least one move")
}

/// SplitMix64, for the positions' random choices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random board: any even rectangle from 4 to 16, or the Octagon, with a few blocked cells
/// half the time.
fn random_geometry(rng: &mut Rng) -> Geometry {
    let mut geometry = if rng.below(5) == 0 {
        Geometry::octagon()
    } else {
        let side = |rng: &mut Rng| u8::try_from(4 + 2 * rng.below(7)).expect("a side of at most 16");
        Geometry::rectangle(side(rng), side(rng)).expect("an even side from 4 to 16")
    };
    if rng.below(2) == 0 {
        let cells: Vec<Square> = geometry.playable().iter().collect();
        let blocked: Bitboard = (0..1 + rng.below(5)).map(|_| cells[rng.below(cells.len() as u64) as usize]).collect();
        geometry = geometry.with_unplayable(blocked).expect("cells of the board");
    }
    geometry
}

/// A random position on a random board with at most `max_empty` empty cells: either discs
/// strewn at random (any position, reachable or not, is a valid input), or a random game
/// from the start, played on until few cells are left.
fn random_position(seed: u64, max_empty: u64) -> Position {
    let mut rng = Rng(seed);
    let geometry = random_geometry(&mut rng);
    random_position_on(geometry, &mut rng, max_empty)
}

/// A random position on `geometry` with at most `max_empty` empty cells, as
/// [`random_position`] makes them.
fn random_position_on(geometry: Geometry, rng: &mut Rng, max_empty: u64) -> Position {
    let side = if rng.below(2) == 0 { Color::Black } else { Color::White };
    let target = rng.below(max_empty + 1) as u32;
    if rng.below(3) == 0
        && let Ok(pos) = Position::start(geometry)
    {
        return played_down(pos, rng, target);
    }
    let cells: Vec<Square> = geometry.playable().iter().collect();
    let empty_odds = (target as u64).max(1);
    let (mut black, mut white) = (Bitboard::EMPTY, Bitboard::EMPTY);
    let mut empties = 0;
    for &sq in &cells {
        // About `target` empty cells, spread over the board.
        if empties < target && rng.below(cells.len() as u64) < empty_odds {
            empties += 1;
        } else if rng.below(2) == 0 {
            black.insert(sq);
        } else {
            white.insert(sq);
        }
    }
    Position::from_parts(geometry, black, white, side).expect("discs on playable cells")
}

/// `pos` after random moves down to `empties` empty cells (or to the game's end, if it comes
/// first).
fn played_down(mut pos: Position, rng: &mut Rng, empties: u32) -> Position {
    while pos.empty_cells().len() > empties {
        let moves: Vec<Square> = pos.legal_moves().iter().collect();
        if moves.is_empty() {
            if pos.pass().is_err() {
                break;
            }
            continue;
        }
        pos.play(moves[rng.below(moves.len() as u64) as usize]).expect("a legal move");
    }
    pos
}

/// Plays `pv` from `pos` and returns the final position, checking that every move is legal
/// and that the line ends the game.
fn play_out(pos: &Position, pv: &[Move]) -> Position {
    let mut pos = *pos;
    for (i, mv) in pv.iter().enumerate() {
        match mv {
            Move::Place(sq) => {
                pos.play(*sq).unwrap_or_else(|e| panic!("pv move {i} ({sq}) in {pos}: {e}"));
            }
            Move::Pass => pos.pass().unwrap_or_else(|e| panic!("pv pass {i} in {pos}: {e}")),
        }
    }
    assert!(pos.is_game_over(), "the pv ends before the game does: {pos}");
    pos
}

/// The final score of the line `pv` from `pos` (see [`play_out`]), for `pos`'s side to move.
fn line_score(pos: &Position, pv: &[Move], scoring: Scoring) -> i32 {
    let end = play_out(pos, pv);
    let sign = if end.side_to_move() == pos.side_to_move() { 1 } else { -1 };
    sign * final_score(&end, scoring)
}

fn scorings() -> [Scoring; 2] {
    [Scoring::Discs, Scoring::Wof]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// Value, best move, pv, WDL and a random window, against the naive minimax.
    #[test]
    fn agrees_with_naive_minimax(seed in any::<u64>(), alpha in -12i32..12, width in 1i32..8) {
        let pos = random_position(seed, 9);
        let solver = Solver::with_hash_mb(1);
        for scoring in scorings() {
            let expected = naive(&pos, scoring);
            let full = solver.search(&pos, Window::FULL, Limits::none().with_scoring(scoring)).expect("no limit");
            prop_assert_eq!(full.value(), expected, "{} {:?}", pos, scoring);
            prop_assert_eq!(full.bound(), Bound::Exact);

            let beta = alpha + width;
            let bounded = solver.search(&pos, Window::new(alpha, beta).expect("alpha < beta"), Limits::none().with_scoring(scoring)).expect("no limit");
            let v = bounded.value();
            match bounded.bound() {
                Bound::Exact => prop_assert!(v == expected && alpha < v && v < beta),
                Bound::Lower => prop_assert!(expected >= v && v >= beta),
                Bound::Upper => prop_assert!(expected <= v && v <= alpha),
            }

            if pos.is_game_over() {
                prop_assert_eq!(solver.solve(&pos, scoring), Err(SolveError::GameOver));
                continue;
            }
            let solution = solver.solve(&pos, scoring).expect("a game with moves");
            prop_assert_eq!(solution.value(), Value::Exact(expected));
            prop_assert_eq!(Some(&solution.best()), solution.pv().first());
            // The pv is a line of legal moves to the end whose score is the value.
            prop_assert_eq!(line_score(&pos, solution.pv(), scoring), expected, "{} pv {:?}", pos, solution.pv());

            let wdl = solver.solve_with(&pos, Limits::none().with_scoring(scoring).with_mode(Mode::WinDrawLoss)).expect("no limit");
            prop_assert_eq!(wdl.value(), Value::Outcome(Outcome::of(expected)));
            prop_assert_eq!(line_score(&pos, wdl.pv(), scoring).signum(), expected.signum());
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A first window centred on a wrong guess (too low, too high, or right) still ends at
    /// the exact value: the search again on the side the value fell.
    #[test]
    fn any_guess_gives_the_exact_value(seed in any::<u64>(), off in -30i32..30) {
        let pos = random_position(seed, 9);
        if !pos.is_game_over() {
            let solver = Solver::with_hash_mb(1);
            for scoring in scorings() {
                let expected = naive(&pos, scoring);
                let limits = Limits::none().with_scoring(scoring);
                let job = Job { solver: &solver, position: &pos, limits: &limits, task: Task::Solve(Mode::Exact, Some(expected + off)) };
                let Ok(Answer::Solved(solution)) = run_job(job) else { panic!("a solve answers with a solution") };
                prop_assert_eq!(solution.value(), Value::Exact(expected), "{} guess {}", pos, expected + off);
                prop_assert_eq!(line_score(&pos, solution.pv(), scoring), expected);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Selective searches before the exact one, here from 7 empties with probable cut-offs of
    /// any margins, in any order (a negative one cuts almost everywhere, often wrongly), leave
    /// the exact value and line unchanged: only the bounds of their subtrees that made no
    /// guess reach the exact search, on one thread or three (a helper's guesses included).
    #[test]
    fn a_selective_search_first_keeps_the_value_exact(
        seed in any::<u64>(),
        off in -8i32..8,
        margins in proptest::array::uniform(-600i32..900),
        widening in -100i32..100,
    ) {
        let pos = random_position(seed, 10);
        if !pos.is_game_over() {
            let selection = crate::multi_probcut::Selection { from: 0, probcut_from: search::DEEP, margins, widening };
            let scoring = Scoring::Wof;
            let expected = naive(&pos, scoring);
            let limits = Limits::none().with_scoring(scoring);
            for threads in [1, 3] {
                let solver = Solver::with_hash_mb(1)
                    .threads(NonZeroUsize::new(threads).expect("not zero"))
                    .split_from(8)
                    .selection(selection);
                let job = Job { solver: &solver, position: &pos, limits: &limits, task: Task::Solve(Mode::Exact, Some(expected + off)) };
                let Ok(Answer::Solved(solution)) = run_job(job) else { panic!("a solve answers with a solution") };
                prop_assert_eq!(solution.value(), Value::Exact(expected), "{} margins {:?} widening {}", pos, margins, widening);
                prop_assert_eq!(line_score(&pos, solution.pv(), scoring), expected);
            }
        }
    }
}

/// A selective search in which no probable cut-off fires has searched exactly, and its
/// entries say so: the searches after it find exact bounds in the table and stop at once,
/// so the solve costs about what its exact search alone costs, not two or three times that
/// (as when every entry of a selective search was kept from the exact one).
#[test]
fn a_selective_search_without_a_guess_leaves_exact_bounds() {
    let never = crate::multi_probcut::Selection {
        from: 0,
        probcut_from: search::DEEP,
        margins: [1 << 20; crate::multi_probcut::PASSES],
        widening: 0,
    };
    let exact_only = crate::multi_probcut::Selection { from: u32::MAX, ..never };
    let mut rng = Rng(7);
    for _ in 0..6 {
        let pos = played_down(Position::start(Geometry::STANDARD).expect("the standard board"), &mut rng, 14);
        if pos.is_game_over() {
            continue;
        }
        let nodes = |selection| {
            let solver = Solver::with_hash_mb(4).selection(selection);
            let limits = Limits::none().with_scoring(Scoring::Wof);
            let task = Task::Solve(Mode::Exact, Some(0));
            let job = Job { solver: &solver, position: &pos, limits: &limits, task };
            let Ok(Answer::Solved(solution)) = run_job(job) else { panic!("a solve answers with a solution") };
            solution.nodes()
        };
        let (with_passes, exact) = (nodes(never), nodes(exact_only));
        assert!(2 * with_passes < 3 * exact, "{pos}: {with_passes} nodes with the selective searches, {exact} without");
    }
}

/// The search compiled for AVX-512 runs on 8×8 where the CPU has those features (its
/// generator's flips use them), the one for AVX2 on boards whose generator does not (10×10)
/// and when a solver is told to; the portable one when told to.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_search_for_avx512_runs_where_the_flips_use_it() {
    use reversi_core::kernel::{EightAvx2, LanesAvx2, MoveGen};
    let Some(eight) = EightAvx2::new(&Geometry::STANDARD) else { return };
    let avx2 = features::Avx2::detect().is_some();
    let avx512 = features::Avx512::detect().is_some() && eight.flips_use_avx512_cd();
    assert_eq!(matches!(Compiled::choose(Code::ForThisCpu, &eight), Compiled::Avx512(_)), avx512);
    assert_eq!(matches!(Compiled::choose(Code::WithoutAvx512, &eight), Compiled::Avx2(_)), avx2);
    assert!(matches!(Compiled::choose(Code::Portable, &eight), Compiled::Portable));
    if let Some(ten) = LanesAvx2::new(&Geometry::rectangle(10, 10).expect("10×10")) {
        assert_eq!(matches!(Compiled::choose(Code::ForThisCpu, &ten), Compiled::Avx2(_)), avx2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The search compiled for this CPU's features ([`features`], when it has them), the one
    /// for AVX2 alone and the portable one search the same tree: the same value, line and
    /// node count, exact or with selective searches first. Up to 18 empties, so that the
    /// orderings that evaluate the children (from 14 and 17 empties, `EVAL_ORDER` and
    /// `SEARCH_ORDER`) run too; a third of the positions on 8×8, where the search for
    /// AVX-512 runs on CPUs that have it.
    #[test]
    fn the_compilations_search_the_same_tree(seed in any::<u64>()) {
        let pos = if seed % 3 == 0 {
            random_position_on(Geometry::STANDARD, &mut Rng(seed), 18)
        } else {
            random_position(seed, 18)
        };
        if !pos.is_game_over() {
            let selective = crate::multi_probcut::Selection { from: 0, probcut_from: search::DEEP, margins: [1000, 1500], widening: 50 };
            for selection in [search::SELECTION, selective] {
                let solve = |solver: Solver| solver.selection(selection).solve(&pos, Scoring::Wof).expect("no limit");
                let for_cpu = solve(Solver::with_hash_mb(1));
                for other in [Solver::with_hash_mb(1).without_avx512(), Solver::with_hash_mb(1).portable()] {
                    let other = solve(other);
                    prop_assert_eq!(for_cpu.value(), other.value(), "{}", pos);
                    prop_assert_eq!(for_cpu.pv(), other.pv(), "{}", pos);
                    prop_assert_eq!(for_cpu.nodes(), other.nodes(), "{}", pos);
                }
            }
        }
    }

    /// Two and three threads find the values one does; nodes split from 8 empties here (16
    /// in use), so that small positions split too.
    #[test]
    fn threads_agree(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let pos = random_position(rng.next(), 15);
        if !pos.is_game_over() {
            let one = Solver::with_hash_mb(1).solve(&pos, Scoring::Wof).expect("no limit");
            for threads in [2, 3] {
                let many = Solver::with_hash_mb(1).threads(NonZeroUsize::new(threads).expect("not zero")).split_from(8);
                prop_assert_eq!(many.solve(&pos, Scoring::Wof).expect("no limit").value(), one.value(), "{}", pos);
            }
        }
    }
}

#[test]
fn a_finished_game_is_not_solved_but_searched() -> Result<(), Box<dyn std::error::Error>> {
    // No white disc left: nobody can move, and the empty cell goes to Black under WOF.
    let pos: Position = "XXXX/XXXX/XXXX/XXX- O".parse()?;
    let solver = Solver::with_hash_mb(1);
    assert_eq!(solver.solve(&pos, Scoring::Wof), Err(SolveError::GameOver));
    let found = solver.search(&pos, Window::FULL, Limits::none().with_scoring(Scoring::Wof))?;
    assert_eq!((found.value(), found.bound(), found.best_move()), (-16, Bound::Exact, None));
    let found = solver.search(&pos, Window::FULL, Limits::none().with_scoring(Scoring::Discs))?;
    assert_eq!(found.value(), -15);
    Ok(())
}

#[test]
fn a_pass_is_the_best_move_when_the_mover_has_none() -> Result<(), Box<dyn std::error::Error>> {
    // White has no move; Black plays d4 and wins everything.
    let pos: Position = "XXXX/XXXX/XXXO/XXX- O".parse()?;
    assert!(pos.must_pass());
    let solution = Solver::with_hash_mb(1).solve(&pos, Scoring::Discs)?;
    assert_eq!(solution.best(), Move::Pass);
    assert_eq!(solution.value(), Value::Exact(-16));
    assert_eq!(solution.pv().len(), 2);
    Ok(())
}

/// FFO #40 (20 empties, Black to move): a2 wins by 38.
const FFO_40: &str = "O--OOOOX/-OOOOOOX/OOXXOOOX/OOXOOOXX/OOOOOOXX/---OOOOX/----O--X/-------- X";

#[test]
fn limits_interrupt_without_a_value() -> Result<(), Box<dyn std::error::Error>> {
    // Far too big for a thousand nodes.
    let pos: Position = FFO_40.parse()?;
    let solver = Solver::with_hash_mb(1);
    let limited = Limits::none().with_scoring(Scoring::Wof).with_nodes(1000);
    let Err(SolveError::Interrupted { reason: Interruption::NodeLimit, nodes }) = solver.solve_with(&pos, limited)
    else {
        panic!("a node limit of 1000 must stop FFO #40");
    };
    assert!(nodes >= 1000);
    // With threads, past the first splits (the solve needs about 25 M nodes).
    let threaded = Solver::with_hash_mb(1).threads(NonZeroUsize::new(2).expect("not zero"));
    let limited = Limits::none().with_scoring(Scoring::Wof).with_nodes(3_000_000);
    assert!(matches!(
        threaded.solve_with(&pos, limited),
        Err(SolveError::Interrupted { reason: Interruption::NodeLimit, nodes }) if nodes >= 3_000_000
    ));
    let flag = Arc::new(AtomicBool::new(true));
    let stopped = Limits::none().with_stop_flag(flag);
    assert!(matches!(
        solver.search(&pos, Window::FULL, stopped.clone().with_scoring(Scoring::Wof)),
        Err(SolveError::Interrupted { reason: Interruption::Stopped, .. })
    ));
    let timed = Limits::none().with_scoring(Scoring::Wof).with_time(Duration::ZERO);
    assert!(matches!(
        solver.solve_with(&pos, timed),
        Err(SolveError::Interrupted { reason: Interruption::TimeLimit, .. })
    ));
    Ok(())
}

/// The progress's best so far after a solve of `pos` under WOF with `limits` (a fresh
/// progress, one thread), and the solve's answer.
fn solved_with_progress(pos: &Position, limits: Limits) -> (Option<Bounded>, Result<SearchResult, SolveError>) {
    let progress = Progress::new();
    let limits = limits.with_scoring(Scoring::Wof).with_progress(Arc::clone(&progress));
    let answer = Solver::with_hash_mb(16).solve_with(pos, limits);
    (progress.best_so_far(), answer)
}

/// FFO #40 (20 empties: a guess, then exact searches) and #41 (22 empties: selective searches
/// between them): once solved, the progress holds the solution's move and value, proven.
#[test]
fn progress_ends_on_the_solution() -> Result<(), Box<dyn std::error::Error>> {
    for position in [FFO_40, "-OOOOO--/--OOOOX-/-OOOOOO-/XXXXXOO-/-XXOOX--/OOXOXX--/--OXXO--/-OOO--O- X"] {
        let (best, solution) = solved_with_progress(&position.parse()?, Limits::none());
        let solution = solution?;
        let value = solution.value().exact().ok_or("an exact value")?;
        let expected = Bounded::new(Some(solution.best()), value, Bound::Exact, Certainty::Exact, 0);
        assert_eq!(best, Some(expected), "{position}");
    }
    Ok(())
}

/// A solve stopped before its first search below the guess ends leaves the guess: an
/// estimate with its move.
#[test]
fn progress_holds_the_guess_of_an_interrupted_solve() -> Result<(), Box<dyn std::error::Error>> {
    let (best, answer) = solved_with_progress(&FFO_40.parse()?, Limits::none().with_nodes(1000));
    assert!(matches!(answer, Err(SolveError::Interrupted { .. })));
    let best = best.ok_or("the guess was not reported")?;
    assert_eq!((best.certainty(), best.bound()), (Certainty::Guess, Bound::Exact));
    assert!(matches!(best.best_move(), Some(Move::Place(_))));
    Ok(())
}

/// In win/draw/loss mode the last search's bound gives the outcome.
#[test]
fn progress_of_a_win_draw_loss_solve_bounds_the_outcome() -> Result<(), Box<dyn std::error::Error>> {
    let (best, solution) = solved_with_progress(&FFO_40.parse()?, Limits::none().with_mode(Mode::WinDrawLoss));
    let (best, solution) = (best.ok_or("nothing reported")?, solution?);
    assert_eq!(solution.outcome(), Some(Outcome::Win));
    assert_eq!(best.certainty(), Certainty::Exact);
    assert!(best.value() >= 1 && best.bound() != Bound::Upper, "{best}");
    assert_eq!(best.best_move(), Some(solution.best()));
    Ok(())
}

#[test]
fn an_empty_window_is_an_error() {
    assert_eq!(Window::new(3, 3), Err(SolveError::EmptyWindow { alpha: 3, beta: 3 }));
    assert!(Window::new(-1, 1).is_ok());
    // Clamped to ±1000 before the check: these hold no value, and negating them overflowed.
    assert_eq!(Window::new(1000, 1001), Err(SolveError::EmptyWindow { alpha: 1000, beta: 1001 }));
    assert!(matches!(Window::new(i32::MIN, i32::MIN + 1), Err(SolveError::EmptyWindow { .. })));
    assert!(matches!(Window::new(i32::MAX - 1, i32::MAX), Err(SolveError::EmptyWindow { .. })));
}

/// The widest windows an `i32` can give search like the full window, without overflow.
#[test]
fn extreme_windows_search_without_overflow() -> Result<(), Box<dyn std::error::Error>> {
    let pos: Position = "O--OOOOX/-OOOOOOX/OOXXOOOX/OOXOOOXX/OOOOOOXX/---OOOOX/----O--X/XXXXXXXX X".parse()?;
    let solver = Solver::with_hash_mb(1);
    let full = solver.search(&pos, Window::FULL, Limits::none().with_scoring(Scoring::Wof))?;
    for (alpha, beta) in [(i32::MIN, i32::MAX), (i32::MIN, 999), (-999, i32::MAX)] {
        solver.clear();
        let found = solver.search(&pos, Window::new(alpha, beta)?, Limits::none().with_scoring(Scoring::Wof))?;
        assert_eq!(found.value(), full.value(), "({alpha}, {beta})");
    }
    Ok(())
}

/// A time limit too long for an `Instant` means no deadline, not a panic.
#[test]
fn a_time_limit_beyond_any_instant_is_no_limit() -> Result<(), Box<dyn std::error::Error>> {
    let pos: Position = "O--OOOOX/-OOOOOOX/OOXXOOOX/OOXOOOXX/OOOOOOXX/---OOOOX/----O--X/XXXXXXXX X".parse()?;
    let solver = Solver::with_hash_mb(1);
    for time in [Duration::MAX, Duration::from_secs(u64::MAX / 2)] {
        let limits = Limits::none().with_scoring(Scoring::Wof).with_time(time);
        let solved = solver.solve_with(&pos, limits.clone())?;
        let bounded = solver.search(&pos, Window::FULL, limits)?;
        assert_eq!(Some(bounded.value()), solved.value().exact());
    }
    Ok(())
}

/// Runs `visitor` on the generator of `pos`'s board, and checks that the board has the
/// row-major layout and that the two answers it gives (on words, and on the `Position`) agree.
fn both_agree<T, V>(pos: &Position, visitor: V) -> Result<(), TestCaseError>
where
    T: PartialEq + std::fmt::Debug,
    V: kernel::Visitor<Output = Option<(T, T)>>,
{
    let found = kernel::dispatch(pos.geometry(), visitor);
    prop_assert!(found.is_some(), "{:?} has no row-major layout", pos.geometry());
    let (words, position) = found.expect("checked");
    prop_assert_eq!(words, position, "{}", pos);
    Ok(())
}

/// The stable discs of both colours of `pos` by the solver's closure on words, if its board
/// has the row-major layout, with the analysis' on the same position.
struct StableOnWords<'a>(&'a Position);

impl kernel::Visitor for StableOnWords<'_> {
    type Output = Option<(Bitboard, Bitboard)>;
    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        let pos = self.0;
        let lines = crate::analysis::words::Lines::new(&mg, pos.geometry())?;
        let empty = mg.compact(pos.empty_cells());
        let words = Color::ALL.map(|color| lines.stable(mg.compact(pos.discs(color)), empty));
        Some((mg.expand(words[0] | words[1]), crate::analysis::stable_discs(pos)))
    }
}

/// Whether the lines of a board run on the standard board's constants, and whether the
/// evaluation on its words reads the patterns' indices that the search keeps.
struct StandardOnly<'a>(&'a Geometry);

impl kernel::Visitor for StandardOnly<'_> {
    type Output = Option<(bool, bool)>;
    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        let lines = crate::analysis::words::Lines::new(&mg, self.0)?;
        let words = crate::eval::words::WordEvaluator::new(&mg, self.0)?;
        Some((lines.is_standard(), words.is_indexed()))
    }
}

/// The standard board's lines are recognised as such, so that the evaluation and the
/// cut-offs run on constants there, and the search keeps its patterns' indices (so the tests
/// on that board test that code); any other board, an 8×8 one with a blocked cell included,
/// keeps the lines it computed and has no patterns.
#[test]
fn the_standard_board_alone_runs_on_constant_lines_and_keeps_the_patterns_indices() {
    let on = |geometry: &Geometry| kernel::dispatch(geometry, StandardOnly(geometry));
    assert_eq!(on(&Geometry::STANDARD), Some((true, true)));
    let blocked = Geometry::STANDARD
        .with_unplayable(Bitboard::from_square("b2".parse::<Square>().expect("b2")))
        .expect("a blocked cell");
    assert_eq!(on(&blocked), Some((false, false)));
    assert_eq!(on(&Geometry::octagon()), Some((false, false)));
    for (w, h) in [(4, 4), (6, 8), (8, 6), (10, 10), (16, 16)] {
        assert_eq!(on(&Geometry::rectangle(w, h).expect("a board")), Some((false, false)), "{w}×{h}");
    }
}

/// The parity of `pos`'s empty cells on the solver's board (the quarters of odd count, and
/// their empty cells), with a count of the empty cells of each quarter.
struct ParityOnWords<'a>(&'a Position);

impl kernel::Visitor for ParityOnWords<'_> {
    type Output = Option<((u32, Bitboard), (u32, Bitboard))>;
    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        let (pos, geometry) = (self.0, self.0.geometry());
        let board = super::board::Board::new(mg, geometry, Scoring::Discs);
        let empty = mg.compact(pos.empty_cells());
        let parity = board.parity(empty);
        let on_words = (parity, mg.expand(empty & board.odd_cells[parity as usize]));
        let quarter = |sq: Square| {
            usize::from(sq.column() >= geometry.width() / 2) | usize::from(sq.row() >= geometry.height() / 2) << 1
        };
        let mut counts = [0; 4];
        pos.empty_cells().iter().for_each(|sq| counts[quarter(sq)] += 1);
        let counted = (0..4).filter(|&q| counts[q] % 2 == 1).fold(0, |bits, q| bits | 1 << q);
        let odd = pos.empty_cells().iter().filter(|&sq| counts[quarter(sq)] % 2 == 1).collect();
        Some((on_words, (counted, odd)))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The closure on words finds the analysis' stable discs, on every shape; and every
    /// board's layout is row-major, so the cut-off serves them all.
    #[test]
    fn stable_discs_on_words_match_the_analysis(seed in any::<u64>(), empties in 0u64..60) {
        let pos = random_position(seed, empties);
        both_agree(&pos, StableOnWords(&pos))?;
    }

    /// The same on the standard board, whose lines run on constants
    /// ([`the_standard_board_alone_runs_on_constant_lines_and_keeps_the_patterns_indices`]).
    #[test]
    fn stable_discs_on_words_match_the_analysis_on_the_standard_board(seed in any::<u64>(), empties in 0u64..60) {
        let pos = random_position_on(Geometry::STANDARD, &mut Rng(seed), empties);
        both_agree(&pos, StableOnWords(&pos))?;
    }

    /// The parity that orders the last moves is the quarters with an odd number of empty
    /// cells, on every shape.
    #[test]
    fn parity_is_the_quarters_with_odd_counts(seed in any::<u64>(), empties in 0u64..60) {
        let pos = random_position(seed, empties);
        both_agree(&pos, ParityOnWords(&pos))?;
    }
}

/// The evaluation's features and value of `pos` on the generator's words (the value twice:
/// read from the discs, then, on the standard board, from the patterns' indices that the
/// search keeps up to date), with those of [`Evaluator`](crate::eval::Evaluator) on the
/// position itself; both weigh the patterns' weights it holds.
struct EvaluateOnWords<'a>(&'a Position, crate::eval::PatternWeights);

type FeaturesAndValues = ([i32; crate::eval::FEATURES], [i32; 2]);

impl kernel::Visitor for EvaluateOnWords<'_> {
    type Output = Option<(FeaturesAndValues, FeaturesAndValues)>;
    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        use crate::eval::{indices::Indices, words::low_64};
        let pos = self.0;
        let weights = self.1;
        let words = crate::eval::words::WordEvaluator::with_pattern_weights(&mg, pos.geometry(), weights.clone())?;
        let side = pos.side_to_move();
        let (p, o) = (mg.compact(pos.discs(side)), mg.compact(pos.discs(!side)));
        let value = words.evaluate(&mg, p, o);
        let indexed = if words.is_indexed() {
            words.indexed_evaluate(&mg, p, o, &Indices::of(low_64(p), low_64(o)))
        } else {
            value
        };
        let evaluator = crate::eval::Evaluator::with_pattern_weights(pos.geometry(), weights);
        let expected = evaluator.evaluate(pos);
        Some(((words.features(&mg, p, o), [value, indexed]), (evaluator.features(pos), [expected, expected])))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The solver's evaluation on words gives the engine's features and value, on every shape.
    #[test]
    fn evaluation_on_words_matches_the_evaluator(seed in any::<u64>(), empties in 0u64..80) {
        let pos = random_position(seed, empties);
        both_agree(&pos, EvaluateOnWords(&pos, crate::eval::PatternWeights::built_in()))?;
    }

    /// The same on the standard board, whose patterns the evaluation on words weighs with the
    /// edge windows folded into the edge shape's table, in every band of empties.
    #[test]
    fn evaluation_on_words_matches_the_evaluator_on_the_standard_board(seed in any::<u64>(), empties in 0u64..40) {
        let pos = random_position_on(Geometry::default(), &mut Rng(seed), empties);
        both_agree(&pos, EvaluateOnWords(&pos, crate::eval::PatternWeights::built_in()))?;
    }

    /// The same with bands that leave counts out (weigh them 0), which the evaluation on words
    /// then does not read: `dropped` picks each band's counts to drop.
    #[test]
    fn evaluation_on_words_skips_the_counts_a_band_leaves_out(
        seed in any::<u64>(),
        empties in 0u64..60,
        dropped in any::<u64>(),
    ) {
        use crate::eval::patterns::{BANDS, PER_BAND};
        let mut bytes = include_bytes!("../eval/patterns.bin").to_vec();
        for band in 0..BANDS.len() {
            for count in 0..crate::eval::COUNTS {
                if (dropped >> ((band * 3 + count) % 64)) & 1 == 1 {
                    let at = 2 * (band * PER_BAND + count);
                    bytes[at..at + 2].fill(0);
                }
            }
        }
        let weights = crate::eval::PatternWeights::from_bytes(&bytes).expect("the built-in file, some counts zeroed");
        let pos = random_position_on(Geometry::default(), &mut Rng(seed), empties);
        both_agree(&pos, EvaluateOnWords(&pos, weights))?;
    }
}

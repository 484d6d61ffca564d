//! A node limit is kept within a few hundred nodes, by both searches, however small, on one
//! thread or two: the solver and the midgame search look at their limits every 16,384 and
//! 1,024 nodes, more often once a limit is near, and on several threads at least every 256.
//! A level's budget is not such a limit (it is looked at as the levels were measured);
//! `tests/search.rs` and the levels' own tests hold those.

use reversi_core::Position;
use reversi_engine::Limits;
use reversi_engine::search::Searcher;
use reversi_engine::solver::{SolveError, Solver};
use reversi_variants::{Move, Scoring};

/// FFO #40 (20 empties): about 7 M nodes to solve.
const FFO_40: &str = "O--OOOOX/-OOOOOOX/OOXXOOOX/OOXOOOXX/OOOOOOXX/---OOOOX/----O--X/-------- X";

/// The most nodes a search may run past its limit: the solver looks at its limits at its nodes
/// of 7 empties or more, so the subtree below the last such node ends first.
const SLACK: u64 = 400;

const LIMITS: [u64; 6] = [1, 2, 100, 1000, 20_000, 50_000];

#[test]
fn the_solver_stops_within_a_few_hundred_nodes_of_its_limit() -> Result<(), Box<dyn std::error::Error>> {
    let position: Position = FFO_40.parse()?;
    let solver = Solver::with_hash_mb(1);
    for limit in LIMITS {
        let limits = Limits::none().with_scoring(Scoring::Wof).with_nodes(limit);
        match solver.solve_with(&position, limits) {
            Err(SolveError::Interrupted { nodes, .. }) => {
                assert!(nodes <= limit + SLACK, "limit {limit}: {nodes} nodes");
            }
            other => panic!("limit {limit}: FFO #40 cannot be solved in so few nodes: {other:?}"),
        }
    }
    Ok(())
}

#[test]
fn the_midgame_search_stops_within_a_few_hundred_nodes_of_its_limit() -> Result<(), Box<dyn std::error::Error>> {
    // The start, far from any exact solve: only the midgame search runs.
    let position = Position::default();
    for limit in LIMITS {
        let mut searcher = Searcher::with_hash_mb(1);
        let result = searcher.search(&position, Limits::depth(30).with_nodes(limit)).ok_or("no result")?;
        assert!(result.nodes() <= limit + SLACK, "limit {limit}: {} nodes", result.nodes());
        let Move::Place(best) = result.best() else { panic!("limit {limit}: a pass at the start") };
        assert!(position.is_legal(best), "limit {limit}: a legal move");
    }
    Ok(())
}

#[test]
fn a_search_that_falls_back_from_a_solve_keeps_to_the_limit_too() -> Result<(), Box<dyn std::error::Error>> {
    // Exact from 20 empties: the solve of FFO #40 runs out, and the search after it has what
    // the solve left.
    let position: Position = FFO_40.parse()?;
    for limit in LIMITS {
        let mut searcher = Searcher::with_hash_mb(1);
        let limits = Limits::depth(30).with_nodes(limit).with_exact_empties(20).with_scoring(Scoring::Wof);
        let result = searcher.search(&position, limits).ok_or("no result")?;
        assert!(result.nodes() <= limit + SLACK, "limit {limit}: {} nodes", result.nodes());
    }
    Ok(())
}

#[test]
fn two_threads_keep_to_the_limit_too() -> Result<(), Box<dyn std::error::Error>> {
    let position: Position = FFO_40.parse()?;
    let solver = Solver::with_hash_mb(1).threads(std::num::NonZeroUsize::new(2).ok_or("two")?);
    let mut searcher = Searcher::with_hash_mb(1).with_threads(2);
    // Each thread tells the shared count every few hundred nodes under a close limit, and a
    // thread that splits tells before it waits: each may run its share past the limit, and
    // the subtree it is in. Timing varies from run to run, so the same searches run a few
    // times.
    for round in 0..4 {
        for limit in [1000, 50_000, 200_000] {
            let limits = Limits::none().with_scoring(Scoring::Wof).with_nodes(limit);
            match solver.solve_with(&position, limits) {
                Err(SolveError::Interrupted { nodes, .. }) => {
                    assert!(nodes <= limit + 2 * SLACK, "round {round}, limit {limit}: {nodes}");
                }
                other => panic!("limit {limit}: {other:?}"),
            }
            let result =
                searcher.search(&Position::default(), Limits::depth(30).with_nodes(limit)).ok_or("no result")?;
            assert!(result.nodes() <= limit + 2 * SLACK, "round {round}, limit {limit}: {} nodes", result.nodes());
        }
    }
    Ok(())
}

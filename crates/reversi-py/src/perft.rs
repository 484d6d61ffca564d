//! Perft that Ctrl-C stops: a small count at once, a large one in chunks on a thread of its
//! own ([`interrupt::run`]), for `perft` and `Game.perft` alike.

use std::sync::atomic::AtomicBool;

use pyo3::prelude::*;
use reversi_core::{Position, perft_parallel};
use reversi_variants::{Game, Phase};

use crate::errors::EngineError;
use crate::interrupt::{self, stopped};

/// The perft of `game` (in its free opening) or else of `position`, on `threads`: at once when
/// it is small, else in chunks on a thread of its own that Ctrl-C stops.
pub(crate) fn perft_game(
    py: Python<'_>,
    game: Option<&Game>,
    position: &Position,
    depth: u32,
    threads: usize,
) -> PyResult<u64> {
    let opening = game.filter(|g| g.phase() == Phase::FreeOpening);
    if depth <= chunk_depth(position) {
        return Ok(py.detach(|| match opening {
            Some(game) => game.perft(depth),
            None => perft_parallel(position, depth, threads),
        }));
    }
    let counted = interrupt::run(py, |stop| match opening {
        Some(game) => opening_perft(game, depth, threads, &stop),
        None => chunked_perft(position, depth, threads, &stop),
    })?;
    // `None` only once stopped, and a stop comes with the signal's error.
    counted.ok_or_else(|| EngineError::new_err("perft was stopped"))
}

/// The depth below which a perft is one chunk: at most a few tens of milliseconds on any
/// board (the branching grows with the board), so that a stop is seen within one.
fn chunk_depth(position: &Position) -> u32 {
    match position.geometry().playable().len() {
        0..=64 => 7,
        65..=100 => 6,
        _ => 5,
    }
}

/// Perft by the rules' convention (docs/rules.md §4: a pass takes a ply, a finished game is a
/// leaf wherever it is), walking the first plies here and counting each subtree of
/// [`chunk_depth`] plies whole; `None` once `stop` is set.
fn chunked_perft(position: &Position, depth: u32, threads: usize, stop: &AtomicBool) -> Option<u64> {
    if stopped(stop) {
        return None;
    }
    if depth <= chunk_depth(position) {
        return Some(perft_parallel(position, depth, threads));
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        let mut passed = *position;
        // No move for either side: a leaf (depth is above the chunk's, so never 1 here).
        return match passed.pass() {
            Ok(()) => chunked_perft(&passed, depth - 1, threads, stop),
            Err(_) => Some(1),
        };
    }
    let mut sum = 0;
    for sq in moves {
        let mut child = *position;
        child.play_unchecked(sq);
        sum += chunked_perft(&child, depth - 1, threads, stop)?;
    }
    Some(sum)
}

/// [`chunked_perft`] from a game in its free opening: the placements walked here, each one
/// through the game, which knows the phase.
fn opening_perft(game: &Game, depth: u32, threads: usize, stop: &AtomicBool) -> Option<u64> {
    if game.phase() != Phase::FreeOpening {
        return chunked_perft(game.position(), depth, threads, stop);
    }
    if stopped(stop) {
        return None;
    }
    if depth <= chunk_depth(game.position()) {
        return Some(game.perft(depth));
    }
    let mut sum = 0;
    for mv in game.legal_move_list() {
        let mut child = game.clone();
        child.play(mv).expect("a legal placement");
        sum += opening_perft(&child, depth - 1, threads, stop)?;
    }
    Some(sum)
}

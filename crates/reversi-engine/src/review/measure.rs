//! The reasons of a mistake, measured on the board: the positions right after the move played
//! and after the best move, and at the end of each one's expected line.

use reversi_core::{Bitboard, Color, Geometry, Position, Square};
use reversi_variants::{Game, Move, Phase, PlayError};

use super::{Reason, Score};
use crate::analysis::{empty_regions, frontier, mobility, potential_mobility, stable_discs};

/// The plies of each expected line measured at most: far enough for a corner given away to be
/// taken (the move, the reply that sets it up, the move it forces, the capture and a little
/// more), short enough that the line is still what the engine expects.
pub const LINE_PLIES: usize = 6;

/// The least differences reported when something clearer is found; below them, a reason is
/// reported only when it is the largest difference there is (see [`reasons`]).
const MOBILITY_GAP: u32 = 2;
const FRONTIER_GAP: u32 = 2;
const STABLE_GAP: u32 = 2;
const LINE_MOBILITY_GAP: i64 = 3;

/// At most this many empty cells, parity is counted even on a board of one region.
const PARITY_EMPTIES: u32 = 14;

/// The corners of a board: the playable cells whose four lines each end at a wall (the edge,
/// a cut corner or a blocked cell) on at least one side, where a disc can never flip.
#[must_use]
pub fn corners(geometry: &Geometry) -> Bitboard {
    let wall = |sq: Square, dc: i8, dr: i8| sq.offset(dc, dr).is_none_or(|n| !geometry.is_playable(n));
    geometry
        .playable()
        .iter()
        .filter(|&sq| [(1, 0), (0, 1), (1, 1), (1, -1)].iter().all(|&(dc, dr)| wall(sq, dc, dr) || wall(sq, -dc, -dr)))
        .collect()
}

/// The game after the first `plies` moves of `line`.
fn after(game: &Game, line: &[Move], plies: usize) -> Result<Game, PlayError> {
    let mut game = game.clone();
    for &mv in line.iter().take(plies) {
        game.play(mv)?;
    }
    Ok(game)
}

/// The empty cells of the region of `position` that holds `mv`, if it is a disc.
fn region_of(position: &Position, mv: Move) -> Option<u32> {
    let Move::Place(square) = mv else { return None };
    empty_regions(position).find(|r| r.contains(square)).map(Bitboard::len)
}

/// What is measured at the end of a line, for the mover and the opponent.
struct Counts {
    corners: (Vec<Square>, Vec<Square>),
    stable: (u32, u32),
    mobility: (u32, u32),
    frontier: u32,
    potential: (u32, u32),
}

impl Counts {
    fn of(position: &Position, mover: Color) -> Counts {
        let corner_cells = corners(position.geometry());
        let stable = stable_discs(position);
        let held = |c: Color| (position.discs(c) & corner_cells).iter().collect::<Vec<_>>();
        Counts {
            corners: (held(mover), held(!mover)),
            stable: ((stable & position.discs(mover)).len(), (stable & position.discs(!mover)).len()),
            mobility: (mobility(position, mover).len(), mobility(position, !mover).len()),
            frontier: frontier(position, mover).len(),
            potential: (potential_mobility(position, mover).len(), potential_mobility(position, !mover).len()),
        }
    }
}

/// The reasons why `played_line`'s first move is worse than `best_line`'s (each line a move
/// and the engine's expected continuation from `game`), whose values for the mover are
/// `best_value` and `played_value`.
///
/// The clearest measures come first, each with its least difference; when none reaches its
/// threshold, the largest difference against the move played that there is, however small, is
/// reported, so that a mistake is never left without a reason the board shows.
pub fn reasons(
    game: &Game,
    best_line: &[Move],
    played_line: &[Move],
    best_value: Score,
    played_value: Score,
) -> Result<Vec<Reason>, PlayError> {
    let mover = game.side_to_move();
    let (Some(&best), Some(&played)) = (best_line.first(), played_line.first()) else { return Ok(Vec::new()) };
    let mut reasons = Vec::new();
    if best_value.is_exact() && played_value.is_exact() && played_value.discs() < best_value.discs() {
        let whole = |s: Score| s.centidiscs() / 100;
        reasons.push(Reason::ExactResult { best: whole(best_value), played: whole(played_value) });
    }
    let (after_best, after_played) = (after(game, best_line, 1)?, after(game, played_line, 1)?);
    let (pb, pp) = (after_best.position(), after_played.position());
    let normal = after_best.phase() != Phase::FreeOpening && after_played.phase() != Phase::FreeOpening;
    let (replies_best, replies_played) = (mobility(pb, !mover), mobility(pp, !mover));
    let (mut small_mobility, mut small_frontier) = (None, None);
    if normal {
        if replies_best.is_empty() && !replies_played.is_empty() && !mobility(pb, mover).is_empty() {
            reasons.push(Reason::PassMissed { replies: replies_played.len() });
        } else if replies_played.len() >= replies_best.len() + MOBILITY_GAP {
            reasons.push(Reason::Mobility { played: replies_played.len(), best: replies_best.len() });
        } else if replies_played.len() > replies_best.len() {
            small_mobility = Some(Reason::Mobility { played: replies_played.len(), best: replies_best.len() });
        }
        let corner_cells = corners(pp.geometry());
        if let (Move::Place(b), Move::Place(p)) = (best, played)
            && corner_cells.contains(b)
            && !corner_cells.contains(p)
        {
            reasons.push(Reason::CornerMissed { corner: b });
        }
        let given: Vec<Square> = ((replies_played & corner_cells) - (replies_best & corner_cells)).iter().collect();
        if !given.is_empty() {
            reasons.push(Reason::CornerGiven { corners: given });
        }
        let (fb, fp) = (frontier(pb, mover).len(), frontier(pp, mover).len());
        if fp >= fb + FRONTIER_GAP {
            reasons.push(Reason::Frontier { played: fp, best: fb });
        } else if fp > fb {
            small_frontier = Some(Reason::Frontier { played: fp, best: fb });
        }
        let before = game.position();
        let regions = empty_regions(before).count();
        if (regions > 1 || before.empty_cells().len() <= PARITY_EMPTIES)
            && let (Some(p), Some(b)) = (region_of(before, played), region_of(before, best))
            && p % 2 == 0
            && b % 2 == 1
        {
            reasons.push(Reason::Parity { played_region: p, best_region: b });
        }
    }
    let plies = best_line.len().min(played_line.len()).min(LINE_PLIES);
    let mut fallback = Vec::new();
    if plies >= 2 {
        let (main, small) = in_line(game, best_line, played_line, plies, mover)?;
        reasons.extend(main);
        fallback = small;
    }
    if reasons.is_empty() {
        // Nothing reached its threshold: the smaller differences, the whole line's first,
        // then right after the move, then at the end of each shorter part of the lines.
        fallback.extend(small_mobility);
        fallback.extend(small_frontier);
        for shorter in (2..plies).rev() {
            if !fallback.is_empty() {
                break;
            }
            let (main, small) = in_line(game, best_line, played_line, shorter, mover)?;
            fallback.extend(main);
            fallback.extend(small);
        }
        // Last, the discs themselves, which the endgame counts: at the end of the lines as
        // far as both go, then of each shorter part.
        let longest = best_line.len().min(played_line.len());
        for plies in (1..=longest).rev() {
            if !fallback.is_empty() {
                break;
            }
            let (end_best, end_played) = (after(game, best_line, plies)?, after(game, played_line, plies)?);
            let count = |g: &Game| (g.position().count(mover), g.position().count(!mover));
            let (cb, cp) = (count(&end_best), count(&end_played));
            if i64::from(cp.0) - i64::from(cp.1) < i64::from(cb.0) - i64::from(cb.1) {
                let plies = u32::try_from(plies).unwrap_or(u32::MAX);
                fallback.push(Reason::DiscsInLine { plies, played: cp, best: cb });
            }
        }
        reasons.extend(fallback.into_iter().take(1));
    }
    Ok(reasons)
}

/// The reasons measured at the end of the first `plies` moves of each line: those that reach
/// their thresholds, and the smaller differences against the move played, clearest first.
fn in_line(
    game: &Game,
    best_line: &[Move],
    played_line: &[Move],
    plies: usize,
    mover: Color,
) -> Result<(Vec<Reason>, Vec<Reason>), PlayError> {
    let (mut main, mut small) = (Vec::new(), Vec::new());
    let (end_best, end_played) = (after(game, best_line, plies)?, after(game, played_line, plies)?);
    let (cb, cp) = (Counts::of(end_best.position(), mover), Counts::of(end_played.position(), mover));
    let plies = u32::try_from(plies).unwrap_or(u32::MAX);
    let corner_net = |c: &Counts| c.corners.1.len() as i64 - c.corners.0.len() as i64;
    if corner_net(&cp) > corner_net(&cb) {
        main.push(Reason::CornerInLine { plies, played: cp.corners.1.clone(), best: cb.corners.1.clone() });
    }
    let mobility_net = |c: &Counts| i64::from(c.mobility.0) - i64::from(c.mobility.1);
    let line_mobility = Reason::MobilityInLine { plies, played: cp.mobility, best: cb.mobility };
    let stable_net = |c: &Counts| i64::from(c.stable.1) - i64::from(c.stable.0);
    let stable = Reason::StableDiscs { plies, played: cp.stable, best: cb.stable };
    if stable_net(&cp) >= stable_net(&cb) + i64::from(STABLE_GAP) {
        main.push(stable);
    } else if stable_net(&cp) > stable_net(&cb) {
        small.push(stable);
    }
    if mobility_net(&cb) - mobility_net(&cp) >= LINE_MOBILITY_GAP {
        main.push(line_mobility);
    } else if mobility_net(&cb) > mobility_net(&cp) {
        small.insert(0, line_mobility);
    }
    if cp.frontier > cb.frontier {
        small.push(Reason::FrontierInLine { plies, played: cp.frontier, best: cb.frontier });
    }
    let potential_net = |c: &Counts| i64::from(c.potential.0) - i64::from(c.potential.1);
    if potential_net(&cp) < potential_net(&cb) {
        small.push(Reason::PotentialMobility { plies, played: cp.potential, best: cb.potential });
    }
    Ok((main, small))
}

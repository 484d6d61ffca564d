//! The patterns' indices of a position kept up to date move by move, for the searches that
//! evaluate the children of one node (the solver's move ordering and probable cut-offs).
//!
//! Read from the discs, an index costs two gathers of the cells and two ternary lookups, and
//! most placements need a symmetry of the board first: most of a position's evaluation's
//! instructions. A move changes only the cells it fills and flips, and each cell's share of
//! every index is a constant (`3^k` if it is the instance's `k`-th cell): the child's indices
//! are the parent's plus the shares of those cells, a few vector additions. Both sides' views
//! are kept, as the side to move alternates.

use super::shapes::{INSTANCES, PLACEMENTS, SHAPES, symmetric};

/// The lanes of one side's indices: the instances rounded up to whole 256-bit vectors of
/// 16-bit lanes, so that a compiler can add them a vector at a time.
pub(crate) const LANES: usize = 48;
const _: () = assert!(INSTANCES <= LANES && LANES.is_multiple_of(16));
// The largest index (a shape of ten cells all the opponent's) fits a lane.
const _: () = assert!(3u32.pow(10) - 1 <= u16::MAX as u32);

/// Each cell's share (bit `8 r + c` for cell (r, c)) of every instance's index, the mover's
/// disc counting one share, the opponent's two: `3^k` in an instance's lane if the cell is its
/// `k`-th cell, else 0.
static SHARES: [[u16; LANES]; 64] = {
    let mut shares = [[0u16; LANES]; 64];
    let mut i = 0;
    while i < INSTANCES {
        let (s, k) = PLACEMENTS[i];
        let shape = SHAPES[s];
        let (mut j, mut power) = (0, 1u16);
        while j < shape.len() {
            let (r, c) = symmetric(shape[j].0, shape[j].1, k);
            shares[8 * r as usize + c as usize][i] = power;
            // The last cell's power times three would leave `u16`; it is never used.
            power = power.wrapping_mul(3);
            j += 1;
        }
        i += 1;
    }
    shares
};

/// The indices of every instance of the patterns in a position of the standard board, as the
/// side to move reads them (its discs one share, the opponent's two) and as the opponent does:
/// instance `i`'s index is lane `i` of the mover's view, as [`Patterns::indices`] gives it in
/// turn (without the shapes' offsets).
///
/// [`Patterns::indices`]: super::patterns::Patterns::indices
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub(crate) struct Indices {
    mover: [u16; LANES],
    opponent: [u16; LANES],
}

impl Indices {
    /// The indices of the position where the mover has discs `p` and the opponent `o`
    /// (bit `8 r + c` for cell (r, c)).
    #[inline(always)]
    pub(crate) fn of(p: u64, o: u64) -> Indices {
        let (mine, theirs) = (sum_of_shares(p), sum_of_shares(o));
        let mut indices = Indices { mover: [0; LANES], opponent: [0; LANES] };
        for lane in 0..LANES {
            indices.mover[lane] = mine[lane].wrapping_add(theirs[lane].wrapping_mul(2));
            indices.opponent[lane] = theirs[lane].wrapping_add(mine[lane].wrapping_mul(2));
        }
        indices
    }

    /// The indices after the mover plays on cell `x` (bit `8 r + c`) and flips `flips`, read
    /// by the side that moves next, the opponent: the cell comes to the mover, one share in
    /// its view and two in the opponent's, and each flipped cell goes from two shares to one
    /// in the mover's view and from one to two in the opponent's.
    #[inline(always)]
    #[must_use]
    pub(crate) fn after(&self, x: u32, flips: u64) -> Indices {
        let flipped = sum_of_shares(flips);
        let cell = &SHARES[x as usize];
        let mut child = Indices { mover: [0; LANES], opponent: [0; LANES] };
        for lane in 0..LANES {
            child.mover[lane] =
                self.opponent[lane].wrapping_add(cell[lane].wrapping_mul(2)).wrapping_add(flipped[lane]);
            child.opponent[lane] = self.mover[lane].wrapping_add(cell[lane]).wrapping_sub(flipped[lane]);
        }
        child
    }

    /// The indices of the same discs with the other side to move (a pass).
    #[inline(always)]
    #[must_use]
    pub(crate) fn passed(&self) -> Indices {
        Indices { mover: self.opponent, opponent: self.mover }
    }

    /// Instance `i`'s index as the side to move reads it.
    #[inline(always)]
    pub(crate) fn mover(&self, i: usize) -> usize {
        usize::from(self.mover[i])
    }
}

/// The shares of the cells of `cells` (bit `8 r + c`), summed lane by lane.
#[inline(always)]
fn sum_of_shares(cells: u64) -> [u16; LANES] {
    let mut sum = [0u16; LANES];
    let mut rest = cells;
    while rest != 0 {
        let shares = &SHARES[rest.trailing_zeros() as usize];
        rest &= rest - 1;
        for lane in 0..LANES {
            sum[lane] = sum[lane].wrapping_add(shares[lane]);
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    // That the indices equal those read from the discs is tested beside the reading, in
    // `patterns` (which is above this module).
    proptest::proptest! {
        #[test]
        fn the_lanes_past_the_instances_stay_empty(a: u64, b: u64, x in 0u32..64, f: u64) {
            let (p, o) = (a & !b & !(1 << x), b & !a & !(1 << x));
            let indices = Indices::of(p, o);
            proptest::prop_assert!(indices.mover[INSTANCES..].iter().all(|&lane| lane == 0));
            let child = indices.after(x, f & o);
            proptest::prop_assert!(child.mover[INSTANCES..].iter().all(|&lane| lane == 0));
        }
    }
}

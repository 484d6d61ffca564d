//! The number of discs that the last move flips on a full 8×8 board, counted from the mover's
//! discs alone: with one cell left, every other cell holds a disc, so each line through it
//! is fixed by which of its cells are the mover's. Each of the four lines is gathered into a
//! byte and looked up in a table of counts, with no flips computed: an exact endgame solver
//! spends about a quarter of its nodes on the last empty cell.

/// The discs flipped along a line of eight cells by a move on cell `at` of the line when bit
/// `k` of the index says whether cell `k` is the mover's and every other cell is the
/// opponent's: on each side, the opponent's discs up to the mover's nearest, none if the line
/// ends first.
static COUNTS: [[u8; 256]; 8] = {
    let mut counts = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut line = 0;
        while line < 256 {
            let mut total = 0;
            // Towards higher cells, then towards lower ones.
            let mut k = at + 1;
            while k < 8 && line >> k & 1 == 0 {
                k += 1;
            }
            if k < 8 {
                total += k - at - 1;
            }
            let mut k = at;
            while k > 0 && line >> (k - 1) & 1 == 0 {
                k -= 1;
            }
            if k > 0 {
                total += at - k;
            }
            counts[at][line] = total as u8;
            line += 1;
        }
        at += 1;
    }
    counts
};

/// For each cell, its diagonal (row minus column constant) and its anti-diagonal (row plus
/// column constant).
static DIAGONALS: [(u64, u64); 64] = {
    let mut diagonals = [(0u64, 0u64); 64];
    let mut x = 0;
    while x < 64 {
        let (r, c) = (x / 8, x % 8);
        let mut y = 0;
        while y < 64 {
            let (s, d) = (y / 8, y % 8);
            if s + c == r + d {
                diagonals[x].0 |= 1 << y;
            }
            if s + d == r + c {
                diagonals[x].1 |= 1 << y;
            }
            y += 1;
        }
        x += 1;
    }
    diagonals
};

/// The first column.
const FIRST_COLUMN: u64 = 0x0101_0101_0101_0101;

/// Cells of different columns, stacked by column into the top byte: a product whose partial
/// sums never carry, each column's bit landing on bit `56 + column`.
#[inline(always)]
fn by_column(cells: u64) -> usize {
    (cells.wrapping_mul(FIRST_COLUMN) >> 56) as usize
}

/// The discs that the mover with discs `p` flips by playing `x`, the one empty cell of a
/// full 8×8 board (bit `row * 8 + column`): the opponent holds every other cell.
#[inline(always)]
pub(super) fn count(p: u64, x: u32) -> u32 {
    debug_assert!(x < 64 && p >> x & 1 == 0);
    let (row, column) = ((x / 8) as usize, (x % 8) as usize);
    let (diagonal, anti_diagonal) = DIAGONALS[x as usize];
    // A column stacked into a byte, row `k` on bit `k`: the product puts each row's bit
    // alone on bit `56 + k`.
    let vertical = ((p >> column & FIRST_COLUMN).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let sum = COUNTS[column][(p >> (8 * row)) as u8 as usize]
        + COUNTS[row][vertical]
        + COUNTS[column][by_column(p & diagonal)]
        + COUNTS[column][by_column(p & anti_diagonal)];
    u32::from(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn the_count_agrees_with_the_flips(p: u64, x in 0u32..64) {
            let p = p & !(1 << x);
            let o = !p & !(1 << x);
            proptest::prop_assert_eq!(count(p, x), super::super::eight::flips(p, o, x).count_ones());
        }
    }
}

//! What the search needs to know about a board, computed once per solve from its geometry:
//! the playable cells in the generator's compact layout, each cell's square, its parity
//! region, neighbours and move-ordering weight, and the evaluation the ordering uses far from
//! the end.

use reversi_core::kernel::{Layout, Word};
use reversi_core::{Geometry, Square};
use reversi_variants::Scoring;

use crate::eval::words::WordEvaluator;
use crate::transposition_table::endgame::{self as table, Array};

/// Cells a board may have (16×16).
const MAX_CELLS: usize = 256;

/// A board in the compact layout of generator `M`.
pub(super) struct Board<M: Layout> {
    pub mg: M,
    pub playable: M::Word,
    pub cells: i32,
    /// Empty cells below which a node's entry lives in the table's near array
    /// ([`table::NEAR_BELOW`] on boards of at most [`table::NEAR_CELLS`] cells, else none).
    near_below: u32,
    /// The table's array for the other nodes: the main array beside the near one, or the
    /// whole table on boards without a near array.
    far: Array,
    pub scoring: Scoring,
    /// Mixed into every key, so that equal words on different boards or under different
    /// scorings never share an entry.
    pub salt: u64,
    /// The square of each compact index (`None` off the board or unplayable).
    squares: [Option<Square>; MAX_CELLS],
    /// Each playable cell's region for the parity ordering, the quarter of the board it lies
    /// in, as its bit in a parity: a set of quarters, bit `q` set when quarter `q` holds an odd
    /// number of empty cells ([`Board::parity`]).
    pub quarter: [u32; MAX_CELLS],
    /// The cells of the quarters of each parity (an index below 16).
    pub odd_cells: [M::Word; 16],
    /// Each playable cell's order among moves of equal merit: cells with fewer playable
    /// neighbours (corners, edges, cells beside a hole) first, as they are harder to flip back.
    pub rank: [u8; MAX_CELLS],
    /// Cells with three playable neighbours or fewer: corners, and cells that holes make corners.
    pub corners: M::Word,
    /// Each playable cell's playable neighbours.
    pub neighbours: [M::Word; MAX_CELLS],
    /// The cells next to a corner: a move there often gives the corner away.
    pub near_corners: M::Word,
    /// The static evaluation on the words, for the move ordering far from the end, and the
    /// lines for the stability cut-off.
    pub words: WordEvaluator<M>,
}

impl<M: Layout> Board<M> {
    pub(super) fn new(mg: M, geometry: &Geometry, scoring: Scoring) -> Board<M> {
        let playable_set = geometry.playable();
        let playable = mg.compact(playable_set);
        // Every generator lays its board out row by row; the solver's tests check it on every
        // shape.
        let words = WordEvaluator::new(&mg, geometry).expect("the generators' layouts are row-major");
        let near = playable.count() <= table::NEAR_CELLS;
        let mut board = Board {
            mg,
            playable,
            cells: playable.count() as i32,
            near_below: if near { table::NEAR_BELOW } else { 0 },
            far: if near { Array::Main } else { Array::Whole },
            scoring,
            salt: 0,
            squares: [None; MAX_CELLS],
            quarter: [0; MAX_CELLS],
            odd_cells: [M::Word::ZERO; 16],
            rank: [0; MAX_CELLS],
            corners: M::Word::ZERO,
            neighbours: [M::Word::ZERO; MAX_CELLS],
            near_corners: M::Word::ZERO,
            words,
        };
        let (w, h) = (geometry.width(), geometry.height());
        let quarter = |sq: Square| u32::from(sq.column() >= w / 2) | u32::from(sq.row() >= h / 2) << 1;
        for sq in playable_set {
            let i = mg.index(sq) as usize;
            board.squares[i] = Some(sq);
            board.quarter[i] = 1 << quarter(sq);
            for (parity, cells) in board.odd_cells.iter_mut().enumerate() {
                if parity & 1 << quarter(sq) != 0 {
                    *cells = *cells | M::Word::bit(i as u32);
                }
            }
            let mut neighbours = 0u8;
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if let Some(t) = sq.offset(dc, dr).filter(|&t| geometry.is_playable(t)) {
                    neighbours += 1;
                    board.neighbours[i] = board.neighbours[i] | M::Word::bit(mg.index(t));
                }
            }
            board.rank[i] = neighbours;
            if neighbours <= 3 {
                board.corners = board.corners | M::Word::bit(i as u32);
            }
        }
        let mut corners = board.corners;
        while !corners.is_zero() {
            let c = corners.lowest();
            corners = corners.without_lowest();
            board.near_corners = board.near_corners | board.neighbours[c as usize];
        }
        board.near_corners = board.near_corners & !board.corners;
        let mut salt = u64::from(w) << 8 | u64::from(h) | (scoring as u64) << 16;
        for word in playable_set.to_words() {
            salt = mix(salt ^ word);
        }
        board.salt = salt;
        board
    }

    /// The cells `odd` then `even` (of the parity order), each in three classes: corners
    /// first, cells next to a corner last, the others between.
    #[inline(always)]
    pub(super) fn by_class(&self, odd: M::Word, even: M::Word) -> [M::Word; 6] {
        let (first, last) = (self.corners, self.near_corners);
        let middle = !(first | last);
        [odd & first, odd & middle, odd & last, even & first, even & middle, even & last]
    }

    /// The parity of the empty cells `empty`: the quarters that hold an odd number of them
    /// (see [`Board::quarter`]).
    #[inline(always)]
    pub(super) fn parity(&self, empty: M::Word) -> u32 {
        let mut parity = 0;
        let mut rest = empty;
        while !rest.is_zero() {
            let x = rest.lowest();
            rest = rest.without_lowest();
            parity ^= self.quarter[x as usize];
        }
        parity
    }

    /// The static evaluation of the mover with discs `p` against `o`, in hundredths of a disc.
    #[inline(always)]
    pub(super) fn evaluate(&self, p: M::Word, o: M::Word) -> i32 {
        self.words.evaluate(&self.mg, p, o)
    }

    /// The discs of `discs` anchored at a corner: those on corners, and those beside a corner
    /// of theirs along a row or a column (on the standard board, an edge cell next to its
    /// colour's corner, which nothing can flip). A move that adds to them is a quiet one.
    #[inline(always)]
    pub(super) fn anchored(&self, discs: M::Word) -> u32 {
        let corners = discs & self.corners;
        (discs & (corners | self.words.lines().orthogonal_neighbours(corners))).count()
    }

    /// The square of compact index `i`.
    pub(super) fn square(&self, i: u32) -> Square {
        self.squares[i as usize].expect("a move is on a playable cell")
    }

    /// The table's array for the entry of a node with `empties` empty cells.
    #[inline(always)]
    pub(super) fn array(&self, empties: u32) -> Array {
        if empties < self.near_below { Array::Near } else { self.far }
    }

    /// The final score of the mover with discs `p` once its move on the last empty cell has
    /// flipped `flipped` discs: the board is full, the opponent holds the rest and no empty
    /// cell is left for the winner, so it is [`Board::final_score`] under either scoring,
    /// from one count instead of two.
    #[inline(always)]
    pub(super) fn last_move_score(&self, p: M::Word, flipped: u32) -> i32 {
        2 * (p.count() + flipped + 1) as i32 - self.cells
    }

    /// The final score of the mover with discs `p` against `o` when the game ends here.
    #[inline(always)]
    pub(super) fn final_score(&self, p: M::Word, o: M::Word) -> i32 {
        let (mine, theirs) = (p.count() as i32, o.count() as i32);
        let diff = mine - theirs;
        match self.scoring {
            Scoring::Discs => diff,
            // The empty cells go to the winner; a draw stays a draw.
            Scoring::Wof => {
                let empty = self.cells - mine - theirs;
                diff + diff.signum() * empty
            }
        }
    }

    /// The key of the position with the mover's discs `p` and the opponent's `o`.
    #[inline(always)]
    pub(super) fn key(&self, p: M::Word, o: M::Word) -> u64 {
        let mut h = self.salt;
        let mut offset = 0;
        while offset < M::Word::BITS {
            h = mix(h ^ limb(p, offset)).wrapping_add(limb(o, offset));
            offset += 64;
        }
        mix(h)
    }
}

/// The 64 bits of `w` from bit `offset` on.
#[inline(always)]
fn limb<W: Word>(w: W, offset: u32) -> u64 {
    w.chunk(offset) | w.chunk(offset + 16) << 16 | w.chunk(offset + 32) << 32 | w.chunk(offset + 48) << 48
}

/// A 64-bit mixer (the finaliser of MurmurHash3's 64-bit variant, as constants go).
#[inline(always)]
fn mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    h = (h ^ (h >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

#[cfg(test)]
mod tests {
    use reversi_core::Bitboard;
    use reversi_core::kernel::Eight;

    use super::*;

    fn squares<M: Layout>(board: &Board<M>, word: M::Word) -> Vec<String> {
        let mut names: Vec<String> = board.mg.expand(word).iter().map(|sq| sq.to_string()).collect();
        names.sort();
        names
    }

    #[test]
    fn classes_put_corners_first_and_their_neighbours_last() {
        let geometry = Geometry::default();
        let mg = Eight::new(&geometry).expect("8x8 has the portable generator");
        let board = Board::new(mg, &geometry, Scoring::Discs);
        assert_eq!(squares(&board, board.corners), ["a1", "a8", "h1", "h8"]);
        assert_eq!(
            squares(&board, board.near_corners),
            ["a2", "a7", "b1", "b2", "b7", "b8", "g1", "g2", "g7", "g8", "h2", "h7"]
        );
        let cells = |names: &[&str]| mg.compact(names.iter().map(|&name| sq(name)).collect::<Bitboard>());
        let classes = board.by_class(cells(&["a1", "b2", "d3"]), cells(&["h8", "c4"])).map(|w| squares(&board, w));
        let expected: [&[&str]; 6] = [&["a1"], &["d3"], &["b2"], &["h8"], &["c4"], &[]];
        assert_eq!(classes, expected);
    }

    #[test]
    fn anchored_discs_are_corners_and_their_edge_neighbours() {
        let geometry = Geometry::default();
        let mg = Eight::new(&geometry).expect("8x8 has the portable generator");
        let board = Board::new(mg, &geometry, Scoring::Discs);
        let cells = |names: &[&str]| mg.compact(names.iter().map(|&name| sq(name)).collect::<Bitboard>());
        // a1 anchors b1 and a2 but not b2 (a diagonal) nor c1; g8 has no corner of its own.
        assert_eq!(board.anchored(cells(&["a1", "b1", "a2", "b2", "c1", "g8"])), 3);
        assert_eq!(board.anchored(cells(&["h8", "g8", "h7", "h1"])), 4);
        assert_eq!(board.anchored(cells(&["b1", "a2", "g7"])), 0);
    }

    fn sq(name: &str) -> Square {
        name.parse().expect("a square name")
    }
}

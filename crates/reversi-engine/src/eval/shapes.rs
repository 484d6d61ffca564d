//! The shapes of the standard board's patterns and their placements: which cells each shape
//! covers, the board's eight symmetries, and the 46 instances that place the shapes on the
//! board. Geometry only, no weights: below both the patterns' values
//! ([`patterns`](super::patterns)) and their indices kept move by move
//! ([`indices`](super::indices)), which both read it.

/// A shape: its cells as (row, column), in the order of its index's digits.
pub type Shape = &'static [(u8, u8)];

/// The shapes: an edge with its two X cells, the 3×3 and 2×5 corner blocks, rows 2 to 4, and
/// the diagonals of 8 to 4 cells.
pub const SHAPES: [Shape; 11] = [
    &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 7), (1, 1), (1, 6)],
    &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4)],
    &[(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7)],
    &[(2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (2, 7)],
    &[(3, 0), (3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (3, 6), (3, 7)],
    &[(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)],
    &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)],
    &[(0, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 7)],
    &[(0, 3), (1, 4), (2, 5), (3, 6), (4, 7)],
    &[(0, 4), (1, 5), (2, 6), (3, 7)],
];

/// The placements of the shapes on the board (see [`Patterns::indices`](super::patterns::Patterns::indices)).
pub const INSTANCES: usize = 46;

/// The cell of symmetry `k` that stands for cell (r, c): the identity, the transpose, the
/// vertical and horizontal mirrors, the half turn, the anti-transpose and the two quarter
/// turns. (The views of `transformed` in `patterns` compute these; the tests check them against it.)
pub const fn symmetric(r: u8, c: u8, k: usize) -> (u8, u8) {
    match k {
        0 => (r, c),
        1 => (c, r),
        2 => (7 - r, c),
        3 => (r, 7 - c),
        4 => (7 - r, 7 - c),
        5 => (7 - c, 7 - r),
        6 => (c, 7 - r),
        _ => (7 - c, r),
    }
}

/// Calls the macro `$callback` with every instance: its shape and the symmetry that places it,
/// in the order of its index among [`Patterns::indices`](super::patterns::Patterns::indices)
/// (each shape's symmetries in order, the first of each distinct set of cells; a test derives
/// the list again from [`SHAPES`]). One list for [`PLACEMENTS`] and for the patterns' sums,
/// which spell it out term by term.
macro_rules! with_placements {
    ($callback:ident) => {
        $callback![
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 5),
            (1, 0),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 0),
            (2, 1),
            (2, 2),
            (2, 3),
            (2, 4),
            (2, 5),
            (2, 6),
            (2, 7),
            (3, 0),
            (3, 1),
            (3, 2),
            (3, 5),
            (4, 0),
            (4, 1),
            (4, 2),
            (4, 5),
            (5, 0),
            (5, 1),
            (5, 2),
            (5, 5),
            (6, 0),
            (6, 2),
            (7, 0),
            (7, 1),
            (7, 2),
            (7, 3),
            (8, 0),
            (8, 1),
            (8, 2),
            (8, 3),
            (9, 0),
            (9, 1),
            (9, 2),
            (9, 3),
            (10, 0),
            (10, 1),
            (10, 2),
            (10, 3),
        ];
    };
}
pub(super) use with_placements;

macro_rules! placements_list {
    ($(($s:literal, $k:literal)),* $(,)?) => {
        /// Each instance: its shape and the symmetry that places it ([`with_placements`]).
        pub(super) const PLACEMENTS: [(usize, usize); INSTANCES] = [$(($s, $k)),*];
    };
}
with_placements!(placements_list);

//! The move generators behind [`Position`](crate::Position) and [`perft`](crate::perft()),
//! and the walk of the game tree they drive ([`walk`]).
//!
//! Every generator takes any set of playable cells: blocked cells and the Octagon's cut
//! corners are never empty, so no fill crosses them. [`dispatch`] picks one per board:
//!
//! - [`Grid`]: the generic code path for every board, over the narrowest [`Word`] that holds
//!   it (bit `row * width + column`), with the sides fixed at compile time for square
//!   boards. Legal moves by Kogge-Stone fills; flips from per-cell line masks and the lowest
//!   or highest non-opponent cell of each line.
//! - [`Eight`]: the same techniques specialised to 8×8 in a `u64`; the portable fallback.
//! - **On x86-64 only** (the types do not exist on other targets): `EightAvx2` (8×8, the
//!   four directions in the lanes of one vector), `LanesAvx2` (boards of 65 to 128 cells
//!   with sides up to 10: 10×10, the Octagon; `u128` lanes) and `RowsAvx2` (boards over 128
//!   cells: one 16-bit row per vector lane), for CPUs with AVX2. On CPUs with AVX-512 all
//!   three take faster paths: CD's leading-zero counts for the flips, VBMI2's concatenated
//!   shifts for 128-bit lanes, 512-bit vectors for the rows (`avx2_only` turns them off, for
//!   tests and comparisons). Each instruction set has its own module. With the `std`
//!   feature (the default) the CPU's features are detected at run time, so a default build
//!   uses these; without it, they are those the build targets (`-C target-cpu=…`), and the
//!   portable generators serve where they are absent.
//!
//! [`for_each_generator`] lists every generator that takes a board: the tests check each
//! against the others and a naive walk (`tests/kernel_paths.rs`), the benchmarks time each
//! (`benches/movegen.rs`). Engines that search millions of positions use these directly,
//! holding the mover's and the opponent's discs as two words, which makes copy-make a pair
//! of register moves, and walk the tree with [`walk`].
//!
//! [`MoveGen`], [`Layout`] and [`Word`] are sealed: only this module implements them, so
//! they can grow without breaking anyone. [`Visitor`] and [`Generators`] are the caller's
//! work, to implement.

/// Whether this CPU has every one of these features: detected at run time with the `std`
/// feature, known at compile time (`-C target-feature`, `-C target-cpu`) without it.
#[cfg(target_arch = "x86_64")]
macro_rules! cpu_has {
    ($($feature:tt),+ $(,)?) => {{
        #[cfg(feature = "std")]
        let has = $(std::arch::is_x86_feature_detected!($feature))&&+;
        #[cfg(not(feature = "std"))]
        let has = $(cfg!(target_feature = $feature))&&+;
        has
    }};
}

mod eight;
#[cfg(target_arch = "x86_64")]
mod eight_avx2;
mod generators;
mod grid;
#[cfg(target_arch = "x86_64")]
mod lanes;
mod last_flips;
mod lines;
mod once;
#[cfg(target_arch = "x86_64")]
mod rows;
pub mod walk;
mod word;

pub use eight::Eight;
#[cfg(target_arch = "x86_64")]
pub use eight_avx2::EightAvx2;
pub use generators::{Generators, for_each_generator};
pub use grid::Grid;
#[cfg(target_arch = "x86_64")]
pub use lanes::LanesAvx2;
#[cfg(target_arch = "x86_64")]
pub use rows::RowsAvx2;
pub use word::{U256, Word};

/// The private supertrait of [`MoveGen`]: the generators are this module's alone, so that
/// the traits can grow without breaking anyone's implementation.
mod sealed {
    pub trait Sealed {}
}

/// Whether an AVX2 generator may take its AVX-512 paths.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Avx512 {
    Present,
    Absent,
}

/// What this CPU offers an AVX2 generator, detected once: `None` without AVX2, BMI1, LZCNT
/// and POPCNT, else whether it passes the generator's own AVX-512 test. Once, because
/// `Position` builds a generator on every call, where the feature tests would cost more than
/// the legal moves.
#[cfg(target_arch = "x86_64")]
struct Detected(core::sync::atomic::AtomicU8);

#[cfg(target_arch = "x86_64")]
impl Detected {
    const UNKNOWN: u8 = 0;
    const NO_AVX2: u8 = 1;
    const AVX2: u8 = 2;
    const AVX512: u8 = 3;

    const fn new() -> Detected {
        Detected(core::sync::atomic::AtomicU8::new(Detected::UNKNOWN))
    }

    /// The features, tested on the first call (`avx512` being the generator's AVX-512 test).
    #[inline]
    fn get(&self, avx512: fn() -> bool) -> Option<Avx512> {
        use core::sync::atomic::Ordering::Relaxed;
        let mut state = self.0.load(Relaxed);
        if state == Detected::UNKNOWN {
            state = if !cpu_has!("avx2", "bmi1", "lzcnt", "popcnt") {
                Detected::NO_AVX2
            } else if avx512() {
                Detected::AVX512
            } else {
                Detected::AVX2
            };
            // Every thread computes the same state, so a race only repeats the tests.
            self.0.store(state, Relaxed);
        }
        match state {
            Detected::AVX512 => Some(Avx512::Present),
            Detected::AVX2 => Some(Avx512::Absent),
            _ => None,
        }
    }
}

/// Move generation on boards held as a pair of words: the mover's discs `p` and the
/// opponent's discs `o`, in the compact layout of the generator.
///
/// Sealed: implemented by this module's generators only.
pub trait MoveGen: Copy + Send + Sync + sealed::Sealed {
    /// The word that holds one bit per cell.
    type Word: Word;

    /// The mover's legal moves.
    fn legal(&self, p: Self::Word, o: Self::Word) -> Self::Word;

    /// The discs that a move on cell `i` flips (empty if the move is illegal). `i` must be
    /// an empty cell of the board, by its compact index; for an occupied cell the result
    /// means nothing, and an index off the board may panic.
    fn flips(&self, p: Self::Word, o: Self::Word, i: u32) -> Self::Word;

    /// Whether [`MoveGen::flips`] runs AVX-512 code on this CPU (F, VL and CD, with AVX2,
    /// BMI1, LZCNT and POPCNT): the 8×8 generator's leading-zero flips. A caller compiled for
    /// those features can inline them, where code compiled without them must call them, so a
    /// search that takes flips at every node may want a compilation of its own for them.
    /// False for every other generator.
    #[inline]
    fn flips_use_avx512_cd(&self) -> bool {
        false
    }

    /// How many discs a move on cell `i` flips when `i` is the board's one empty playable
    /// cell (`p`, `o` and `i` fill the board): the last move of a game, where an exact solver
    /// spends a quarter of its nodes. The 8×8 generators count it on a full board from `p`
    /// alone, without the flips; otherwise it is the count of [`MoveGen::flips`].
    #[inline]
    fn count_last_flips(&self, p: Self::Word, o: Self::Word, i: u32) -> u32 {
        self.flips(p, o, i).count()
    }

    /// The leaves two plies below the position, given the mover's legal `moves` (not
    /// empty): the last two plies of a perft, where most of its time goes. A child without
    /// a move is one leaf (a pass or the end of the game).
    ///
    /// Generators built for CPU features override it to run the whole loop under them.
    #[inline]
    fn count_two_plies(&self, p: Self::Word, o: Self::Word, moves: Self::Word) -> u64 {
        let mut total = 0;
        walk::for_each_child(
            p,
            o,
            moves,
            |i| self.flips(p, o, i),
            |mover, opponent| {
                total += u64::from(self.legal(mover, opponent).count().max(1));
            },
        );
        total
    }

    /// The leaves below the position to `depth` plies: the perft loop, which
    /// `perft::perft_words` calls ([`walk::node`]). Generators built for CPU features
    /// override it to run the whole loop under them.
    #[inline]
    fn perft(&self, p: Self::Word, o: Self::Word, depth: u32) -> u64 {
        walk::node(self, p, o, depth, |p, o, depth| self.perft(p, o, depth))
    }
}

/// A move generator that also knows how its compact layout maps to squares (sealed, as
/// [`MoveGen`] is).
pub trait Layout: MoveGen {
    /// `set` in the compact layout (cells off the board are dropped).
    fn compact(&self, set: crate::Bitboard) -> Self::Word;
    /// The compact `word` as a [`Bitboard`](crate::Bitboard).
    fn expand(&self, word: Self::Word) -> crate::Bitboard;
    /// The compact index of `sq`, which must be on the board.
    fn index(&self, sq: crate::Square) -> u32;
}

impl<W: Word, const WIDTH: u32, const HEIGHT: u32> sealed::Sealed for Grid<W, WIDTH, HEIGHT> {}
impl sealed::Sealed for Eight {}
#[cfg(target_arch = "x86_64")]
impl sealed::Sealed for EightAvx2 {}
#[cfg(target_arch = "x86_64")]
impl sealed::Sealed for LanesAvx2 {}
#[cfg(target_arch = "x86_64")]
impl<const LONG: bool> sealed::Sealed for RowsAvx2<LONG> {}

impl<W: Word, const WIDTH: u32, const HEIGHT: u32> Layout for Grid<W, WIDTH, HEIGHT> {
    fn compact(&self, set: crate::Bitboard) -> W {
        Grid::compact(self, set)
    }
    fn expand(&self, word: W) -> crate::Bitboard {
        Grid::expand(self, word)
    }
    fn index(&self, sq: crate::Square) -> u32 {
        Grid::index(self, sq)
    }
}

/// Work to run with the move generator that suits a board: implemented by the caller (the
/// kernel's one open trait), run by [`dispatch`].
pub trait Visitor {
    /// What the work gives.
    type Output;
    /// Runs the work with generator `mg`.
    fn visit<L: Layout>(self, mg: L) -> Self::Output;
}

/// Runs `visitor` with the fastest generator for `geometry`: the 8×8 generator for 8×8
/// boards (any playable cells), otherwise the narrowest word that holds every cell, with the
/// sides fixed at compile time for square boards.
pub fn dispatch<V: Visitor>(geometry: &crate::Geometry, visitor: V) -> V::Output {
    let (width, height) = (geometry.width(), geometry.height());
    // 8×8 first: the common board, whose generators cost next to nothing to build.
    if (width, height) == (8, 8) {
        return dispatch_eight(geometry, visitor);
    }
    // With AVX2: 10×10, the Octagon and 8×10 in `u128` lanes, boards over 128 cells in
    // 16-bit rows.
    #[cfg(target_arch = "x86_64")]
    if let Some(mg) = LanesAvx2::new(geometry) {
        return visitor.visit(mg);
    }
    #[cfg(target_arch = "x86_64")]
    if u32::from(width) * u32::from(height) > 128
        && let Some(mg) = RowsAvx2::<true>::new(geometry)
    {
        return visitor.visit(mg);
    }
    if width != height {
        return dispatch_rectangle(geometry, visitor);
    }
    // Every `new` below accepts the geometry: the side matches and the word is wide enough.
    let fits = "a square board of this side fits this word";
    match width {
        4 => visitor.visit(Grid::<u64, 4, 4>::new(geometry).expect(fits)),
        6 => visitor.visit(Grid::<u64, 6, 6>::new(geometry).expect(fits)),
        10 => visitor.visit(Grid::<u128, 10, 10>::new(geometry).expect(fits)),
        12 => visitor.visit(Grid::<U256, 12, 12>::new(geometry).expect(fits)),
        14 => visitor.visit(Grid::<U256, 14, 14>::new(geometry).expect(fits)),
        16 => visitor.visit(Grid::<U256, 16, 16>::new(geometry).expect(fits)),
        _ => dispatch_rectangle(geometry, visitor),
    }
}

/// 8×8 with any playable cells: the AVX2 generator when this CPU has it, else the portable one.
#[inline]
fn dispatch_eight<V: Visitor>(geometry: &crate::Geometry, visitor: V) -> V::Output {
    #[cfg(target_arch = "x86_64")]
    if let Some(mg) = EightAvx2::new(geometry) {
        return visitor.visit(mg);
    }
    visitor.visit(Eight::new(geometry).expect("an 8×8 board"))
}

/// Any board, sides read at run time.
fn dispatch_rectangle<V: Visitor>(geometry: &crate::Geometry, visitor: V) -> V::Output {
    let cells = u32::from(geometry.width()) * u32::from(geometry.height());
    // Every geometry has 16×16 = 256 cells at most, so one of these grids always exists.
    if cells <= 64 {
        visitor.visit(Grid::<u64>::new(geometry).expect("at most 64 cells"))
    } else if cells <= 128 {
        visitor.visit(Grid::<u128>::new(geometry).expect("at most 128 cells"))
    } else {
        visitor.visit(Grid::<U256>::new(geometry).expect("at most 256 cells"))
    }
}

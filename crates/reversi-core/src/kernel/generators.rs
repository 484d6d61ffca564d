//! Every generator that takes a board, by name: the one list that the kernel's tests check
//! against a naive walk (`tests/kernel_paths.rs`) and its benchmarks time
//! (`benches/movegen.rs`), so that a new generator is tested and timed once it is added here.

use super::{Eight, Grid, Layout, U256};
#[cfg(target_arch = "x86_64")]
use super::{EightAvx2, LanesAvx2, RowsAvx2};
use crate::Geometry;

/// Work to run with each generator of a board, for [`for_each_generator`].
pub trait Generators {
    /// Runs the work with generator `mg`, called `name` (its type, for example
    /// `"Grid<u128>"`, with `" (AVX2 only)"` for an AVX2 generator whose AVX-512 paths are
    /// turned off).
    fn visit<L: Layout>(&mut self, name: &'static str, mg: L);
}

/// Runs `work` with every generator that takes `geometry`, [`dispatch`](super::dispatch)'s
/// choice among them: the portable ones (the 8×8 one, the grids with constant sides that
/// `dispatch` uses for square boards, and the run-time grids of every word the board fits
/// in) and, on x86-64 CPUs with AVX2, the SIMD ones with and without their AVX-512 paths.
///
/// ```
/// use reversi_core::kernel::{self, Generators, Layout};
/// use reversi_core::Geometry;
///
/// struct Names(Vec<&'static str>);
///
/// impl Generators for Names {
///     fn visit<L: Layout>(&mut self, name: &'static str, _: L) {
///         self.0.push(name);
///     }
/// }
///
/// let mut names = Names(Vec::new());
/// kernel::for_each_generator(&Geometry::rectangle(6, 6)?, &mut names);
/// assert_eq!(names.0[..4], ["Grid<u64, 6, 6>", "Grid<u64>", "Grid<u128>", "Grid<U256>"]);
/// # Ok::<(), reversi_core::GeometryError>(())
/// ```
pub fn for_each_generator(geometry: &Geometry, work: &mut impl Generators) {
    /// Each generator type, named as written, that takes the board.
    macro_rules! portable {
        ($($generator:ty),*) => {$(
            if let Some(mg) = <$generator>::new(geometry) {
                work.visit(stringify!($generator), mg);
            }
        )*};
    }
    /// The same for SIMD generators, each also without its AVX-512 paths.
    #[cfg(target_arch = "x86_64")]
    macro_rules! simd {
        ($($generator:ty),*) => {$(
            if let Some(mg) = <$generator>::new(geometry) {
                work.visit(stringify!($generator), mg);
                work.visit(concat!(stringify!($generator), " (AVX2 only)"), mg.avx2_only());
            }
        )*};
    }
    portable!(
        Eight,
        Grid<u64, 4, 4>,
        Grid<u64, 6, 6>,
        Grid<u64, 8, 8>,
        Grid<u128, 10, 10>,
        Grid<U256, 12, 12>,
        Grid<U256, 14, 14>,
        Grid<U256, 16, 16>,
        Grid<u64>,
        Grid<u128>,
        Grid<U256>
    );
    #[cfg(target_arch = "x86_64")]
    simd!(EightAvx2, LanesAvx2, RowsAvx2<true>, RowsAvx2<false>);
}

//! Every generator that takes a board, by name: the one list that the kernel's tests check
//! against a naive walk (`tests/kernel_paths.rs`) and its benchmarks time
//! (`benches/movegen.rs`), so that a new generator is tested and timed once it is added here.

#[cfg(target_arch = "x86_64")]
use super::{EightAvx2, LanesAvx2, RowsAvx2};
use super::{Eight, Grid, Layout, U256};
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
pub fn for_each_generator(geometry: &Geometry, work: &mut impl Generators) {
    if let Some(mg) = Eight::new(geometry) {
        work.visit("Eight", mg);
    }
    if let Some(mg) = Grid::<u64, 4, 4>::new(geometry) {
        work.visit("Grid<u64, 4, 4>", mg);
    }
    if let Some(mg) = Grid::<u64, 6, 6>::new(geometry) {
        work.visit("Grid<u64, 6, 6>", mg);
    }
    if let Some(mg) = Grid::<u64, 8, 8>::new(geometry) {
        work.visit("Grid<u64, 8, 8>", mg);
    }
    if let Some(mg) = Grid::<u128, 10, 10>::new(geometry) {
        work.visit("Grid<u128, 10, 10>", mg);
    }
    if let Some(mg) = Grid::<U256, 12, 12>::new(geometry) {
        work.visit("Grid<U256, 12, 12>", mg);
    }
    if let Some(mg) = Grid::<U256, 14, 14>::new(geometry) {
        work.visit("Grid<U256, 14, 14>", mg);
    }
    if let Some(mg) = Grid::<U256, 16, 16>::new(geometry) {
        work.visit("Grid<U256, 16, 16>", mg);
    }
    if let Some(mg) = Grid::<u64>::new(geometry) {
        work.visit("Grid<u64>", mg);
    }
    if let Some(mg) = Grid::<u128>::new(geometry) {
        work.visit("Grid<u128>", mg);
    }
    if let Some(mg) = Grid::<U256>::new(geometry) {
        work.visit("Grid<U256>", mg);
    }
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(mg) = EightAvx2::new(geometry) {
            work.visit("EightAvx2", mg);
            work.visit("EightAvx2 (AVX2 only)", mg.avx2_only());
        }
        if let Some(mg) = LanesAvx2::new(geometry) {
            work.visit("LanesAvx2", mg);
            work.visit("LanesAvx2 (AVX2 only)", mg.avx2_only());
        }
        if let Some(mg) = RowsAvx2::<true>::new(geometry) {
            work.visit("RowsAvx2<true>", mg);
            work.visit("RowsAvx2<true> (AVX2 only)", mg.avx2_only());
        }
        if let Some(mg) = RowsAvx2::<false>::new(geometry) {
            work.visit("RowsAvx2<false>", mg);
            work.visit("RowsAvx2<false> (AVX2 only)", mg.avx2_only());
        }
    }
}

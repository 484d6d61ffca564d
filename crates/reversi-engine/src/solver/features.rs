//! The search compiled for the CPU it runs on: the recursive functions of [`Worker`] are
//! entry points of a [`Features`] type, under which the search's bodies (inlined into them)
//! are compiled. [`Portable`] serves any CPU; on x86-64, [`Avx2`] serves CPUs with AVX2,
//! BMI1, BMI2, LZCNT and POPCNT (Intel since 2013, AMD since 2015), chosen at run time.
//!
//! Why: a default build (no `-C target-cpu`) counts bits without `popcnt` and finds the
//! lowest one without `tzcnt`, and calls the move generator's AVX2 functions instead of
//! inlining them. The solver counts discs, moves and stable discs at every node, so a build
//! for the CPU was 8-13 % faster than the default one; this gives the default build the same
//! code without making users build for their CPU (see benches/README.md, fourteenth round).
//!
//! The crate's one other use of `unsafe` is the table's prefetch: here, calling a function
//! compiled for features is unsafe, and each call stands on the worker's value of its type.
#![allow(unsafe_code)]

use reversi_core::kernel::Layout;

use super::search::{Passed, Worker};

/// The entry points of the search compiled for a set of CPU features. A value of the type is
/// the proof that this CPU has them: [`Portable`] always exists, [`Avx2`] only from
/// [`Avx2::detect`].
///
/// # Safety
///
/// Implementors make a value of their type only on CPUs that have the features its entry
/// points are compiled for; each entry point may be called only while a value exists (the
/// worker that it is given holds one).
pub(super) unsafe trait Features: Copy + Send + Sync {
    /// [`Worker::deep_body`] under these features.
    ///
    /// # Safety
    ///
    /// This CPU has the features (a value of `Self` exists).
    unsafe fn deep<M: Layout>(
        w: &mut Worker<'_, M, Self>,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        n: u32,
    ) -> i32;

    /// [`Worker::mid_body`] under these features.
    ///
    /// # Safety
    ///
    /// As for [`Features::deep`].
    #[allow(clippy::too_many_arguments)]
    unsafe fn mid<M: Layout>(
        w: &mut Worker<'_, M, Self>,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        empty: M::Word,
        n: u32,
        passed: Passed,
    ) -> i32;

    /// [`Worker::shallow_body`] under these features.
    ///
    /// # Safety
    ///
    /// As for [`Features::deep`].
    #[allow(clippy::too_many_arguments)]
    unsafe fn shallow<M: Layout>(
        w: &mut Worker<'_, M, Self>,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        empty: M::Word,
        n: u32,
        passed: Passed,
    ) -> i32;

    /// [`Worker::eval_search_body`] under these features.
    ///
    /// # Safety
    ///
    /// As for [`Features::deep`].
    unsafe fn eval_search<M: Layout>(
        w: &Worker<'_, M, Self>,
        p: M::Word,
        o: M::Word,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32;

    /// The board's static evaluation under these features.
    ///
    /// # Safety
    ///
    /// As for [`Features::deep`].
    unsafe fn evaluate<M: Layout>(w: &Worker<'_, M, Self>, p: M::Word, o: M::Word) -> i32;
}

/// The search's recursive steps, each through its entry point of `V`: the bodies inline
/// these, so that the whole recursion runs under `V`'s features.
impl<M: Layout, V: Features> Worker<'_, M, V> {
    /// A node with [`DEEP`](super::search::DEEP) empty cells or more ([`Worker::deep_body`]).
    #[inline(always)]
    pub(super) fn deep(&mut self, p: M::Word, o: M::Word, alpha: i32, beta: i32, n: u32) -> i32 {
        // SAFETY: the worker holds a `V`, so this CPU has its features.
        unsafe { V::deep(self, p, o, alpha, beta, n) }
    }

    /// A node with a few empty cells ([`Worker::mid_body`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn mid(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        empty: M::Word,
        n: u32,
        passed: Passed,
    ) -> i32 {
        // SAFETY: as in `deep`.
        unsafe { V::mid(self, p, o, alpha, beta, empty, n, passed) }
    }

    /// A node with the last few empty cells ([`Worker::shallow_body`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn shallow(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        empty: M::Word,
        n: u32,
        passed: Passed,
    ) -> i32 {
        // SAFETY: as in `deep`.
        unsafe { V::shallow(self, p, o, alpha, beta, empty, n, passed) }
    }

    /// A plain alpha-beta search on the static evaluation ([`Worker::eval_search_body`]).
    #[inline(always)]
    pub(super) fn eval_search(&self, p: M::Word, o: M::Word, depth: u32, alpha: i32, beta: i32) -> i32 {
        // SAFETY: as in `deep`.
        unsafe { V::eval_search(self, p, o, depth, alpha, beta) }
    }

    /// The static evaluation of the mover with discs `p` against `o`, in hundredths of a disc.
    #[inline(always)]
    pub(super) fn evaluate(&self, p: M::Word, o: M::Word) -> i32 {
        // SAFETY: as in `deep`.
        unsafe { V::evaluate(self, p, o) }
    }
}

/// The entry points of [`Features`], each calling its body (inlined), with the attributes
/// given (the features to compile them for).
macro_rules! entry_points {
    ($(#[$features:meta])*) => {
        $(#[$features])*
        unsafe fn deep<M: Layout>(w: &mut Worker<'_, M, Self>, p: M::Word, o: M::Word, alpha: i32, beta: i32, n: u32)
        -> i32 {
            w.deep_body(p, o, alpha, beta, n)
        }

        $(#[$features])*
        unsafe fn mid<M: Layout>(
            w: &mut Worker<'_, M, Self>,
            p: M::Word,
            o: M::Word,
            alpha: i32,
            beta: i32,
            empty: M::Word,
            n: u32,
            passed: Passed,
        ) -> i32 {
            w.mid_body(p, o, alpha, beta, empty, n, passed)
        }

        $(#[$features])*
        unsafe fn shallow<M: Layout>(
            w: &mut Worker<'_, M, Self>,
            p: M::Word,
            o: M::Word,
            alpha: i32,
            beta: i32,
            empty: M::Word,
            n: u32,
            passed: Passed,
        ) -> i32 {
            w.shallow_body(p, o, alpha, beta, empty, n, passed)
        }

        $(#[$features])*
        unsafe fn eval_search<M: Layout>(
            w: &Worker<'_, M, Self>,
            p: M::Word,
            o: M::Word,
            depth: u32,
            alpha: i32,
            beta: i32,
        ) -> i32 {
            w.eval_search_body(p, o, depth, alpha, beta)
        }

        $(#[$features])*
        unsafe fn evaluate<M: Layout>(w: &Worker<'_, M, Self>, p: M::Word, o: M::Word) -> i32 {
            w.board.evaluate(p, o)
        }
    };
}

/// Any CPU: the build's own features.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Portable;

// SAFETY: its entry points need no feature beyond the build's.
unsafe impl Features for Portable {
    entry_points!();
}

/// CPUs with AVX2, BMI1, BMI2, LZCNT and POPCNT: a value exists only on them.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2 {
    /// Private: only [`Avx2::detect`] makes one.
    _detected: (),
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// A value if this CPU has the features.
    pub(super) fn detect() -> Option<Avx2> {
        let has = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt");
        has.then_some(Avx2 { _detected: () })
    }
}

// SAFETY: `detect` makes a value only on CPUs with every feature enabled below.
#[cfg(target_arch = "x86_64")]
unsafe impl Features for Avx2 {
    entry_points!(#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]);
}

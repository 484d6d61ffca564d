//! The search compiled for the CPU it runs on: the recursive functions of [`Worker`] are
//! entry points of a [`Features`] type, under which the search's bodies (inlined into them)
//! are compiled. [`Portable`] serves any CPU; on x86-64, [`Avx2`] serves CPUs with AVX2,
//! BMI1, BMI2, LZCNT and POPCNT (Intel since 2013, AMD since 2015), and [`Avx512`] those that
//! also have AVX-512 F, VL and CD, for boards whose generator's flips use them; chosen at run
//! time.
//!
//! Why: a default build (no `-C target-cpu`) counts bits without `popcnt` and finds the
//! lowest one without `tzcnt`, and calls the move generator's AVX2 functions instead of
//! inlining them. The solver counts discs, moves and stable discs at every node, so a build
//! for the CPU is markedly faster than the default one; this gives the default build the same
//! code without making users build for their CPU.
//! The 8×8 generator's flips take AVX-512 instructions where the CPU has them; a search
//! compiled without those features must call them at every node, one compiled with them
//! inlines them. On 10×10, whose generator does not use them, that compilation is slower,
//! so it serves only generators whose flips use them
//! ([`MoveGen::flips_use_avx512_cd`](reversi_core::kernel::MoveGen)).
//!
//! The crate's one other use of `unsafe` is the table's prefetch: here, calling a function
//! compiled for features is unsafe, and each call stands on the worker's value of its type.
#![allow(unsafe_code)]

use reversi_core::kernel::Layout;

use crate::eval::indices::Indices;

use super::Worker;

/// From one list of the search's steps (each a [`Worker`] method, its receiver in brackets,
/// and the body it runs): the [`Features`] trait with an entry point per step, the worker's
/// method that calls it, and each type's implementation, compiled with the attributes given.
macro_rules! steps {
    (types { $($(#[$type_attr:meta])* $Type:ident $features:tt),* $(,)? } steps $steps:tt) => {
        steps!(@trait $steps);
        steps!(@calls $steps);
        $(steps!(@impl [$(#[$type_attr])*] $Type $features $steps);)*
    };
    (@trait { $($(#[$doc:meta])* fn $name:ident $signature:tt => $body:ident;)* }) => {
        /// The entry points of the search compiled for a set of CPU features. A value of the
        /// type is the proof that this CPU has them: [`Portable`] always exists, [`Avx2`] and
        /// [`Avx512`] only from their `detect`.
        ///
        /// # Safety
        ///
        /// Implementors make a value of their type only on CPUs that have the features its
        /// entry points are compiled for.
        pub(in crate::solver) unsafe trait Features: Copy + Send + Sync {
            $(steps!(@declare [$(#[$doc])*] $name $signature);)*
        }
    };
    (@calls { $($(#[$doc:meta])* fn $name:ident $signature:tt => $body:ident;)* }) => {
        /// The search's steps, each through its entry point of `V`: the bodies call these,
        /// so that the whole recursion runs under `V`'s features.
        impl<M: Layout, V: Features> Worker<'_, M, V> {
            $(steps!(@call [$(#[$doc])*] $name $signature);)*
        }
    };
    (@impl [$(#[$type_attr:meta])*] $Type:ident $features:tt
        { $($(#[$doc:meta])* fn $name:ident $signature:tt => $body:ident;)* }) => {
        $(#[$type_attr])*
        // SAFETY: its values exist only on CPUs with the features of its attributes.
        unsafe impl Features for $Type {
            $(steps!(@define $features $name $signature $body);)*
        }
    };
    (@declare [$(#[$doc:meta])*] $name:ident ([$($receiver:tt)*] $(, $arg:ident: $ty:ty)*)) => {
        $(#[$doc])*
        ///
        /// # Safety
        ///
        /// This CPU has the implementor's features (a value of `Self` exists).
        #[allow(clippy::too_many_arguments)]
        unsafe fn $name<M: Layout>(w: $($receiver)* Worker<'_, M, Self> $(, $arg: $ty)*) -> i32;
    };
    (@call [$(#[$doc:meta])*] $name:ident ([$($receiver:tt)*] $(, $arg:ident: $ty:ty)*)) => {
        $(#[$doc])*
        #[allow(clippy::too_many_arguments)]
        #[inline(always)]
        pub(in crate::solver) fn $name($($receiver)* self $(, $arg: $ty)*) -> i32 {
            // SAFETY: the worker holds a `V`, so this CPU has its features.
            unsafe { V::$name(self $(, $arg)*) }
        }
    };
    (@define [$(#[$feature:meta])*] $name:ident ([$($receiver:tt)*] $(, $arg:ident: $ty:ty)*) $body:ident) => {
        $(#[$feature])*
        #[allow(clippy::too_many_arguments)]
        unsafe fn $name<M: Layout>(w: $($receiver)* Worker<'_, M, Self> $(, $arg: $ty)*) -> i32 {
            w.$body($($arg),*)
        }
    };
}

steps! {
    types {
        Portable [],
        #[cfg(target_arch = "x86_64")]
        Avx2 [#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]],
        #[cfg(target_arch = "x86_64")]
        Avx512 [#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512cd")]],
    }
    steps {
        /// A node with [`DEEP`](super::DEEP) empty cells or more, and its key
        /// ([`Worker::deep_body`]).
        fn deep([&mut], p: M::Word, o: M::Word, alpha: i32, beta: i32, n: u32, key: u64) => deep_body;
        /// A node with a few empty cells and the mover's moves ([`Worker::mid_body`]).
        fn mid([&mut], p: M::Word, o: M::Word, alpha: i32, beta: i32, empty: M::Word, parity: u32, n: u32, moves: M::Word)
            => mid_body;
        /// A node with the last few empty cells ([`Worker::shallow_body`]).
        fn shallow([&mut], p: M::Word, o: M::Word, alpha: i32, beta: i32, empty: M::Word, parity: u32, n: u32)
            => shallow_body;
        /// A plain alpha-beta search on the static evaluation ([`Worker::eval_search_body`]).
        fn eval_search([&], p: M::Word, o: M::Word, depth: u32, alpha: i32, beta: i32, indices: Option<&Indices>)
            => eval_search_body;
        /// The static evaluation of the mover with discs `p` against `o`, in hundredths of a
        /// disc ([`Worker::evaluate_body`]).
        fn evaluate([&], p: M::Word, o: M::Word, indices: Option<&Indices>) => evaluate_body;
    }
}

/// Any CPU: the build's own features.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::solver) struct Portable;

/// CPUs with AVX2, BMI1, BMI2, LZCNT and POPCNT: a value exists only on them.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(in crate::solver) struct Avx2 {
    /// Private: only [`Avx2::detect`] makes one.
    _detected: (),
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// A value if this CPU has the features.
    pub(in crate::solver) fn detect() -> Option<Avx2> {
        let has = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt");
        has.then_some(Avx2 { _detected: () })
    }
}

/// CPUs with the features of [`Avx2`] and AVX-512 F, VL and CD: a value exists only on them.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(in crate::solver) struct Avx512 {
    /// Private: only [`Avx512::detect`] makes one.
    _detected: (),
}

#[cfg(target_arch = "x86_64")]
impl Avx512 {
    /// A value if this CPU has the features.
    pub(in crate::solver) fn detect() -> Option<Avx512> {
        let has = Avx2::detect().is_some()
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512cd");
        has.then_some(Avx512 { _detected: () })
    }
}

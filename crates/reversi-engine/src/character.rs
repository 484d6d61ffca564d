//! What a player adds to the plain search: seeded variety and a clock. Kept apart from the
//! player itself so the level table and the search stay as they are.

use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi_core::{Geometry, Position};
use reversi_variants::{Game, Move, Phase, Scoring};

use crate::book::Book;
use crate::clock::Clock;
use crate::level::Level;
use crate::ranking::rank_moves;
use crate::search::{Limits, SearchResult, Searcher};
use crate::variety::Deviation;

/// The most empty cells a clocked player ever tries to solve exactly: past it, a solve takes
/// minutes on any board.
const MAX_SOLVE_EMPTIES: u32 = 26;

/// The budget of an exact solve, in multiples of the move's budget: the moves after a solve
/// are instant, so it may take what they would have taken.
const SOLVE_BUDGETS: u32 = 3;

/// How far below the best a book move may be for a player at `level` to play it, in
/// hundredths of a disc: a disc at level 10, up to 4 at level 1, whose searches are further
/// off than that anyway.
pub(crate) fn book_margin(level: Level) -> i32 {
    100 + 33 * (10 - i32::from(level.number()))
}

/// Which opening book a player plays from.
#[derive(Clone, Debug, Default)]
pub(crate) enum BookChoice {
    /// The book built in for the game's board and scoring, if there is one
    /// ([`Book::built_in`]).
    #[default]
    BuiltIn,
    /// This book, in the games of its board and scoring.
    Given(Arc<Book>),
    /// None: every move is searched.
    Off,
}

impl BookChoice {
    /// The book played from in games of `geometry` under `scoring`, if any.
    pub(crate) fn book_for(&self, geometry: &Geometry, scoring: Scoring) -> Option<Arc<Book>> {
        match self {
            BookChoice::BuiltIn => Book::built_in(geometry, scoring),
            BookChoice::Given(book) => book.check(geometry, scoring).is_ok().then(|| Arc::clone(book)),
            BookChoice::Off => None,
        }
    }
}

/// A player's book, variety and clock, each optional.
#[derive(Clone, Debug, Default)]
pub(crate) struct Character {
    /// The opening book.
    pub(crate) book: BookChoice,
    pub(crate) deviation: Option<Deviation>,
    pub(crate) clock: Option<Clock>,
    /// The deepest search, in plies, in place of the level's depth and node budget.
    pub(crate) depth: Option<u32>,
    /// The most empty cells a clocked solve is tried from: lowered after a solve that did not
    /// fit, set back at the start of each game.
    solve_from: Option<u32>,
    last_empties: u32,
}

impl Character {
    /// The limits of a plain search (no clock) at `level` from `position`: the level's, or
    /// with a depth set, that depth and no node budget (the level's exact-solve threshold
    /// kept): a depth asked for is searched whole, however many nodes it takes.
    pub(crate) fn level_limits(&self, level: Level, position: &Position) -> Limits {
        let limits = level.limits_for(position);
        match self.depth {
            Some(depth) => Limits::depth(depth).with_exact_empties(limits.exact_empties()),
            None => limits,
        }
    }

    /// The limits of an analysis from `position` under `scoring`: on a clock, the move's
    /// budget of time (the clock not spent: an analysis is not a move), capped by the depth
    /// if one is set; otherwise [`level_limits`](Character::level_limits).
    pub(crate) fn analysis_limits(&self, level: Level, position: &Position, scoring: Scoring) -> Limits {
        let limits = self.level_limits(level, position).with_scoring(scoring);
        match self.clock {
            Some(clock) => {
                Character::timed(self.depth, clock.budget(position), scoring).with_exact_empties(limits.exact_empties())
            }
            None => limits,
        }
    }

    /// A search of `time`, no deeper than `depth`, if set.
    fn timed(depth: Option<u32>, time: Duration, scoring: Scoring) -> Limits {
        let limits = Limits::none().with_time(time).with_scoring(scoring);
        match depth {
            Some(depth) => limits.with_depth(depth),
            None => limits,
        }
    }

    /// The move of `game`'s side to move, `None` once the game is over.
    pub(crate) fn choose(&mut self, searcher: &mut Searcher, game: &Game, level: Level) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        let start = Instant::now();
        if let Some(mv) = self.book_move(game, level) {
            if let Some(clock) = &mut self.clock {
                let _ = clock.spend(start.elapsed());
            }
            return Some(mv);
        }
        let budget = self.clock.map(|c| (c.budget(game.position()), c.hard_limit()));
        let level_limits = self.level_limits(level, game.position()).with_scoring(game.rules().scoring());
        let result = match budget {
            None => searcher.search_game(game, level_limits.clone()),
            Some((budget, hard)) => self.clocked(searcher, game, &level_limits, budget, hard),
        };
        let mut chosen = result.map(|r| r.best());
        if let Some(deviation) = &mut self.deviation
            && deviation.draw()
            && game.phase() == Phase::Normal
        {
            // On a clock, only with a quarter of the move's budget still unspent: ranking
            // searches every move at least a little (a thousand nodes each, many more than
            // that on a large board), which a side short of time cannot afford past its
            // budget (a test of 5 s games on 10×10, on a loaded machine, lost some on time).
            let limits = match budget {
                None => Some(level_limits),
                Some((budget, hard)) => {
                    let left = budget.min(hard).saturating_sub(start.elapsed());
                    let timed = Character::timed(self.depth, left, game.rules().scoring());
                    (!left.is_zero() && left >= budget / 4)
                        .then(|| timed.with_exact_empties(level_limits.exact_empties()))
                }
            };
            let ranked = limits.map_or_else(Vec::new, |limits| rank_moves(searcher, game.position(), limits));
            if let Some(best) = ranked.first() {
                let floor = best.value().centidiscs().saturating_sub(deviation.variety().margin_centidiscs());
                let close = ranked.iter().take_while(|r| r.value().centidiscs() >= floor).count();
                chosen = Some(ranked[deviation.pick(close)].best());
            }
        }
        if let Some(clock) = &mut self.clock {
            // Out of time is the referee's to call; the move is played all the same.
            let _ = clock.spend(start.elapsed());
        }
        chosen
    }

    /// A book move for `game`'s side to move: one of the book's moves within the level's
    /// [`book_margin`] of the position's book value (which counts the best move outside the
    /// book), the best unless the variety deviates on this move, when its generator draws
    /// one, so that the same seed plays the same opening. `None` outside the book, off its board or scoring,
    /// in the free opening, or when only a move outside the book is close enough to the best.
    fn book_move(&mut self, game: &Game, level: Level) -> Option<Move> {
        let position = game.position();
        if game.phase() != Phase::Normal {
            return None;
        }
        let book = self.book.book_for(position.geometry(), game.rules().scoring())?;
        let best = book.lookup(position)?.value();
        let moves = book.moves(position);
        let close = moves.iter().take_while(|m| m.value >= best - book_margin(level)).count();
        if close == 0 {
            return None;
        }
        // As off the book: a share of the moves (the variety's probability) deviates, drawn
        // once a move, so that a variety that never deviates plays the plain player's games.
        let deviates = self.deviation.as_mut().is_some_and(Deviation::draw);
        let index = match &mut self.deviation {
            Some(d) if deviates => d.pick(close),
            _ => 0,
        };
        Some(Move::Place(moves[index].square))
    }

    /// The search of a clocked move: iterative deepening stopped by `budget`, after an exact
    /// solve (given up to [`SOLVE_BUDGETS`] budgets, never past `hard`) when one may fit. The
    /// level's limits give the scoring and the exact-solve threshold of the moves where no
    /// solve is tried.
    fn clocked(
        &mut self,
        searcher: &mut Searcher,
        game: &Game,
        level_limits: &Limits,
        budget: Duration,
        hard: Duration,
    ) -> Option<SearchResult> {
        let depth = self.depth;
        let timed = |time: Duration| Character::timed(depth, time, level_limits.scoring());
        let start = Instant::now();
        let position = game.position();
        let empties = position.empty_cells().len();
        if empties > self.last_empties {
            // A new game.
            self.solve_from = None;
        }
        self.last_empties = empties;
        if game.phase() == Phase::FreeOpening {
            return searcher.search_game(game, timed(budget).with_exact_empties(level_limits.exact_empties()));
        }
        let solve_from = self.solve_from.unwrap_or(MAX_SOLVE_EMPTIES);
        if empties <= solve_from {
            let result =
                searcher.search(position, timed((budget * SOLVE_BUDGETS).min(hard)).with_exact_empties(empties));
            match result {
                Some(r) if r.value().is_exact() => return Some(r),
                // Did not fit: the next tries start two empties lower, where a solve is
                // several times cheaper.
                _ => self.solve_from = Some(empties.saturating_sub(2)),
            }
        }
        let left = budget.max(Duration::from_millis(1)).min(hard.saturating_sub(start.elapsed()));
        searcher.search(position, timed(left).with_exact_empties(0))
    }
}

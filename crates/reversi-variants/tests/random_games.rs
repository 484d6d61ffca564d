//! Random games under random rules, checked move by move against the naive reference, and
//! perft from variant start positions against the naive perft.

mod naive;

use naive::Naive;
use proptest::prelude::*;
use reversi_core::{Bitboard, Color, Square};
use reversi_variants::{Blocked, Board, Game, Handicap, Move, Opening, Phase, Rules, RulesError, Scoring};

/// Options for rules, drawn freely; some combinations are impossible and must be refused.
#[derive(Clone, Debug)]
struct Options {
    board: Board,
    blocked: u8,
    fixed_picks: Vec<usize>,
    handicap: Option<(Color, u8, bool)>,
    free: bool,
    wof: bool,
}

fn options() -> impl Strategy<Value = Options> {
    let board = prop_oneof![
        4 => (2u8..=8, 2u8..=8).prop_map(|(w, h)| Board::Rectangle { width: 2 * w, height: 2 * h }),
        1 => Just(Board::Octagon),
    ];
    let handicap = proptest::option::of((prop_oneof![Just(Color::Black), Just(Color::White)], 1u8..=4, any::<bool>()));
    (board, 0u8..=6, proptest::collection::vec(any::<usize>(), 1..6), handicap, any::<bool>(), any::<bool>()).prop_map(
        |(board, blocked, fixed_picks, handicap, free, wof)| Options {
            board,
            blocked,
            fixed_picks,
            handicap,
            free,
            wof,
        },
    )
}

/// The rules of `o`, or `None` when they are impossible, after checking that the error is
/// the right one.
fn build(o: &Options) -> Option<Rules> {
    let handicap = match o.handicap {
        None => Handicap::None,
        Some((color, count, false)) => Handicap::Count { color, count },
        Some((color, count, true)) => {
            // Some corners, as a set: every `count`-th of the four in the rules' order.
            let geometry = o.board.geometry().ok()?;
            let corners = geometry.corners().into_iter().step_by(usize::from(count)).collect();
            Handicap::Corners { color, corners }
        }
    };
    let base = Rules::builder()
        .board(o.board)
        .handicap(handicap)
        .opening(if o.free { Opening::Free } else { Opening::Standard })
        .scoring(if o.wof { Scoring::Wof } else { Scoring::Discs });
    if o.board == Board::Octagon && o.handicap.is_some() {
        assert_eq!(base.build(), Err(RulesError::HandicapOnOctagon));
        return None;
    }
    let eligible = base.clone().build().expect("no blocked cell: valid").eligible_cells();
    let blocked = match o.blocked {
        0 => Blocked::None,
        1 => Blocked::Random,
        2..=5 => Blocked::Count(o.blocked - 1),
        _ => {
            let cells: Vec<Square> = eligible.iter().collect();
            if cells.is_empty() {
                Blocked::Fixed(Bitboard::from_square(Square::new(0, 0).unwrap()))
            } else {
                Blocked::Fixed(o.fixed_picks.iter().map(|&k| cells[k % cells.len()]).collect())
            }
        }
    };
    let needed = match blocked {
        Blocked::Random => 4,
        Blocked::Count(n) => u32::from(n),
        _ => 0,
    };
    let result = base.blocked(blocked.clone()).build();
    if eligible.len() < needed {
        assert!(matches!(result, Err(RulesError::TooFewEligible { .. })), "{result:?}");
        return None;
    }
    if matches!(blocked, Blocked::Fixed(_)) && eligible.is_empty() {
        assert!(result.is_err(), "a fixed cell with nothing eligible");
        return None;
    }
    if let Blocked::Fixed(cells) = blocked
        && cells.len() > 4
    {
        assert_eq!(result, Err(RulesError::BlockedTooMany { count: cells.len() }));
        return None;
    }
    Some(result.expect("possible rules build"))
}

fn coords(sq: Square) -> (usize, usize) {
    (usize::from(sq.column()), usize::from(sq.row()))
}

fn naive_moves(n: &Naive) -> Bitboard {
    n.moves().into_iter().map(|(c, r)| Square::new(c as u8, r as u8).unwrap()).collect()
}

fn check_game(rules: &Rules, table_seed: u64, choices: &[u32], undo_every: usize) -> Result<(), TestCaseError> {
    let mut game = Game::new(rules.clone(), table_seed).expect("valid rules give a table");
    let blocked = game.blocked();
    let start = *game.position();
    let unplayable = start.geometry().unplayable();
    prop_assert!(blocked.is_subset(unplayable));
    prop_assert!((rules.geometry().unplayable() | blocked) == unplayable);
    let playable = start.geometry().playable().len() as usize;
    let mut reference = Naive::of(&game);
    let mut plies = 0usize;
    while !game.is_over() {
        // Every game ends: a placement fills a cell, and passes never come twice in a row.
        prop_assert!(plies <= 2 * playable + 2, "the game does not end");
        prop_assert_eq!(game.legal_moves(), naive_moves(&reference));
        prop_assert_eq!(game.must_pass(), reference.must_pass());
        prop_assert_eq!(game.phase() == Phase::FreeOpening, reference.opening_left > 0);
        let moves = game.legal_move_list();
        let k = choices.get(plies % choices.len().max(1)).copied().unwrap_or(0) as usize;
        let mv = moves[k % moves.len()];

        // An illegal cell is refused and changes nothing.
        let probe = Square::from_index((k * 7 + plies) as u8);
        if !game.legal_moves().contains(probe) {
            let before = game.clone();
            prop_assert!(game.play(Move::Place(probe)).is_err());
            prop_assert_eq!(&game, &before);
        }

        let discs_before = game.position().count(Color::Black) + game.position().count(Color::White);
        let phase = game.phase();
        let flips = game.play(mv).expect("a legal move plays");
        let discs_after = game.position().count(Color::Black) + game.position().count(Color::White);
        match mv {
            Move::Pass => {
                prop_assert!(flips.is_empty());
                prop_assert_eq!(discs_after, discs_before);
                reference.side = !reference.side;
            }
            Move::Place(sq) => {
                let (c, r) = coords(sq);
                prop_assert_eq!(discs_after, discs_before + 1);
                if phase == Phase::FreeOpening {
                    prop_assert!(flips.is_empty(), "the free opening flips nothing");
                } else {
                    prop_assert!(!flips.is_empty(), "a normal move flips at least one disc");
                    let expected: Bitboard = reference
                        .flips(reference.side, c, r)
                        .into_iter()
                        .map(|(x, y)| Square::new(x as u8, y as u8).unwrap())
                        .collect();
                    prop_assert_eq!(flips, expected);
                }
                reference.play(c, r);
            }
        }
        prop_assert!(
            !(game.position().discs(Color::Black) | game.position().discs(Color::White)).intersects(unplayable)
        );
        prop_assert_eq!(game.side_to_move(), reference.side);
        plies += 1;
        prop_assert_eq!(game.history().len(), plies);

        // Now and then take the move back and play it again.
        if undo_every > 0 && plies.is_multiple_of(undo_every) {
            let after = game.clone();
            let ply = game.undo().expect("a move to undo");
            prop_assert_eq!(ply.played(), mv);
            prop_assert_eq!(ply.flips(), flips);
            game.play(mv).expect("the same move again");
            prop_assert_eq!(&game, &after);
        }
    }
    prop_assert!(reference.is_over());
    let (black, white) = (reference.count(Color::Black), reference.count(Color::White));
    prop_assert_eq!((game.position().count(Color::Black), game.position().count(Color::White)), (black, white));
    let result = game.result().expect("a finished game has a result");
    let winner = match black.cmp(&white) {
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Equal => None,
    };
    prop_assert_eq!(result.winner(), winner);
    let empties = playable as u32 - black - white;
    let expected = match (rules.scoring(), winner) {
        (Scoring::Discs, _) => (black, white),
        (Scoring::Wof, Some(Color::Black)) => (black + empties, white),
        (Scoring::Wof, Some(Color::White)) => (black, white + empties),
        (Scoring::Wof, None) => (black + empties / 2, white + empties / 2),
    };
    prop_assert_eq!((result.black(), result.white()), expected);
    // The start is intact under the history: undo everything.
    while game.undo().is_some() {}
    prop_assert_eq!(*game.position(), start);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn random_games_follow_the_rules(
        o in options(),
        table_seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u32>(), 1..40),
        undo_every in 0usize..7,
    ) {
        if let Some(rules) = build(&o) {
            check_game(&rules, table_seed, &choices, undo_every)?;
        }
    }

    #[test]
    fn perft_agrees_with_naive(o in options(), table_seed in any::<u64>(), prefix in proptest::collection::vec(any::<u32>(), 0..6)) {
        let Some(rules) = build(&o) else { return Ok(()) };
        let mut game = Game::new(rules, table_seed).expect("table");
        // Start from the table's start or a few moves in, so that mid-opening states count too.
        for k in prefix {
            let moves = game.legal_move_list();
            if moves.is_empty() {
                break;
            }
            game.play(moves[k as usize % moves.len()]).expect("legal");
        }
        let reference = Naive::of(&game);
        let cells = game.position().geometry().area().len();
        let depth = if cells > 100 { 3 } else { 4 };
        for d in 0..=depth {
            prop_assert_eq!(game.perft(d), reference.perft(d), "depth {}", d);
        }
    }
}

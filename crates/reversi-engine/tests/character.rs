//! A player's character: seeded variety (the same seed, the same game; different seeds,
//! different games) and a clock (no game lost on time).
//!
//! The long clock runs are ignored by default; run them (built optimised, as every test of
//! this crate) with
//! `CLOCK_GAMES=100 CLOCK_SECONDS=5 cargo test -p reversi-engine --test character -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use reversi_engine::clock::{Clock, TimeControl};
use reversi_engine::player::{EnginePlayer, Level};
use reversi_engine::variety::Variety;
use reversi_variants::players::Player;
use reversi_variants::{Board, Game, Move, Rules};

/// The moves of a game between `black` and `white` from the standard start.
fn play_out(black: &mut EnginePlayer, white: &mut EnginePlayer) -> Vec<Move> {
    let mut game = Game::new(Rules::default(), 1).expect("the standard rules");
    let mut turn = 0;
    while let Some(mv) = if turn % 2 == 0 { black.choose(&game) } else { white.choose(&game) } {
        game.play(mv).expect("the engine plays legal moves");
        turn += 1;
    }
    assert!(game.is_over());
    game.moves()
}

fn varied(seed: u64) -> EnginePlayer {
    let variety = Variety::new(2.0, 0.5).expect("a valid variety");
    EnginePlayer::new(Level::new(1).expect("level 1")).with_variety(variety, seed)
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let first = play_out(&mut varied(1), &mut varied(2));
    let second = play_out(&mut varied(1), &mut varied(2));
    assert_eq!(first, second);
}

#[test]
fn different_seeds_rarely_repeat_a_game() {
    let games: Vec<Vec<Move>> = (0..20).map(|i| play_out(&mut varied(2 * i), &mut varied(2 * i + 1))).collect();
    let repeats = games.iter().enumerate().filter(|(i, g)| games[..*i].contains(g)).count();
    // Fewer than 1 in 5.
    assert!(repeats < 4, "{repeats} of 20 games repeat an earlier one");
}

#[test]
fn without_deviations_the_game_is_the_plain_players() {
    let level = Level::new(2).expect("level 2");
    let plain = play_out(&mut EnginePlayer::new(level), &mut EnginePlayer::new(level));
    assert_eq!(plain, play_out(&mut EnginePlayer::new(level), &mut EnginePlayer::new(level)));
    let never = Variety::new(3.0, 0.0).expect("a valid variety");
    let with_variety = play_out(
        &mut EnginePlayer::new(level).with_variety(never, 5),
        &mut EnginePlayer::new(level).with_variety(never, 6),
    );
    assert_eq!(plain, with_variety);
}

/// What a clocked game shows: whether a side lost on time, and the least time either side had
/// left after a move.
struct ClockedGame {
    lost_on_time: bool,
    least_left: Duration,
    moves: usize,
}

#[test]
fn a_depth_replaces_the_levels_depth_and_node_budget() {
    let game = Game::new(Rules::default(), 1).expect("the standard rules");
    // Level 1 searches 1 ply within 10 000 nodes; with a depth of 6, 6 plies whatever the
    // nodes, and both choose and analyse keep to it.
    let mut deep = EnginePlayer::new(Level::new(1).expect("level 1")).with_depth(6);
    assert_eq!(deep.depth(), Some(6));
    let found = deep.analyse(&game).expect("not over");
    assert_eq!(found.depth(), 6);
    assert!(found.nodes() > 0);
    assert!(deep.choose(&game).is_some_and(|mv| game.is_legal(mv)));
    let mut shallow = EnginePlayer::new(Level::new(10).expect("level 10")).with_depth(2);
    assert_eq!(shallow.analyse(&game).expect("not over").depth(), 2);
}

#[test]
fn a_clocked_analysis_keeps_to_the_moves_budget_and_spends_nothing() {
    let game = Game::new(Rules::default(), 1).expect("the standard rules");
    let clock = Clock::new(TimeControl::per_move(Duration::from_millis(300)).expect("a control"));
    let mut engine = EnginePlayer::new(Level::new(10).expect("level 10")).with_clock(clock);
    let start = Instant::now();
    engine.analyse(&game).expect("not over");
    // The budget is the 300 ms less the safety margin; a loaded machine may add a little.
    assert!(start.elapsed() < Duration::from_millis(600), "{:?}", start.elapsed());
    assert_eq!(engine.clock().map(Clock::remaining), Some(Duration::from_millis(300)));
    // A depth caps a clocked search.
    let mut capped = EnginePlayer::new(Level::new(10).expect("level 10")).with_clock(clock).with_depth(3);
    assert!(capped.analyse(&game).expect("not over").depth() <= 3);
}

/// A game on a `side`×`side` board between two clocked level-10 players with `seconds` each
/// and no increment, the clocks kept by the referee (the time around each `choose`) and given
/// to the players before each move, as a platform does. Variety from `seed` makes the games
/// differ.
fn clocked_game(side: u8, seconds: u64, seed: u64) -> ClockedGame {
    let rules = Rules::builder().board(Board::Rectangle { width: side, height: side }).build().expect("a square board");
    let mut game = Game::new(rules, seed).expect("the rules' start");
    let control = TimeControl::fischer(Duration::from_secs(seconds), Duration::ZERO).expect("a valid control");
    let variety = Variety::new(1.0, 0.2).expect("a valid variety");
    let mut players = [seed, seed + 1]
        .map(|s| EnginePlayer::new(Level::MAX).with_variety(variety, s).with_clock(Clock::new(control)));
    let mut left = [Duration::from_secs(seconds); 2];
    let mut least_left = left[0];
    let mut moves = 0;
    loop {
        let side_index = moves % 2;
        let player = &mut players[side_index];
        let mut clock = *player.clock().expect("a clocked player");
        clock.set_remaining(left[side_index]).expect("a time within a year");
        player.set_clock(clock);
        let start = Instant::now();
        let chosen = player.choose(&game);
        let elapsed = start.elapsed();
        let Some(mv) = chosen else { break };
        let Some(after) = left[side_index].checked_sub(elapsed) else {
            return ClockedGame { lost_on_time: true, least_left: Duration::ZERO, moves };
        };
        left[side_index] = after;
        least_left = least_left.min(after);
        game.play(mv).expect("the engine plays legal moves");
        moves += 1;
    }
    ClockedGame { lost_on_time: false, least_left, moves }
}

#[test]
fn a_clocked_game_of_two_seconds_a_side_is_not_lost_on_time() {
    let result = clocked_game(8, 2, 7);
    assert!(!result.lost_on_time);
    assert!(result.moves >= 55, "a game played out: {} moves", result.moves);
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// `CLOCK_GAMES` games (default 100) of `CLOCK_SECONDS` seconds a side (default 5) on 8×8 and
/// on 10×10 (`CLOCK_SIDES`, e.g. `8` or `10`; both by default).
#[test]
#[ignore = "minutes of play: run with --ignored, see the module's documentation"]
fn many_clocked_games_are_never_lost_on_time() {
    let games = env("CLOCK_GAMES", 100);
    let seconds = env("CLOCK_SECONDS", 5);
    let sides: Vec<u8> = match env("CLOCK_SIDES", 0) {
        0 => vec![8, 10],
        side => vec![side as u8],
    };
    for side in sides {
        let mut least = Duration::MAX;
        let mut losses = 0;
        for seed in 0..games {
            let result = clocked_game(side, seconds, 2 * seed);
            losses += usize::from(result.lost_on_time);
            least = least.min(result.least_left);
        }
        println!(
            "{side}x{side}: {games} games of {seconds} s a side: {losses} lost on time, least time left {least:?}"
        );
        assert_eq!(losses, 0);
    }
}

//! A game platform's load: many tables of two bots each, at levels 1, 3 and 5 in turn, played
//! at once on every thread (each thread moves its tables in turn, as a server's worker would),
//! with the moves per CPU second of each level and the peak memory, so that a platform can
//! size its servers.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin load -- [THREADS] [TABLES_PER_THREAD] [HASH_KB_PER_BOT] [SIDE]
//! ```
//!
//! Defaults: 2 threads, 16 tables a thread, 4096 KB a bot (the player's default), 8×8. Each
//! table plays one game to its end from the standard start. CPU time is each thread's own
//! (`CLOCK_THREAD_CPUTIME_ID`), counted per move, so the figures hold on a shared machine;
//! the peak memory is the process's `VmHWM` (Linux), less its value before the bots were
//! built.

use std::time::Duration;

use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::variants::players::Player;
use reversi_kit::variants::{Board, Game, Rules};
use reversi_tools::thread_cpu;

/// The levels of the tables, in turn.
const LEVELS: [u8; 3] = [1, 3, 5];

/// The process's peak resident memory (`VmHWM`), in KB.
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// One table: a game and its two bots.
struct Table {
    game: Game,
    bots: [EnginePlayer; 2],
    level: usize,
}

/// Per level: moves and CPU time.
type Tally = [(u64, Duration); LEVELS.len()];

fn run_thread(tables: &mut [Table]) -> Tally {
    let mut tally = [(0, Duration::ZERO); LEVELS.len()];
    let mut playing = tables.len();
    while playing > 0 {
        playing = 0;
        for table in tables.iter_mut() {
            let side = table.game.moves().len() % 2;
            let start = thread_cpu();
            let Some(mv) = table.bots[side].choose(&table.game) else { continue };
            let spent = thread_cpu().saturating_sub(start);
            table.game.play(mv).expect("the engine plays legal moves");
            tally[table.level].0 += 1;
            tally[table.level].1 += spent;
            playing += 1;
        }
    }
    tally
}

fn arg(n: usize, default: usize) -> usize {
    std::env::args().nth(n).and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn main() {
    let threads = arg(1, 2).max(1);
    let per_thread = arg(2, 16).max(1);
    let hash_kb = arg(3, 4096);
    let side = u8::try_from(arg(4, 8)).unwrap_or(8);
    let rules = match Rules::builder().board(Board::Rectangle { width: side, height: side }).build() {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let before = peak_kb();
    let mut groups: Vec<Vec<Table>> = (0..threads)
        .map(|t| {
            (0..per_thread)
                .map(|i| {
                    let level = (t * per_thread + i) % LEVELS.len();
                    let bot =
                        || EnginePlayer::with_hash_bytes(Level::new(LEVELS[level]).expect("a level"), hash_kb << 10);
                    Table {
                        game: Game::new(rules.clone(), i as u64).expect("the rules' start"),
                        bots: [bot(), bot()],
                        level,
                    }
                })
                .collect()
        })
        .collect();
    let built = peak_kb();
    let wall = std::time::Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = groups.iter_mut().map(|g| scope.spawn(move || run_thread(g))).collect();
        handles.into_iter().map(|h| h.join().expect("a worker thread")).collect()
    });
    let wall = wall.elapsed();
    let peak = peak_kb();
    let bots = threads * per_thread * 2;
    println!(
        "{threads} threads, {} tables ({bots} bots) on {side}x{side}, {hash_kb} KB of tables a bot",
        threads * per_thread
    );
    let mut all = (0, Duration::ZERO);
    for (i, level) in LEVELS.iter().enumerate() {
        let (moves, cpu) = tallies.iter().fold((0, Duration::ZERO), |(m, c), t| (m + t[i].0, c + t[i].1));
        all = (all.0 + moves, all.1 + cpu);
        let rate = moves as f64 / cpu.as_secs_f64().max(1e-9);
        println!("level {level}: {moves} moves in {:.2} s of CPU: {rate:.0} moves per CPU second", cpu.as_secs_f64());
    }
    println!(
        "all: {} moves in {:.2} s of CPU ({:.0} moves per CPU second); {:.2} s of wall time",
        all.0,
        all.1.as_secs_f64(),
        all.0 as f64 / all.1.as_secs_f64().max(1e-9),
        wall.as_secs_f64()
    );
    println!(
        "peak memory (VmHWM): {} MB before the bots, {} MB once built, {} MB at the end: {:.2} MB a bot",
        before / 1024,
        built / 1024,
        peak / 1024,
        peak.saturating_sub(before) as f64 / 1024.0 / bots as f64
    );
}

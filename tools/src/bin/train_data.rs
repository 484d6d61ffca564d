//! The evaluation's training data: 8×8 positions labelled by how games ended, in samples files
//! (`reversi_tools::samples`) for `fit_patterns`. One command per source, then one merge:
//!
//! ```text
//! train_data wthor --out DIR ../shared/data/wthor/*.wtb        # seconds
//! train_data self-play --out DIR --games 400000 --shards 8 --shard 0   # one per shard
//! train_data merge --out DIR                                     # DIR/train.smp
//! ```
//!
//! `wthor` writes every position with at least 24 empty cells of the games of the training
//! years (`DIR/wthor-train.smp`) and of the held-out years (`--hold-out`, by default 2012, 2017
//! and 2018: `DIR/wthor-held.smp`, never fitted, for measuring), each labelled by its game's
//! theoretical score (WTHOR's perfect play from 24 empties): exact at 24 empties, the
//! negamaxed result of strong human play above. Below 24 empties the players' later mistakes
//! would make the final score a biased label, so those positions are left to the exact bands.
//!
//! `self-play` plays games whose first plies are random (a count drawn from `--random-plies`,
//! so that the tables also see the bad positions a search walks through), then a search of
//! `--depth` plies, exact from `--exact` empties, on both sides to the end; every position from
//! the last random ply on is labelled by the final score. Game `i` of a run depends only on
//! `--seed` and `i` (its own generator, a cleared table), so shards split the games by `i`
//! modulo `--shards` and any machine can run any shard. A shard writes its games in parts of
//! [`PART`] games (`DIR/self-play/shard-S-part-K.smp`, written whole under a temporary name
//! then renamed), and skips the parts it finds: stopped anywhere, it resumes where it stopped.
//!
//! `merge` writes `DIR/train.smp`: the WTHOR training positions, then every self-play part in
//! the order of its shard and number, whatever machine or order wrote them. Each command prints
//! its progress on standard error and its cost (CPU seconds, positions a CPU second) at the end.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_cli::files;
use reversi_kit::core::{Color, Position};
use reversi_kit::engine::eval::training::standard_discs;
use reversi_kit::engine::{Limits, Searcher};
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::variants::Move;
use reversi_tools::samples::{self, MAGIC, Sample, Source};
use reversi_tools::{game_seed, in_order, play_move};

/// Self-play games a part file holds.
const PART: usize = 500;
/// WTHOR's theoretical scores are perfect play from this many empties.
const THEORETICAL_EMPTIES: u32 = 24;

/// Writes and merges the evaluation's training data.
#[derive(Parser, Debug)]
#[command(name = "train_data")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Positions of WTHOR games labelled by their theoretical scores.
    Wthor {
        /// The folder of the samples files.
        #[arg(long)]
        out: PathBuf,
        /// Years whose games are held out of the fit, for measuring.
        #[arg(long, value_delimiter = ',', default_value = "2012,2017,2018")]
        hold_out: Vec<u16>,
        /// WTHOR game files (`.wtb`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Positions of self-play games labelled by their final scores, one shard of them.
    SelfPlay {
        /// The folder of the samples files.
        #[arg(long)]
        out: PathBuf,
        /// Games in all shards together.
        #[arg(long)]
        games: usize,
        /// Shards the games are split into.
        #[arg(long, default_value_t = 1)]
        shards: usize,
        /// This shard, from 0.
        #[arg(long, default_value_t = 0)]
        shard: usize,
        /// The seed of every game's random plies.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The search's depth in plies.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Exact play from this many empties.
        #[arg(long, default_value_t = 14)]
        exact: u32,
        /// The fewest and the most random plies that open a game, as `LOW..HIGH`.
        #[arg(long, default_value = "2..30", value_parser = parse_range)]
        random_plies: (u32, u32),
        /// Games played at once.
        #[arg(long, default_value = "1")]
        jobs: NonZeroUsize,
    },
    /// The training positions of every source in one file, `DIR/train.smp`.
    Merge {
        /// The folder of the samples files.
        #[arg(long)]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let started = Instant::now();
    let result = match Args::parse().command {
        Command::Wthor { out, hold_out, files } => wthor(&out, &hold_out, &files),
        Command::SelfPlay { out, games, shards, shard, seed, depth, exact, random_plies, jobs } => {
            if shards == 0 || shard >= shards {
                Err(format!("--shard {shard} of --shards {shards}: a shard is from 0 to shards - 1"))
            } else if !(1..=30).contains(&depth) || exact > 30 || random_plies.1 > 59 {
                Err("--depth 1 to 30, --exact at most 30 and random plies at most 59".to_owned())
            } else {
                let plan = Plan { games, shards, shard, seed, depth, exact, random_plies };
                self_play(&out, &plan, jobs.get())
            }
        }
        Command::Merge { out } => merge(&out),
    };
    match result {
        Ok(positions) => {
            let cpu = cpu_seconds();
            eprintln!(
                "train_data: {positions} positions; {:.0} s elapsed, {cpu:.0} CPU s ({:.0} positions a CPU second)",
                started.elapsed().as_secs_f64(),
                positions as f64 / cpu.max(1e-9)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("train_data: {e}");
            ExitCode::from(1)
        }
    }
}

/// `LOW..HIGH`, low at most high.
fn parse_range(text: &str) -> Result<(u32, u32), String> {
    let (low, high) = text.split_once("..").ok_or("expected LOW..HIGH")?;
    let (low, high): (u32, u32) =
        (low.parse().map_err(|_| "LOW is not a number")?, high.parse().map_err(|_| "HIGH is not a number")?);
    if low > high { Err(format!("{low} is above {high}")) } else { Ok((low, high)) }
}

/// The process's CPU time (user and system), in seconds.
fn cpu_seconds() -> f64 {
    let mut usage = libc::rusage {
        ru_utime: libc::timeval { tv_sec: 0, tv_usec: 0 },
        ru_stime: libc::timeval { tv_sec: 0, tv_usec: 0 },
        ru_maxrss: 0,
        ru_ixrss: 0,
        ru_idrss: 0,
        ru_isrss: 0,
        ru_minflt: 0,
        ru_majflt: 0,
        ru_nswap: 0,
        ru_inblock: 0,
        ru_oublock: 0,
        ru_msgsnd: 0,
        ru_msgrcv: 0,
        ru_nsignals: 0,
        ru_nvcsw: 0,
        ru_nivcsw: 0,
    };
    // SAFETY: `usage` is a valid, writable rusage; on failure it stays zero.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &raw mut usage) };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Writes `samples` to `path` whole: under a temporary name first, renamed when complete, so
/// that a stopped run never leaves a partial file under the final name.
fn write_samples(path: &Path, samples: &[Sample]) -> Result<(), String> {
    let mut bytes = Vec::with_capacity(MAGIC.len() + samples.len() * samples::RECORD);
    bytes.extend_from_slice(MAGIC);
    for sample in samples {
        sample.write_to(&mut bytes);
    }
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, bytes).map_err(|e| format!("{}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The sample of `pos` labelled `black_margin` (Black's final disc difference).
fn sample_of(pos: &Position, black_margin: i32, source: Source) -> Sample {
    let label = if pos.side_to_move() == Color::Black { black_margin } else { -black_margin };
    let (mover, opponent) = standard_discs(pos).expect("a position of the standard board");
    Sample { mover, opponent, label: i8::try_from(label).expect("a margin within ±64"), source }
}

fn wthor(out: &Path, hold_out: &[u16], paths: &[PathBuf]) -> Result<usize, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let (mut games, mut refused) = (0usize, 0usize);
    for path in paths {
        let bytes = files::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = WthorFile::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        if file.header().depth() != THEORETICAL_EMPTIES as u8 {
            return Err(format!(
                "{}: theoretical scores from {} empties, expected {THEORETICAL_EMPTIES}",
                path.display(),
                file.header().depth()
            ));
        }
        let into = if hold_out.contains(&file.header().game_year()) { &mut held } else { &mut train };
        for game in file.games() {
            let Ok(replay) = game.replay() else {
                refused += 1;
                continue;
            };
            games += 1;
            let black_margin = 2 * i32::from(game.theoretical_score()) - 64;
            let mut pos = Position::default();
            for &mv in replay.moves() {
                if pos.empty_cells().len() < THEORETICAL_EMPTIES {
                    break;
                }
                if !pos.legal_moves().is_empty() {
                    into.push(sample_of(&pos, black_margin, Source::Wthor));
                }
                play_move(&mut pos, mv)?;
            }
        }
        eprint!("\rtrain_data: {games} games, {} + {} positions", train.len(), held.len());
    }
    eprintln!("; {refused} games refused (an illegal move)");
    write_samples(&out.join("wthor-train.smp"), &train)?;
    write_samples(&out.join("wthor-held.smp"), &held)?;
    Ok(train.len() + held.len())
}

/// One shard's share of a self-play run.
#[derive(Clone, Copy, Debug)]
struct Plan {
    games: usize,
    shards: usize,
    shard: usize,
    seed: u64,
    depth: u32,
    exact: u32,
    random_plies: (u32, u32),
}

impl Plan {
    /// The run's games that are this shard's, in order.
    fn games(&self) -> Vec<usize> {
        (self.shard..self.games).step_by(self.shards).collect()
    }
}

fn self_play(out: &Path, plan: &Plan, jobs: usize) -> Result<usize, String> {
    let folder = out.join("self-play");
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let games = plan.games();
    let parts = games.chunks(PART).count();
    let mut written = 0;
    for (part, chunk) in games.chunks(PART).enumerate() {
        let path = folder.join(format!("shard-{}-part-{part}.smp", plan.shard));
        if path.exists() {
            continue;
        }
        let played = in_order(chunk.len(), jobs, |i| play_game(plan, chunk[i]));
        let samples: Vec<Sample> = played.into_iter().collect::<Result<Vec<_>, _>>()?.concat();
        write_samples(&path, &samples)?;
        written += samples.len();
        eprintln!("train_data: shard {} part {}/{parts}: {} positions", plan.shard, part + 1, samples.len());
    }
    Ok(written)
}

/// Game `index` of the run: its random plies, the searches' moves to the end, and the
/// positions from the last random ply on, labelled by the final score.
fn play_game(plan: &Plan, index: usize) -> Result<Vec<Sample>, String> {
    thread_local! {
        static SEARCHER: std::cell::RefCell<Searcher> = std::cell::RefCell::new(Searcher::with_hash_mb(4));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed(plan.seed, index));
    let (low, high) = plan.random_plies;
    let random = low + rng.next_u32() % (high - low + 1);
    let mut pos = Position::default();
    let mut kept = Vec::new();
    let limits = Limits::depth(plan.depth).with_exact_empties(plan.exact);
    SEARCHER.with_borrow_mut(|searcher| {
        searcher.clear();
        let mut ply = 0;
        loop {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                if pos.with_side_to_move(!pos.side_to_move()).legal_moves().is_empty() {
                    break;
                }
                pos.pass().map_err(|e| format!("game {index}: {e}"))?;
                continue;
            }
            let mv = if ply < random {
                moves.iter().nth(rng.next_u32() as usize % moves.len() as usize).expect("a legal move")
            } else {
                kept.push(pos);
                let result = searcher.search(&pos, limits.clone()).ok_or("a search gave no move")?;
                match result.best() {
                    Move::Place(sq) => sq,
                    Move::Pass => return Err(format!("game {index}: a pass where moves exist")),
                }
            };
            pos.play(mv).map_err(|e| format!("game {index}: {mv}: {e}"))?;
            ply += 1;
        }
        Ok(())
    })?;
    let (black, white) = (pos.count(Color::Black) as i32, pos.count(Color::White) as i32);
    let empties = 64 - black - white;
    let black_margin = match black.cmp(&white) {
        std::cmp::Ordering::Greater => black - white + empties,
        std::cmp::Ordering::Less => black - white - empties,
        std::cmp::Ordering::Equal => 0,
    };
    Ok(kept.iter().map(|p| sample_of(p, black_margin, Source::SelfPlay)).collect())
}

fn merge(out: &Path) -> Result<usize, String> {
    let mut parts: Vec<(usize, usize, PathBuf)> = Vec::new();
    let folder = out.join("self-play");
    if folder.exists() {
        for entry in std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))? {
            let path = entry.map_err(|e| format!("{}: {e}", folder.display()))?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let numbers = name
                .strip_prefix("shard-")
                .and_then(|rest| rest.strip_suffix(".smp"))
                .and_then(|rest| rest.split_once("-part-"))
                .and_then(|(s, p)| Some((s.parse().ok()?, p.parse().ok()?)));
            if let Some((shard, part)) = numbers {
                parts.push((shard, part, path));
            }
        }
    }
    parts.sort();
    let mut bytes = MAGIC.to_vec();
    let mut add = |path: &Path| -> Result<(), String> {
        let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        samples::parse(&data).map_err(|e| format!("{}: {e}", path.display()))?;
        bytes.extend_from_slice(&data[MAGIC.len()..]);
        Ok(())
    };
    add(&out.join("wthor-train.smp"))?;
    for (_, _, path) in &parts {
        add(path)?;
    }
    let positions = (bytes.len() - MAGIC.len()) / samples::RECORD;
    let path = out.join("train.smp");
    std::fs::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!("train_data: {} self-play parts merged after the WTHOR positions", parts.len());
    Ok(positions)
}

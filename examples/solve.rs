//! Solves endgame positions exactly: the value with perfect play, a best move, the principal
//! variation, and how fast.
//!
//! ```text
//! cargo run --release --example solve -- --position "POSITION STRING" [--scoring discs|wof] [--wld] [--threads N] [--hash-mb N] [--time SECONDS] [--max-nodes N]
//! cargo run --release --example solve -- --file data/ffo/ffo-20-59.txt --threads 2
//! ```
//!
//! A position prints `key: value` lines: `empties`, `best`, `score` (or `result` with
//! `--wld`), `pv`, `nodes`, `time`, `speed`. A file (the FFO format: number, position string
//! and the listed values, WOF, tab-separated; `#` starts a comment) prints one line a position,
//! `ok` or `WRONG` against the file, then a summary. Long solves show their progress on
//! stderr when it is a terminal: the time, the nodes, and the best move and value found so
//! far, with how sure they are (`b7 +2 (selective)`). `--time` and `--max-nodes` bound each
//! solve: past either, a position is `not solved` (an `error:` with the best move found so far
//! and exit status 1; in a file, a `not solved` line and the next position). Bad flags or a
//! position that cannot be solved: an `error:` with the usage and exit status 2; a file that
//! cannot be read or holds a bad line: an `error:` naming it and exit status 1.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use reversi_cli::{args, errors, files, hash_mb, outln};
use reversi_kit::Position;
use reversi_kit::engine::solver::{Mode, Progress, SolveError, Solver};
use reversi_kit::engine::{Limits, SearchResult};
use reversi_kit::variants::{Move, Scoring};

/// Solve Reversi endgames exactly, on any board.
#[derive(Debug, Parser)]
#[command(name = "solve", version)]
struct Cli {
    /// A position string (docs/rules.md §5), such as "--------/.../-------- X"
    #[arg(long, value_name = "POSITION", value_parser = parse_position, allow_hyphen_values = true, conflicts_with = "file", required_unless_present = "file")]
    position: Option<Position>,
    /// A file of positions in the FFO format, with their values (WOF)
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// The scoring: discs, or wof (empty cells to the winner) [default: discs for a position,
    /// wof for a file]
    #[arg(long, value_name = "discs|wof", value_enum)]
    scoring: Option<ScoringArg>,
    /// Only win, draw or loss
    #[arg(long)]
    wld: bool,
    /// Search threads, 1 to 1024
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = args::threads())]
    threads: usize,
    /// The transposition table's size in MB, 1 to 4096 (its memory taken as the solve fills it)
    #[arg(long, value_name = "N", default_value_t = Solver::DEFAULT_HASH_MB, value_parser = hash_mb::parser())]
    hash_mb: usize,
    /// Give up a solve after this many seconds (more than 0, at most a day; 0.5 allowed)
    #[arg(long, value_name = "SECONDS", value_parser = args::seconds)]
    time: Option<Duration>,
    /// Give up a solve after about this many nodes (1 or more)
    #[arg(long, value_name = "N", value_parser = args::max_nodes())]
    max_nodes: Option<u64>,
}

impl Cli {
    /// The limits of each solve.
    fn limits(&self) -> Limits {
        let mut limits = Limits::none();
        if let Some(time) = self.time {
            limits = limits.with_time(time);
        }
        if let Some(nodes) = self.max_nodes {
            limits = limits.with_nodes(nodes);
        }
        limits
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ScoringArg {
    Discs,
    Wof,
}

impl From<ScoringArg> for Scoring {
    fn from(arg: ScoringArg) -> Scoring {
        match arg {
            ScoringArg::Discs => Scoring::Discs,
            ScoringArg::Wof => Scoring::Wof,
        }
    }
}

fn parse_position(text: &str) -> Result<Position, String> {
    text.parse::<Position>().map_err(|e| format!("invalid position: {e}"))
}

fn main() -> ExitCode {
    // Bad flags: clap's message on stderr, exit status 2.
    let cli = args::parse::<Cli>();
    if cli.file.is_some() && matches!(cli.scoring, Some(ScoringArg::Discs)) {
        args::usage_error::<Cli>("the file's values are WOF scores: use --scoring wof or no --scoring");
    }
    let threads = std::num::NonZeroUsize::new(cli.threads).expect("--threads is at least 1");
    let solver = Solver::with_hash_mb(cli.hash_mb).threads(threads);
    let mode = if cli.wld { Mode::WinDrawLoss } else { Mode::Exact };
    match (&cli.position, &cli.file) {
        // A position that cannot be solved (a finished game) is the command line's fault.
        (Some(position), _) => {
            match solve_one(&solver, position, cli.scoring.map_or(Scoring::Discs, Scoring::from), mode, cli.limits()) {
                Ok(()) => ExitCode::SUCCESS,
                // Out of time or nodes: not the command line's fault.
                Err((message, true)) => errors::fail(message),
                Err((message, false)) => args::usage_error::<Cli>(message),
            }
        }
        (None, Some(path)) => match solve_file(&solver, path, mode, &cli.limits()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => errors::fail(message),
        },
        (None, None) => unreachable!("clap requires --position or --file"),
    }
}

/// Solves `position` with a progress line on stderr when it is a terminal.
/// Past a limit, the error carries the best move found so far, if any.
fn solve_watched(
    solver: &Solver,
    position: &Position,
    scoring: Scoring,
    mode: Mode,
    limits: Limits,
) -> Result<(SearchResult, f64), (SolveError, Option<String>)> {
    let progress = Progress::new();
    let limits = limits.with_scoring(scoring).with_mode(mode).with_progress(Arc::clone(&progress));
    let started = Instant::now();
    let solution = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("a valid template"));
        let done = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            let watcher = s.spawn(|| {
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(200));
                    let best = progress.best_so_far().map_or(String::new(), |best| format!(", best so far {best}"));
                    bar.set_message(format!("{} nodes{best}", progress.nodes()));
                    bar.tick();
                }
            });
            let solution = solver.solve_with(position, limits);
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            watcher.join().expect("the progress thread does not panic");
            bar.finish_and_clear();
            solution
        })
    } else {
        solver.solve_with(position, limits)
    }
    .map_err(|e| (e, progress.best_so_far().map(|best| best.to_string())))?;
    Ok((solution, started.elapsed().as_secs_f64()))
}

/// The message of an unsolved position: the error, and the best move found so far.
fn unsolved(error: &SolveError, best: Option<&str>) -> String {
    match best {
        Some(best) => format!("{error} (best so far {best})"),
        None => error.to_string(),
    }
}

fn speed(nodes: u64, seconds: f64) -> String {
    if seconds > 0.0 { format!("{:.1} M nodes/s", nodes as f64 / seconds / 1e6) } else { "-".into() }
}

/// Solves and prints `position`; an error says whether a limit ended the solve (`true`).
fn solve_one(
    solver: &Solver,
    position: &Position,
    scoring: Scoring,
    mode: Mode,
    limits: Limits,
) -> Result<(), (String, bool)> {
    let (solution, seconds) = solve_watched(solver, position, scoring, mode, limits).map_err(|(e, best)| {
        let limited = matches!(e, SolveError::Interrupted { .. });
        (format!("{}: {position}", unsolved(&e, best.as_deref())), limited)
    })?;
    outln!("empties: {}", position.empty_cells().len());
    outln!("best: {}", solution.best());
    // The value is exact: a score, or in win/draw/loss mode the outcome.
    match mode {
        Mode::Exact => outln!("score: {}", solution.value()),
        Mode::WinDrawLoss => outln!("result: {}", solution.value()),
    }
    let pv: Vec<String> = solution.pv().iter().map(Move::to_string).collect();
    outln!("pv: {}", pv.join(" "));
    outln!("nodes: {}", solution.nodes());
    outln!("time: {seconds:.2} s");
    outln!("speed: {}", speed(solution.nodes(), seconds));
    Ok(())
}

/// One line of an FFO file: its number, position and listed values (`None` for `best:`).
struct Entry {
    number: String,
    position: Position,
    values: Vec<(Option<Move>, i32)>,
}

fn parse_line(line: &str) -> Result<Entry, String> {
    let mut fields = line.split('\t');
    let number = fields.next().unwrap_or_default().trim().to_owned();
    let position = fields.next().ok_or("no position after the number (fields are tab-separated)")?;
    let position = parse_position(position)?;
    let values = fields.next().ok_or("no values after the position")?;
    let values = values
        .split_whitespace()
        .map(|item| {
            let (mv, value) = item.split_once(':').ok_or_else(|| format!("value {item:?} is not MOVE:VALUE"))?;
            let value: i32 = value.parse().map_err(|_| format!("value {value:?} of {item:?} is not a number"))?;
            let mv = if mv == "best" { None } else { Some(mv.parse::<Move>().map_err(|e| format!("{item:?}: {e}"))?) };
            Ok((mv, value))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if values.is_empty() {
        return Err("no values after the position".into());
    }
    Ok(Entry { number, position, values })
}

fn solve_file(solver: &Solver, path: &Path, mode: Mode, limits: &Limits) -> Result<(), String> {
    let bytes = files::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| format!("{}: not valid UTF-8 text: {e}", path.display()))?;
    let entries = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| parse_line(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1)))
        .collect::<Result<Vec<_>, String>>()?;
    let started = Instant::now();
    let (mut solved, mut agree, mut unsolved_count) = (0, 0, 0);
    for entry in &entries {
        let (solution, seconds) = match solve_watched(solver, &entry.position, Scoring::Wof, mode, limits.clone()) {
            Ok(done) => done,
            // Past a limit: said, and the next position.
            Err((e @ SolveError::Interrupted { .. }, best)) => {
                // The error says "not solved: ..." itself.
                outln!("#{} {}", entry.number, unsolved(&e, best.as_deref()));
                unsolved_count += 1;
                continue;
            }
            Err((e, _)) => return Err(format!("#{}: {e}", entry.number)),
        };
        let best = entry.values.iter().map(|&(_, v)| v).max().expect("at least one value");
        let expected = if mode == Mode::WinDrawLoss { best.signum() } else { best };
        // The move must be one of the best listed, when the file lists moves.
        let move_ok = entry.values.iter().all(|(mv, _)| mv.is_none())
            || entry.values.iter().any(|&(mv, v)| mv == Some(solution.best()) && v == best);
        // An exact value or outcome: its discs are a whole number.
        let ok = solution.value().discs() as i32 == expected && move_ok;
        solved += 1;
        agree += usize::from(ok);
        let value = solution.value().to_string();
        outln!(
            "#{} {} {value} {} {seconds:.2} s {}",
            entry.number,
            solution.best(),
            if ok { "ok" } else { "WRONG" },
            speed(solution.nodes(), seconds)
        );
    }
    let not_solved = if unsolved_count > 0 { format!(", {unsolved_count} not solved") } else { String::new() };
    outln!("solved {solved}, {agree} agree{not_solved}, {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

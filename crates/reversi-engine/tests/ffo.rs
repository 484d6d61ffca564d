//! The FFO endgame positions (`data/ffo/ffo-20-59.txt` at the top of the repository): every
//! listed move of #20-#39, the best values of #40-#59.
//!
//! The default test build reads and checks the file; the solves are ignored there (seconds to
//! hours of search). `.ci/run` runs #20-#29 and the independent check in release:
//! `cargo test --release -p reversi-engine --test ffo -- --ignored ffo_20_to_29 independent_check`;
//! `-- --ignored` alone runs them all (#40-#59 take minutes on many cores, hours on one).

use std::path::PathBuf;

use reversi_core::Position;
use reversi_engine::Limits;
use reversi_engine::solver::{Bound, Solver, Window};
use reversi_variants::{Move, Scoring};

/// One position of the file: number, position, listed values (`None` for `best:`).
struct Entry {
    number: u32,
    position: Position,
    values: Vec<(Option<Move>, i32)>,
}

/// The entries of the file; a missing or malformed file fails the test, naming its path.
fn entries() -> Vec<Entry> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/ffo/ffo-20-59.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("the FFO positions {}: {e}", path.display()));
    let entries = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let values = fields[2]
                .split_whitespace()
                .map(|item| {
                    let (mv, value) = item.split_once(':').expect("MOVE:VALUE");
                    let mv = (mv != "best").then(|| mv.parse::<Move>().expect("a move"));
                    (mv, value.parse().expect("a number"))
                })
                .collect();
            Entry {
                number: fields[0].parse().expect("a number"),
                position: fields[1].parse().expect("a position"),
                values,
            }
        })
        .collect::<Vec<_>>();
    assert_eq!(entries.len(), 40, "{}", path.display());
    entries
}

/// The file as this suite reads it: #20-#59 in order, every move listed for #20-#39 (each a
/// legal move, all of them), the best value alone for #40-#59.
#[test]
fn the_file_lists_every_move_of_20_to_39_and_the_best_of_40_to_59() {
    for (entry, number) in entries().iter().zip(20..) {
        assert_eq!(entry.number, number);
        if number < 40 {
            let mut listed: Vec<Move> = entry.values.iter().map(|&(mv, _)| mv.expect("#20-#39 list moves")).collect();
            listed.sort_by_key(|mv| format!("{mv}"));
            let mut legal: Vec<Move> = entry.position.legal_moves().iter().map(Move::Place).collect();
            legal.sort_by_key(|mv| format!("{mv}"));
            assert_eq!(listed, legal, "#{number}: every legal move listed, once");
        } else {
            assert!(matches!(entry.values[..], [(None, _)]), "#{number}: the best value alone");
        }
    }
}

/// #20-#29 (6 to 20 empties): every move; seconds of search, kept out of the default run with
/// the other solves.
#[test]
#[ignore = "a release check (.ci/run): cargo test --release -p reversi-engine --test ffo -- --ignored ffo_20_to_29"]
fn ffo_20_to_29_every_move() {
    every_move(20..30);
}

/// #30-#39 (20 to 26 empties): every move; minutes in release.
#[test]
#[ignore = "minutes in release: cargo test --release -p reversi-engine --test ffo -- --ignored ffo_30_to_39"]
fn ffo_30_to_39_every_move() {
    every_move(30..40);
}

/// The solver's best value and move, and every listed move's value, each checked by a search
/// with the window (v - 1, v + 1), which answers exactly v only if v is the value.
fn every_move(numbers: std::ops::Range<u32>) {
    let entries = entries();
    let solver = Solver::with_hash_mb(16);
    let mut wrong = Vec::new();
    for entry in entries.iter().filter(|e| numbers.contains(&e.number)) {
        assert_eq!(
            entry.values.len() as u32,
            entry.position.legal_moves().len(),
            "#{}: every move listed",
            entry.number
        );
        let values: Vec<(Move, i32)> = entry
            .values
            .iter()
            .map(|&(mv, v)| {
                let mv = mv.expect("#20-#39 list moves");
                (mv, v)
            })
            .collect();
        let best = values.iter().map(|&(_, v)| v).max().expect("values");
        let solution = solver.solve(&entry.position, Scoring::Wof).expect("no limit");
        if solution.value().exact() != Some(best) || !values.contains(&(solution.best(), best)) {
            wrong.push(format!(
                "#{}: {} {:+}, the file's best {best:+}",
                entry.number,
                solution.best(),
                solution.value()
            ));
        }
        for &(mv, value) in &values {
            let Move::Place(sq) = mv else { panic!("#{}: a cell", entry.number) };
            let mut child = entry.position;
            child.play(sq).expect("a legal move");
            let window = Window::new(-value - 1, -value + 1).expect("a window");
            let found = solver.search(&child, window, Limits::none().with_scoring(Scoring::Wof)).expect("no limit");
            if (found.bound(), -found.value()) != (Bound::Exact, value) {
                wrong.push(format!(
                    "#{} {sq}: {:?} {:+}, the file {value:+}",
                    entry.number,
                    found.bound(),
                    -found.value()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// FFO #31 g1 by an independent search: a plain alpha-beta on `Position`'s moves (fewest
/// replies first), no table, no kernel words. After g1, White to move gets exactly 32, so g1
/// is worth -32 to Black (the list this suite was first written from said -30).
/// A few seconds in release.
#[test]
#[ignore = "a release check (.ci/run): cargo test --release -p reversi-engine --test ffo -- --ignored independent_check"]
fn independent_check() {
    let pos: Position =
        "-OOOOO--/--OOOO--/OXXOOO--/-XXXOO--/XXXXXXO-/XXXOOO-O/X-OOOO--/-OOOOO-- X".parse().expect("FFO #31");
    let mut child = pos;
    child.play("g1".parse().expect("a cell")).expect("legal");
    assert!(alpha_beta(&child, 31, 32) >= 32);
    assert!(alpha_beta(&child, 32, 33) <= 32);
}

/// Fail-soft alpha-beta for the side to move, WOF scoring, on `Position` alone.
fn alpha_beta(pos: &Position, alpha: i32, beta: i32) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let mut passed = *pos;
        if passed.pass().is_ok() {
            return -alpha_beta(&passed, -beta, -alpha);
        }
        let side = pos.side_to_move();
        let diff = pos.count(side) as i32 - pos.count(!side) as i32;
        return diff + diff.signum() * pos.empty_cells().len() as i32;
    }
    let mut children: Vec<(u32, Position)> = moves
        .iter()
        .map(|sq| {
            let mut child = *pos;
            child.play(sq).expect("a legal move");
            (child.legal_moves().len(), child)
        })
        .collect();
    children.sort_by_key(|&(replies, _)| replies);
    let (mut best, mut alpha) = (i32::MIN + 1, alpha);
    for (_, child) in children {
        let v = -alpha_beta(&child, -beta, -alpha);
        if v > best {
            best = v;
            if v >= beta {
                return v;
            }
            alpha = alpha.max(v);
        }
    }
    best
}

/// #40-#59: the best values. Long: run them with the `solve` example (`--file`), which also
/// times them.
#[test]
#[ignore = "minutes on many cores: cargo test --release -p reversi-engine --test ffo -- --ignored ffo_40_to_59"]
fn ffo_40_to_59_best_values() {
    let entries = entries();
    let solver = Solver::default().threads(std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN));
    for entry in entries.iter().filter(|e| e.number >= 40) {
        let best = entry.values[0].1;
        let solution = solver.solve(&entry.position, Scoring::Wof).expect("no limit");
        assert_eq!(solution.value().exact(), Some(best), "#{}", entry.number);
    }
}

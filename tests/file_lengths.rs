//! No Rust source file of the workspace runs over [`MAX_LINES`] lines: a file that long holds
//! more than one job, and should be split by job into files named for them.

use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MAX_LINES: usize = 700;

/// The folders whose `.rs` files are held to the limit, below the workspace's root: every
/// crate's sources (`crates/*/src` are found, not listed), the facade's, the examples and the
/// tools.
const FOLDERS: &[&str] = &["src", "examples", "tools"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut folders: Vec<PathBuf> = FOLDERS.iter().map(|folder| root.join(folder)).collect();
    for krate in std::fs::read_dir(root.join("crates")).expect("the crates folder") {
        folders.push(krate.expect("a directory entry").path().join("src"));
    }
    let mut files = Vec::new();
    for folder in &folders {
        rust_files(folder, &mut files);
    }
    assert!(files.iter().any(|f| f.ends_with("crates/reversi-engine/src/solver/mod.rs")), "the files: {files:?}");
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).expect("a readable file").lines().count();
            (lines > MAX_LINES).then(|| format!("{}: {lines} lines", file.strip_prefix(root).unwrap_or(file).display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES} lines, to split by job:\n{}", long.join("\n"));
}

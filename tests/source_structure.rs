//! The workspace's sources keep their structure: no module of any crate imports one that
//! imports it back, and no source file runs over [`MAX_LINES`] lines.
//!
//! # Import cycles
//! One checker, run on the `src/` of every library crate (the four crates, the Python
//! bindings and this facade). The modules are those of a crate's `src/` (one a file; an
//! inline `mod` block counts as part of its file). A module depends on another when its code,
//! comments left out, names a path into it: `crate::…`, `super::…`, `self::…` or a child
//! module's name, in a `use` or inline, with the crate root's and every module's `pub use`
//! re-exports followed to the module that defines the item. A module's references to its own
//! ancestors are not counted: a child always lives inside its parent (`super::MoveGen` in a
//! generator is the parent's trait, not an import back). What remains must have no cycle.
//! Paths into other crates are not followed: crates cannot import each other back (cargo
//! refuses such a graph).
//!
//! # The engine's floors
//! The engine's modules stand on floors ([`ENGINE_FLOORS`]): the alpha-beta core below the
//! exact solver, the solver below the `Searcher`, the players on top. No module imports, or
//! calls by path, a module of a higher floor: the graph above, read floor by floor.
//!
//! # File lengths
//! A file longer than [`MAX_LINES`] holds more than one job, and should be split by job into
//! files named for them: every crate's `src/` (`crates/*/src` are found, not listed), the
//! facade's, the examples and the tools.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path below the crate, `""` for the root, `"kernel::walk"` for `src/kernel/walk.rs`.
type Module = String;

fn module_of(file: &Path, src: &Path) -> Module {
    let relative = file.strip_prefix(src).expect("a file under src");
    let mut parts: Vec<String> =
        relative.iter().map(|part| part.to_string_lossy().trim_end_matches(".rs").to_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("lib" | "mod")) {
        parts.pop();
    }
    parts.join("::")
}

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

/// The code without comments (line and block) and without the contents of string literals.
fn code_only(text: &str) -> String {
    let (bytes, mut out, mut i) = (text.as_bytes(), String::new(), 0);
    while i < bytes.len() {
        if text[i..].starts_with("//") {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
        } else if text[i..].starts_with("/*") {
            i += text[i..].find("*/").map_or(text.len() - i, |end| end + 2);
        } else if bytes[i] == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            let c = text[i..].chars().next().expect("a character");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The paths a `use` tree names, braces expanded: `a::{b, c::{d, e as f}}` gives `a::b`,
/// `a::c::d`, `a::c::e`, each with the name it binds (`f` for the last).
fn expand(tree: &str) -> Vec<(String, String)> {
    // `a as b` becomes `a@b` before the spaces go.
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ").replace(" as ", "@");
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        let (path, alias) = tree.split_once('@').map_or((tree.as_str(), None), |(p, a)| (p, Some(a)));
        let name = alias.unwrap_or_else(|| path.rsplit("::").next().unwrap_or(path));
        return vec![(path.trim_end_matches("::").to_owned(), name.to_owned())];
    };
    let (prefix, inner) = (&tree[..open], &tree[open + 1..tree.len() - 1]);
    let (mut items, mut depth, mut start) = (Vec::new(), 0, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter(|item| !item.is_empty())
        .flat_map(|item| {
            if item == "self" {
                let path = prefix.trim_end_matches("::");
                vec![(path.to_owned(), path.rsplit("::").next().unwrap_or(path).to_owned())]
            } else {
                expand(&format!("{prefix}{item}"))
            }
        })
        .collect()
}

fn parent(module: &str) -> String {
    module.rsplit_once("::").map_or(String::new(), |(p, _)| p.to_owned())
}

fn join(base: &str, name: &str) -> String {
    if base.is_empty() { name.to_owned() } else { format!("{base}::{name}") }
}

struct Crate {
    modules: BTreeSet<Module>,
    /// Per module, its `pub use` re-exports: the name bound, and the path it names.
    reexports: BTreeMap<Module, Vec<(String, String)>>,
}

impl Crate {
    /// The module that `path` (as written in `from`) leads to, or `None` outside the crate.
    fn resolve(&self, from: &str, path: &str, hops: u32) -> Option<Module> {
        let mut segments = path.split("::").filter(|s| !s.is_empty()).peekable();
        let mut at = match *segments.peek()? {
            "crate" => String::new(),
            "self" => from.to_owned(),
            "super" => from.to_owned(),
            first if self.modules.contains(&join(from, first)) => from.to_owned(),
            _ => return None,
        };
        while segments.peek() == Some(&"super") || segments.peek() == Some(&"crate") || segments.peek() == Some(&"self")
        {
            match segments.next()? {
                "super" => at = parent(&at),
                "crate" => at = String::new(),
                _ => {}
            }
        }
        for segment in segments {
            if self.modules.contains(&join(&at, segment)) {
                at = join(&at, segment);
                continue;
            }
            // An item: follow a re-export to the module that defines it.
            let target = self.reexports.get(&at).and_then(|list| list.iter().find(|(_, name)| name == segment));
            if let Some((target, _)) = target
                && hops < 8
                && let Some(module) = self.resolve(&at, target, hops + 1)
            {
                return Some(module);
            }
            break;
        }
        Some(at)
    }
}

/// Every path that `code` names: those of its `use` trees, then the inline ones
/// (`crate::x`, `super::x`, `self::x`, `child::x`).
fn paths(code: &str, children: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = String::new();
    let mut text = code;
    while let Some(k) = text.find("use ") {
        let boundary = k == 0 || !text[..k].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if !boundary {
            rest.push_str(&text[..k + 4]);
            text = &text[k + 4..];
            continue;
        }
        rest.push_str(&text[..k]);
        let end = text[k..].find(';').map_or(text.len(), |e| k + e);
        out.extend(expand(&text[k + 4..end]).into_iter().map(|(path, _)| path));
        text = &text[end..];
    }
    rest.push_str(text);
    let starts: Vec<String> =
        ["crate", "super", "self"].iter().map(|s| (*s).to_owned()).chain(children.iter().cloned()).collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    for start in &starts {
        let needle = format!("{start}::");
        let mut from = 0;
        while let Some(k) = rest[from..].find(&needle) {
            let k = from + k;
            from = k + needle.len();
            if rest[..k].ends_with(|c: char| ident(c) || c == ':') {
                continue;
            }
            let len = rest[k..].find(|c: char| !(ident(c) || c == ':')).unwrap_or(rest.len() - k);
            out.push(rest[k..k + len].trim_end_matches(':').to_owned());
        }
    }
    out
}

/// The modules of the crate whose sources are `src`, each with the modules it depends on.
fn dependencies(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let code: BTreeMap<Module, String> = files
        .iter()
        .map(|file| (module_of(file, src), code_only(&std::fs::read_to_string(file).expect("a readable file"))))
        .collect();
    let modules: BTreeSet<Module> = code.keys().cloned().collect();
    let reexports = code
        .iter()
        .map(|(module, text)| {
            let mut list = Vec::new();
            for (k, _) in text.match_indices("pub use ") {
                let end = text[k..].find(';').map_or(text.len(), |e| k + e);
                list.extend(expand(&text[k + 8..end]));
            }
            (module.clone(), list)
        })
        .collect();
    let krate = Crate { modules: modules.clone(), reexports };
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for (module, text) in &code {
        let children: Vec<String> = modules
            .iter()
            .filter(|m| parent(m) == *module && !m.is_empty())
            .map(|m| m.rsplit("::").next().expect("a name").to_owned())
            .collect();
        for path in paths(text, &children) {
            let Some(target) = krate.resolve(module, &path, 0) else { continue };
            let is_ancestor = target.is_empty() || *module == target || module.starts_with(&format!("{target}::"));
            if !is_ancestor {
                edges.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    edges
}

/// The modules that reach themselves through `edges`, each with the modules it imports.
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let reach = |from: &Module| {
        let (mut seen, mut stack) = (BTreeSet::new(), vec![from.clone()]);
        while let Some(m) = stack.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    edges.keys().filter(|m| reach(m).contains(*m)).map(|m| format!("{m} -> {:?}", edges[m])).collect()
}

/// Whether `from` depends on `to` or on a module inside it.
fn imports(edges: &BTreeMap<Module, BTreeSet<Module>>, from: &str, to: &str) -> bool {
    edges.get(from).is_some_and(|targets| targets.iter().any(|m| m == to || m.starts_with(&format!("{to}::"))))
}

/// Every library crate of the workspace, by its `src/` below the workspace's root, with edges
/// that its graph must hold, checked by name so that the parser cannot silently lose them.
const CRATES: &[(&str, &[(&str, &str)])] = &[
    ("crates/reversi-core/src", &[("perft", "kernel"), ("position", "kernel")]),
    ("crates/reversi-variants/src", &[("game", "rules")]),
    ("crates/reversi-records/src", &[("ggf::convert", "ggf::game")]),
    (
        "crates/reversi-engine/src",
        &[("player", "search"), ("search", "solver"), ("solver::guess", "midgame"), ("eval::words", "eval::patterns")],
    ),
    ("crates/reversi-py/src", &[("engine", "errors")]),
    ("src", &[]),
];

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for (src, expected) in CRATES {
        let edges = dependencies(&root.join(src));
        for (from, to) in *expected {
            assert!(imports(&edges, from, to), "{src}: {from} should import {to}; the graph: {edges:?}");
        }
        found.extend(cycles(&edges).into_iter().map(|cycle| format!("{src}: {cycle}")));
    }
    assert!(found.is_empty(), "modules on a cycle of imports:\n{}", found.join("\n"));
}

/// The engine's top-level modules by floor, lowest first. A module may depend on modules of
/// its own floor or below, never above; one of its own floor it may use only one way (the
/// cycle test above). Every top-level module of the engine stands on one floor.
const ENGINE_FLOORS: &[&[&str]] = &[
    // What every search reads: values, keys, the board's features, a player's seeded variety.
    &["value", "hash", "huge_pages", "analysis", "variety"],
    // One home per job, for the midgame search and the solver alike.
    &["eval", "transposition_table", "ybwc", "time_management", "move_ordering", "limits", "progress", "result"],
    &["multi_probcut"],
    // The depth-limited alpha-beta core.
    &["midgame"],
    // The exact solver (the endgame), whose first guess is a midgame search.
    &["solver"],
    // The `Searcher`: the midgame search and the solver's exact values together.
    &["search"],
    // The opening book: its builder values positions with the `Searcher`.
    &["ranking", "level", "book"],
    &["character"],
    // The players; and a game's review, which reads the board's features and asks the
    // `Searcher` for values at a level's limits.
    &["player", "review"],
];

/// The floor of `module` (its top-level module's), if it has one.
fn floor_of(module: &str) -> Option<usize> {
    let top = module.split("::").next().unwrap_or(module);
    ENGINE_FLOORS.iter().position(|floor| floor.contains(&top))
}

#[test]
fn no_engine_module_reaches_up_a_floor() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let edges = dependencies(&root.join("crates/reversi-engine/src"));
    // The parser sees the calls that matter: the solver's guess is a midgame search.
    assert!(imports(&edges, "solver::guess", "midgame"), "the graph: {edges:?}");
    let unplaced: BTreeSet<&str> = edges
        .keys()
        .filter(|m| !m.is_empty())
        .map(|m| m.split("::").next().unwrap_or(m))
        .filter(|top| floor_of(top).is_none())
        .collect();
    assert!(unplaced.is_empty(), "engine modules on no floor (add them to ENGINE_FLOORS): {unplaced:?}");
    let upward: Vec<String> = edges
        .iter()
        .filter(|(from, _)| !from.is_empty())
        .flat_map(|(from, targets)| {
            targets.iter().filter(move |to| floor_of(to) > floor_of(from)).map(move |to| format!("{from} -> {to}"))
        })
        .collect();
    assert!(upward.is_empty(), "engine modules that reach up a floor:\n{}", upward.join("\n"));
}

/// The most lines a source file may have.
const MAX_LINES: usize = 700;

/// The folders whose `.rs` files are held to the limit, below the workspace's root, besides
/// every crate's `src/`.
const FOLDERS: &[&str] = &["src", "examples", "tools"];

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

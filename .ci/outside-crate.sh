#!/usr/bin/env bash
# The README's first ```rust block must compile and run unchanged in someone else's crate.
# This builds it as such a crate: a fresh package outside the repository, depending on the
# `reversi-kit` package by path, with the snippet as its src/main.rs, then runs it. Any failure
# (no snippet, a compile error, a warning, a non-zero exit) fails CI.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
readme="$root/README.md"

fail() {
    echo "outside-crate: $*" >&2
    exit 1
}

[ -f "$readme" ] || fail "no README.md at $root"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"

# The lines strictly between the first line that is exactly ```rust and the next ``` line.
awk '
    !found && /^```rust[[:space:]]*$/ { found = 1; inside = 1; next }
    inside && /^```[[:space:]]*$/ { exit }
    inside { print }
' "$readme" >"$tmp/src/main.rs"
[ -s "$tmp/src/main.rs" ] || fail "README.md has no \`\`\`rust block (or it is empty)"
grep -q 'fn main' "$tmp/src/main.rs" || fail "the README's first \`\`\`rust block has no fn main: it must be a whole program"

# `[workspace]` keeps the package out of any workspace above the temporary directory.
# The lints deny warnings in the snippet only (RUSTFLAGS would rebuild every dependency).
cat >"$tmp/Cargo.toml" <<EOF
[package]
name = "reversi-readme-snippet"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
reversi-kit = { path = "$root" }

[lints.rust]
warnings = "deny"

[workspace]
EOF

# The workspace's lock file pins the same dependency versions the workspace is tested with,
# and spares a registry lookup; cargo adds the snippet package to it.
cp "$root/Cargo.lock" "$tmp/Cargo.lock"

# Reuse the repository's build directory unless the caller chose another (a relative one is
# taken from the repository root, where .ci/run works, not from the temporary crate).
target="${CARGO_TARGET_DIR:-$root/target}"
case "$target" in
    /*) ;;
    *) target="$root/$target" ;;
esac
export CARGO_TARGET_DIR="$target"

echo "outside-crate: building README.md's first rust block in $tmp against reversi-kit at $root"
if ! (cd "$tmp" && cargo run --quiet); then
    echo "outside-crate: the snippet, as src/main.rs:" >&2
    cat -n "$tmp/src/main.rs" >&2
    fail "README.md's first rust block does not build or run in an outside crate (see above)"
fi
echo "outside-crate: ok"

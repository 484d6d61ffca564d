#!/usr/bin/env bash
# The declared minimum Rust version (`rust-version` of [workspace.package]) must hold, though
# CI has only one, newer, toolchain. Two checks stand in for building with the old compiler:
# - clippy's `incompatible_msrv` lint, which reads `rust-version` and flags standard-library
#   items stabilised later; it is on by default and `.ci/run` denies warnings, so here we only
#   make sure nothing turns it off;
# - no package in the lock file may declare a newer `rust-version` than ours.
# It also checks that the README names the same version to newcomers.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "msrv: $*" >&2
    exit 1
}

# 1. Nothing may silence the lint, in code, in Cargo.toml lint tables or in a clippy.toml
#    (whose `msrv` would override `rust-version`).
if grep -rnE 'incompatible[_-]msrv' --include='*.rs' --include='*.toml' --exclude-dir=target --exclude-dir=.git .; then
    fail "the lines above mention clippy's incompatible_msrv lint: it must stay on"
fi
for f in clippy.toml .clippy.toml; do
    if [ -f "$f" ] && grep -qE '^[[:space:]]*msrv' "$f"; then
        fail "$f sets msrv, which would override rust-version for clippy"
    fi
done

# 2. Every package's declared rust-version against ours (workspace members must all inherit
#    it).
meta="$(mktemp)"
trap 'rm -f "$meta"' EXIT
cargo metadata --format-version 1 --locked >"$meta"
python3 - "$meta" <<'PYTHON'
import json, sys

with open(sys.argv[1]) as f:
    meta = json.load(f)
members = set(meta["workspace_members"])
root = next(p for p in meta["packages"] if p["name"] == "reversi-kit" and p["id"] in members)
ours = root.get("rust_version")
if not ours:
    sys.exit("msrv: the reversi package declares no rust-version")


def key(version):
    # "1.85" and "1.85.0" are the same version.
    parts = [int(x) for x in version.split("-")[0].split(".")]
    return parts + [0] * (3 - len(parts))


bad = []
for p in meta["packages"]:
    theirs = p.get("rust_version")
    if p["id"] in members and theirs != ours:
        bad.append(f"workspace member {p['name']} declares rust-version {theirs}, not {ours}")
    elif theirs and key(theirs) > key(ours):
        bad.append(f"{p['name']} {p['version']} needs Rust {theirs}, newer than our rust-version {ours}")
# The README tells newcomers which toolchain they need: it must be this one.
with open("README.md", encoding="utf-8") as f:
    if f"({ours} or newer)" not in f.read():
        bad.append(f"README.md does not say \"({ours} or newer)\", the rust-version of Cargo.toml")
if bad:
    sys.exit("msrv: " + "\nmsrv: ".join(sorted(bad)))
print(f"msrv: {len(meta['packages'])} packages, none needs a newer Rust than {ours}")
PYTHON

#!/usr/bin/env bash
# Fits the evaluation's pattern bands of the midgame (33 to 60 empty cells, 8×8) one after
# another, each on positions labelled by a search of 3 or 5 plies whose leaves lie in the
# band below, which is already fitted (bootstrapping from the endgame bands, themselves fitted
# on exact values), and writes crates/reversi-engine/src/eval/patterns.bin. A maintainer's
# tool: the crate's users never need it.
#
#   scripts/train-patterns.sh [WTHOR files...]      (default: data/wthor/*.wtb)
#
# The depth is odd (label_positions --estimate-below): a bias of the band below for the side
# to move then enters the labels with the other sign, where an even depth adds it to the next
# band's, band after band (a first fit with 4-ply labels valued the start at +9 discs for the
# mover). Every position is fitted in its eight orientations (WTHOR games all open on f5), so
# that the weights value a position and its mirror images alike; the ridge term is 4 discs
# times the square root of 8 to weigh as much against eight times the rows.
#
# CHAINS (positions a band, default 100000), THREADS (default: all cores), SEED and WORK (the
# folder of the labels and of each band's weights, default target/train-patterns) are read
# from the environment. The same arguments and build write the same file. See
# benches/README.md (engine strength) for the time it takes and what the bands gain.
set -euo pipefail
cd "$(dirname "$0")/.."

chains=${CHAINS:-100000}
seed=${SEED:-1}
work=${WORK:-target/train-patterns}
threads=${THREADS:-$(nproc)}
if [ "$#" -gt 0 ]; then files=("$@"); else files=(data/wthor/*.wtb); fi
weights=crates/reversi-engine/src/eval/patterns.bin

cargo build --release -p reversi-tools --bin label_positions --bin tune_patterns
bin=${CARGO_TARGET_DIR:-target}/release
mkdir -p "$work"
# Start from the endgame bands only (the first seven: 0-32 empties), whatever the file holds:
# a band is 167 297 weights of two bytes (eval::training::BAND_BYTES).
head -c $(( 7 * 334594 )) "$weights" > "$work/bands-32.bin"
current="$work/bands-32.bin"
for low in 33 37 41 45 49 53 57; do
    high=$(( low + 3 ))
    echo "band $low-$high: labelling $chains positions" >&2
    "$bin/label_positions" --chains "$chains" --solve-from "$low" --solve-to "$high" --estimate-below "$low" \
        --weights "$current" --seed $(( seed * 100 + low )) --threads "$threads" "${files[@]}" > "$work/labels-$low.txt"
    "$bin/tune_patterns" "$work/labels-$low.txt" --keep "$current" --damp 11.3 --out "$work/bands-$high.bin"
    current="$work/bands-$high.bin"
done
cp "$current" "$weights"
echo "wrote $weights ($(stat -c %s "$weights") bytes)" >&2

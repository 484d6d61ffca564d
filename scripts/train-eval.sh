#!/usr/bin/env bash
# Fits the 8×8 evaluation's midgame pattern bands (25 to 60 empty cells) on game outcomes and
# writes crates/reversi-engine/src/eval/patterns.bin. A maintainer's tool: the crate's users
# never need it. The endgame bands (up to 24 empties, fitted on exact values) are kept.
#
#   scripts/train-eval.sh            # all of it on this machine: data, merge, fit
#   scripts/train-eval.sh data       # the WTHOR positions and this machine's self-play shards
#   scripts/train-eval.sh fit        # merge what the shards wrote, fit, write patterns.bin
#
# Data: every position with 24 empties or more of the WTHOR games (../shared/data/wthor, or
# WTHOR=DIR), labelled by the game's theoretical score, the years of HOLD_OUT (2012, 2017 and
# 2018) kept apart for measuring; and GAMES self-play games (random first plies, then a search
# of DEPTH plies, exact from EXACT empties), each position after the random plies labelled by
# the final score. The self-play is split into SHARDS shards by game number; this machine runs
# the shards listed in SHARD_LIST (all of them by default), one after another: on a cluster,
# give each job its own SHARD_LIST and the same WORK folder (or copy the parts into one).
# A shard writes its games in parts and skips the parts it finds: stopped, run it again and it
# resumes. `fit` merges the WTHOR positions and every part, in the order of shard and part,
# whatever wrote them, and fits; the same parts give the same weights file. COUNTS chooses the
# counts fitted beside the patterns (`all`, or indices such as `0,1,2`: bias, parity, discs).
#
# The defaults give 21.6 M positions (4.0 M of WTHOR, 17.6 M of 400 000 self-play games). The
# shipped weights were fitted on the first 186 500 of those games with the WTHOR positions
# (12.2 M): the full run's fit played no stronger at equal time (benches/README.md, "At equal
# time").
#
# Cost on the shared 2-core machine: the WTHOR positions take seconds; self-play about 11 000
# positions a CPU second at DEPTH 4, EXACT 14 (400 000 games, about 27 CPU minutes); the fit of
# 18 bands on 21.6 M positions about 15 CPU minutes and 5 GB of memory. Each step prints its
# own cost.
set -euo pipefail
cd "$(dirname "$0")/.."

work=${WORK:-target/train-eval}
wthor=${WTHOR:-../shared/data/wthor}
hold_out=${HOLD_OUT:-2012,2017,2018}
games=${GAMES:-400000}
shards=${SHARDS:-2}
shard_list=${SHARD_LIST:-$(seq -s ' ' 0 $((shards - 1)))}
seed=${SEED:-66}
depth=${DEPTH:-4}
exact=${EXACT:-14}
counts=${COUNTS:-all}
step=${1:-all}

cargo build --release -p reversi-tools --bin train_data --bin fit_patterns
bin=${CARGO_TARGET_DIR:-target}/release
mkdir -p "$work"

if [ "$step" = all ] || [ "$step" = data ]; then
    "$bin/train_data" wthor --out "$work" --hold-out "$hold_out" "$wthor"/*.wtb
    for shard in $shard_list; do
        "$bin/train_data" self-play --out "$work" --games "$games" --shards "$shards" --shard "$shard" \
            --seed "$seed" --depth "$depth" --exact "$exact" --jobs "$(nproc)"
    done
fi
if [ "$step" = all ] || [ "$step" = fit ]; then
    "$bin/train_data" merge --out "$work"
    "$bin/fit_patterns" "$work/train.smp" --held "$work/wthor-held.smp" --from-empties 25 \
        --counts "$counts" --out "$work/patterns.bin"
    cp "$work/patterns.bin" crates/reversi-engine/src/eval/patterns.bin
    echo "wrote crates/reversi-engine/src/eval/patterns.bin" >&2
fi

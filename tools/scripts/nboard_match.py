#!/usr/bin/env python3
"""Two NBoard engines against each other on 8x8, each at its own command line's settings.

The maintainers' match at equal time: `--first` and `--second` are whole command lines (any
NBoard engine; ours takes `--move-time`), so two builds of the engine, or ours and another
program, play with the time a move each command gives itself. Each pair of games starts from
the same random opening (`--opening-plies` legal moves drawn from `--seed`), once with each
engine as Black. Each game starts a fresh pair of processes; their CPU is read from
/proc/PID/stat after the `set myname` answer and before `quit`, so a start-up (loading
tables, allocating the hash) is left out of the CPU a move.

    tools/scripts/nboard_match.py --games 200 --depth 30 \
        --first "target/release/examples/nboard --move-time 0.1" \
        --second "/path/to/old/nboard --move-time 0.1"

Prints a line a game and the first engine's share of the points with its 95 % interval over
pairs (a pair's two games are one sample, which cancels most of an opening's bias), the mean
disc difference, and each side's CPU a move.
"""

import argparse
import concurrent.futures
import math
import os
import random
import shlex
import sys
import time

from nboard_selfplay import START, Engine, cell_of, flips, legal, name

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User and system CPU of process `pid` so far, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def opening(rng, plies):
    """A random legal line of `plies` moves from the start (shorter if a game ends first)."""
    board, me, line = list(START), "*", []
    for _ in range(plies):
        options = legal(board, me)
        other = "O" if me == "*" else "*"
        if not options:
            if not legal(board, other):
                break
            me = other
            continue
        cell = rng.choice(options)
        for flipped in flips(board, cell, me) + [cell]:
            board[flipped] = me
        line.append(cell)
        me = other
    return line


def ggf(moves):
    text = f"(;GM[Othello]PC[match]TY[8]BO[8 {START} *]"
    for colour, move in moves:
        text += f"{colour}[{move}]"
    return text + ";)"


def play(index, line, args):
    """Game `index` from the opening `line`: the first engine is Black in even games. Returns
    the first engine's disc difference, and each engine's CPU seconds and moves."""
    first_black = index % 2 == 0
    commands = [shlex.split(args.first), shlex.split(args.second)]
    engines = [Engine(commands[0], args.depth), Engine(commands[1], args.depth)]
    cpu = [0.0, 0.0]
    searched = [0, 0]
    board, me, moves = list(START), "*", []
    opened = 0
    try:
        started = [cpu_seconds(e.proc.pid) for e in engines]
        while True:
            options = legal(board, me)
            other = "O" if me == "*" else "*"
            colour = "B" if me == "*" else "W"
            if not options:
                if not legal(board, other):
                    break
                moves.append((colour, "PA"))
                me = other
                continue
            if opened < len(line):
                cell = line[opened]
                opened += 1
            else:
                side = 0 if (me == "*") == first_black else 1
                engine = engines[side]
                engine.send("set game " + ggf(moves))
                engine.send("go")
                answer, _ = engine.expect(lambda l: l.startswith("=== "), args.timeout)
                cell = cell_of(answer[4:].split("/")[0])
                if cell not in options:
                    raise ValueError(f"game {index + 1}: illegal move {name(cell)} from engine {side + 1}")
                searched[side] += 1
            for flipped in flips(board, cell, me) + [cell]:
                board[flipped] = me
            moves.append((colour, name(cell)))
            me = other
        cpu = [cpu_seconds(e.proc.pid) - s for e, s in zip(engines, started)]
    finally:
        for engine in engines:
            engine.close()
    black, white = board.count("*"), board.count("O")
    diff = black - white if first_black else white - black
    return index, diff, cpu, searched


def points(diff):
    return 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", required=True, help="the first engine's command line")
    parser.add_argument("--second", required=True, help="the second engine's command line")
    parser.add_argument("--games", type=int, default=100, help="games, rounded up to pairs")
    parser.add_argument("--depth", type=int, default=30, help="`set depth` for both")
    parser.add_argument("--opening-plies", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games at once")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a move before giving up")
    args = parser.parse_args()
    pairs = (args.games + 1) // 2
    rng = random.Random(args.seed)
    lines = [opening(rng, args.opening_plies) for _ in range(pairs)]
    results = {}
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play, i, lines[i // 2], args) for i in range(2 * pairs)]
        for future in concurrent.futures.as_completed(futures):
            index, diff, cpu, searched = future.result()
            results[index] = (diff, cpu, searched)
            print(
                f"game {index + 1}: first engine {'Black' if index % 2 == 0 else 'White'}, "
                f"{diff:+d} discs, CPU a move {cpu[0] / max(searched[0], 1):.4f} / "
                f"{cpu[1] / max(searched[1], 1):.4f} s",
                flush=True,
            )
    scores = [points(results[2 * p][0]) + points(results[2 * p + 1][0]) for p in range(pairs)]
    mean = sum(scores) / pairs
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(pairs - 1, 1))
    margin = 1.96 * spread / math.sqrt(pairs) / 2 * 100
    discs = sum(r[0] for r in results.values()) / len(results)
    cpu = [sum(r[1][k] for r in results.values()) for k in (0, 1)]
    moves = [sum(r[2][k] for r in results.values()) for k in (0, 1)]
    wins = sum(1 for r in results.values() if r[0] > 0)
    draws = sum(1 for r in results.values() if r[0] == 0)
    print(
        f"{len(results)} games ({wins} won, {draws} drawn, {len(results) - wins - draws} lost by the first), "
        f"{args.opening_plies} random plies, seed {args.seed}: first engine {mean / 2 * 100:.1f} % ± {margin:.1f} "
        f"of the points, {discs:+.2f} discs a game; CPU a move {cpu[0] / max(moves[0], 1):.4f} s / "
        f"{cpu[1] / max(moves[1], 1):.4f} s; {time.monotonic() - started:.0f} s",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())

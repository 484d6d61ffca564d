#!/usr/bin/env python3
"""nboard against itself on a game clock, driven as an NBoard GUI drives an engine.

Two `nboard` processes play GAMES games of 8x8 Othello, each side with a game clock of
CLOCK seconds and no increment. Before each move the side to move's engine gets the whole
game as `set game` GGF, with the clock (`TI[...]`) and each move's time as this referee
measured it (`B[F5//1.234]`), so that the engine sees the time it has left, then `go`. The
referee times each move from the `go` it writes to the `=== move` line it reads: a move that
takes more than its side has left is late. It checks every move (its own 8x8 rules), plays
passes itself, and prints a line a game and a summary: late moves, and the worst margin (the
least time a side had left as one of its moves ended).

    tools/scripts/nboard_selfplay.py --nboard target/release/examples/nboard \
        --games 100 --clock 60 --depth 30 --jobs 2

`--depth 30` (nboard's most) makes every search run until its time is spent, the hardest
case for the clock; `--jobs` plays games at once (each game a pair of processes). The
figures of a run are in benches/README.md ("nboard on a game clock").
"""

import argparse
import concurrent.futures
import subprocess
import sys
import threading
import time

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, cell, me):
    """The discs that a disc of `me` on `cell` flips (empty: not a legal move)."""
    if board[cell] != ".":
        return []
    them = "O" if me == "*" else "*"
    r, c = divmod(cell, 8)
    out = []
    for dr, dc in DIRS:
        line = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == them:
            line.append(rr * 8 + cc)
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < 8 and 0 <= cc < 8 and board[rr * 8 + cc] == me:
            out.extend(line)
    return out


def legal(board, me):
    return [cell for cell in range(64) if flips(board, cell, me)]


def name(cell):
    return "ABCDEFGH"[cell % 8] + str(cell // 8 + 1)


def cell_of(text):
    text = text.strip().upper()
    return (int(text[1:]) - 1) * 8 + "ABCDEFGH".index(text[0])


START = "." * 27 + "O*" + "." * 6 + "*O" + "." * 27


class Engine:
    """One NBoard engine process (`command`, a list of words): commands on stdin, lines of
    stdout read on a thread."""

    def __init__(self, command, depth):
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = []
        self.cond = threading.Condition()
        self.errors = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()
        self.send(f"nboard 2\nset depth {depth}")
        self.expect(lambda line: line.startswith("set myname"), 30)

    def _read(self):
        for line in self.proc.stdout:
            with self.cond:
                self.lines.append((line.rstrip("\n"), time.monotonic()))
                self.cond.notify_all()

    def _read_errors(self):
        for line in self.proc.stderr:
            self.errors.append(line.rstrip("\n"))

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def expect(self, wanted, timeout):
        """The first line that `wanted` accepts, with the time it was read."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for i, (line, at) in enumerate(self.lines):
                    if wanted(line):
                        del self.lines[: i + 1]
                        return line, at
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no answer in {timeout} s; stderr: {self.errors[-3:]}")
                self.cond.wait(left)

    def close(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait(timeout=30)


def ggf(moves, clock):
    minutes, seconds = divmod(int(clock), 60)
    text = f"(;GM[Othello]PC[selfplay]TI[{minutes}:{seconds:02d}]TY[8]BO[8 {START} *]"
    for colour, move, spent in moves:
        text += f"{colour}[{move}//{spent:.3f}]"
    return text + ";)"


def play(index, args):
    command = [args.nboard, "--hash-mb", "16"]
    engines = [Engine(command, args.depth), Engine(command, args.depth)]
    board = list(START)
    me = "*"
    moves = []
    left = [float(args.clock), float(args.clock)]
    least = [float(args.clock), float(args.clock)]
    late = [0, 0]
    try:
        while True:
            side = 0 if me == "*" else 1
            options = legal(board, me)
            other = "O" if me == "*" else "*"
            if not options:
                if not legal(board, other):
                    break
                moves.append(("B" if me == "*" else "W", "PA", 0.0))
                me = other
                continue
            engine = engines[(side + index) % 2]
            engine.send("set game " + ggf(moves, args.clock))
            sent = time.monotonic()
            engine.send("go")
            line, at = engine.expect(lambda l: l.startswith("=== "), args.clock + 30)
            spent = at - sent
            move = line[4:].split("/")[0]
            cell = cell_of(move)
            if cell not in options:
                raise ValueError(f"game {index + 1}: illegal move {move} from {engine}")
            if spent > left[side]:
                late[side] += 1
            left[side] -= spent
            least[side] = min(least[side], left[side])
            for flipped in flips(board, cell, me) + [cell]:
                board[flipped] = me
            moves.append(("B" if me == "*" else "W", name(cell), spent))
            me = other
    finally:
        for engine in engines:
            engine.close()
    black, white = board.count("*"), board.count("O")
    return index, black, white, len(moves), late, least, left


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nboard", default="target/release/examples/nboard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--clock", type=float, default=60.0, help="seconds a side, a whole game")
    parser.add_argument("--depth", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    worst = None
    late_total = 0
    done = 0
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play, i, args) for i in range(args.games)]
        for future in concurrent.futures.as_completed(futures):
            index, black, white, plies, late, least, left = future.result()
            done += 1
            late_total += sum(late)
            margin = min(least)
            worst = margin if worst is None else min(worst, margin)
            print(
                f"game {index + 1}: {black}-{white}, {plies} plies, late moves {late[0]}+{late[1]}, "
                f"least left {least[0]:.3f} s / {least[1]:.3f} s, left at the end {left[0]:.3f} s / {left[1]:.3f} s",
                flush=True,
            )
    print(
        f"{done} games, clock {args.clock:g} s a side, depth {args.depth}, {args.jobs} at once, "
        f"{time.monotonic() - started:.0f} s: {late_total} late moves, worst margin {worst:.3f} s",
        flush=True,
    )
    return 1 if late_total else 0


if __name__ == "__main__":
    sys.exit(main())

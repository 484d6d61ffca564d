"""Mutated inputs into every entry point of reversi_kit, seeded: run as a program by
test_fuzz.py (`python fuzz_inputs.py SEED CALLS`: CALLS calls of each entry point), in a process of its own so that a crash
fails the test rather than end it, and its peak memory is its own.

Each input is a valid call with one or more arguments mutated: strings (positions, rules,
moves, records in JSON, GGF and transcripts) with characters replaced, dropped, added or cut
off; WTHOR bytes with bytes changed or cut; numbers swapped for edge values, other types and
neighbours. A call may succeed or raise `ReversiError` (a `ValueError`) or `TypeError`, the
errors docs/python.md promises; anything else (another exception, a panic, a crash) is a
failure. Prints one JSON line: the calls of each entry point, the failures (at most 20), the slowest call in
seconds and the peak resident memory in MB.
"""

import json
import random
import resource
import sys
import time
from pathlib import Path

import reversi_kit as rk

RECORDS_DATA = Path(__file__).resolve().parents[3] / "crates" / "reversi-records" / "tests" / "data"

# Characters of every grammar (sizes, options, cells, position strings, GGF, JSON), a few
# that belong to none, and some beyond ASCII.
ALPHABET = "abcdefghijklmnopqrstuvwxyzXO-#/=:,;. 0123456789[]{}()\"'\\\n\t\x00éλ🂡*"

# Numbers at the edges of every range, and values of other types.
EDGE_NUMBERS = [
    -(2**63),
    -1,
    0,
    1,
    2,
    3,
    4,
    16,
    31,
    255,
    256,
    1025,
    4097,
    2**32,
    2**64 - 1,
    2**64,
    10**30,
    -0.0,
    0.5,
    1.5,
    float("nan"),
    float("inf"),
    True,
    None,
    "1",
    b"1",
    (1,),
    [1, 2],
]


def mutate_text(rng: random.Random, text: str) -> str:
    """`text` with a few characters replaced, deleted, inserted or the end cut off."""
    chars = list(text)
    # Half the time one edit: a near miss that gets past the first checks.
    for _ in range(1 if rng.random() < 0.5 else rng.randrange(2, 5)):
        kind = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if kind == 0 and i < len(chars):
            chars[i] = rng.choice(ALPHABET)
        elif kind == 1 and i < len(chars):
            del chars[i]
        elif kind == 2:
            chars.insert(i, rng.choice(ALPHABET))
        else:
            chars = chars[:i]
    return "".join(chars)


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """`data` with a few bytes changed, and now and then cut short."""
    chars = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        if chars:
            chars[rng.randrange(len(chars))] = rng.randrange(256)
    if rng.random() < 0.2:
        chars = chars[: rng.randrange(len(chars) + 1)]
    return bytes(chars)


def mutate_number(rng: random.Random, number):
    """An edge value or another type, or a neighbour of `number`."""
    if rng.random() < 0.6 or not isinstance(number, (int, float)):
        return rng.choice(EDGE_NUMBERS)
    return rng.choice([number - 1, number + 1, -number, number * 2**rng.randrange(1, 70), float(number)])


def sample_game() -> rk.Game:
    game = rk.Game(rk.Rules(size=(6, 6), blocked="random", handicap="white:1", scoring="wof"), 5)
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves))
    return game


def entry_points():
    """Each entry point: a name, its valid arguments (positional, keywords) and the call. A
    number that a call would honour by running for hours (a perft depth, a playout count, a
    table of gigabytes) is kept small by the call itself: such work is bounded by Ctrl-C and
    by its documented ranges, not by this test."""
    game = sample_game()
    wthor = (RECORDS_DATA / "sample.wtb").read_bytes()
    players = (RECORDS_DATA / "WTHOR.JOU").read_bytes()
    tournaments = (RECORDS_DATA / "WTHOR.TRN").read_bytes()
    midgame = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X"
    near_end = "XXXOXXXX/OXXXXXXX/OOXXXXXX/OOOXXXXX/OOOXXOO-/OOOOO---/OOOOOOO-/OOOOOOO- X"
    one_line = "---------------------------OX------XO--------------------------- X"

    def small(n, limit, valid_max):
        # Numbers from `limit` to `valid_max` are valid and would run long or take gigabytes:
        # they become `limit` (the ranges are tested in test_engine_options.py). Numbers
        # past the range stay, to be refused.
        if isinstance(n, int) and not isinstance(n, bool) and limit < n <= valid_max:
            return limit
        return n

    def solve_bounded(position, scoring, threads, hash_mb, max_nodes):
        # No node limit (None) could solve 60 empties for hours: a million nodes at most.
        max_nodes = 10**6 if max_nodes is None else small(max_nodes, 10**6, 2**64 - 1)
        return rk.solve(position, scoring, small(threads, 2, 1024), small(hash_mb, 8, 4096), max_nodes)

    def engine(**options):
        if "hash_mb" in options:
            options["hash_mb"] = small(options["hash_mb"], 8, 4096)
        return rk.Engine(**options)

    def engine_move(position):
        return rk.Engine(1).choose(rk.Game.from_position(rk.Rules(), position))

    return [
        ("Rules", dict(size=(10, 8), blocked="b2,g7", handicap="white:2", scoring="wof"), lambda **k: rk.Rules(**k)),
        ("Rules.parse", ("10x8 blocked=random handicap=black:1 opening=free scoring=wof",), rk.Rules.parse),
        ("Game", (rk.Rules(blocked=2), 7), lambda r, s: rk.Game(r, s)),
        ("Game.play", ("d3",), lambda m: rk.Game().play(m)),
        ("Game.is_legal", ("pass",), lambda m: rk.Game().is_legal(m)),
        ("Game.from_position", (rk.Rules(), midgame), lambda r, p: rk.Game.from_position(r, p)),
        ("Game.from_position one line", (rk.Rules(), one_line), lambda r, p: rk.Game.from_position(r, p)),
        ("Game.from_json", (game.to_json(),), rk.Game.from_json),
        ("Game.from_ggf", (game.to_ggf(),), rk.Game.from_ggf),
        ("Game.from_transcript", ("f5d6c3d3c4f4f6f3e6e7",), rk.Game.from_transcript),
        ("Game.perft", (3,), lambda d: rk.Game().perft(small(d, 4, 2**32 - 1))),
        ("perft", (midgame, 3), lambda p, d: rk.perft(p, small(d, 4, 2**32 - 1))),
        ("solve", (near_end,), lambda p: rk.solve(p, max_nodes=20_000, hash_mb=1)),
        ("solve options", (near_end, "wof", 1, 1, 10**6), solve_bounded),
        ("Engine", dict(level=3, depth=2, threads=1, hash_mb=1, variety=(2.0, 0.5), seed=4), engine),
        ("Engine clock", dict(time=0.1), engine),
        ("Engine game clock", dict(clock=(60, 1)), engine),
        ("Engine.choose", (midgame,), engine_move),
        ("random_playouts", (rk.Rules(size=4), 3, 2), lambda r, n, s: rk.random_playouts(r, small(n, 20, 2**64 - 1), s)),
        ("read_wthor", (wthor,), lambda b: rk.read_wthor(b, skip_illegal=True)),
        ("read_wthor names", (wthor, players, tournaments), lambda b, p, t: rk.read_wthor(b, True, players=p, tournaments=t)),
    ]


def mutate_argument(rng: random.Random, value):
    if isinstance(value, str):
        return mutate_text(rng, value)
    if isinstance(value, bytes):
        return mutate_bytes(rng, value)
    if isinstance(value, tuple):
        return tuple(mutate_argument(rng, v) if rng.random() < 0.5 else v for v in value)
    if isinstance(value, rk.Rules):
        return rng.choice([value, rk.Rules(size=(10, 10)), rk.Rules(octagon=True), None, "8x8", 8])
    return mutate_number(rng, value)


def how_many(rng: random.Random, n: int) -> int:
    """How many of `n` arguments to mutate: mostly one, so that the others stay valid."""
    return 1 if rng.random() < 0.7 else rng.randrange(1, n + 1)


def mutated_call(rng: random.Random, args, call):
    if isinstance(args, dict):
        kwargs = dict(args)
        for key in rng.sample(sorted(kwargs), how_many(rng, len(kwargs))):
            kwargs[key] = mutate_argument(rng, kwargs[key])
        return lambda: call(**kwargs), kwargs
    chosen = list(args)
    for i in rng.sample(range(len(chosen)), how_many(rng, len(chosen))):
        chosen[i] = mutate_argument(rng, chosen[i])
    return lambda: call(*chosen), chosen


def main(seed: int, calls: int) -> None:
    rng = random.Random(seed)
    points = entry_points()
    failures = []
    slowest = (0.0, "")
    start = time.monotonic()
    for i in range(calls * len(points)):
        name, args, call = points[i % len(points)]
        thunk, shown = mutated_call(rng, args, call)
        began = time.monotonic()
        try:
            thunk()
        except (rk.ReversiError, TypeError):
            pass
        except BaseException as error:  # noqa: BLE001 - every other exception is a failure
            if len(failures) < 20:
                failures.append(f"{name}{shown!r:.300}: {type(error).__name__}: {error!s:.300}")
        took = time.monotonic() - began
        if took > slowest[0]:
            slowest = (took, f"{name}{shown!r:.200}")
    # ru_maxrss is in kilobytes on Linux (bytes on macOS).
    scale = 1 / 1024 if sys.platform != "darwin" else 1 / 2**20
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
    print(json.dumps({
        "calls": calls,
        "entry_points": len(points),
        "failures": failures,
        "slowest": slowest,
        "seconds": time.monotonic() - start,
        "peak_mb": peak_mb,
    }))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))

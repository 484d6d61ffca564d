"""Shared paths and helpers of the reversi_kit test suite."""

import random
from pathlib import Path

import pytest

import reversi_kit as rk

# crates/reversi-py/tests -> the workspace root.
ROOT = Path(__file__).resolve().parents[3]
CORE_PERFT = ROOT / "crates" / "reversi-core" / "tests" / "data" / "perft"
RECORDS_DATA = ROOT / "crates" / "reversi-records" / "tests" / "data"
# The repository's two real WTHOR years (data/wthor).
WTHOR_YEARS = [ROOT / "data" / "wthor" / name for name in ("WTH_2017.wtb", "WTH_2018.wtb")]


def play_randomly(game: rk.Game, seed: int, plies: int = 1000) -> rk.Game:
    """`game` after up to `plies` moves drawn from `seed`, or to its end."""
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves))
    return game


def data_file(path: Path) -> Path:
    """The path, failing loudly if the data is missing (a test must never pass on nothing)."""
    if not path.is_file():
        pytest.fail(f"test data missing: {path}")
    return path


# One table of every kind: sizes, the Octagon, fixed and seeded blocked cells, handicaps,
# the free opening and WOF scoring, alone and combined.
VARIANTS = [
    ("8x8", dict(), 0),
    ("4x4", dict(size=(4, 4)), 0),
    ("6x6", dict(size=6), 0),
    ("10x8", dict(size=(10, 8)), 0),
    ("4x16", dict(size=(4, 16)), 0),
    ("octagon", dict(octagon=True), 0),
    ("blocked fixed", dict(blocked="b2,g7"), 0),
    ("blocked random", dict(blocked="random"), 42),
    ("blocked count", dict(size=(10, 10), blocked=3), 5),
    ("handicap", dict(handicap="white:2"), 0),
    ("handicap corners", dict(size=(6, 6), handicap="black:a1,f6"), 0),
    ("free opening", dict(free_opening=True), 0),
    ("wof", dict(scoring="wof"), 0),
    ("everything", dict(size=(10, 8), blocked=2, handicap="black:1", free_opening=True, scoring="wof"), 9),
    ("octagon everything", dict(octagon=True, blocked="random", free_opening=True, scoring="wof"), 3),
]


@pytest.fixture(params=VARIANTS, ids=[v[0] for v in VARIANTS])
def table(request) -> rk.Game:
    """A fresh game of each variant."""
    _, options, seed = request.param
    return rk.Game(rk.Rules(**options), seed=seed)

"""Engine's options (issue 69): each does what it says, keeps the Rust engine's default, and
a bad value raises TypeError (a wrong type) or EngineError naming the argument (out of range),
never clamped."""

import time

import pytest

import reversi_kit as rk

from conftest import play_randomly


def test_defaults_are_the_rust_engines():
    engine = rk.Engine()
    assert (engine.level, engine.depth, engine.time, engine.clock, engine.remaining) == (5, None, None, None, None)
    assert (engine.threads, engine.hash_mb, engine.variety, engine.seed) == (1, 4, None, None)
    # From level 8 the Rust player's tables are 16 MB.
    assert rk.Engine(8).hash_mb == 16
    assert repr(engine) == "Engine(level=5, threads=1, hash_mb=4)"


def test_every_option_reads_back():
    engine = rk.Engine(3, depth=4, clock=(60, 1.5), threads=2, hash_mb=8, variety=(2.5, 0.25), seed=9)
    assert (engine.level, engine.depth, engine.time, engine.clock) == (3, 4, None, (60.0, 1.5))
    assert (engine.threads, engine.hash_mb, engine.variety, engine.seed) == (2, 8, (2.5, 0.25), 9)
    assert engine.remaining == 60.0
    assert repr(engine) == "Engine(level=3, depth=4, clock=(60, 1.5), threads=2, hash_mb=8, variety=(2.5, 0.25), seed=9)"
    assert rk.Engine(time=0.5).time == 0.5


def test_depth_limits_the_depth():
    game = rk.Game()
    # Level 1 alone searches 1 ply; level 10 alone 13.
    assert rk.Engine(1, depth=6).analyse(game).depth == 6
    assert rk.Engine(10, depth=2).analyse(game).depth == 2
    shallow = rk.Engine(10, depth=1)
    assert shallow.analyse(game).depth == 1
    assert shallow.choose(game) in game.legal_moves


def test_time_a_move_keeps_to_its_time():
    # Level 10 with no limit of nodes or depth past its time: the clock alone stops it.
    engine = rk.Engine(10, time=0.3)
    game = rk.Game()
    for _ in range(3):
        start = time.monotonic()
        move = engine.choose(game)
        took = time.monotonic() - start
        # The move's budget is the time less a safety margin; a loaded machine adds a little.
        assert took < 0.3 + 0.25, f"{took:.3f} s for a move of 0.3 s"
        game.play(move)
    # The time a move comes back whole after each move.
    assert engine.remaining == 0.3
    start = time.monotonic()
    engine.analyse(game)
    assert time.monotonic() - start < 0.3 + 0.25


def test_a_game_clock_is_spent_move_by_move_and_never_runs_out():
    engine = rk.Engine(10, clock=(2, 0))
    game = play_randomly(rk.Game(), seed=4, plies=20)
    start = time.monotonic()
    left = []
    for _ in range(6):
        if game.is_over:
            break
        game.play(engine.choose(game))
        left.append(engine.remaining)
    took = time.monotonic() - start
    assert left == sorted(left, reverse=True) and 0 < left[-1] < 2
    assert took < 2, f"{took:.3f} s of a 2 s clock"
    # A server that keeps the clocks says what is left.
    engine.set_remaining(0.5)
    assert engine.remaining == 0.5
    with pytest.raises(rk.EngineError, match="no clock"):
        rk.Engine().set_remaining(1)


def test_an_increment_is_added_after_each_move():
    engine = rk.Engine(1, clock=(10, 1))
    game = rk.Game()
    engine.choose(game)
    # Level 1 on a clock of 10 s spends far less than the 1 s it gains.
    assert 10 < engine.remaining <= 11


def moves_of(engine: rk.Engine, plies: int = 16) -> list:
    game = rk.Game()
    for _ in range(plies):
        game.play(engine.choose(game))
    return game.moves


def test_variety_with_a_seed_is_reproducible():
    varied = dict(variety=(64, 1.0))
    first = moves_of(rk.Engine(1, seed=7, **varied))
    assert first == moves_of(rk.Engine(1, seed=7, **varied))
    others = {tuple(moves_of(rk.Engine(1, seed=seed, **varied))) for seed in range(8, 12)}
    # Every move drawn among all within 64 discs: other seeds give other games.
    assert len(others | {tuple(first)}) > 1
    # Without variety the engine plays the same game whatever else.
    assert moves_of(rk.Engine(1)) == moves_of(rk.Engine(1, variety=(3, 0.0), seed=5))


def test_threads_and_tables_play_legal_moves():
    game = play_randomly(rk.Game(), seed=2, plies=12)
    engine = rk.Engine(4, threads=2, hash_mb=1)
    assert engine.choose(game) in game.legal_moves


@pytest.mark.parametrize(
    "options,argument",
    [
        (dict(level=0), "level"),
        (dict(level=11), "level"),
        (dict(level=-1), "level"),
        (dict(level=10**30), "level"),
        (dict(depth=0), "depth"),
        (dict(depth=31), "depth"),
        (dict(depth=2**64), "depth"),
        (dict(time=0), "time"),
        (dict(time=-1), "time"),
        (dict(time=float("nan")), "time"),
        (dict(time=float("inf")), "time"),
        (dict(time=10**9), "time"),
        (dict(time=10**400), "time"),
        (dict(clock=(0, 1)), "clock base"),
        (dict(clock=(60, -1)), "clock increment"),
        (dict(clock=(60, 1e12)), "clock increment"),
        (dict(threads=0), "threads"),
        (dict(threads=1025), "threads"),
        (dict(threads=10**6), "threads"),
        (dict(hash_mb=0), "hash_mb"),
        (dict(hash_mb=4097), "hash_mb"),
        (dict(hash_mb=2**70), "hash_mb"),
        (dict(variety=(-1, 0.5)), "variety"),
        (dict(variety=(1, 1.5)), "variety"),
        (dict(variety=(1, float("nan"))), "variety"),
        (dict(variety=(1, 0.5), seed=-1), "seed"),
        (dict(seed=3), "seed"),
        (dict(time=1, clock=(60, 0)), "time and clock"),
    ],
)
def test_out_of_range_options_name_the_argument(options, argument):
    with pytest.raises(rk.EngineError, match=argument):
        rk.Engine(**options)


@pytest.mark.parametrize(
    "options",
    [
        dict(level=5.0),
        dict(level="5"),
        dict(level=True),
        dict(depth=2.0),
        dict(threads=2.0),
        dict(threads=True),
        dict(hash_mb="4"),
        dict(time="1s"),
        dict(time=True),
        dict(clock=60),
        dict(clock=(60,)),
        dict(clock=(60, 1, 2)),
        dict(clock=("60", 1)),
        dict(variety=0.5),
        dict(variety=(1, "often")),
        dict(variety=(1, 0.5), seed=1.0),
    ],
)
def test_options_of_another_type_are_type_errors(options):
    with pytest.raises(TypeError):
        rk.Engine(**options)


def test_options_are_keywords():
    with pytest.raises(TypeError):
        rk.Engine(5, 3)  # depth is a keyword: a second number would be ambiguous

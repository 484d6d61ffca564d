"""The engine and the exact solver, against known values and a minimax in Python."""

import random
import threading
import time

import pytest

import reversi_kit as rk

START = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X"

# FFO endgame positions #20-#24 (20 empty cells) and their best moves' exact values under
# WOF scoring: public facts, as listed in the shared FFO data file (data/ffo/ffo-20-59.txt).
FFO = [
    ("XXXOXXXX/OXXXXXXX/OOXXXXXX/OOOXXXXX/OOOXXOO-/OOOOO---/OOOOOOO-/OOOOOOO- X", {"h5"}, 6),
    ("OOOOOOOO/XOOXXX--/XXOOXOO-/XOXOOO--/XOOOOX--/XOOXOO--/XOOOOO--/XXXX---- O", {"g5"}, 0),
    ("--OOOO--/X-OOOOO-/XXOOXOXX/XOXOXXXX/XXXOXXXX/-XXOXOXX/--OXXX-X/----X--- O", {"g8"}, 2),
    ("--O-----/--OOX---/OOOXXXO-/OOOOXOXX/XXXOOXOX/XXXXXOOX/X-XXXXOX/--XXXX-- X", {"a2"}, 4),
    ("--O--O--/---OOOX-/-X-XOXOO/--XXXOOO/XXXXOOOO/XXXOXXOO/XXXXXX--/XOXX-O-- O", {"c3"}, 0),
]


# FFO #40 (20 empties, Black to move; a2 wins by 38): a solve of several million nodes.
FFO_40 = "O--OOOOX/-OOOOOOX/OOXXOOOX/OOXOOOXX/OOOOOOXX/---OOOOX/----O--X/-------- X"


@pytest.mark.parametrize("position,best,value", FFO)
def test_ffo_values(position, best, value):
    solution = rk.solve(position, scoring="wof")
    assert solution.value == value
    assert solution.best_move in best
    assert solution.line[0] == solution.best_move
    assert solution.nodes > 0
    assert solution.outcome == ("win" if value > 0 else "draw" if value == 0 else "loss")


def test_solve_with_two_threads_agrees():
    position, _, value = FFO[0]
    assert rk.solve(position, scoring="wof", threads=2).value == value


def minimax(game: rk.Game) -> int:
    """The exact margin for the side to move, by a plain walk in Python."""
    if game.is_over:
        black, white = game.score
        return black - white if game.side_to_move == "black" else white - black
    best = None
    for move in game.legal_moves:
        game.play(move)
        value = -minimax(game)
        game.undo()
        best = value if best is None else max(best, value)
    return best


def empties(game: rk.Game) -> int:
    return sum(row.count(0) for row in game.board)


def test_solver_agrees_with_minimax(table):
    rng = random.Random(11)
    for _ in range(3):
        game = table.copy()
        while not game.is_over and (empties(game) > 7 or game.phase != "normal"):
            game.play(rng.choice(game.legal_moves))
        if game.is_over:
            continue
        expected = minimax(game)
        assert rk.solve(game, scoring=game.rules.scoring).value == expected
        assert rk.solve(game.position(), scoring=game.rules.scoring).value == expected


def test_engine_plays_legal_moves(table):
    engine = rk.Engine(level=2)
    assert engine.level == 2 and repr(engine) == "Engine(level=2, threads=1, hash_mb=4)"
    game = table.copy()
    while not game.is_over:
        move = engine.choose(game)
        assert move in game.legal_moves
        game.play(move)
    with pytest.raises(rk.EngineError):
        engine.choose(game)
    with pytest.raises(rk.EngineError):
        engine.analyse(game)


def test_analysis():
    game = rk.Game()
    analysis = rk.Engine(level=4).analyse(game)
    assert analysis.best_move in game.legal_moves
    assert analysis.line[0] == analysis.best_move
    assert not analysis.exact and analysis.depth >= 1 and analysis.nodes > 0
    assert "best_move=" in repr(analysis)
    # Near the end the level solves exactly: the value is the solver's.
    near_end = rk.Game.from_transcript("", rk.Rules(scoring="wof"))
    rng = random.Random(3)
    while empties(near_end) > 8 and not near_end.is_over:
        near_end.play(rng.choice(near_end.legal_moves))
    if not near_end.is_over:
        exact = rk.Engine(level=5).analyse(near_end)
        assert exact.exact
        assert exact.value == rk.solve(near_end, scoring="wof").value


@pytest.mark.parametrize("level", [0, 11, -1, 10**30, None])
def test_bad_levels(level):
    if level is None:
        assert rk.Engine().level == 5
        return
    with pytest.raises(rk.EngineError):
        rk.Engine(level)


@pytest.mark.parametrize("level", ["5", 2.5, 5.0, True])
def test_a_level_of_another_type_is_a_type_error(level):
    with pytest.raises(TypeError, match="level must be an int"):
        rk.Engine(level)


def test_solve_errors():
    game = rk.Game()
    while not game.is_over:
        game.play(game.legal_moves[0])
    with pytest.raises(rk.EngineError, match="over"):
        rk.solve(game)
    with pytest.raises(rk.EngineError):
        rk.solve(FFO[0][0], threads=0)
    # The range docs/python.md gives: 1 to 1024 threads.
    for threads in (1025, 10**6):
        with pytest.raises(rk.EngineError, match="1 to 1024"):
            rk.solve(FFO[0][0], threads=threads)
        with pytest.raises(rk.EngineError, match="1 to 1024"):
            rk.perft(START, 2, threads=threads)
    with pytest.raises(rk.EngineError, match="1 to 1024"):
        rk.perft(START, 2, threads=0)
    # No node at all cannot solve anything; a solve that went past the limit is no solution.
    with pytest.raises(rk.EngineError, match="max_nodes 0"):
        rk.solve(FFO[0][0], max_nodes=0)
    solved = rk.solve(FFO[1][0])
    for limit in (1, 100, solved.nodes - 1):
        with pytest.raises(rk.EngineError, match="not solved"):
            rk.solve(FFO[1][0], max_nodes=limit)
    assert rk.solve(FFO[1][0], max_nodes=solved.nodes).value == solved.value
    with pytest.raises(rk.EngineError):
        rk.solve(FFO[0][0], hash_mb=0)
    with pytest.raises(rk.EngineError, match="not solved"):
        rk.solve(START, max_nodes=100_000)
    with pytest.raises(rk.RulesError):
        rk.solve(FFO[0][0], scoring="points")
    with pytest.raises(rk.EngineError):
        rk.solve(rk.Game(rk.Rules(free_opening=True)))
    with pytest.raises(rk.PositionError):
        rk.solve("XO")


def longest_pause_while(work) -> tuple:
    """Runs `work` in a thread while this one counts; gives (its duration, the longest gap
    between two counts meanwhile). A call that holds the GIL stops the counting for its
    whole duration."""
    window = {}

    def run():
        window["start"] = time.perf_counter()
        work()
        window["end"] = time.perf_counter()

    thread = threading.Thread(target=run)
    stamps = []
    thread.start()
    while thread.is_alive():
        stamps.append(time.perf_counter())
    thread.join()
    inside = [t for t in stamps if window["start"] <= t <= window["end"]]
    gaps = [b - a for a, b in zip(inside, inside[1:])]
    return window["end"] - window["start"], max(gaps, default=float("inf"))


@pytest.mark.parametrize(
    "work",
    [
        lambda: rk.perft(START, 10),
        lambda: rk.random_playouts(rk.Rules(), 20_000),
        # FFO #40: millions of nodes, long enough to tell on a fast machine (FFO #21 took 15 ms).
        lambda: rk.solve(FFO_40),
    ],
    ids=["perft", "random_playouts", "solve"],
)
def test_gil_released(work):
    duration, pause = longest_pause_while(work)
    assert duration > 0.02, "too short a call to tell"
    assert pause < duration / 2, f"this thread waited {pause:.3f} s of {duration:.3f} s"


def test_random_playouts():
    stats = rk.random_playouts(rk.Rules(), 1000, seed=1)
    assert stats.games == 1000
    assert stats.black_wins + stats.white_wins + stats.draws == 1000
    assert stats.black_score + stats.white_score <= 64 * 1000
    # A random game on 8x8 lasts about 60 plies.
    assert 55 * 1000 < stats.plies < 65 * 1000
    assert repr(rk.random_playouts(rk.Rules(), 1000, seed=1)) == repr(stats)
    assert repr(rk.random_playouts(rk.Rules(), 1000, seed=2)) != repr(stats)
    # WOF scoring gives every empty cell to the winner: 64 cells a decided game.
    wof = rk.random_playouts(rk.Rules(scoring="wof"), 200, seed=1)
    assert wof.black_score + wof.white_score >= 64 * (200 - wof.draws) - 1
    for _, options, _ in __import__("conftest").VARIANTS:
        rules = rk.Rules(**options)
        stats = rk.random_playouts(rules, 50, seed=4)
        assert stats.black_wins + stats.white_wins + stats.draws == 50


@pytest.mark.parametrize("bad", [2.5, 3.0, "3", True, None])
def test_numbers_of_another_type_raise_type_error(bad):
    """A float, a string or a bool given for a whole number is the wrong type (issue 69)."""
    for call in [
        lambda: rk.perft(START, bad),
        lambda: rk.perft(START, 1, threads=bad),
        lambda: rk.Game().perft(bad),
        lambda: rk.random_playouts(rk.Rules(), bad),
        lambda: rk.solve(FFO[0][0], threads=bad),
        lambda: rk.solve(FFO[0][0], hash_mb=bad),
    ]:
        with pytest.raises(TypeError, match="must be an int"):
            call()
    if bad is not None:  # max_nodes=None is no limit
        with pytest.raises(TypeError):
            rk.solve(FFO[0][0], max_nodes=bad)


@pytest.mark.parametrize("bad", [-1, 2**64])
def test_bad_numbers_raise_reversi_errors(bad):
    with pytest.raises(rk.ReversiError):
        rk.perft(START, bad)
    with pytest.raises(rk.ReversiError):
        rk.perft(START, 1, threads=bad)
    with pytest.raises(rk.ReversiError):
        rk.Game().perft(bad)
    with pytest.raises(rk.ReversiError):
        rk.random_playouts(rk.Rules(), bad)
    with pytest.raises(rk.ReversiError):
        rk.solve(FFO[0][0], threads=bad)
    with pytest.raises(rk.ReversiError):
        rk.solve(FFO[0][0], hash_mb=bad)
    with pytest.raises(rk.ReversiError):
        rk.solve(FFO[0][0], max_nodes=bad)

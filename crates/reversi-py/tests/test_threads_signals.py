"""Threads sharing an engine or a game (issue 69, D9), and Ctrl-C stopping long calls
(D11)."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import reversi_kit as rk


def run_together(*works):
    """Runs every work in its own thread at once; gives the exceptions they raised."""
    errors = []
    barrier = threading.Barrier(len(works))

    def wrap(work):
        barrier.wait()
        try:
            work()
        except BaseException as error:  # noqa: BLE001 - every failure is the test's
            errors.append(error)

    threads = [threading.Thread(target=wrap, args=(w,)) for w in works]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def midgame() -> rk.Game:
    game = rk.Game()
    for move in "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7".split():
        game.play(move)
    return game


def test_one_engine_shared_by_threads():
    engine = rk.Engine(level=6)
    games = [midgame(), midgame()]

    def think(game):
        def work():
            for _ in range(4):
                assert engine.choose(game) in game.legal_moves
                engine.analyse(game)

        return work

    assert run_together(think(games[0]), think(games[1])) == []


def test_a_game_played_while_another_thread_searches_it():
    engine = rk.Engine(level=7)
    game = midgame()
    searching = threading.Event()
    done = threading.Event()

    def search():
        searching.set()
        for _ in range(3):
            engine.choose(game)
        done.set()

    def play():
        searching.wait()
        # Moves and take-backs while the engine thinks about the same game.
        while not done.is_set():
            move = game.legal_moves[0]
            game.play(move)
            game.undo()
            game.perft(2)

    assert run_together(search, play) == []


# Each call runs for minutes unless stopped: the 8x8 start solved, perft 20, 10**12 playouts,
# a search of 30 plies.
LONG_CALLS = {
    "solve": "rk.solve(rk.Game())",
    "perft": "rk.perft(rk.Rules(), 20)",
    "perft threads": "rk.perft(rk.Rules(), 20, threads=2)",
    "Game.perft": "rk.Game(rk.Rules(free_opening=True)).perft(20)",
    "random_playouts": "rk.random_playouts(rk.Rules(), 10**12)",
    # 30 plies from the start: hours of search.
    "Engine.choose": "rk.Engine(10, depth=30, book=False).choose(rk.Game())",
    "Engine.analyse": "rk.Engine(10, depth=30, book=False).analyse(rk.Game())",
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is POSIX")
@pytest.mark.parametrize("call", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call_within_half_a_second(call):
    script = (
        "import sys, time\n"
        "import reversi_kit as rk\n"
        "print('ready', flush=True)\n"
        f"try:\n    {LONG_CALLS[call]}\n"
        "except KeyboardInterrupt:\n    print('interrupted', flush=True)\n    sys.exit(3)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # A call that does not stop is killed, so that the test fails rather than hangs.
    guard = threading.Timer(10, child.kill)
    guard.start()
    try:
        assert child.stdout.readline().strip() == "ready"
        # Well into the call before the signal.
        time.sleep(0.4)
        assert child.poll() is None, "the call ended by itself"
        sent = time.monotonic()
        os.kill(child.pid, signal.SIGINT)
        line = child.stdout.readline().strip()
        took = time.monotonic() - sent
        child.wait(timeout=10)
    finally:
        guard.cancel()
        if child.poll() is None:
            child.kill()
            child.wait()
    assert line == "interrupted", child.stderr.read()
    assert child.returncode == 3
    assert took < 0.5, f"KeyboardInterrupt came {took:.3f} s after SIGINT"

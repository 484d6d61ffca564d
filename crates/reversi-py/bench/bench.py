"""Random playouts and perft from Python: reversi_kit against rust-reversi and against a
loop in Python, measured in one run.

    python bench/bench.py [--rounds 5]

Every figure is CPU time of this process (time.process_time), each measured `rounds` times in
turn with its rivals (A B C, A B C, ...), the median kept, so that load on a shared machine
hits all of them alike. Only the ratios mean much; the rates depend on the machine.
rust-reversi is optional (`pip install rust-reversi`): without it, its lines are left out.
"""

import argparse
from importlib import metadata
import platform
import random
import statistics
import time

import reversi_kit as rk

try:
    import rust_reversi
except ImportError:
    rust_reversi = None

START = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X"


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cpu(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def kit_batch(games: int):
    return lambda: rk.random_playouts(rk.Rules(), games, seed=1)


def kit_python_loop(games: int):
    def run():
        rng = random.Random(1)
        for _ in range(games):
            game = rk.Game()
            while not game.is_over:
                game.play(rng.choice(game.legal_moves))

    return run


def rust_reversi_loop(games: int):
    # The random game of rust-reversi's documentation: get_random_move, do_move, do_pass.
    def run():
        for _ in range(games):
            board = rust_reversi.Board()
            while not board.is_game_over():
                if board.is_pass():
                    board.do_pass()
                else:
                    board.do_move(board.get_random_move())

    return run


def python_perft(game: rk.Game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for move in game.legal_moves:
        game.play(move)
        total += python_perft(game, depth - 1)
        game.undo()
    return total


def median_rates(contenders, rounds):
    """{name: median units per CPU second} of contenders {name: (work, units)}."""
    times = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, (work, _) in contenders.items():
            times[name].append(cpu(work))
    return {name: units / statistics.median(times[name]) for name, (_, units) in contenders.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=20_000, help="games of each batch call")
    parser.add_argument("--loop-games", type=int, default=500, help="games of each Python loop")
    parser.add_argument("--depth", type=int, default=8, help="perft depth from the 8x8 start")
    args = parser.parse_args()

    print(f"machine: {cpu_model()}, Python {platform.python_version()}, reversi_kit {rk.__version__}")
    if rust_reversi is None:
        print("rust-reversi is not installed: its lines are left out")
    else:
        print(f"peer: rust-reversi {metadata.version('rust-reversi')}")
    print(f"CPU time, median of {args.rounds} interleaved rounds\n")

    playouts = {
        "reversi_kit.random_playouts (one call)": (kit_batch(args.games), args.games),
        "reversi_kit Game loop in Python": (kit_python_loop(args.loop_games), args.loop_games),
    }
    if rust_reversi is not None:
        playouts["rust-reversi Board loop in Python (its documented way)"] = (
            rust_reversi_loop(args.loop_games),
            args.loop_games,
        )
    rates = median_rates(playouts, args.rounds)
    batch = rates["reversi_kit.random_playouts (one call)"]
    print("random playouts on 8x8, games per CPU second:")
    for name, rate in rates.items():
        print(f"  {name:58} {rate:12,.0f}   batch is {batch / rate:7.1f}x")

    leaves = rk.perft(START, args.depth)
    assert python_perft(rk.Game(), args.depth) == leaves
    perft = {
        "reversi_kit.perft (one call)": (lambda: rk.perft(START, args.depth), leaves),
        "loop over legal_moves/play()/undo() in Python": (lambda: python_perft(rk.Game(), args.depth), leaves),
    }
    rates = median_rates(perft, args.rounds)
    batch = rates["reversi_kit.perft (one call)"]
    print(f"\nperft {args.depth} from the 8x8 start ({leaves} leaves), leaves per CPU second:")
    for name, rate in rates.items():
        print(f"  {name:58} {rate:12,.0f}   batch is {batch / rate:7.1f}x")


if __name__ == "__main__":
    main()

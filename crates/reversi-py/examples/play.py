"""A tour of reversi_kit: a variant played by the engine, saved and loaded, solved near its
end, then perft and a batch of random playouts.

    python examples/play.py [--seed 7] [--level 3]
"""

import argparse

import reversi_kit as rk


def main() -> None:
    parser = argparse.ArgumentParser(description="The engine plays a 10x10 game with blocked cells.")
    parser.add_argument("--seed", type=int, default=7, help="the table's seed (draws the blocked cells)")
    parser.add_argument("--level", type=int, default=3, help="engine level, 1 to 10")
    args = parser.parse_args()

    rules = rk.Rules(size=(10, 10), blocked="random", scoring="wof")
    game = rk.Game(rules, seed=args.seed)
    print(f"rules: {rules}")
    print(f"blocked cells: {', '.join(game.blocked_cells)}")
    print(game)

    # Seeded variety: now and then a move within a disc of the best, the same for the same seed.
    engine = rk.Engine(level=args.level, variety=(1.0, 0.2), seed=args.seed)
    while not game.is_over:
        # With few cells left, the exact solver says how the game ends with perfect play.
        empties = sum(row.count(rk.EMPTY) for row in game.board)
        if empties == 12 and game.phase == rk.NORMAL and not game.must_pass:
            solution = rk.solve(game, scoring=rules.scoring)
            print(f"{empties} empties, {game.side_to_move} to move: {solution}")
        game.play(engine.choose(game))

    black, white = game.score
    print(game)
    print(f"{game.winner} wins {black}-{white} after {len(game.moves)} moves")
    print(f"transcript: {game.to_transcript()}")

    # A record round trip: JSON keeps the seed and checks every move when it loads.
    assert rk.Game.from_json(game.to_json()) == game
    print(f"GGF: {game.to_ggf().strip()[:80]}...")

    # Whole loops in one call: perft and random playouts (the GIL is released meanwhile).
    print(f"perft 6 of these rules and seed: {rk.perft(rules, 6, seed=args.seed)}")
    stats = rk.random_playouts(rules, 1000, seed=args.seed)
    print(f"1000 random games: {stats}")

    # Bad input raises a ValueError subclass carrying the Rust error's message.
    try:
        rk.Rules(size=(9, 9))
    except ValueError as error:
        print(f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    main()

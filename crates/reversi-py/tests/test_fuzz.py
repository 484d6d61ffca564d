"""Random and mutated strings into every parser: each either succeeds or raises a
ReversiError (a ValueError), and the interpreter survives."""

import random

import pytest

import reversi_kit as rk

from conftest import RECORDS_DATA, data_file

# Characters of every grammar (sizes, options, cells, position strings, GGF, JSON), a few
# that belong to none, and some beyond ASCII.
ALPHABET = "abcdefghijklmnopqrstuvwxyzXO-#/=:,;. 0123456789[]{}()\"'\\\n\t\x00éλ🂡"
ROUNDS = 400


def random_text(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 40)))


def mutate(rng: random.Random, text: str) -> str:
    """`text` with a few characters replaced, deleted, inserted or the end cut off."""
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
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


def sample_game() -> rk.Game:
    game = rk.Game(rk.Rules(size=(6, 6), blocked="random", handicap="white:1", scoring="wof"), 5)
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves))
    return game


def only_reversi_errors(call, text):
    try:
        call(text)
    except rk.ReversiError:
        pass


PARSERS = {
    "Rules.parse": rk.Rules.parse,
    "Rules(blocked=)": lambda t: rk.Rules(blocked=t),
    "Rules(handicap=)": lambda t: rk.Rules(handicap=t),
    "Rules(scoring=)": lambda t: rk.Rules(scoring=t),
    "Game.play": lambda t: rk.Game().play(t),
    "Game.is_legal": lambda t: rk.Game().is_legal(t),
    "Game.from_json": rk.Game.from_json,
    "Game.from_ggf": rk.Game.from_ggf,
    "Game.from_transcript": rk.Game.from_transcript,
    "perft": lambda t: rk.perft(t, 2),
    "solve": lambda t: rk.solve(t, max_nodes=20_000, hash_mb=1),
    # A level is an int (another type is a TypeError): the text's number, or its length.
    "Engine": lambda t: rk.Engine(int(t) if t.strip().isascii() and t.strip().isdigit() else len(t)),
    "read_wthor": lambda t: rk.read_wthor(t.encode("utf-8", "surrogatepass")),
}

# A valid input of each parser, to mutate.
VALID = {
    "Rules.parse": "10x8 blocked=b2,g7 handicap=white:2 opening=free scoring=wof",
    "Rules(blocked=)": "b2,g7",
    "Rules(handicap=)": "black:a1,h8",
    "Rules(scoring=)": "wof",
    "Game.play": "d3",
    "Game.is_legal": "pass",
    "Game.from_json": None,  # filled from sample_game()
    "Game.from_ggf": None,
    "Game.from_transcript": "f5d6c3d3c4f4f6f3e6e7",
    "perft": "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X",
    "solve": "XXXOXXXX/OXXXXXXX/OOXXXXXX/OOOXXXXX/OOOXXOO-/OOOOO---/OOOOOOO-/OOOOOOO- X",
    "Engine": "5",
    "read_wthor": "",
}


@pytest.mark.parametrize("parser", sorted(PARSERS))
def test_random_strings(parser):
    rng = random.Random(hash(parser) & 0xFFFF)
    call = PARSERS[parser]
    for _ in range(ROUNDS):
        only_reversi_errors(call, random_text(rng))


@pytest.mark.parametrize("parser", sorted(PARSERS))
def test_mutated_valid_inputs(parser):
    rng = random.Random(len(parser))
    game = sample_game()
    valid = dict(VALID, **{"Game.from_json": game.to_json(), "Game.from_ggf": game.to_ggf()})
    call = PARSERS[parser]
    if parser != "Engine" and valid[parser]:
        call(valid[parser])  # the starting point is valid: the mutations are near misses
    for _ in range(ROUNDS):
        only_reversi_errors(call, mutate(rng, valid[parser]))


def test_mutated_wthor_bytes():
    data = data_file(RECORDS_DATA / "sample.wtb").read_bytes()
    rng = random.Random(9)
    for _ in range(ROUNDS):
        chars = bytearray(data)
        for _ in range(rng.randrange(1, 6)):
            chars[rng.randrange(len(chars))] = rng.randrange(256)
        if rng.random() < 0.2:
            chars = chars[: rng.randrange(len(chars))]
        try:
            games = rk.read_wthor(bytes(chars), skip_illegal=rng.random() < 0.5)
        except rk.RecordError:
            continue
        for game in games:
            game.game()


def test_mutated_json_leaves_no_half_changed_game():
    game = sample_game()
    text = game.to_json()
    rng = random.Random(2)
    for _ in range(ROUNDS):
        try:
            back = rk.Game.from_json(mutate(rng, text))
        except rk.RecordError:
            continue
        # Whatever loaded is a consistent game: its moves replay to its position.
        replay = rk.Game.from_json(back.to_json())
        assert replay == back

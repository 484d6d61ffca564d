"""Random and mutated strings into every parser: each either succeeds or raises a
ReversiError (a ValueError), and the interpreter survives; and 20,000 mutated inputs into
every entry point (fuzz_inputs.py) in a process of their own: no crash, only the documented
errors, no call that hangs, memory bounded."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import reversi_kit as rk

from conftest import RECORDS_DATA, data_file
from fuzz_inputs import ALPHABET, sample_game
from fuzz_inputs import mutate_text as mutate

ROUNDS = 400


def random_text(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 40)))


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


# 20,000 mutated calls of each entry point of fuzz_inputs.py (21 of them).
FUZZ_CALLS = 20_000
# A call of these inputs takes milliseconds (the searches are bounded by node limits and
# small depths): one taking seconds is a hang in the making.
SLOWEST_CALL_SECONDS = 5
# The bound: the interpreter, the module and every table the calls make.
PEAK_MB = 200


def test_mutated_inputs_into_every_entry_point():
    program = Path(__file__).with_name("fuzz_inputs.py")
    run = subprocess.run(
        [sys.executable, str(program), "69", str(FUZZ_CALLS)], capture_output=True, text=True, timeout=600
    )
    # A crash (a signal, an abort) ends the child: its status says so, and nothing is printed.
    assert run.returncode == 0, f"status {run.returncode}: {run.stderr[-2000:]}"
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["calls"] == FUZZ_CALLS
    assert report["failures"] == [], "\n".join(report["failures"])
    assert report["slowest"][0] < SLOWEST_CALL_SECONDS, report["slowest"]
    assert report["peak_mb"] < PEAK_MB, report

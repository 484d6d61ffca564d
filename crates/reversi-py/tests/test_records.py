"""One JSON record format across Rust, the tools and Python (docs/record.schema.json), GGF read
as the `replay` tool reads it, the one-line 8x8 position form, and errors that say what is
wrong in Python's terms."""

import json

import jsonschema
import pytest

import reversi_kit as rk

from conftest import RECORDS_DATA, ROOT, data_file, play_randomly

SCHEMA = json.loads(data_file(ROOT / "docs" / "record.schema.json").read_text())


def first_moves(game: rk.Game, plies: int) -> rk.Game:
    """`plies` moves, each the first legal one: the same game in Rust (`legal_move_list`)."""
    for _ in range(plies):
        if game.is_over:
            break
        game.play(game.legal_moves[0])
    return game


def test_to_json_writes_a_versioned_record_the_schema_accepts(table):
    for seed, plies in [(1, 0), (2, 7), (3, 1000)]:
        game = play_randomly(table.copy(), seed, plies)
        record = json.loads(game.to_json())
        jsonschema.validate(record, SCHEMA)
        assert record["version"] == 1
        assert record["result"]["ending"] == ("played_out" if game.is_over else "unfinished")
        assert rk.Game.from_json(game.to_json()) == game


def test_the_schema_refuses_what_readers_refuse():
    record = json.loads(first_moves(rk.Game(), 3).to_json())
    for key, value in [("version", 2), ("moves", ["z99"]), ("rules", {"size": 8}), ("extra", 1)]:
        bad = dict(record, **{key: value})
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, SCHEMA)
        with pytest.raises(rk.RecordError):
            rk.Game.from_json(json.dumps(bad))


def test_python_writes_the_bytes_rust_writes():
    """crates/reversi-records/tests/data/in-progress.json is checked byte for byte by the Rust
    test `the_python_fixture_is_what_rust_writes` too, and read by `replay`'s tests: the
    three doors write and read the same record."""
    fixture = data_file(RECORDS_DATA / "in-progress.json").read_text()
    rules = rk.Rules(size=(10, 8), blocked=2, handicap="white:1", scoring="wof")
    game = first_moves(rk.Game(rules, seed=9), 12)
    assert game.to_json() + "\n" == fixture
    assert rk.Game.from_json(fixture) == game


def test_reads_records_the_tools_write():
    # `play --record` and the Rust API write this form, indented (sample.json).
    text = data_file(RECORDS_DATA / "sample.json").read_text()
    record = json.loads(text)
    jsonschema.validate(record, SCHEMA)
    game = rk.Game.from_json(text)
    assert game.moves == record["moves"]
    assert game.score == (record["result"]["black"], record["result"]["white"])
    assert game.blocked_cells == record["blocked"]


def test_reads_the_older_unversioned_form():
    # What `Game.to_json()` wrote before version 1 records: no version, no result.
    text = data_file(RECORDS_DATA / "legacy-game.json").read_text()
    assert "version" not in json.loads(text)
    game = rk.Game.from_json(text)
    assert game.moves[:3] == ["f5", "d6", "c3"]
    assert json.loads(game.to_json())["version"] == 1


def test_json_errors_speak_of_the_record_not_of_rust():
    record = json.loads(first_moves(rk.Game(), 3).to_json())
    for key, value in [("rules", 5), ("result", "won"), ("metadata", 5)]:
        with pytest.raises(rk.RecordError) as error:
            rk.Game.from_json(json.dumps(dict(record, **{key: value})))
        message = str(error.value)
        assert "expected" in message, message
        for internal in ("struct", "RulesBuilder", "RecordData", "ResultData"):
            assert internal not in message, message
    with pytest.raises(rk.RecordError, match="missing field `version`"):
        rk.Game.from_json(json.dumps({k: v for k, v in record.items() if k != "version"}))
    with pytest.raises(rk.RecordError, match="unknown record version 7"):
        rk.Game.from_json(json.dumps(dict(record, version=7)))


def test_ggf_with_an_unknown_result_is_read_as_replay_reads_it():
    """Issue 69, D2: NBoard GUIs send an unfinished game with RE[?]."""
    text = (
        "(;GM[Othello]PC[NBoard]TI[0:05]TY[8]"
        "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]RE[?];)"
    )
    [game] = rk.Game.from_ggf(text)
    assert game.moves == ["f5", "f6"] and not game.is_over
    # A result the moves contradict is still refused.
    with pytest.raises(rk.RecordError):
        rk.Game.from_ggf(text.replace("RE[?]", "RE[+64]"))


ONE_LINE_START = "---------------------------OX------XO--------------------------- X"


def test_the_one_line_position_form_is_read_everywhere():
    start = rk.Game().position()
    for text in [ONE_LINE_START, ONE_LINE_START.replace("X", "*"), ONE_LINE_START + ";"]:
        assert rk.Game.from_position(rk.Rules(), text).position() == start
        assert rk.perft(text, 4) == rk.perft(start, 4)
    game = first_moves(rk.Game(), 9)
    line = game.position(one_line=True)
    assert len(line) == 66 and "/" not in line
    assert rk.Game.from_position(rk.Rules(), line).position() == game.position()
    assert game.start_position(one_line=True) == ONE_LINE_START
    ffo = "XXXOXXXX/OXXXXXXX/OOXXXXXX/OOOXXXXX/OOOXXOO-/OOOOO---/OOOOOOO-/OOOOOOO- X"
    assert rk.solve(ffo.replace("/", "")).value == rk.solve(ffo).value
    with pytest.raises(rk.PositionError, match="8x8 only"):
        rk.Game(rk.Rules(size=10)).position(one_line=True)


def test_a_missing_file_is_file_not_found_with_its_name():
    path = str(ROOT / "no-such-dir" / "missing.wtb")
    with pytest.raises(FileNotFoundError) as error:
        rk.read_wthor(path)
    assert error.value.filename == path
    assert error.value.errno == 2


def test_from_position_refuses_a_blocked_cell_the_position_leaves_empty():
    """Issue 69, D7: the position said empty; the table would have blocked it silently."""
    rules = rk.Rules(blocked="a1")
    with pytest.raises(rk.PositionError, match="a1 is blocked"):
        rk.Game.from_position(rules, rk.Game().position())
    marked = "#" + rk.Game().position()[1:]
    assert rk.Game.from_position(rules, marked).blocked_cells == ["a1"]
    # The seed's cells, too, must be marked.
    seeded = rk.Game(rk.Rules(blocked="random"), 3)
    with pytest.raises(rk.PositionError, match="is blocked"):
        rk.Game.from_position(seeded.rules, rk.Game().position(), seed=3)
    assert rk.Game.from_position(seeded.rules, seeded.position(), seed=3) == seeded

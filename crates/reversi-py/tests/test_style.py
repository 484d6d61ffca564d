"""One Python style (issue 69): facts as properties, typed constants, TypeError for a wrong
type, the Rust defaults, keyword seeds, WTHOR names."""

import json
import random
import threading

import pytest

import reversi_kit as rk

from conftest import RECORDS_DATA, data_file, play_randomly


def test_facts_are_properties_and_actions_methods():
    game = rk.Game()
    for fact in ["side_to_move", "phase", "legal_moves", "is_over", "must_pass", "score", "winner",
                 "board", "moves", "blocked_cells", "rules", "seed", "opening_name"]:
        assert isinstance(getattr(type(game), fact), property) or not callable(getattr(game, fact)), fact
    assert game.side_to_move == rk.BLACK and game.phase == rk.NORMAL
    assert game.score == (2, 2) and game.winner is None and not game.is_over
    game.play("d3")
    assert game.moves == ["d3"] and game.side_to_move == rk.WHITE
    assert game.to_transcript() == "d3"
    assert rk.Game(rk.Rules(free_opening=True)).phase == rk.FREE_OPENING
    # Properties are read-only.
    with pytest.raises(AttributeError):
        game.side_to_move = rk.BLACK


def test_typed_constants_are_the_values_given():
    assert (rk.BLACK, rk.WHITE, rk.DRAW, rk.WIN, rk.LOSS, rk.PASS) == ("black", "white", "draw", "win", "loss", "pass")
    assert (rk.NORMAL, rk.FREE_OPENING, rk.DISCS, rk.WOF) == ("normal", "free_opening", "discs", "wof")
    board = rk.Game(rk.Rules(blocked="a1")).board
    assert board[0][0] == rk.UNPLAYABLE and board[0][1] == rk.EMPTY
    assert board[3][3] == rk.WHITE_DISC and board[3][4] == rk.BLACK_DISC
    assert rk.Rules(scoring=rk.WOF).scoring == rk.WOF
    assert rk.solve("XXXOXXXX/OXXXXXXX/OOXXXXXX/OOOXXXXX/OOOXXOO-/OOOOO---/OOOOOOO-/OOOOOOO- X").outcome == rk.WIN


def test_an_option_is_text_or_none_alike():
    assert rk.Rules().blocked is None and rk.Rules().handicap is None
    assert rk.Rules(blocked="none").blocked is None
    assert rk.Rules(blocked="random").blocked == "random"
    assert rk.Rules(blocked="b2,g7").blocked == "b2,g7"
    assert rk.Game(rk.Rules(blocked="b2,g7")).blocked_cells == ["b2", "g7"]


def ended_with_empty_cells(scoring: str) -> rk.Game:
    """A 6x6 game a few moves before an end that leaves empty cells, where disc counting
    and WOF give different values."""
    for seed in range(500):
        game = play_randomly(rk.Game(rk.Rules(size=6, scoring=scoring)), seed)
        empties = sum(row.count(rk.EMPTY) for row in game.board)
        if empties >= 2:
            replay = rk.Game(rk.Rules(size=6, scoring=scoring))
            for move in game.moves[:-4]:
                replay.play(move)
            if rk.solve(replay, scoring="discs").value != rk.solve(replay, scoring="wof").value:
                return replay
    pytest.fail("no game whose scorings differ")


def test_solve_scores_as_the_rules_do():
    # A game's rules' scoring; a position string's, disc counting: Rust's default.
    wof = ended_with_empty_cells("wof")
    assert rk.solve(wof).value == rk.solve(wof, scoring="wof").value
    assert rk.solve(wof.position()).value == rk.solve(wof, scoring="discs").value
    discs = rk.Game.from_position(rk.Rules(size=6), wof.position())
    assert rk.solve(discs).value == rk.solve(discs, scoring="discs").value
    assert rk.Rules().scoring == rk.DISCS


def test_the_seed_of_from_position_is_a_keyword():
    rules = rk.Rules()
    with pytest.raises(TypeError):
        rk.Game.from_position(rules, rk.Game().position(), 3)
    assert rk.Game.from_position(rules, rk.Game().position(), seed=3).seed == 3


@pytest.mark.parametrize(
    "call",
    [
        lambda: rk.solve(12),
        lambda: rk.solve(None),
        lambda: rk.perft(1.5, 2),
        lambda: rk.perft(None, 2),
        lambda: rk.read_wthor(12),
        lambda: rk.read_wthor(b"", players=12),
        lambda: rk.Game(rk.Rules(), "7"),
        lambda: rk.Game("8x8"),
        lambda: rk.Game().play(3),
        lambda: rk.Rules(scoring=1),
        lambda: rk.Engine().choose("d3"),
    ],
)
def test_a_wrong_type_is_a_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_wthor_names_are_readable():
    wtb = data_file(RECORDS_DATA / "sample.wtb")
    players, tournaments = data_file(RECORDS_DATA / "WTHOR.JOU"), data_file(RECORDS_DATA / "WTHOR.TRN")
    # The sample holds a game with an illegal move, left out.
    games = rk.read_wthor(wtb, players=players, tournaments=tournaments.read_bytes(), skip_illegal=True)
    first = games[0]
    assert (first.black_name, first.white_name, first.tournament_name) == ("Zhao Jing", "Yamakawa Takashi", "Beijing Open")
    assert (first.black_player, first.white_player, first.tournament) == (1, 2, 0)
    assert "Zhao Jing" in repr(first)
    # Without the name files, the numbers alone.
    bare = rk.read_wthor(wtb, skip_illegal=True)[0]
    assert (bare.black_name, bare.white_name, bare.tournament_name) == (None, None, None)
    with pytest.raises(rk.RecordError, match="players"):
        rk.read_wthor(wtb, skip_illegal=True, players=b"damaged")
    missing = str(RECORDS_DATA / "no-such.JOU")
    with pytest.raises(FileNotFoundError) as error:
        rk.read_wthor(wtb, skip_illegal=True, players=missing)
    assert error.value.filename == missing


def test_a_game_shared_by_threads_stays_whole():
    """Issue 69, D9: threads that play and take back moves on one game at once meet no
    "Already borrowed", and each move and take-back is whole (the game replays)."""
    game = rk.Game()
    errors = []

    def churn(seed):
        rng = random.Random(seed)
        try:
            for _ in range(2000):
                moves = game.legal_moves
                if moves and rng.random() < 0.6:
                    try:
                        game.play(rng.choice(moves))
                    except rk.MoveError:
                        pass  # another thread moved first: the move is no longer legal
                else:
                    game.undo()
                game.to_json()
        except BaseException as error:  # noqa: BLE001 - every failure is the test's
            errors.append(error)

    threads = [threading.Thread(target=churn, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert rk.Game.from_json(game.to_json()) == game


def test_json_errors_speak_of_records_not_rust_types():
    """Issue 69: "expected struct RulesBuilder" named a Rust type; a message names the
    record's parts."""
    game = rk.Game()
    game.play("d3")
    record = json.loads(game.to_json())
    texts = ["{}", "[]", '{"rules": 5}', '{"version": 1, "rules": {"board": 7}}']
    for key in record:
        for wrong in ([1], {"zz": 1}, "x", 5):
            texts.append(json.dumps(dict(record, **{key: wrong})))
    for text in texts:
        try:
            rk.Game.from_json(text)
        except rk.RecordError as error:
            message = str(error)
            for internal in ("struct", "Builder", "enum ", "Option<", "Vec<"):
                assert internal not in message, f"{text}: {message}"

"""Named openings, the review that explains its mistakes, and the SVG pictures, from Python."""

import json
import xml.etree.ElementTree as ET

import pytest

import reversi_kit as rk

# The Tiger (f5 d6 c3 d3 c4), in the orientation that starts with d3 (turned about the
# a1-h8 diagonal), and the Buffalo (f5 f6 e6 f4 c3).
TIGER_D3 = ["d3", "c5", "f6", "f5", "e6"]
BUFFALO = ["f5", "f6", "e6", "f4", "c3"]


def played(moves, rules=None):
    game = rk.Game(rules)
    for mv in moves:
        game.play(mv)
    return game


def test_opening_names_in_any_orientation():
    assert played(TIGER_D3).opening_name == "Tiger"
    assert played(BUFFALO).opening_name == "Buffalo"
    assert played(["f5"]).opening_name is None
    assert rk.Game().opening_name is None
    # Only the full 8x8 board has names.
    octagon = rk.Game(rk.Rules(octagon=True))
    octagon.play(octagon.legal_moves[0])
    octagon.play(octagon.legal_moves[0])
    assert octagon.opening_name is None


def test_game_svg_is_a_diagram_of_the_board():
    game = played(BUFFALO, rk.Rules(blocked="a8"))
    svg = game.svg()
    assert svg == game._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    circles = [e for e in root.iter() if e.tag.endswith("circle")]
    black, white = game.score
    # One circle a disc, one a legal move, one for the last move.
    assert len(circles) == black + white + len(game.legal_moves) + 1


@pytest.fixture(scope="module")
def reviewed():
    # A game with mistakes: the engine at level 1 against the first legal move, 30 moves.
    game = rk.Game()
    engine = rk.Engine(level=1)
    for i in range(30):
        mv = engine.choose(game) if i % 2 == 0 else game.legal_moves[0]
        game.play(mv)
    return game, rk.review(game, level=2, exact_empties=10, hash_mb=8)


def test_review_has_every_move_and_reasons_for_each_mistake(reviewed):
    game, review = reviewed
    moves = review.moves
    assert [m["played"] for m in moves] == game.moves
    assert [m["number"] for m in moves] == list(range(1, len(moves) + 1))
    marked = [m for m in moves if m["assessment"] == "searched" and m["mark"] != "good"]
    assert marked, "the first legal move makes mistakes"
    for m in marked:
        assert m["loss"] >= 2.0
        assert m["reasons"], m
        assert all(isinstance(r["kind"], str) for r in m["reasons"])
    for m in moves:
        if m["assessment"] == "searched" and m["mark"] == "good":
            assert m["reasons"] == []


def test_review_forms_agree(reviewed):
    game, review = reviewed
    assert json.loads(review.to_json()) == review.to_dict()
    assert review.to_dict()["moves"] == review.moves
    assert review.opening == game.opening_name
    text = review.text()
    assert str(review) == text
    assert "black: total loss" in text and "white: total loss" in text
    assert text.count("\n       - ") == sum(len(m.get("reasons", [])) for m in review.moves)
    curve = review.curve
    assert len(curve) == len(game.moves)
    for value, m in zip(curve, review.moves):
        if m["assessment"] == "searched":
            own = m["played_value"]["centidiscs"] / 100
            assert value == pytest.approx(own if m["color"] == "black" else -own)
    black, white = review.total_loss
    assert black == pytest.approx(sum(m["loss"] for m in review.moves if m.get("color") == "black" and "loss" in m))
    assert white >= 0
    svg = review.svg()
    assert svg == review._repr_svg_()
    ET.fromstring(svg)
    assert svg.count("<circle") == sum(1 for m in review.moves if m.get("mark") not in (None, "good"))
    assert "Review(" in repr(review)


@pytest.mark.parametrize(
    "options",
    [dict(level=0), dict(level=11), dict(hash_mb=0), dict(hash_mb=10**6), dict(threads=0), dict(exact_empties=300)],
)
def test_review_refuses_bad_options(options):
    with pytest.raises(rk.EngineError):
        rk.review(rk.Game(), **options)


def test_review_of_every_board_family():
    for rules in [rk.Rules(size=10), rk.Rules(octagon=True), rk.Rules(size=6), rk.Rules(blocked="random")]:
        game = rk.Game(rules, seed=3)
        while not game.is_over and len(game.moves) < 16:
            game.play(game.legal_moves[-1])
        review = rk.review(game, level=1, exact_empties=8, hash_mb=4)
        assert len(review.moves) == len(game.moves)
        for m in review.moves:
            if m.get("mark") in ("mistake", "blunder"):
                assert m["reasons"]

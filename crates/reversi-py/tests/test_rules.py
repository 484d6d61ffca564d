"""Rules: options, the text form, and the seeded layouts of blocked cells."""

import pytest

import reversi_kit as rk

# (seed, board, blocked, handicap, cells): the golden layouts of
# crates/reversi-variants/tests/layout_golden.rs, computed by an independent implementation
# of the layout algorithm (docs/rules.md §3).
GOLDEN = [
    (0, "8x8", "random", "none", "g2 h6 c8"),
    (1, "8x8", "random", "none", "f2 g2 g5 g8"),
    (42, "8x8", "random", "none", "h2 h5 g6 e7"),
    (18446744073709551615, "8x8", "random", "none", "h1 a2 a3 a6"),
    (7, "8x8", "4", "none", "c1 d1 e2 c7"),
    (99, "8x8", "2", "black:4", "e2 e8"),
    (100, "8x8", "random", "white:2", "a4"),
    (6, "6x6", "3", "none", "b1 d1 c6"),
    (12, "6x4", "4", "black:4", "a2 f2 a3 f3"),
    (14, "4x16", "2", "white:1", "b11 d11"),
    (16, "10x8", "4", "black:3", "d2 b4 c4 f7"),
    (20, "16x16", "4", "white:4", "o4 d12 g14 a15"),
    (21, "octagon", "random", "none", "h3 h5 h8 g9"),
    (9223372036854775808, "octagon", "random", "none", "a5 g8 c10"),
    (28, "10x16", "random", "black:2", "h10 i12"),
]


@pytest.mark.parametrize("seed,board,blocked,handicap,cells", GOLDEN)
def test_golden_layouts(seed, board, blocked, handicap, cells):
    rules = rk.Rules.parse(f"{board} blocked={blocked} handicap={handicap}")
    game = rk.Game(rules, seed)
    assert game.blocked_cells == cells.split()
    assert game.seed == seed
    # The blocked cells are unplayable on the board.
    for name in cells.split():
        column, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
        assert game.board[row][column] == -1


def test_keyword_options_match_the_text_form():
    rules = rk.Rules(size=(10, 8), blocked=2, handicap="white:2", free_opening=True, scoring="wof")
    assert str(rules) == "10x8 blocked=2 handicap=white:2 opening=free scoring=wof"
    assert rk.Rules.parse(str(rules)) == rules
    assert hash(rk.Rules.parse(str(rules))) == hash(rules)
    assert eval(repr(rules), {"Rules": rk.Rules}) == rules
    assert rules.size == (10, 8)
    assert rules.blocked == "2"
    assert rules.handicap == "white:2"
    assert rules.free_opening and rules.scoring == "wof" and not rules.octagon
    assert rules.draws_blocked_cells


def test_defaults_are_the_standard_rules():
    rules = rk.Rules()
    assert str(rules) == "8x8 blocked=none handicap=none opening=standard scoring=discs"
    assert rules == rk.Rules.parse("8x8")
    assert rules.handicap is None and not rules.draws_blocked_cells
    assert rk.Rules(octagon=True).size == (10, 10)
    assert rk.Rules(octagon=True) == rk.Rules.parse("octagon")
    assert rk.Rules(size=6) == rk.Rules(size=(6, 6))


def test_handicap_corners_as_the_rust_docs_give_them():
    # crates/reversi-variants Rules docs: 10x8, white:2 -> corners a1 and j8.
    game = rk.Game(rk.Rules(size=(10, 8), blocked="none", handicap="white:2"))
    board = game.board
    assert board[0][0] == 2 and board[7][9] == 2


@pytest.mark.parametrize(
    "options",
    [
        dict(size=(7, 8)),
        dict(size=(18, 18)),
        dict(size=(2, 2)),
        dict(size=(300, 8)),
        dict(size=-8),
        dict(octagon=True, size=(8, 8)),
        dict(octagon=True, handicap="black:1"),
        dict(blocked="z99"),
        dict(blocked=9),
        dict(blocked=-1),
        dict(blocked="d4"),
        dict(blocked=""),
        dict(handicap="purple:2"),
        dict(handicap="white:9"),
        dict(handicap="white:b2"),
        dict(scoring="points"),
    ],
)
def test_bad_options_raise_rules_error(options):
    with pytest.raises(rk.RulesError) as info:
        rk.Rules(**options)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


@pytest.mark.parametrize(
    "options",
    [
        dict(size="big"),
        dict(size=8.0),
        dict(size=(8, 8, 8)),
        dict(size=(8.0, 8)),
        dict(size=True),
        dict(blocked=True),
        dict(blocked=3.5),
        dict(blocked=["b2"]),
        dict(handicap=2),
        dict(scoring=None),
    ],
)
def test_options_of_another_type_raise_type_error(options):
    """Issue 69: a wrong type is a TypeError, as everywhere, not a RulesError."""
    with pytest.raises(TypeError):
        rk.Rules(**options)


@pytest.mark.parametrize(
    "text",
    ["9x9", "8x8 blocked", "8x8 colour=red", "8x8 scoring=wof scoring=discs", "octagon handicap=black:1"],
)
def test_bad_text_raises_rules_error(text):
    with pytest.raises(rk.RulesError):
        rk.Rules.parse(text)


def test_bad_seed_raises_rules_error():
    for seed in (-1, 2**64):
        with pytest.raises(rk.RulesError):
            rk.Game(rk.Rules(blocked="random"), seed)
    # Another type is a TypeError, as everywhere an int is taken.
    for seed in ("7", 1.5, 7.0, True):
        with pytest.raises(TypeError, match="seed must be an int"):
            rk.Game(rk.Rules(blocked="random"), seed)


def test_exceptions_subclass_value_error():
    for cls in (rk.RulesError, rk.PositionError, rk.MoveError, rk.RecordError, rk.EngineError):
        assert issubclass(cls, rk.ReversiError)
    assert issubclass(rk.ReversiError, ValueError)

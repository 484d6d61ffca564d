"""The opening book from Python: the built-in books, reading and refusing bytes, and the
engine playing from them."""

import pytest

import reversi_kit as rk


def test_the_standard_book_values_the_start_and_its_moves():
    book = rk.Book.standard()
    assert len(book) > 1000
    game = rk.Game()
    value = book.lookup(game)
    assert value is not None and abs(value) < 4
    moves = book.moves(game)
    # The four first moves are images of each other: one value.
    assert sorted(m for m, _ in moves) == sorted(game.legal_moves)
    assert len({v for _, v in moves}) == 1


def test_bytes_round_trip_and_damage_is_a_book_error(tmp_path):
    book = rk.Book.standard()
    data = book.to_bytes()
    again = rk.Book.from_bytes(data)
    assert len(again) == len(book)
    path = tmp_path / "standard.book"
    path.write_bytes(data)
    assert len(rk.Book.load(path)) == len(book)
    damaged = bytearray(data)
    damaged[200] ^= 1
    with pytest.raises(rk.BookError, match="damaged"):
        rk.Book.from_bytes(bytes(damaged))
    with pytest.raises(rk.BookError, match="truncated"):
        rk.Book.from_bytes(data[:-3])
    with pytest.raises(rk.BookError):
        rk.Book.from_bytes(b"not a book")
    assert issubclass(rk.BookError, ValueError)


def test_an_engine_plays_book_moves_and_can_leave_the_book_off():
    book = rk.Book.standard()
    game = rk.Game()
    with_book = rk.Engine(1)
    for _ in range(4):
        move = with_book.choose(game)
        assert move in dict(book.moves(game)), move
        game.play(move)
    # A position of another board has no entry.
    assert book.lookup(rk.Game(rk.Rules(size=10))) is None
    assert rk.Engine(1, book=False).choose(rk.Game()) in rk.Game().legal_moves
    assert rk.Engine(1, book=book).choose(rk.Game()) in rk.Game().legal_moves
    with pytest.raises(TypeError):
        rk.Engine(1, book="yes")


@pytest.mark.parametrize(
    "rules",
    [rk.Rules(), rk.Rules(size=10), rk.Rules(octagon=True), rk.Rules(size=6)],
    ids=["8x8", "10x10", "octagon", "6x6"],
)
def test_each_board_with_a_built_in_book_plays_from_it(rules):
    book = rk.Book.built_in(rules)
    assert book is not None
    game = rk.Game(rules)
    assert book.lookup(game) is not None
    move = rk.Engine(1).choose(game)
    assert move in dict(book.moves(game)), move


def test_boards_without_a_built_in_book_have_none():
    for rules in [rk.Rules(size=12), rk.Rules(blocked="random"), rk.Rules(scoring="wof"), rk.Rules(size=(8, 6))]:
        assert rk.Book.built_in(rules) is None, rules
    assert len(rk.Book.built_in(rk.Rules())) == len(rk.Book.standard())

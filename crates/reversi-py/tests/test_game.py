"""Games: legal moves, flips, perft against the core's data, and records round trips."""

import random

import pytest

import reversi_kit as rk

from conftest import CORE_PERFT, RECORDS_DATA, WTHOR_YEARS, data_file, play_randomly

START = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X"


def cells_of(position: str):
    """{(column, row): character} of a position string."""
    rows = position.split()[0].split("/")
    return {(c, r): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}


def name(column: int, row: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


def test_standard_start():
    game = rk.Game()
    assert game.position() == START
    assert game.legal_moves == ["d3", "c4", "f5", "e6"]
    assert game.side_to_move == "black"
    assert game.score == (2, 2)
    assert not game.is_over and game.winner is None


def test_play_as_the_core_docs_give_it():
    # Blocked cells are "#" in the position string and never hold a disc.
    game = rk.Game(rk.Rules(blocked="b2,g7"))
    assert game.play("d3") == ["d4"]
    assert game.position() == "--------/-#------/---X----/---XX---/---XO---/--------/------#-/-------- O"
    with pytest.raises(rk.MoveError):
        game.play("b2")
    # crates/reversi-core's crate docs: c3 blocked (a board the variants' rules do not draw,
    # but the core counts), Black plays d3.
    assert rk.perft("--------/--------/--#X----/---XX---/---XO---/--------/--------/-------- O", 1) == 2  # e3 and c5: c3 is blocked


def test_free_opening_as_the_variants_docs_give_it():
    game = rk.Game(rk.Rules(free_opening=True))
    assert game.phase == "free_opening"
    assert sorted(game.legal_moves) == ["d4", "d5", "e4", "e5"]
    for cell in ["d4", "e4", "e5", "d5"]:
        assert game.play(cell) == []
    assert game.phase == "normal"
    assert len(game.legal_moves) == 4
    with pytest.raises(rk.MoveError):
        game.play("pass")


def check_flips(before: str, after: str, move: str, flips, mover: str):
    """The move placed a disc of the mover, turned exactly `flips`, and changed nothing else."""
    b, a = cells_of(before), cells_of(after)
    changed = {name(c, r) for (c, r) in b if b[(c, r)] != a[(c, r)]}
    if move == "pass":
        assert changed == set() and flips == []
        return
    assert changed == set(flips) | {move}
    own, their = ("X", "O") if mover == "black" else ("O", "X")
    for cell in flips:
        column, row = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
        assert (b[(column, row)], a[(column, row)]) == (their, own)


def test_random_games_flip_what_they_say(table):
    rng = random.Random(7)
    for _ in range(3):
        game = table.copy()
        while not game.is_over:
            moves = game.legal_moves
            assert moves, "a game that is not over has a move or a pass"
            move = rng.choice(moves)
            before, mover = game.position(), game.side_to_move
            flips = game.play(move)
            check_flips(before, game.position(), move, flips, mover)
            # Undo gives the position back.
            assert game.undo() == move and game.position() == before
            game.play(move)
        assert game.legal_moves == []
        black, white = game.score
        winner = game.winner
        assert winner == ("black" if black > white else "white" if white > black else "draw")


def test_illegal_moves_change_nothing(table):
    before = table.position()
    for move in ["a1", "pass", "z9", "", "d33", "e4e5", "PASS!"]:
        if move in table.legal_moves:
            continue
        with pytest.raises(rk.MoveError):
            table.play(move)
        assert table.position() == before and table.moves == []


def python_perft(game: rk.Game, depth: int) -> int:
    """The leaves to `depth` plies by a loop over legal_moves/play()/undo() in Python."""
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for move in game.legal_moves:
        game.play(move)
        total += python_perft(game, depth - 1)
        game.undo()
    return total


def test_python_walk_agrees_with_perft(table):
    for depth in range(1, 4):
        assert rk.perft(table, depth) == python_perft(table, depth) == table.perft(depth)


def perft_cases():
    """(id, position, depth, count) of the core's perft data, up to three million leaves."""
    cases = []
    for path in sorted(data_file(CORE_PERFT / "8x8.perft").parent.glob("*.perft")):
        ident = position = None
        for line in path.read_text().splitlines():
            if line.startswith("id "):
                ident = line[3:]
            elif line.startswith("pos "):
                position = line[4:]
            elif line.startswith("perft "):
                _, depth, count = line.split()
                if int(count) <= 3_000_000:
                    cases.append(pytest.param(position, int(depth), int(count), id=f"{path.stem}:{ident}:{depth}"))
    assert len(cases) > 50, "the perft data files are missing or empty"
    return cases


@pytest.mark.parametrize("position,depth,count", perft_cases())
def test_perft_data(position, depth, count):
    assert rk.perft(position, depth) == count


def test_perft_threads_and_rules():
    assert rk.perft(START, 7, threads=2) == 55092
    assert rk.perft(rk.Rules(), 6) == 8200
    # From an empty centre, depth 4 is the 4! orders of the placements.
    assert rk.perft(rk.Rules(free_opening=True), 4) == 24
    with pytest.raises(rk.RulesError):
        rk.perft(rk.Rules(blocked="random"), 3)
    assert rk.perft(rk.Rules(blocked="random"), 3, seed=1) == rk.Game(rk.Rules(blocked="random"), 1).perft(3)
    with pytest.raises(rk.PositionError):
        rk.perft("not a position", 3)


def test_json_round_trip(table):
    for seed, plies in [(1, 5), (2, 1000)]:
        game = play_randomly(table.copy(), seed, plies)
        back = rk.Game.from_json(game.to_json())
        assert back == game
        assert back.position() == game.position() and back.moves == game.moves


def test_ggf_round_trip(table):
    for seed, plies in [(3, 7), (4, 1000)]:
        game = play_randomly(table.copy(), seed, plies)
        width, height = game.rules.size
        if width != height:
            # GGF boards are square (its BO field has one size).
            with pytest.raises(rk.RecordError, match="unsupported"):
                game.to_ggf()
            continue
        [back] = rk.Game.from_ggf(game.to_ggf())
        assert back.position() == game.position()
        assert back.moves == game.moves
        assert back.rules == game.rules


def test_transcript_round_trip(table):
    game = play_randomly(table.copy(), 5)
    back = rk.Game.from_transcript(game.to_transcript(), game.rules, game.seed)
    assert back == game


def test_records_fixtures():
    games = rk.Game.from_ggf(data_file(RECORDS_DATA / "sample.ggf").read_text())
    assert len(games) >= 2
    assert games[0].to_transcript() == data_file(RECORDS_DATA / "sample.txt").read_text().split()[0]
    assert games[0].is_over and games[0].score == (26, 38)
    assert any(g.rules.octagon for g in games)


def test_tampered_records_raise():
    game = play_randomly(rk.Game(), 6)
    with pytest.raises(rk.RecordError):
        rk.Game.from_json(game.to_json().replace('"moves":["', '"moves":["a1","'))
    with pytest.raises(rk.RecordError):
        rk.Game.from_transcript("f5f5")
    with pytest.raises(rk.RecordError):
        rk.Game.from_ggf("(;GM[Othello]")


def test_wthor_sample():
    # The values of crates/reversi-records/tests/wthor.rs: game 4 has an illegal a1.
    path = data_file(RECORDS_DATA / "sample.wtb")
    with pytest.raises(rk.RecordError, match="game 4: move 5 \\(a1\\)"):
        rk.read_wthor(path)
    games = rk.read_wthor(path.read_bytes(), skip_illegal=True)
    assert games[0].finished and games[0].black_score == 26 and len(games[0].moves) == 60
    assert games[1].moves.count("pass") == 3 and len(games[1].moves) == 63 and games[1].score_matches
    assert not games[2].finished and not games[2].score_matches
    replayed = games[0].game()
    assert replayed.is_over and replayed.score[0] == 26


def test_wthor_years():
    for path in WTHOR_YEARS:
        games = rk.read_wthor(str(data_file(path)))
        assert len(games) > 2000
        # Every game of these years is played out and its score is the file's (their README).
        assert all(g.score_matches for g in games)


def test_wthor_bad_input():
    with pytest.raises(rk.RecordError):
        rk.read_wthor(b"\x00" * 17)
    with pytest.raises(FileNotFoundError):
        rk.read_wthor("/nonexistent/file.wtb")


def test_board_encoding():
    game = rk.Game(rk.Rules(octagon=True))
    board = game.board
    assert len(board) == 10 and all(len(row) == 10 for row in board)
    assert board[0][0] == board[0][1] == board[1][0] == -1  # a cut corner
    assert board[4][4] == 2 and board[4][5] == 1  # e5 White, f5 Black
    assert sum(row.count(0) for row in board) == 100 - 12 - 4


def test_repr_and_copy():
    game = rk.Game(rk.Rules(blocked="random"), 3)
    game.play(game.legal_moves[0])
    assert "seed=3" in repr(game) and "blocked=random" in repr(game)
    clone = game.copy()
    clone.play(clone.legal_moves[0])
    assert clone != game and len(game.moves) == 1
    assert "a b c" in str(game)


def test_a_game_from_a_position_plays_on_as_the_game_that_reached_it():
    rng = random.Random(55)
    for _ in range(20):
        game = rk.Game(rk.Rules(size=(8, 8)), 1)
        for _ in range(rng.randrange(0, 30)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves))
        if game.is_over:
            continue
        set_up = rk.Game.from_position(game.rules, game.position())
        assert set_up.position() == game.position()
        assert set_up.legal_moves == game.legal_moves
        move = game.legal_moves[0]
        game.play(move)
        set_up.play(move)
        assert set_up.position() == game.position()
    # A position the rules cannot hold: a 6x6 position under 8x8 rules.
    with pytest.raises(rk.PositionError):
        rk.Game.from_position(rk.Rules(size=(8, 8)), rk.Game(rk.Rules(size=(6, 6)), 1).position())
    with pytest.raises(rk.ReversiError):
        rk.Game.from_position(rk.Rules(size=(8, 8)), "not a position")

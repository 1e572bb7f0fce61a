"""A database of schema 1 (codes only, Pipes tiles, moves as cell and turns) is upgraded in
place: every game, daily, post, move, result and streak is kept, and each code's puzzle is
stored once, exactly the puzzle that code stood for."""

import sqlite3
from datetime import UTC, date, datetime

import pytest

import play
from db import schema
from play import scoring
from puzzle.pipes import KIND, parse_code, rotate
from puzzle.pipes.v1 import generate_v1


def old_puzzle(code):
    """The puzzle a schema-1 code stood for: generator pipes/1's."""
    width, height, seed, unique, _, _ = parse_code(code)
    return generate_v1(width, height, seed, unique=unique)


def _hex(tiles):
    return "".join(f"{t:x}" for t in tiles)


def schema_one(path):
    """A schema-1 file with two dailies, three games (one a double Play), moves and results."""
    raw = sqlite3.connect(path)
    for statement in schema.MIGRATIONS[0]:
        raw.execute(statement)
    raw.execute("PRAGMA user_version = 1")
    at = "2026-11-21T09:00:00.000000+00:00"
    for daily_id, day in ((1, "2026-11-21"), (2, "2026-11-22")):
        code = f"8x8-d{day.replace('-', '')}"
        raw.execute(
            "INSERT INTO daily_puzzles VALUES (?, ?, 8, 8, ?, ?, ?)",
            (daily_id, day, code, old_puzzle(code).par, at),
        )
    raw.execute(
        "INSERT INTO guild_settings VALUES (5, 9, '07:30', 'Europe/Berlin', 8, 8, 1, ?)", (at,)
    )
    raw.execute("INSERT INTO daily_posts VALUES (5, '2026-11-22', 2, 9, 4242, ?)", (at,))
    personal = old_puzzle("6x6-old")
    turned = list(personal.tiles)
    turned[8] = rotate(turned[8], 2)  # C2x2
    turned[14] = rotate(turned[14], -1)  # C3ccw
    turned[20] = rotate(turned[20], 3)  # C4, hinted
    games = [
        (1, "6x6-old", 6, personal.tiles, turned, "personal", None, None, 3, 1, 3),
        (2, "8x8-d20261121", 8, old_puzzle("8x8-d20261121").tiles, None, "daily", 1, at, 40, 1, 41),
        (3, "8x8-d20261122", 8, old_puzzle("8x8-d20261122").tiles, None, "daily", 2, at, 50, 0, 50),
        (4, "8x8-d20261122", 8, old_puzzle("8x8-d20261122").tiles, None, "daily", 2, None, 0, 0, 0),
        # Play pressed twice on Nov 21 too, no result: the game played furthest stays daily.
        (5, "8x8-d20261121", 8, old_puzzle("8x8-d20261121").tiles, None, "daily", 1, None, 0, 0, 9),
    ]
    for gid, code, side, initial, tiles, mode, daily, solved, rotations, hints, version in games:
        raw.execute(
            """INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, 7, ?, 5, 9, NULL, ?, ?, ?, ?, ?,
               ?)""",
            (
                gid, code, side, side, side // 2, side // 2, _hex(initial),
                _hex(tiles or old_puzzle(code).solution), mode, daily, at, solved, rotations,
                hints, version,
            ),
        )  # fmt: skip
    raw.execute("INSERT INTO moves VALUES (1, 1, 7, 8, 2, 0, ?)", (at,))
    raw.execute("INSERT INTO moves VALUES (2, 1, 7, 14, -1, 0, ?)", (at,))
    raw.execute("INSERT INTO moves VALUES (3, 1, 7, 20, 3, 1, ?)", (at,))  # a hint: 3 turns
    raw.execute("INSERT INTO results VALUES (1, 7, 5, 2, 310.5, 40, 1, ?)", (at,))
    raw.execute("INSERT INTO results VALUES (2, 7, 5, 3, 200.0, 50, 0, ?)", (at,))
    raw.commit()
    raw.close()


async def test_a_schema_one_file_is_upgraded_without_losing_anything(tmp_path):
    path = tmp_path / "v1.sqlite3"
    schema_one(path)
    clock = lambda: datetime(2026, 11, 22, 12, tzinfo=UTC)  # noqa: E731
    store = await play.open_storage(path, clock=clock)
    try:
        personal = await store.game(1)
        assert personal.puzzle.code == "pipes:6x6-old"
        puzzle = KIND.load(personal.puzzle)
        assert puzzle.tiles == old_puzzle("6x6-old").tiles
        assert puzzle.solution == old_puzzle("6x6-old").solution
        assert (personal.turns, personal.version, personal.outcome) == (3, 3, "playing")
        moves = await store.moves(1)
        assert [(m.move, m.hint) for m in moves] == [
            ("C2x2", False),
            ("C3ccw", False),
            ("C4ccw", True),
        ]
        # The stored notation replays, through the kind, to the stored state.
        replayed = KIND.initial_state(puzzle)
        for move in moves:
            replayed = KIND.apply(
                puzzle, replayed, KIND.parse_moves(puzzle, replayed, move.move)
            ).state
        assert replayed == personal.state

        yesterday = await store.daily_puzzle(date(2026, 11, 21), "pipes", "8x8")
        today = await store.daily_puzzle(date(2026, 11, 22), "pipes", "8x8")
        assert (yesterday.id, today.id) == (1, 2)
        assert today.puzzle.par == old_puzzle("8x8-d20261122").par
        assert KIND.load(today.puzzle).solution == old_puzzle("8x8-d20261122").solution

        solved = await store.game(2)
        assert solved.solved and solved.finished_at is not None and solved.daily_id == 1
        # The second game of one daily (Play pressed twice) became a personal game; the
        # one with the result stays the daily game.
        assert (await store.daily_game(7, 2)).id == 3
        double = await store.game(4)
        assert (double.mode, double.daily_id) == ("personal", None)
        # Without a result, the game played furthest stays the daily game.
        assert (await store.daily_game(7, 1)).id == 2  # game 2 holds the result of Nov 21
        assert (await store.game(5)).mode == "personal"

        results = await store.user_results(7)
        assert [(r.daily_id, r.seconds, r.turns, r.hints) for r in results] == [
            (1, 310.5, 40, 1),
            (2, 200.0, 50, 0),
        ]
        stats = scoring.user_stats(7, results, date(2026, 11, 22))
        assert (stats.solves, stats.current_streak, stats.longest_streak) == (2, 2, 2)
        assert (await store.daily_post(5, date(2026, 11, 22))).message_id == 4242
        settings = await store.guild_settings(5)
        assert settings.timezone == "Europe/Berlin"
        # Levels came later: a server set up before keeps its normal dailies.
        assert settings.level == "normal"
    finally:
        await store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(schema.MIGRATIONS)
    assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    assert raw.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0] == 3


async def test_an_upgrade_whose_puzzles_differ_from_the_stored_tiles_changes_nothing(tmp_path):
    path = tmp_path / "odd.sqlite3"
    schema_one(path)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET initial = ? WHERE id = 1", ("1" * 36,))
    raw.commit()
    raw.close()
    with pytest.raises(RuntimeError, match="game 1"):
        await play.open_storage(path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
    assert raw.execute("SELECT initial FROM games WHERE id = 1").fetchone()[0] == "1" * 36
    assert raw.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 3

"""The storage backends the contract suite runs against, and small rules to drive them.

Each backend is opened through ``open_backend(name, where)``; the suite in test_storage.py
is parametrised by ``BACKENDS`` and every backend must pass all of it.
"""

from datetime import UTC, datetime, timedelta

import pgserver

from db import Change, NewResult, open_storage
from kinds.pipes.engine import KIND, Params, State, rotate
from puzzle import KINDS

BACKENDS = ["sqlite", "postgres"]
PIPES = KIND.generate(Params(6, 6), "storage")


class FakeClock:
    def __init__(self, start=datetime(2026, 11, 22, 9, 0, tzinfo=UTC)):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, **delta):
        self.now += timedelta(**delta)


async def open_backend(name, where, clock=None, legacy=None):
    """A fresh or existing storage of backend ``name`` at ``where``: for SQLite that file,
    for PostgreSQL a database named after that path on the test server (``pgserver``)."""
    if name == "postgres":
        where = await pgserver.database_for(where)
    else:
        assert name == "sqlite", name
    return await open_storage(where, KINDS, clock=clock or FakeClock(), legacy=legacy)


def turn(cells_and_turns, *, hint=False, outcome="playing", result=None):
    """Rules that turn tiles — relative to the state storage hands in — and name the moves
    as Pipes does."""

    def rules(game, now):
        tiles = list(game.state.tiles)
        names = []
        for cell, turns in cells_and_turns:
            tiles[cell] = rotate(tiles[cell], turns)
            names.append(f"{chr(65 + cell % game.width)}{cell // game.width + 1}:{turns}")
        counted = sum(abs(t) for _, t in cells_and_turns)
        return Change(
            state=State(tuple(tiles)),
            moves=tuple(names),
            turns=0 if hint else counted,
            hints=len(cells_and_turns) if hint else 0,
            outcome=outcome,
            result=result(game, now) if result else None,
        )

    return rules


def daily_result(game, now):
    return NewResult((now - game.started_at).total_seconds(), game.turns + 1, game.hints)


async def new_game(store, tiles=None, owner=1, puzzle=None, **kwargs):
    stored = puzzle or await store.store_puzzle(PIPES)
    return await store.create_game(
        puzzle=stored,
        state=State(tuple(tiles) if tiles is not None else KIND.load(stored).tiles),
        owner_id=owner,
        mode=kwargs.pop("mode", "personal"),
        **kwargs,
    )

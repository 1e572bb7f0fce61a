"""Counting what a storage sends its database: every statement SQLite runs (its trace
callback, on both connections), every round trip asyncpg makes (its query logger, on every
pooled connection: one per ``fetch``/``execute``, one per ``executemany`` batch, one for
``BEGIN``, ``COMMIT`` and a pool's reset of a released connection).

    async with counting(storage) as sent:
        ...  # a click
    len(sent)  # statements (SQLite) or round trips (PostgreSQL), in order in ``sent``

Statements asyncpg prepares on first use cost one more round trip each, uncounted: warm
the path once before counting.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from db.postgres import PostgresStorage
from db.sqlite import SqliteStorage


@asynccontextmanager
async def counting(storage: Any) -> AsyncIterator[list[str]]:
    """The statements (SQLite) or round trips (PostgreSQL) ``storage`` sends inside the
    block, as their SQL, in order."""
    sent: list[str] = []
    if isinstance(storage, SqliteStorage):
        connections = [storage._writer, storage._reader]
        for connection in connections:  # set on each connection's own thread
            await connection._execute(connection._conn.set_trace_callback, sent.append)
        try:
            yield sent
        finally:
            for connection in connections:
                await connection._execute(connection._conn.set_trace_callback, None)
        return
    assert isinstance(storage, PostgresStorage), storage

    def log(record: Any) -> None:
        sent.append(record.query)

    held = [h._con for h in storage._pool._holders if h._con is not None]
    for connection in held:
        connection.add_query_logger(log)
    try:
        yield sent
    finally:
        for connection in held:
            connection.remove_query_logger(log)

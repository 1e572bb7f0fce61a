"""Answering within Discord's 3 s: if the answer is not ready by ``DEFER_AFTER`` seconds,
the interaction is deferred (a click: deferred update; a command: "thinking") and the
answer then edits the original response."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord

#: Defer when the answer takes longer than this (Discord's limit is 3 s).
DEFER_AFTER = 1.0
#: Retries of a follow-up that fails (the interaction token stays valid for 15 minutes).
RETRY_DELAYS = (0.5, 2.0)


class Deadline:
    """Defers an interaction once ``after`` seconds (None: ``DEFER_AFTER``) pass without an
    answer."""

    def __init__(self, defer: Callable[[], Awaitable[Any]], after: float | None = None) -> None:
        self._defer = defer
        self._deferring = False
        self._task = asyncio.create_task(self._later(DEFER_AFTER if after is None else after))

    async def _later(self, after: float) -> None:
        await asyncio.sleep(after)
        self._deferring = True
        await self._defer()

    async def settle(self) -> bool:
        """Stop the timer (or let a deferral under way finish); True if it deferred."""
        if not self._deferring:
            self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        return self._deferring


async def with_retries(send: Callable[[], Awaitable[Any]]) -> Any:
    """Send, trying again after ``RETRY_DELAYS`` when Discord fails (5xx) or cannot be
    reached; a refusal (4xx) will not fix itself and is raised at once."""
    for delay in (*RETRY_DELAYS, None):
        try:
            return await send()
        except (TimeoutError, discord.DiscordServerError, OSError):
            if delay is None:
                raise
            await asyncio.sleep(delay)
    return None

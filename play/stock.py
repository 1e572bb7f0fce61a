"""The stock of fresh puzzles: a few of each preset generated ahead, so that ``new`` without a
seed hands one out at once instead of waiting for a generator.

A preset joins the stock the first time someone asks for it (a preset nobody plays costs
nothing) and is refilled as it is used, one puzzle at a time, by whoever runs ``refill``
(the bot: in a worker process at low priority). Stocked puzzles are stored puzzles, so the
stock survives restarts; storage hands each out once, never one a game already plays, and
holds at most ``size`` per preset.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import replace
from datetime import date, timedelta
from functools import cache

from db import PuzzleRecord, Storage
from puzzle import KINDS
from puzzle.levels import LEVELS

from .errors import UserError
from .offload import Offload

log = logging.getLogger(__name__)

#: Puzzles kept ready per kind and parameters.
STOCK_SIZE = 3
#: A week of dailies: a weekly choice (Pipes' ``8x8 weekly``) changes level by weekday.
_WEEK = [date(2026, 11, 23) + timedelta(days=k) for k in range(7)]


@cache
def stocked_params(kind: str) -> frozenset[str]:
    """The parameters a kind's stock may hold, as the kind writes them: its presets (at every
    level, for kinds with levels: what ``new`` offers) and its dailies' on every weekday."""
    engine = KINDS[kind]
    found = {engine.format_params(engine.parse_params(text)) for text in engine.presets}
    found |= {engine.format_params(engine.daily(c, d)) for c in engine.daily_presets for d in _WEEK}
    for text in list(found):
        parsed = engine.parse_params(text)
        if hasattr(parsed, "level"):
            found |= {engine.format_params(replace(parsed, level=level)) for level in LEVELS}
    return frozenset(found)


class Stock:
    """Fresh puzzles ready for ``take``; ``refill`` makes them with ``make`` (an offload: a
    picklable call run away from the event loop)."""

    def __init__(self, storage: Storage, make: Offload, size: int = STOCK_SIZE) -> None:
        self.storage = storage
        self.size = size
        self._make = make
        #: The presets asked for, in the order they were first asked for.
        self._wanted: dict[tuple[str, str], None] = {}
        self._asked = asyncio.Event()

    def holds(self, kind: str, params: str) -> bool:
        """Whether ``params`` (as the kind writes them) is a preset the stock keeps."""
        return self.size > 0 and params in stocked_params(kind)

    async def take(self, kind: str, params: str) -> PuzzleRecord | None:
        """A fresh puzzle of a preset, never handed out before (None: none ready, or not a
        preset); the preset is refilled after."""
        if not self.holds(kind, params):
            return None
        self._want(kind, params)
        return await self.storage.take_stocked(kind, params, KINDS[kind].generator)

    def _want(self, kind: str, params: str) -> None:
        self._wanted.setdefault((kind, params), None)
        self._asked.set()

    async def resume(self) -> None:
        """Keep refilling the presets stocked before a restart."""
        for kind, params in await self.storage.stock_counts():
            if kind in KINDS and self.holds(kind, params):
                self._want(kind, params)

    async def refill(self) -> int:
        """Fill every preset asked for up to ``size``; the puzzles made. A preset whose
        generator fails is left for the next round (said in the log)."""
        made = 0
        for kind, params in list(self._wanted):
            engine = KINDS[kind]
            counts = await self.storage.stock_counts()
            for _ in range(self.size - counts.get((kind, params), 0)):
                try:
                    fresh = await self._make(
                        engine.generate, engine.parse_params(params), secrets.token_hex(3)
                    )
                except UserError as error:  # the worker is busy or the board too slow
                    log.warning("stock of %s %s not refilled: %s", kind, params, error)
                    break
                if not await self.storage.stock_puzzle(fresh, self.size):
                    break  # full meanwhile (another process), or the seed was taken
                made += 1
        return made

    async def run(self) -> None:
        """Refill whenever a preset is asked for, until cancelled."""
        await self.resume()
        while True:
            await self._asked.wait()
            self._asked.clear()
            try:
                await self.refill()
            except Exception:  # storage or a generator failed: tried again when next asked
                log.exception("refilling the stock failed")

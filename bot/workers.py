"""CPU-heavy work — drawing boards, generating puzzles — in worker processes, so that the
process running the event loop keeps its interpreter for Discord (Python threads share one
interpreter lock; a 2-core machine has a second core for this). With no worker processes,
the work runs in threads instead (tests, small machines)."""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from renderer.layout import layout
from renderer.sheet import sheet

T = TypeVar("T")
#: Boards whose sprite sheets each worker draws when it starts (the common sizes).
WARM_SIZES = ((5, 5), (6, 6), (8, 8), (10, 10))


def warm() -> None:
    """Draw the common sprite sheets (runs once in each worker process, and at bot start)."""
    for width, height in WARM_SIZES:
        common = layout(width, height)
        sheet(common.cell, common.margin)


def _pool(processes: int, initializer: Callable[[], None] | None) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        processes, mp_context=multiprocessing.get_context("spawn"), initializer=initializer
    )


class Workers:
    """``draw`` runs quick work (images) in ``processes`` worker processes; ``generate`` runs
    slow work (new puzzles) in one more process of its own, so a rush of new boards never
    queues the drawing of a click behind it. Processes are spawned (never forked from a
    process with threads) when first needed; with ``processes=0`` both run in threads."""

    def __init__(self, processes: int) -> None:
        self._draw = _pool(processes, warm) if processes > 0 else None
        self._generate = _pool(1, None) if processes > 0 else None

    async def draw(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a drawing process (or a thread without workers)."""
        return await _run(self._draw, functools.partial(fn, *args, **kwargs))

    async def generate(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in the generating process (or a thread without workers)."""
        return await _run(self._generate, functools.partial(fn, *args, **kwargs))

    def close(self) -> None:
        """Stop the workers; work not started is dropped."""
        for pool in (self._draw, self._generate):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)


async def _run(pool: ProcessPoolExecutor | None, call: Callable[[], T]) -> T:
    if pool is None:
        return await asyncio.to_thread(call)
    return await asyncio.get_running_loop().run_in_executor(pool, call)

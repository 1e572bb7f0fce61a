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
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")


def _pool(processes: int, initializer: Callable[[], None] | None) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        processes, mp_context=multiprocessing.get_context("spawn"), initializer=initializer
    )


class Workers:
    """``draw`` runs quick work (images) in ``processes`` worker processes; ``generate`` runs
    slow work (new puzzles) in one more process of its own, so a rush of new boards never
    queues the drawing of a click behind it. Processes are spawned (never forked from a
    process with threads) when first needed; with ``processes=0`` both run in threads."""

    def __init__(self, processes: int, warm: Callable[[], None] | None = None) -> None:
        """``warm`` (picklable) runs once in each new drawing process."""
        self._sizes = {"draw": processes, "generate": 1 if processes > 0 else 0}
        self._warm = warm
        self._pools = {
            name: _pool(size, warm if name == "draw" else None)
            for name, size in self._sizes.items()
            if size > 0
        }

    async def draw(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a drawing process (or a thread without workers)."""
        return await self._run("draw", functools.partial(fn, *args, **kwargs))

    async def generate(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in the generating process (or a thread without workers)."""
        return await self._run("generate", functools.partial(fn, *args, **kwargs))

    async def _run(self, name: str, call: Callable[[], T]) -> T:
        pool = self._pools.get(name)
        if pool is None:
            return await asyncio.to_thread(call)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            if self._pools.get(name) is pool:
                pool.shutdown(wait=False, cancel_futures=True)
                warm = self._warm if name == "draw" else None
                self._pools[name] = _pool(self._sizes[name], warm)
            return await asyncio.get_running_loop().run_in_executor(self._pools[name], call)

    def close(self) -> None:
        """Stop the workers; work not started is dropped."""
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)

"""CPU-heavy work in worker processes, in lanes of their own, so that the process running the
event loop keeps its interpreter for Discord (Python threads share one interpreter lock) and
a cheap click's drawing never waits behind a search:

- ``draw``: boards' pictures, quick, in ``processes`` processes at normal priority;
- ``generate``: new puzzles asked for and searches (hints, undo), in a process per core at a
  lower priority, at most ``SEARCHES`` jobs queued or running, each stopped after
  ``SEARCH_BUDGET`` seconds (both refused in one sentence);
- ``background``: the stock of fresh puzzles, in one process at the lowest priority.

With ``processes=0`` every lane runs in threads instead (tests, small machines)."""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from types import FrameType
from typing import Any, TypeVar

from play import UserError

T = TypeVar("T")

#: Searches queued or running at once, at most; one more is refused.
SEARCHES = 64
#: Seconds a search or a generation asked for may run.
SEARCH_BUDGET = 60.0
#: Seconds a puzzle for the stock may take to generate.
BACKGROUND_BUDGET = 300.0
BUSY = "Many boards are being worked on right now: try again in a minute."
TOO_SLOW = "That took too long to work out, so it was stopped: try again later or a smaller board."


@dataclass(frozen=True, slots=True)
class Lane:
    """One lane of work: its processes (0: threads), how much lower their priority is (the
    ``nice`` increment), and at most how many jobs it holds (queued or running) and how many
    seconds one may run (None: no limit)."""

    processes: int
    nice: int = 0
    limit: int | None = None
    budget: float | None = None


class Overtime(Exception):
    """A job ran out of its budget in a worker process."""


def _prepare(nice: int, warm: Callable[[], None] | None) -> None:
    """A new worker process: it ends when the bot does, its priority lowered, then warmed."""
    threading.Thread(target=_end_with_the_bot, name="ends-with-the-bot", daemon=True).start()
    if nice:
        os.nice(nice)
    if warm is not None:
        warm()


def _end_with_the_bot() -> None:
    """End this worker once the bot that spawned it is gone, however it stopped (at once if
    it already is): a killed bot's workers would otherwise wait for work forever (each holds
    its queue's writing end too, so no end of file ever comes), a search running on for
    nothing. The parent's sentinel is readable from the instant the parent ends."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
    os._exit(0)


def _overtime(signum: int, frame: FrameType | None) -> None:
    raise Overtime


def _within(budget: float, call: Callable[[], T]) -> T:
    """``call()`` in a worker process's main thread, stopped once it ran ``budget`` seconds
    (the process lives on for the next job)."""
    signal.signal(signal.SIGALRM, _overtime)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def lanes(processes: int) -> dict[str, Lane]:
    """The bot's lanes with ``processes`` drawing processes (0: everything in threads)."""
    searchers = max(1, os.cpu_count() or 1) if processes else 0
    return {
        "draw": Lane(processes),
        "generate": Lane(searchers, nice=10, limit=SEARCHES, budget=SEARCH_BUDGET),
        "background": Lane(min(processes, 1), nice=19, budget=BACKGROUND_BUDGET),
    }


class Workers:
    """Runs calls in the lanes of ``lanes(processes)``. Processes are spawned (never forked
    from a process with threads) by ``start`` or when first needed, and replaced if one dies."""

    def __init__(self, processes: int, warm: Callable[[], None] | None = None) -> None:
        """``warm`` (picklable) runs once in each new process."""
        self._lanes = lanes(processes)
        self._warm = warm
        self._pools = {
            name: self._pool(name) for name, lane in self._lanes.items() if lane.processes
        }
        self._held = dict.fromkeys(self._lanes, 0)

    def _pool(self, name: str) -> ProcessPoolExecutor:
        lane = self._lanes[name]
        return ProcessPoolExecutor(
            lane.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_prepare,
            initargs=(lane.nice, self._warm),
        )

    async def start(self) -> None:
        """Spawn and warm every process now, so that no click waits for one."""
        await asyncio.gather(
            *(
                self._run(name, int)
                for name, pool in self._pools.items()
                for _ in range(self._lanes[name].processes)
            )
        )

    async def draw(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a drawing process (or a thread without workers)."""
        return await self._run("draw", functools.partial(fn, *args, **kwargs))

    async def generate(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a searching process (or a thread without workers);
        UserError, in one sentence, when too many wait or it takes too long."""
        return await self._run("generate", functools.partial(fn, *args, **kwargs))

    async def background(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` at the lowest priority (or in a thread without workers)."""
        return await self._run("background", functools.partial(fn, *args, **kwargs))

    async def _run(self, name: str, call: Callable[[], T]) -> T:
        lane = self._lanes[name]
        if lane.limit is not None and self._held[name] >= lane.limit:
            raise UserError(BUSY)
        self._held[name] += 1
        try:
            return await self._timed(name, call)
        except (Overtime, TimeoutError):
            raise UserError(TOO_SLOW) from None
        finally:
            self._held[name] -= 1

    async def _timed(self, name: str, call: Callable[[], T]) -> T:
        budget = self._lanes[name].budget
        if name not in self._pools:  # a thread: waited for within the budget
            return await asyncio.wait_for(asyncio.to_thread(call), budget)
        if budget is not None:
            call = functools.partial(_within, budget, call)
        loop = asyncio.get_running_loop()
        pool = self._pools[name]
        try:
            return await loop.run_in_executor(pool, call)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            if self._pools.get(name) is pool:
                pool.shutdown(wait=False, cancel_futures=True)
                self._pools[name] = self._pool(name)
            return await loop.run_in_executor(self._pools[name], call)

    def close(self) -> None:
        """Stop the workers; work not started is dropped."""
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)

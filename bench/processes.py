"""Several bot processes on one PostgreSQL (issue #16): players click their boards at once,
each click from its raw INTERACTION_CREATE payload to the recorded UPDATE_MESSAGE through the
real bot (``tests/bot_process.py``). Printed: total acknowledged clicks per second and the
click latency, for 4 processes on PostgreSQL beside the reference measured in the same run,
one process on SQLite (the default), and one process on PostgreSQL (the database alone).

Run: ``python3 tasks.py bench`` or ``.venv/bin/python bench/processes.py``. PostgreSQL is a
throwaway server with its default durability (fsync, synchronous commit), like SQLite's
``synchronous=FULL``; it needs Debian's ``postgresql`` (else this bench says so and stops).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent), str(ROOT / "tests")]

from _timing import median, p95, table  # noqa: E402
from pgserver import PostgresServer, Unavailable, create_database  # noqa: E402

PROCESS = [sys.executable, str(ROOT / "tests" / "bot_process.py")]
#: Players clicking at once, and clicks each (one after the other, as people do).
PLAYERS = 16
CLICKS = 60
ROUNDS = 2
USERS = 1_700_000_000_000_000_000


def run(database: str, processes: int, label: str) -> list[object]:
    """One configuration: ``processes`` bot processes share the players; every process
    opens its boards, then all start clicking on one signal."""
    share = ["--games", str(PLAYERS // processes), "--clicks", str(CLICKS), "--size", "8x8"]
    running = [
        subprocess.Popen(
            [*PROCESS, "--database", database, *share, "--user-base", str(USERS + k * 1000)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for k in range(processes)
    ]
    for process in running:
        assert "ready" in json.loads(process.stdout.readline())
    start = time.perf_counter()  # from the signal to the last click, all processes
    for process in running:
        process.stdin.write("go\n")
        process.stdin.flush()
    latencies: list[float] = []
    seconds = 0.0
    for process in running:
        for line in process.stdout:
            event = json.loads(line)
            if "ack" in event:
                latencies.append(event["ms"])
            elif "done" in event:
                seconds = max(seconds, time.perf_counter() - start)
        assert process.wait(timeout=600) == 0
    assert len(latencies) == PLAYERS * CLICKS, "every click answered with the board"
    return [
        label,
        processes,
        len(latencies),
        f"{len(latencies) / seconds:,.0f}",
        f"{median(latencies):.1f}",
        f"{p95(latencies):.1f}",
    ]


async def databases(server: PostgresServer, rounds: int) -> list[str]:
    return [await create_database(server.url, f"bench_{k}") for k in range(2 * rounds)]


def main() -> None:
    try:
        server = PostgresServer.start(durable=True)
    except Unavailable as why:
        print(f"skipped: no PostgreSQL server can run here ({why})")
        return
    rows = []
    try:
        urls = asyncio.run(databases(server, ROUNDS))
        with tempfile.TemporaryDirectory() as folder:
            for k in range(ROUNDS):  # interleaved, so a noisy moment hits every column
                sqlite = run(str(Path(folder) / f"round{k}.sqlite3"), 1, "SQLite, 1 process")
                single = run(urls[2 * k], 1, "PostgreSQL, 1 process")
                four = run(urls[2 * k + 1], 4, "PostgreSQL, 4 processes")
                ratio = float(str(four[3]).replace(",", "")) / float(
                    str(sqlite[3]).replace(",", "")
                )
                rows += [[*sqlite, "1.00×"], [*single, ""], [*four, f"{ratio:.2f}×"]]
    finally:
        server.stop()
    table(
        f"{PLAYERS} players clicking 8×8 boards at once, {CLICKS} clicks each "
        f"({os.cpu_count()} cores; round by round)",
        ["configuration", "processes", "clicks", "clicks/s", "median ms", "p95 ms",
         "clicks/s vs SQLite"],
        rows,
    )  # fmt: skip


if __name__ == "__main__":
    main()

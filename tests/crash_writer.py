"""Helper for test_db: rotate tiles forever, printing the number of committed moves after
each commit, until killed. Usage: python tests/crash_writer.py DB_PATH GAME_ID"""

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from db import open_storage


async def main(path: str, game_id: int) -> None:
    storage = await open_storage(path)
    count = 0
    while True:
        await storage.rotate(game_id, 7, count % 9, 1 + count % 3)
        count += 1
        print(count, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))

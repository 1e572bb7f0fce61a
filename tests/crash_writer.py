"""Helper for test_storage: change a game forever, printing the number of committed moves
after each commit, until killed. Usage: python tests/crash_writer.py BACKEND WHERE GAME_ID"""

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from storekit import open_backend, turn


async def main(backend: str, where: str, game_id: int) -> None:
    storage = await open_backend(backend, where)
    count = 0
    while True:
        await storage.change(game_id, 7, turn([(count % 9, 1 + count % 3)]))
        count += 1
        print(count, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))

"""Helper for test_storage: change a game again and again, printing the number of committed
moves after each commit, until killed or ``COUNT`` moves are in. Each move turns cell
``count % 9`` by ``1 + count % 3``.

Usage: python tests/change_writer.py BACKEND WHERE GAME_ID [COUNT [USER]]"""

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from storekit import open_backend, turn


async def main(backend: str, where: str, game_id: int, limit: int, user: int) -> None:
    storage = await open_backend(backend, where)
    count = 0
    while limit == 0 or count < limit:
        await storage.change(game_id, user, turn([(count % 9, 1 + count % 3)]))
        count += 1
        print(count, flush=True)
    await storage.close()


if __name__ == "__main__":
    limit, user = [int(a) for a in sys.argv[4:]] + [0, 7][len(sys.argv[4:]) :]
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), limit, user))

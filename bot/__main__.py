"""``python -m bot``: the Discord bot is not built yet (issue #5)."""

import sys

print(
    "The Discord bot is not built yet. Meanwhile the puzzle engine works: "
    "try `.venv/bin/python -m puzzle new 8x8 --seed abc`."
)
sys.exit(0)

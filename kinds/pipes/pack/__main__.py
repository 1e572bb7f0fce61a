"""``python -m datapack CODE OUT_DIR``: write the two zips of a puzzle code."""

from __future__ import annotations

import sys
from pathlib import Path

from kinds.pipes.engine import from_code
from kinds.pipes.pack.build import write


def main(argv: list[str]) -> int:
    """Entry point; exit code 2 with a clear line on bad input."""
    if len(argv) != 2:
        print("usage: python -m datapack CODE OUT_DIR   (e.g. 8x8-d20261122 out/)", file=sys.stderr)
        return 2
    try:
        puzzle = from_code(argv[0])
        paths = write(puzzle, Path(argv[1]))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

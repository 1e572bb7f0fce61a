"""Simon Tatham's Net solver as an oracle: ``tatham/solver_driver.c`` compiled with his
``net.c`` from ``kinds/pipes/bench/tatham/`` and the files shared with the other references in
``bench/tatham/`` (a C compiler is needed; without one the tests that use it are skipped,
saying so)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path

KIND = Path(__file__).resolve().parents[1]
SOURCES = KIND / "bench" / "tatham"
SHARED = KIND.parents[1] / "bench" / "tatham"
DRIVER = KIND / "tests" / "tatham" / "solver_driver.c"
LIBRARY = (
    *(SOURCES / name for name in ("dsf.c", "findloop.c")),
    *(SHARED / name for name in ("random.c", "tree234.c", "malloc.c", "misc.c", "nullfe.c")),
)


def build(directory: Path) -> Path | None:
    """The compiled driver, or None when there is no C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        return None
    binary = directory / "tatham-solver"
    subprocess.run(
        [compiler, "-O2", "-std=gnu99", "-w", f"-I{SOURCES}", f"-I{SHARED}", "-o", str(binary),
         str(DRIVER), *map(str, LIBRARY), "-lm"],
        check=True,
    )  # fmt: skip
    return binary


def decided(
    binary: Path, boards: Iterable[tuple[int, int, bool, Sequence[int]]]
) -> list[tuple[int, frozenset[int]]]:
    """For each (width, height, wrap, tiles): net_solver's result (-1, 0, 1) and the cells
    it decided."""
    text = "".join(
        f"{w} {h} {int(wrap)} {''.join(f'{t:x}' for t in tiles)}\n" for w, h, wrap, tiles in boards
    )
    out = subprocess.run([str(binary)], input=text, capture_output=True, text=True, check=True)
    answers = []
    for line in out.stdout.splitlines():
        result, locked = line.split()
        answers.append((int(result), frozenset(i for i, c in enumerate(locked) if c == "1")))
    return answers

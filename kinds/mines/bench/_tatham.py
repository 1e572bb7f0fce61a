"""Simon Tatham's Minesweeper generator, built from ``tatham/`` beside this file (his sources,
MIT licence, and a timing harness), as the speed reference timed in the same run as ours."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

SOURCES = Path(__file__).parent / "tatham"


def build() -> tuple[Path | None, str]:
    """The harness binary, or None and why not (no C compiler, a failed build)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        return None, "no C compiler (cc) on this machine: Tatham's generator was not timed"
    out = Path(tempfile.mkdtemp(prefix="tatham-mines-")) / "mines-harness"
    env = {"PATH": "/usr/bin:/bin:/usr/local/bin", "CC": compiler}
    done = subprocess.run(
        ["sh", str(SOURCES / "build.sh"), str(out)], capture_output=True, text=True, env=env
    )
    if done.returncode:
        return None, f"building Tatham's harness failed: {done.stderr.strip()[:200]}"
    return out, "built with cc -O2 from kinds/mines/bench/tatham/"


def times(binary: Path, width: int, height: int, mines: int, runs: int, prefix: str) -> list[float]:
    """Milliseconds of ``runs`` no-guess generations (seeds PREFIX-WxH-k), one per sample."""
    done = subprocess.run(
        [str(binary), "-a", "-p", prefix, str(runs), str(width), str(height), str(mines)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(t) for t in done.stdout.splitlines()[1].split()]

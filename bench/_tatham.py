"""Simon Tatham's generators as speed references: a kind's ``tatham/`` folder (his sources,
MIT licence, a timing harness and ``build.sh``) built with ``cc -O2`` and timed in the same
run as ours."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path


def build(sources: Path) -> tuple[Path | None, str]:
    """The harness built from ``sources``, or None and why not (no C compiler, a failed
    build)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        return None, "no C compiler (cc) on this machine: Tatham's generator was not timed"
    out = Path(tempfile.mkdtemp(prefix="tatham-")) / "harness"
    env = {"PATH": "/usr/bin:/bin:/usr/local/bin", "CC": compiler}
    done = subprocess.run(
        ["sh", str(sources / "build.sh"), str(out)], capture_output=True, text=True, env=env
    )
    if done.returncode:
        return None, f"building Tatham's harness failed: {done.stderr.strip()[:200]}"
    return out, f"built with cc -O2 from {sources}"


def times(binary: Path, runs: int, prefix: str, *board: int) -> list[float]:
    """Milliseconds of ``runs`` generations of a board (width, height, and what else the
    harness reads) for seeds PREFIX-WxH-k, one per sample."""
    done = subprocess.run(
        [str(binary), "-a", "-p", prefix, str(runs), *map(str, board)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(t) for t in done.stdout.splitlines()[1].split()]

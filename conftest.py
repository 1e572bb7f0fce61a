import os
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "tests"))

import pgserver
import tatham_oracle
from botkit import Harness, make_bot
from storekit import FakeClock


@pytest.fixture
def clock():
    return FakeClock(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))


@pytest.fixture
async def harness(tmp_path, clock):
    h = Harness(make_bot(tmp_path, clock))
    await h.start()
    yield h
    await h.close()


@pytest.fixture(scope="session")
def tatham_solver(tmp_path_factory):
    """Tatham's net_solver, compiled (see tests/tatham_oracle.py)."""
    binary = tatham_oracle.build(tmp_path_factory.mktemp("tatham"))
    if binary is None:
        pytest.skip("no C compiler (cc or gcc): Tatham's solver cannot be built as an oracle")
    return binary


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL server for the whole run (see tests/pgserver.py); its URL is
    also in the environment, for subprocesses."""
    try:
        server = pgserver.PostgresServer.start()
    except pgserver.Unavailable as why:
        pytest.skip(f"no PostgreSQL server can run here: {why}")
    os.environ[pgserver.ENV] = server.url
    yield server
    del os.environ[pgserver.ENV]
    server.stop()

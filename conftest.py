import os
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "tests"))

import pgserver
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


@pytest.fixture(scope="session")
def activity_bundle():
    """The Activity's client bundle, built by tasks.py if its sources changed since."""
    import tasks

    try:
        tasks.build_client()
    except tasks.BuildFailed as failed:
        pytest.fail(f"{failed} (python3 tasks.py test builds it and says more)", pytrace=False)
    return tasks.BUNDLE

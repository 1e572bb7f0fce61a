import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from botkit import make_bot
from storekit import FakeClock

from playground.offline import Harness


@pytest.fixture
def clock():
    return FakeClock(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))


@pytest.fixture
async def harness(tmp_path, clock):
    h = Harness(make_bot(tmp_path, clock))
    await h.start()
    yield h
    await h.close()

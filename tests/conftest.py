import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from botkit import FakeClock, make_bot

from playground.offline import Harness


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def harness(tmp_path, clock):
    h = Harness(make_bot(tmp_path, clock))
    await h.start()
    yield h
    await h.close()

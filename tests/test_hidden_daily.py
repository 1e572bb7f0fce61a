"""A daily that can't be pre-solved (issue 23): no public message shows a daily's puzzle in
a form it can be solved from — the post's picture gives nothing away, for every kind — and a
Play button opens only a daily this server plays whose date has begun here."""

import io
from datetime import UTC, date, datetime

import pytest
from botkit import ALICE, BOB, board_message, enable_daily, new_board, pipes_daily
from PIL import Image, ImageChops

from bot.kinds import FACES
from db import DailyKind
from play import load
from puzzle import KINDS


def post_of(harness):
    return next(r for r in harness.requests if r.via == "http" and "Play" in str(r.data))


def same(a: bytes, b: bytes) -> bool:
    first, second = Image.open(io.BytesIO(a)).convert("RGB"), Image.open(io.BytesIO(b))
    return (
        first.size == second.size
        and ImageChops.difference(first, second.convert("RGB")).getbbox() is None
    )


@pytest.mark.parametrize("name", sorted(FACES))
async def test_the_post_picture_of_a_daily_gives_its_puzzle_away_nowhere(harness, name):
    """The picture depends on nothing but the board's size: two different dailies of one
    size post the same picture, and a player's board shows what the post does not."""
    kind, face, workers = KINDS[name], FACES[name], harness.bot.workers
    choice = kind.daily_presets[0]
    pictures, boards = [], []
    for day in (date(2026, 11, 22), date(2026, 11, 23)):
        daily = await harness.bot.service.daily_puzzle(day, kind.daily(choice, day), name)
        puzzle = load(daily.puzzle)
        if kind.size(kind.daily(choice, day)) != (puzzle.width, puzzle.height):
            pytest.fail("the daily's size is not its parameters'")
        pictures.append(await face.post(workers, puzzle))
        boards.append(daily.puzzle.description)
    assert boards[0] != boards[1]  # two different puzzles …
    assert same(pictures[0], pictures[1])  # … and one picture: it shows neither


async def test_a_posted_daily_shows_no_board_and_the_player_gets_it_privately(harness, clock):
    await enable_daily(harness, "5x4", pipes_daily("5x4"), DailyKind("mines", "9x9", position=1))
    assert await harness.bot.poster.tick() == 1
    post = post_of(harness)
    assert "par " in post.content and "5×4" in post.content and "9×9" in post.content
    play = post.custom_ids()[0]
    message = next(m for m, d in harness.messages.items() if d["content"] == post.content)
    made = await harness.click(message, play, ALICE)
    board = board_message(made)
    assert board.ephemeral  # the board, solvable, only for the player whose clock runs now
    posted = dict(post.files)["daily.png"]
    assert not same(posted, board.files[0][1])


async def test_tomorrows_daily_does_not_open_before_its_date_begins_here(harness, clock):
    """At 02:00 UTC on 2026-11-24 the scheduler has made tomorrow's puzzle; a click on a
    Play button carrying its id is refused, and nothing is stored."""
    clock.now = datetime(2026, 11, 24, 2, 0, tzinfo=UTC)
    await enable_daily(harness, "5x4")
    await harness.bot.poster.tick()  # makes today's and tomorrow's puzzles ahead
    await new_board(harness, user=BOB)  # a message with buttons
    tomorrow = await harness.bot.storage.daily_puzzle(
        date(2026, 11, 25), "pipes", KINDS["pipes"].format_params(
            KINDS["pipes"].daily("5x4 weekly", date(2026, 11, 25))
        ),
    )  # fmt: skip
    assert tomorrow is not None
    forged = f"pipes:play:{tomorrow.id}"
    made = await click_forged(harness, forged)
    assert made[-1].ephemeral and made[-1].content == (
        "That daily puzzle has not begun here yet: it opens at midnight (UTC)."
    )
    assert await harness.bot.storage.daily_game(ALICE, tomorrow.id) is None


async def test_a_play_button_of_a_daily_this_server_does_not_play_is_refused(harness, clock):
    await enable_daily(harness, "5x4")
    assert await harness.bot.poster.tick() == 1
    other = await harness.bot.service.daily_puzzle(
        clock.now.date(), KINDS["pipes"].parse_params("7x7"), "pipes"
    )
    made = await click_forged(harness, f"pipes:play:{other.id}")
    assert made[-1].content == "That is not a daily puzzle of this server."
    assert await harness.bot.storage.daily_game(ALICE, other.id) is None
    made = await click_forged(harness, "pipes:play:999999")
    assert made[-1].content == "That daily puzzle does not exist."


async def click_forged(harness, custom_id):
    """A click on a button carrying ``custom_id`` (as an old or forged message would), on
    the channel's first message with buttons."""
    message = next(m for m, d in harness.messages.items() if d["components"])
    harness.messages[message]["components"][0]["components"][0]["custom_id"] = custom_id
    return await harness.click(message, custom_id, ALICE)

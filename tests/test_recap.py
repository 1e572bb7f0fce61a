"""The day's recap (issue 38): when a server's day ends in its own zone, one message in the
channel of that day's post for every kind it carried — who solved (mentions that ping
nobody), the top results with par, how many played, the server's streak, the solutions in
one picture and a share line — through the real dispatch and the poster's tick. Exactly
once across ticks, restarts and two bots on one PostgreSQL; at each server's own day end,
across the November DST change; never before the day ends; off when setup says so; one
server's refusing channel stops no other's."""

import asyncio
import io
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pgserver
from botkit import ALICE, BOB, MANAGER, SMALL, Harness, make_bot, solve_current
from PIL import Image, ImageStat

from bot.board_message import NO_MARKS
from bot.kinds import FACES
from db import DailyKind, Game, GuildSettings
from play import Board, load
from playground.offline import CHANNEL_ID, GUILD_ID, http_error
from puzzle import KINDS
from renderer.sheet import tile_boxes

DAY = date(2026, 11, 22)
OTHER, OTHER_CHANNEL = GUILD_ID + 1, CHANNEL_ID + 1
CAROL = 1_300_000_000_000_000_003


def rows(*kinds):
    return tuple(DailyKind(kind, SMALL[kind], position=k) for k, kind in enumerate(kinds))


async def set_up(harness, guild=GUILD_ID, channel=CHANNEL_ID, zone="UTC", kinds=("pipes",)):
    await harness.bot.storage.save_guild_settings(
        GuildSettings(guild, channel, time(9, 0), zone, True, dailies=rows(*kinds))
    )


def recaps(harness):
    """The recap messages a bot sent: (channel, content, the picture's file name)."""
    return [
        (int(r.path.split("/")[2]), r.content, name)
        for r in harness.requests
        if r.method == "POST"
        for name, _ in r.files
        if name.startswith("SPOILER_recap-")
    ]


def at(day, hour, minute=0, zone="UTC"):
    return datetime.combine(day, time(hour, minute), ZoneInfo(zone)).astimezone(UTC)


async def reference_picture(harness, kind, daily):
    """The kind's own drawing of its daily's solution: its solution picture where it has
    one, else its board solved here by the kind's hints."""
    puzzle, rules = load(daily.puzzle), KINDS[kind]
    state = rules.initial_state(puzzle)
    while rules.status(puzzle, state).outcome == "playing":
        state = rules.apply(puzzle, state, [rules.hint(puzzle, state)]).state
    assert rules.status(puzzle, state).outcome == "solved"
    now = datetime.now(UTC)
    game = Game(
        id=1, puzzle=daily.puzzle, state=state, owner_id=ALICE, mode="daily", guild_id=None,
        channel_id=None, message_id=None, daily_id=daily.id, started_at=now, outcome="solved",
        finished_at=now, turns=0, hints=0, version=1,
    )  # fmt: skip
    board = Board(game, puzzle, rules.status(puzzle, state), daily.date)
    face = FACES[kind]
    if face.solution is not None:  # the kind draws its solution apart
        png = (await face.solution(harness.bot.workers, board))[0]
    else:
        png, _ = await face.draw(harness.bot.workers, board, None, NO_MARKS)
    return Image.open(io.BytesIO(png)).convert("RGB")


def middle_mean(image):
    w, h = image.size
    return ImageStat.Stat(image.crop((w // 4, h // 4, 3 * w // 4, 3 * h // 4))).mean


async def test_the_day_ends_with_one_recap_of_every_kind_and_never_another(
    harness, clock, tmp_path
):
    kinds = tuple(FACES)
    await set_up(harness, kinds=kinds)
    clock.now = at(DAY, 10)
    assert await harness.bot.poster.tick() == 1
    await harness.command("daily", ALICE, group="pipes")
    await solve_current(harness, ALICE, "pipes")
    await harness.command("daily", BOB, group="pipes")
    await solve_current(harness, BOB, "pipes")
    await harness.command("daily", ALICE, group="drops")
    await solve_current(harness, ALICE, "drops")
    await harness.command("daily", BOB, group="mines")  # played, not solved
    clock.now = at(DAY, 23, 59)
    await harness.bot.poster.tick()
    assert recaps(harness) == []  # the day still runs here: nothing of it is shown

    clock.now = at(DAY + timedelta(days=1), 0)  # the day ends
    await harness.bot.poster.tick()
    ((channel, content, name),) = recaps(harness)
    assert (channel, name) == (CHANNEL_ID, f"SPOILER_recap-{DAY.isoformat()}.png")
    sent = next(r for r in harness.requests if r.content == content)
    assert sent.json["allowed_mentions"]["parse"] == []  # mentions that ping nobody
    assert len(content) <= 2000
    pipes = FACES["pipes"]
    board = await harness.bot.service.standings("pipes", GUILD_ID, DAY)
    lines = content.splitlines()
    heading = next(line for line in lines if f"Daily Pipes {DAY.isoformat()}" in line)
    assert pipes.par_text(board.daily.puzzle.par) in heading
    assert "2 played, 2 solved" in heading
    first, second = sorted(board.local, key=lambda r: (r.seconds + 30 * r.hints, r.hints))
    assert lines[lines.index(heading) + 1].startswith(f"1. <@{first.user_id}> · ")
    assert lines[lines.index(heading) + 2].startswith(f"2. <@{second.user_id}> · ")
    assert "1 played, 0 solved" in next(line for line in lines if "Daily Minesweeper" in line)
    assert "Nobody solved yesterday's Daily Minesweeper." in lines
    assert "0 played, 0 solved" in next(line for line in lines if "Daily Maze" in line)
    assert lines[-2] == (
        f"Daily puzzles {DAY.isoformat()} · Pipes 2/2 · Minesweeper 0/1 · Maze 0/0 · "
        "Ten Drops 1/1 · Double Choco 0/0"
    )
    # One picture: each kind's tile is its daily solved, as the kind draws it.
    drawn = sent.image(name).convert("RGB")
    for kind, box in zip(kinds, tile_boxes(len(kinds)), strict=True):
        daily = (await harness.bot.service.standings(kind, GUILD_ID, DAY)).daily
        own = await reference_picture(harness, kind, daily)
        tile, whole = middle_mean(drawn.crop(box)), middle_mean(own)
        assert max(abs(a - b) for a, b in zip(tile, whole, strict=True)) <= 10, kind

    # Another tick, a retry's wait, and a restart on the same file: nothing more.
    await harness.bot.poster.tick()
    clock.advance(minutes=11)
    await harness.bot.poster.tick()
    assert len(recaps(harness)) == 1
    again = Harness(make_bot(tmp_path, clock))
    await again.start()
    try:
        await again.bot.poster.tick()
        assert recaps(again) == []
    finally:
        await again.close()


async def test_each_server_recaps_at_its_own_day_end_across_the_november_dst_change(harness, clock):
    """New York's 2026-11-01 lasts 25 hours (EDT to EST); a UTC server beside it recaps
    at its own midnight. A server solved two days in a row shows its streak."""
    zone = "America/New_York"
    await set_up(harness, zone=zone)
    await set_up(harness, OTHER, OTHER_CHANNEL)
    first, switch = date(2026, 10, 31), date(2026, 11, 1)
    ends = {first: at(switch, 0, zone=zone), switch: at(switch + timedelta(days=1), 0, zone=zone)}
    assert ends[switch] - ends[first] == timedelta(hours=25)
    for day, end in ends.items():
        clock.now = at(day, 10, zone=zone)
        await harness.bot.poster.tick()
        await harness.command("daily", ALICE, group="pipes")
        await solve_current(harness, ALICE, "pipes")
        clock.now = end - timedelta(minutes=1)
        await harness.bot.poster.tick()
        assert not [r for r in recaps(harness) if day.isoformat() in r[2] and r[0] == CHANNEL_ID]
        clock.now = end
        await harness.bot.poster.tick()
        mine = [r for r in recaps(harness) if day.isoformat() in r[2] and r[0] == CHANNEL_ID]
        assert len(mine) == 1, day
    last = [r for r in recaps(harness) if r[0] == CHANNEL_ID][-1][1]
    assert "1 played, 1 solved · 🔥 2 days in a row here" in last
    assert last.splitlines()[-2].endswith("Pipes 1/1 🔥2")
    # The UTC server's day of 2026-11-01 ended at its own midnight, hours before New York's.
    theirs = [r for r in recaps(harness) if r[0] == OTHER_CHANNEL]
    assert [name for _, _, name in theirs] == [
        f"SPOILER_recap-{day.isoformat()}.png" for day in (first, switch)
    ]


async def test_the_recap_names_whose_streak_a_freeze_kept(harness, clock):
    """Bob solved five days in a row (a freeze earned) and misses the sixth: his freeze
    keeps his streak, and the recap says so. Alice, who solved only the fifth, has no freeze
    and is not named; nor is anyone who solved the day."""
    await set_up(harness)
    first = DAY - timedelta(days=5)
    for k in range(6):
        day = first + timedelta(days=k)
        clock.now = at(day, 10)
        await harness.bot.poster.tick()
        players = [BOB] if k < 5 else [CAROL]
        players += [ALICE] if k == 4 else []
        for user in players:
            await harness.command("daily", user, group="pipes")
            await solve_current(harness, user, "pipes")
    clock.now = at(DAY + timedelta(days=1), 0)
    await harness.bot.poster.tick()
    content = next(c for _, c, name in recaps(harness) if DAY.isoformat() in name)
    assert f"🧊 A streak freeze kept the streak of <@{BOB}>." in content.splitlines()
    stats = await harness.command("stats", BOB, group="pipes")
    assert f"1 used on {DAY:%m-%d}" in stats[-1].content  # the same freeze his stats show


async def test_recap_off_posts_none_and_setup_turns_it_back_on(harness, clock):
    await set_up(harness)
    said = await harness.command(
        "daily", ALICE, group="pipes-setup", permissions=MANAGER, recap=False
    )
    assert "No recap of the day (`/pipes-setup daily recap:True` turns it on)." in said[-1].content
    clock.now = at(DAY, 10)
    await harness.bot.poster.tick()
    clock.now = at(DAY + timedelta(days=1), 0)
    await harness.bot.poster.tick()
    assert recaps(harness) == []
    await harness.command("daily", ALICE, group="pipes-setup", permissions=MANAGER, recap=True)
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    assert "The day's recap is posted when the day ends" in status[-1].content


async def test_a_day_without_its_post_gets_no_recap(harness, clock):
    clock.now = at(DAY, 23)
    await set_up(harness)  # set up after the day's post time: posted at once, then recapped
    await harness.bot.poster.tick()
    await set_up(harness, OTHER, OTHER_CHANNEL)  # set up after this tick: no post that day
    clock.now = at(DAY + timedelta(days=1), 0)
    await harness.bot.poster.tick()
    assert [channel for channel, _, _ in recaps(harness)] == [CHANNEL_ID]


async def test_a_bot_down_at_midnight_recaps_the_next_day_but_never_a_day_later(harness, clock):
    await set_up(harness)
    await set_up(harness, OTHER, OTHER_CHANNEL)
    clock.now = at(DAY, 10)
    await harness.bot.poster.tick()
    day = f"SPOILER_recap-{DAY.isoformat()}.png"
    clock.now = at(DAY + timedelta(days=1), 23, 30)  # back late the next day: still recapped
    harness.fail("POST", f"/channels/{OTHER_CHANNEL}/messages", http_error(403, 50013, "No"))
    await harness.bot.poster.tick()
    assert [channel for channel, _, name in recaps(harness) if name == day] == [CHANNEL_ID]
    clock.now = at(DAY + timedelta(days=2), 0, 15)  # a day later: the refused one is dropped
    await harness.bot.poster.tick()
    assert [channel for channel, _, name in recaps(harness) if name == day] == [CHANNEL_ID]


async def test_one_servers_refusing_channel_stops_no_other_and_is_retried(harness, clock):
    await set_up(harness)
    await set_up(harness, OTHER, OTHER_CHANNEL)
    clock.now = at(DAY, 10)
    await harness.bot.poster.tick()
    refused = http_error(403, 50013, "Missing Permissions")
    harness.fail("POST", f"/channels/{OTHER_CHANNEL}/messages", refused)
    clock.now = at(DAY + timedelta(days=1), 0)
    await harness.bot.poster.tick()
    assert [channel for channel, _, _ in recaps(harness)] == [CHANNEL_ID]
    clock.advance(minutes=11)  # the refused claim is stale: tried again, now allowed
    await harness.bot.poster.tick()
    await harness.bot.poster.tick()
    assert sorted(channel for channel, _, _ in recaps(harness)) == [CHANNEL_ID, OTHER_CHANNEL]


async def test_two_bots_on_one_postgresql_recap_once(tmp_path, clock, postgres):
    where = {"database_url": await pgserver.database_for(tmp_path)}
    bots = [Harness(make_bot(tmp_path, clock, **where)) for _ in "ab"]
    for bot in bots:
        await bot.start()
    try:
        await set_up(bots[0])
        clock.now = at(DAY, 10)
        await asyncio.gather(*(b.bot.poster.tick() for b in bots))
        clock.now = at(DAY + timedelta(days=1), 0)
        await asyncio.gather(*(b.bot.poster.tick() for b in bots))
        await asyncio.gather(*(b.bot.poster.tick() for b in bots))
        assert sum(len(recaps(b)) for b in bots) == 1
    finally:
        for bot in bots:
            await bot.close()

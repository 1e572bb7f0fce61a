"""The archive (issue 38): ``/<kind> archive [date]`` plays a past daily of this server, apart
from the daily — never ranked, no result, no streak — through the real dispatch, for every
kind; a future date, today, a malformed date and a date without a daily here are refused in
one sentence; the date autocompletes from the server's past dailies."""

from datetime import UTC, date, datetime, timedelta

import pytest
from botkit import ALICE, BOB, SMALL, board_message, make_bot, solve_current
from storekit import FakeClock

from bot.kinds import FACES
from db import DailyKind, GuildSettings
from playground.offline import CHANNEL_ID, GUILD_ID

FIRST = date(2026, 11, 19)
#: The days posted: FIRST to TODAY.
TODAY = FIRST + timedelta(days=3)
OTHER_GUILD = 1_200_000_000_000_000_099


async def post_days(harness, clock, kind, days=4):
    """The test server posts a daily of ``kind`` on ``days`` dates from FIRST on, at noon
    UTC; the clock ends on the last of them."""
    await harness.bot.storage.save_guild_settings(
        GuildSettings(
            guild_id=GUILD_ID, channel_id=CHANNEL_ID, timezone="UTC", enabled=True,
            dailies=(DailyKind(kind, SMALL[kind]),),
        )
    )  # fmt: skip
    for n in range(days):
        clock.now = datetime.combine(FIRST + timedelta(days=n), datetime.min.time(), UTC)
        clock.advance(hours=12)
        assert await harness.bot.poster.tick() == 1


async def archive(harness, group, user=ALICE, **options):
    return await harness.command("archive", user, group=group, **options)


@pytest.mark.parametrize("group", sorted(FACES))
async def test_an_archive_daily_is_played_apart_never_ranked_nor_in_a_streak(harness, clock, group):
    await post_days(harness, clock, group)
    storage = harness.bot.storage
    await harness.command("daily", ALICE, group=group)  # today's daily: a one-day streak
    await solve_current(harness, ALICE, group)
    day = FIRST + timedelta(days=1)
    leaderboard = {"day": day.isoformat()}
    board_before = (await harness.command("leaderboard", BOB, group=group, **leaderboard))[0]
    stats_before = (await harness.command("stats", ALICE, group=group))[-1].content
    results_before = await storage.user_results(ALICE)

    made = await archive(harness, group, date=day.isoformat())
    board = board_message(made)
    assert board.ephemeral
    title = FACES[group].kind.title
    assert f"**Daily {title} {day.isoformat()} (archive)**" in board.content
    game = (await storage.unfinished_games(ALICE))[0]
    daily = (await storage.dailies_here(group, GUILD_ID, day, day))[0]
    assert (game.mode, game.daily_id, game.puzzle) == ("archive", None, daily.puzzle)

    await solve_current(harness, ALICE, group)
    solved = await storage.game(game.id)
    assert solved.outcome == "solved"
    assert await storage.user_results(ALICE) == results_before  # no result
    assert await storage.results(daily.id) == []
    board_after = (await harness.command("leaderboard", BOB, group=group, **leaderboard))[0]
    assert board_after.content == board_before.content  # nobody ranked
    assert (await harness.command("stats", ALICE, group=group))[-1].content == stats_before
    win = [r for r in harness.requests if "🎉" in r.content][-1]
    assert f"from the archive of {day.isoformat()}" in win.content and "#1" not in win.content


async def test_a_second_archive_of_a_date_resumes_the_same_game(harness, clock):
    await post_days(harness, clock, "pipes")
    day = (FIRST + timedelta(days=1)).isoformat()
    await archive(harness, "pipes", date=day)
    await harness.command("rotate", ALICE, cells="A1")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    await harness.command("new", ALICE, size="5x5", seed="between")
    again = board_message(await archive(harness, "pipes", date=day))
    assert "(archive)" in again.content
    games = await harness.bot.storage.unfinished_games(ALICE)
    assert len([g for g in games if g.mode == "archive"]) == 1
    assert (await harness.bot.storage.last_opened(ALICE, "pipes")).id == game.id
    assert (await harness.bot.storage.game(game.id)).turns == 1  # its moves kept


async def test_without_a_date_the_archive_plays_the_newest_past_daily(harness, clock):
    await post_days(harness, clock, "pipes")
    yesterday = (TODAY - timedelta(days=1)).isoformat()
    made = await archive(harness, "pipes")
    assert f"Daily Pipes {yesterday} (archive)" in board_message(made).content


#: What each date the archive cannot play is refused with (today is 2026-11-22).
REFUSED = {
    "2026-11-23": "2026-11-23 has not come yet here: the archive holds the dailies before today.",
    "2026-11-22": "2026-11-22 is today: play its daily with `/pipes daily`.",
    "2026-11-18": (
        "There was no daily Pipes here on 2026-11-18: the date option suggests the days there were."
    ),
    "22/11/2026": "“22/11/2026” is not a date: write it as YYYY-MM-DD, like 2026-11-22.",
}


@pytest.mark.parametrize(("typed", "said"), REFUSED.items())
async def test_an_archive_date_it_cannot_play_is_refused_in_a_sentence(harness, clock, typed, said):
    await post_days(harness, clock, "pipes")
    made = await archive(harness, "pipes", date=typed)
    assert made[-1].content == said
    assert all(r.ephemeral for r in made) and not any(r.files for r in made)
    assert await harness.bot.storage.unfinished_games(ALICE) == []


async def test_another_servers_daily_is_not_in_this_servers_archive(harness, clock):
    """A daily another server posted and played (here no daily was posted that day) is
    refused and not suggested; the same date in that server plays it."""
    service, storage = harness.bot.service, harness.bot.storage
    await storage.save_guild_settings(
        GuildSettings(guild_id=OTHER_GUILD, channel_id=5, timezone="UTC", enabled=True,
                      dailies=(DailyKind("pipes", "6x6 normal"),))
    )  # fmt: skip
    clock.now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    board = await service.daily_game("pipes", BOB, OTHER_GUILD, 5)
    await post_days(harness, clock, "pipes", days=0)  # this server's daily from now on
    clock.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    made = await archive(harness, "pipes", date="2026-11-20")
    assert made[-1].content.startswith("There was no daily Pipes here on 2026-11-20")
    assert await suggested(harness, "pipes", "") == []
    theirs = await service.archive_game("pipes", BOB, OTHER_GUILD, 5, date(2026, 11, 20))
    assert theirs.game.puzzle == board.game.puzzle and theirs.game.mode == "archive"


def asking(harness, group, typed):
    """The autocomplete request of ``/<group> archive date:<typed>``."""
    payload = harness.command_payload("archive", ALICE, group=group, date=typed)
    payload["type"] = 4
    payload["data"]["options"][0]["options"][0]["focused"] = True
    return payload


async def suggested(harness, group, typed):
    made = await harness.send(asking(harness, group, typed))
    assert [r.callback_type for r in made] == [8], made
    return [(c["name"], c["value"]) for c in made[0].data["choices"]]


async def test_the_date_autocompletes_from_this_servers_past_dailies_newest_first(harness, clock):
    await post_days(harness, clock, "mines", days=30)
    today = FIRST + timedelta(days=29)
    choices = await suggested(harness, "mines", "")
    past = [(today - timedelta(days=n)).isoformat() for n in range(1, 26)]
    assert [value for _, value in choices] == past  # Discord's limit: 25; today left out
    assert choices[0][0] == f"{past[0]} · 9×9 · normal · 10 mines"
    assert [value for _, value in await suggested(harness, "mines", "2026-11-2")] == [
        "2026-11-29", "2026-11-28", "2026-11-27", "2026-11-26", "2026-11-25", "2026-11-24",
        "2026-11-23", "2026-11-22", "2026-11-21", "2026-11-20",
    ]  # fmt: skip
    assert await suggested(harness, "pipes", "") == []  # no Pipes daily here


async def test_in_a_direct_message_the_archive_holds_the_dailies_without_a_server(harness, clock):
    clock.now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    await harness.command("daily", BOB, guild=False)  # a daily played in a DM
    clock.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    payload = harness.command_payload("archive", ALICE, group="pipes", guild=False)
    made = await harness.send(payload)
    assert "Daily Pipes 2026-11-20 (archive)" in board_message(made).content
    made = await harness.command("archive", ALICE, date="2026-11-20")  # in the server: none
    assert made[-1].content.startswith("There was no daily Pipes here on 2026-11-20")


async def test_the_archive_works_on_postgresql(tmp_path, postgres):
    import pgserver
    from botkit import Harness

    clock = FakeClock(datetime(2026, 11, 19, 12, 0, tzinfo=UTC))
    url = await pgserver.database_for(tmp_path / "archive")
    harness = Harness(make_bot(tmp_path, clock, database_url=url))
    await harness.start()
    try:
        await post_days(harness, clock, "pipes")
        day = (FIRST + timedelta(days=1)).isoformat()
        assert next(v for _, v in await suggested(harness, "pipes", "")) == "2026-11-21"
        first = board_message(await archive(harness, "pipes", date=day))
        again = board_message(await archive(harness, "pipes", date=day))
        assert "(archive)" in first.content and "(archive)" in again.content
        await solve_current(harness, ALICE, "pipes")
        assert await harness.bot.storage.user_results(ALICE) == []
    finally:
        await harness.close()


async def test_a_given_up_archive_daily_hides_its_solution_while_its_date_runs_somewhere(
    harness, clock
):
    """In Kiritimati (UTC+14) yesterday's daily is still today's in most of the world: the
    archive plays it, but giving it up shows no solution until the date is over everywhere."""
    await harness.bot.storage.save_guild_settings(
        GuildSettings(
            guild_id=GUILD_ID, channel_id=CHANNEL_ID, timezone="Pacific/Kiritimati",
            enabled=True, dailies=(DailyKind("pipes", SMALL["pipes"]),),
        )
    )  # fmt: skip
    clock.now = datetime(2026, 11, 21, 0, 0, tzinfo=UTC)  # 14:00 on the 21st there
    assert await harness.bot.poster.tick() == 1
    clock.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)  # 02:00 on the 22nd there
    await archive(harness, "pipes", date="2026-11-21")
    made = await harness.command("giveup", ALICE)
    given_up = [r.content for r in made if "Given up" in r.content]
    assert given_up and "the solution shows once this date is over everywhere" in given_up[-1]

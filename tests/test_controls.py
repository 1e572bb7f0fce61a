"""Controls, setup and numbers players expect (issue 13), through the real dispatch."""

from datetime import UTC, datetime, time, timedelta
from types import SimpleNamespace

import discord
import pytest
from botkit import (
    ALICE,
    BOB,
    MANAGER,
    board_message,
    enable_daily,
    message_of,
    new_board,
    pipes_daily,
)
from test_discord_rules import setup_kind

from bot.handles import Handle
from db import DailyKind
from kinds.pipes.engine import check
from kinds.pipes.picture import render_boards
from kinds.pipes.tests.clicks import solve_by_clicks
from play import load
from playground.offline import CHANNEL_ID, GUILD_ID, default_name
from puzzle.grid import cell_name

SETUP_CHANNEL = {
    "channels": {
        str(CHANNEL_ID): {"id": str(CHANNEL_ID), "type": 0, "name": "puzzles", "permissions": "0"}
    }
}
ROLE_ID = 1_200_000_000_000_000_077


async def setup(harness, **options):
    resolved = dict(SETUP_CHANNEL)
    if "ping_role" in options:
        resolved["roles"] = {
            str(ROLE_ID): {
                "id": str(ROLE_ID),
                "name": "puzzlers",
                "permissions": "0",
                "position": 1,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": True,
                "flags": 0,
            }
        }
    return await harness.command(
        "daily", ALICE, group="pipes-setup", resolved=resolved, permissions=MANAGER, **options
    )


async def test_a_fresh_board_says_the_goal_and_runs_a_visible_timer(harness, clock):
    request, _, _ = await new_board(harness)
    assert "Goal: turn the tiles until water from the ⛲ source reaches every pipe" in (
        request.content
    )
    assert f"⏱ started <t:{int(clock.now.timestamp())}:R>" in request.content
    assert request.files[0][0] == "board.png"
    # Every image says in words what it shows (alt text).
    assert all(a.get("description") for a in request.data["attachments"])


async def test_a_typed_move_updates_the_private_board_in_place(harness):
    made = await harness.command("daily", ALICE)  # a private (ephemeral) 8×8 board
    board = board_message(made)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    window_id = next(  # a window away from A1
        i
        for i in board.custom_ids()
        if i.startswith("pipes:v:") and i.split(":")[4:6] != ["0", "0"]
    )
    await harness.click(message_of(harness, board), window_id, ALICE)  # another window
    moved_to = window_id.split(":")[4:6]
    corner = cell_name(*map(int, moved_to))  # a tile of that window
    made = await harness.command("rotate", ALICE, cells=corner)
    edit, reply = made  # the board updated in place first, then its picture to the player
    assert reply.ephemeral and [name for name, _ in reply.files] == ["board.png"]
    assert not reply.data.get("components")  # the buttons stay on the board
    assert edit.method == "PATCH" and edit.path.endswith("/messages/@original") and edit.files
    assert all(i.split(":")[4:6] == moved_to for i in edit.custom_ids() if i.startswith("pipes:t"))
    # A tile outside the window shown: the window follows the move there.
    assert moved_to != ["0", "0"]
    edit, _ = await harness.command("rotate", ALICE, cells="A1")
    tiles = [i for i in edit.custom_ids() if i.startswith("pipes:t")]
    assert tiles and all(i.split(":")[4:6] == ["0", "0"] for i in tiles)
    assert (await harness.bot.storage.game(game.id)).turns == 2


async def test_lock_restart_and_give_up(harness):
    _, message_id, game = await new_board(harness)
    await harness.command("lock", ALICE, cells="A1 B1")
    locked = await harness.bot.storage.game(game.id)
    assert locked.state.locked == {0, 1}
    refused = await harness.command("rotate", ALICE, cells="A1")
    assert "A1 is locked" in refused[-1].content
    await harness.command("rotate", ALICE, cells="C1")
    made = await harness.command("restart", ALICE)
    back = await harness.bot.storage.game(game.id)
    assert back.state.tiles == load(back.puzzle).tiles and back.state.locked == frozenset()
    assert made[-1].files and "↩ Back as it started" in made[-1].content
    made = await harness.command("giveup", ALICE)
    over = await harness.bot.storage.game(game.id)
    assert over.outcome == "lost" and not over.solved
    assert "Given up after 1 turn" in made[-1].content
    public = harness.messages[message_id]
    assert public["components"] == []  # no buttons on a finished board
    picture = next(r for r in made if r.via == "http").files[0][1]  # the public board
    puzzle = load(over.puzzle)
    solved = check(5, 4, puzzle.solution, puzzle.source)
    assert (
        picture
        == render_boards(5, 4, puzzle.solution, puzzle.source, solved, frame=None, given_up=True)[0]
    )
    again = await harness.command("rotate", ALICE, cells="A1")
    assert "Your last board, Pipes 5x4-abc, is over" in again[-1].content
    moves = [m.move for m in await harness.bot.storage.moves(game.id)]
    assert moves == ["A1lock", "B1lock", "C1", "restart", "giveup"]


async def test_big_boards_carry_the_window_enlarged_for_phones(harness):
    made = await harness.command("new", ALICE, size="20x20", seed="phone")
    board = board_message(made)
    names = [name for name, _ in board.files]
    assert names == ["board.png", "window.png"]
    zoom = board.image("window.png")
    assert zoom.width >= 350  # reads on a 350 px phone screen
    small = await new_board(harness, user=BOB)
    assert [name for name, _ in small[0].files] == ["board.png"]


async def test_setup_keeps_what_is_not_given_and_shows_the_status(harness, clock):
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="7am", timezone="Asia/Tokyo")
    made = await setup(harness, time="8:15 pm")
    saved = await harness.bot.storage.guild_settings(GUILD_ID)
    assert (saved.post_time, saved.timezone, saved.channel_id) == (
        time(20, 15),
        "Asia/Tokyo",
        CHANNEL_ID,
    )
    assert "every day at 20:15 Asia/Tokyo" in made[0].content
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    assert "Next post: <t:" in status[0].content and status[0].ephemeral
    assert "Pings nobody." in status[0].content


async def test_a_size_change_applies_from_the_next_day(harness, clock):
    clock.now = clock.now.replace(hour=10)
    await setup_kind(harness, "pipes", params="5x4")
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="9am", timezone="UTC")
    assert await harness.bot.poster.tick() == 1  # today's 5×4 is out
    await setup_kind(harness, "pipes", params="6x6")
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    pipes = next(line for line in status[0].content.splitlines() if "Pipes" in line)
    assert pipes.startswith("• 🧩 5×4 Pipes (easy on Monday")
    assert "; from 2026-11-23: 6×6 Pipes (easy on Monday" in pipes
    today = board_message(await harness.command("daily", BOB))
    assert "5×4" in today.content.splitlines()[0]  # today's leaderboard stays one puzzle
    clock.now += timedelta(days=1)
    assert await harness.bot.poster.tick() == 1
    post = [r for r in harness.requests if r.via == "http" and "Daily Pipes —" in r.content][-1]
    assert "2026-11-23** · 6×6" in post.content


async def test_the_daily_post_pings_only_the_opt_in_role(harness, clock):
    clock.now = clock.now.replace(hour=10)
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="9am", ping_role=(8, str(ROLE_ID)))
    assert await harness.bot.poster.tick() == 1
    post = next(r for r in harness.requests if r.via == "http" and "Daily Pipes —" in r.content)
    assert post.content.startswith(f"<@&{ROLE_ID}> ")
    mentions = post.json["allowed_mentions"]
    assert mentions["parse"] == [] and mentions["roles"] == [ROLE_ID]  # that role, nobody else
    await setup(harness, ping=False)
    assert (await harness.bot.storage.guild_settings(GUILD_ID)).role_id is None


async def test_resume_brings_back_the_board_opened_last(harness):
    await enable_daily(harness)
    await harness.command("daily", ALICE)
    await new_board(harness, seed="later")  # newer, in this channel
    resumed = board_message(await harness.command("resume", ALICE))
    assert resumed.content.startswith("**Pipes 5x4-later**")
    await harness.command("daily", ALICE)  # today's daily opened again
    resumed = board_message(await harness.command("resume", ALICE))
    assert resumed.content.startswith("**Daily Pipes 2026-11-22**")


async def test_hints_show_with_their_penalty_everywhere(harness, clock):
    await enable_daily(harness)
    made = await harness.command("daily", ALICE)
    board_id = message_of(harness, board_message(made))
    await harness.command("hint", ALICE)
    clock.now += timedelta(minutes=2)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    made = await solve_by_clicks(harness, board_id, game)
    announcement = next(r for r in made if "🎉" in r.content)
    assert "**2:30 (2:00 + 0:30 for 1 hint)**" in announcement.content
    board = await harness.command("leaderboard", BOB)
    assert f"1. {default_name(ALICE)} · 2:30 (2:00 + 0:30 for 1 hint)" in board[0].content


@pytest.mark.parametrize(
    ("period", "title", "expected"),
    [
        ("week", "Week 2026-11-23 – 2026-11-29", [(ALICE, "3 days")]),
        ("month", "Month 2026-11-01 – 2026-11-30", [(ALICE, "3 days"), (BOB, "1 day")]),
        ("all", "All time", [(ALICE, "3 days"), (BOB, "1 day")]),
    ],
)
async def test_week_month_and_all_time_boards(harness, clock, period, title, expected):
    await enable_daily(harness)
    # Bob solves on Sunday 2026-11-22 (the week before); Alice Monday to Wednesday.
    for day, users in ((0, [BOB]), (1, [ALICE]), (2, [ALICE]), (3, [ALICE])):
        clock.now = datetime(2026, 11, 22, 12, tzinfo=UTC) + timedelta(days=day)
        for user in users:
            made = await harness.command("daily", user)
            game = (await harness.bot.storage.unfinished_games(user))[0]
            await solve_by_clicks(harness, message_of(harness, board_message(made)), game, user)
    made = await harness.command("leaderboard", BOB, period=period)
    text = made[0].content
    assert text.startswith(f"**Daily Pipes — {title}**")
    # One server: "Everywhere" would repeat it line for line, so it is not shown.
    assert "__Everywhere__" not in text
    lines = [line for line in text.split("__This server__")[1].splitlines() if line]
    assert [line.split(" · ")[:2] for line in lines] == [
        [f"{rank}. {default_name(user)}", f"{days} solved"]
        for rank, (user, days) in enumerate(expected, 1)
    ]


async def test_status_names_the_next_post(harness, clock):
    clock.now = clock.now.replace(hour=10)  # after today's 09:00 post time
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="9am", timezone="UTC")
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    tomorrow = int(datetime(2026, 11, 23, 9, tzinfo=UTC).timestamp())
    assert f"Next post: <t:{tomorrow}:F>." in status[0].content


async def test_typed_moves_go_to_the_board_last_opened(harness):
    await enable_daily(harness)
    await harness.command("daily", ALICE)
    _, _, personal = await new_board(harness, seed="newer")  # newest in the channel
    await harness.command("daily", ALICE)  # shows today's daily again
    await harness.command("rotate", ALICE, cells="A1")
    daily = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    assert daily.turns == 1
    assert (await harness.bot.storage.game(personal.id)).turns == 0


async def test_a_past_leaderboard_keeps_the_puzzle_posted_that_day(harness, clock):
    clock.now = clock.now.replace(hour=10)
    await setup_kind(harness, "pipes", params="5x4")
    await setup(harness, channel=(7, str(CHANNEL_ID)), time="9am", timezone="UTC")
    assert await harness.bot.poster.tick() == 1
    made = await harness.command("daily", BOB)
    bob = (await harness.bot.storage.unfinished_games(BOB))[0]
    await solve_by_clicks(harness, message_of(harness, board_message(made)), bob, BOB)
    for size in ("6x6", "8x8"):  # two changes later, days later
        clock.now += timedelta(days=1)
        await setup_kind(harness, "pipes", params=size)
    board = await harness.command("leaderboard", ALICE, day="2026-11-22")
    assert "**Daily Pipes 2026-11-22** · 5×4" in board[0].content
    assert f"1. {default_name(BOB)} · " in board[0].content


@pytest.mark.parametrize(
    ("role", "mentionable", "said"),
    [(GUILD_ID, True, "does not ping @everyone"), (ROLE_ID, False, "make the role mentionable")],
)
async def test_a_role_that_cannot_be_pinged_is_refused(harness, role, mentionable, said):
    resolved = dict(SETUP_CHANNEL)
    resolved["roles"] = {
        str(role): {
            "id": str(role),
            "name": "someone",
            "permissions": "0",
            "position": 1,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": mentionable,
            "flags": 0,
        }
    }
    made = await harness.command(
        "daily",
        ALICE,
        group="pipes-setup",
        resolved=resolved,
        permissions=MANAGER,
        channel=(7, str(CHANNEL_ID)),
        ping_role=(8, str(role)),
    )
    assert made[0].ephemeral and said in made[0].content
    assert await harness.bot.storage.guild_settings(GUILD_ID) is None


def test_a_board_handle_expires_with_its_interactions_token():
    class Old:
        created_at = discord.utils.utcnow() - timedelta(minutes=15)

    class Fresh:
        created_at = discord.utils.utcnow() - timedelta(minutes=1)

    assert Handle(Old(), None).expired
    assert not Handle(Fresh(), None).expired


async def test_buttons_sent_before_the_click_modes_still_work(harness):
    _, message_id, game = await new_board(harness, size="10x10", seed="old")
    # Ids as the bot wrote them before: no mode, arrows carrying their target window.
    old = [f"pipes:t:{game.id}:45:5:4", f"pipes:v:{game.id}:r:5:4", f"pipes:h:{game.id}:5:4"]
    harness.messages[message_id]["components"][0]["components"][:3] = [
        {"type": 2, "style": 2, "label": "old", "custom_id": custom_id} for custom_id in old
    ]
    for custom_id in old:
        made = await harness.click(message_id, custom_id, ALICE)
        assert made[0].callback_type == 7
        harness.messages[message_id]["components"][0]["components"][:3] = [
            {"type": 2, "style": 2, "label": "old", "custom_id": i} for i in old
        ]
    after = await harness.bot.storage.game(game.id)
    moves = await harness.bot.storage.moves(game.id)
    assert after.hints == 1 and moves[0].move == "F5"


async def test_status_names_only_changes_still_to_come(harness, clock):
    """A migrated server's rows both carry the change's date; only a choice that really
    changes, of a kind in the post, is announced."""
    since = clock.now.date() + timedelta(days=1)
    await enable_daily(
        harness,
        "5x4",
        pipes_daily("6x6", since=since, previous="5x4 weekly"),
        DailyKind("mines", "9x9", posted=False, position=1, since=since, previous="9x9"),
    )
    status = await harness.command("status", ALICE, group="pipes-setup", permissions=MANAGER)
    lines = [line for line in status[0].content.splitlines() if "; from " in line]
    assert lines == ["• 🧩 5×4 Pipes (easy on Monday and Tuesday, normal Wednesday to Friday, hard "
                     "at the weekend); from 2026-11-23: 6×6 Pipes (easy on Monday and Tuesday, "
                     "normal Wednesday to Friday, hard at the weekend)"]  # fmt: skip


async def test_the_params_option_offers_the_chosen_kinds_dailies_and_presets(harness):
    setup_group = next(c for c in harness.bot.tree.get_commands() if c.name == "pipes-setup")
    kind_command = next(c for c in setup_group.commands if c.name == "kind")
    offer = kind_command._params["params"].autocomplete

    async def offered(kind, typed):
        asked = SimpleNamespace(namespace=SimpleNamespace(kind=kind))
        return [(c.name, c.value) for c in await offer(asked, typed)]

    assert ("30×16 Minesweeper (99 mines, always normal)", "30x16") in await offered("mines", "")
    assert await offered("mines", "exp") == [
        ("30×16 Minesweeper (99 mines, always normal)", "30x16")
    ]
    hard = await offered("pipes", "hard")
    assert hard and all("always hard" in name for name, _ in hard)
    assert await offered("nothing", "") == []

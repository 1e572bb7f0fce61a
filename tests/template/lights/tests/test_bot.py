"""Lights Out played end to end through the real discord.py dispatch — a new board, button
clicks, a typed move, the shared subcommands, the daily post, a win and the leaderboard —
as a registered kind is (the template's tests register it: tests/template/conftest.py)."""

import re

from botkit import ALICE, BOB, board_message, enable_daily, message_of

from db import DailyKind
from play import load
from playground.offline import default_name

from ..engine import solve
from ..picture import LIT


def shortest(game):
    """The cells that turn a game's lights off, fewest first found."""
    return solve(game.width, game.height, game.state)


async def test_a_registered_kind_gets_every_shared_command(harness):
    commands = {c.name: c for c in harness.bot.tree.get_commands()}
    group = {c.name for c in commands["lights"].commands}
    assert group == {
        "new", "press", "daily", "resume", "hint", "restart", "undo", "giveup", "leaderboard",
        "stats", "help", "archive", "together", "race",
    }  # fmt: skip
    assert {"restart", "undo", "giveup"} <= {c.name for c in commands["mines"].commands}
    kinds = next(c for c in commands["pipes-setup"].commands if c.name == "kind")
    assert "lights" in [choice.value for choice in kinds.parameters[0].choices]


async def test_a_board_is_played_with_buttons_and_a_typed_move_to_a_win(harness):
    made = await harness.command("new", ALICE, group="lights", size="3x3", seed="e2e")
    board = board_message(made)
    assert board.content.startswith("**Lights Out 3x3-e2e** · 3×3 · par ")
    assert "Goal: turn every light off" in board.content
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    assert game.kind == "lights"
    cells = shortest(game)
    assert [i for i in board.custom_ids() if i.startswith("pipes:t:")][:1] == [
        f"pipes:t:{game.id}:0:0:0:p"
    ]
    colours = {c for _, c in board.image().convert("RGB").getcolors(1 << 16)}
    assert LIT in colours  # the face's own picture
    message_id = message_of(harness, board)
    *clicks, last = cells
    for cell in clicks:
        made = await harness.click(message_id, f"pipes:t:{game.id}:{cell}:0:0:p", ALICE)
        assert made[0].callback_type == 7  # the message the button is on, updated
    name = f"{chr(ord('A') + last % 3)}{last // 3 + 1}"
    made = await harness.command("press", ALICE, group="lights", cells=name)
    assert any("✅ All off in" in r.content for r in made)
    announcement = next(r for r in made if "🎉" in r.content)
    assert f"<@{ALICE}> solved 3x3-e2e" in announcement.content
    assert f"with {len(cells)} press" in announcement.content
    stored = await harness.bot.storage.game(game.id)
    assert stored.solved and stored.turns == len(cells)
    assert [m.move for m in await harness.bot.storage.moves(game.id)][-1] == name


async def test_the_shared_subcommands_work_on_the_new_kind(harness):
    await harness.command("new", ALICE, group="lights", size="4x4", seed="shared")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    made = await harness.command("press", ALICE, group="lights", cells="A1")
    made = await harness.command("undo", ALICE, group="lights")
    assert "↶ Undone: played A1 (+1 press)." in made[-1].content
    assert (await harness.bot.storage.game(game.id)).state == load(game.puzzle).lights
    made = await harness.command("press", ALICE, group="lights", cells="A1")
    made = await harness.command("restart", ALICE, group="lights")
    assert (await harness.bot.storage.game(game.id)).state == load(game.puzzle).lights
    made = await harness.command("hint", ALICE, group="lights")
    assert "💡 1 (+0:30)" in made[-1].content and made[-1].files  # the board's picture
    assert (await harness.bot.storage.game(game.id)).hints == 1
    made = await harness.command("press", ALICE, group="lights", cells="Z9")
    assert made[-1].content.startswith("Z9 is outside the 4×4 board")
    assert made[-1].content.endswith("Nothing was changed.\n-# Lights Out 4x4-shared")
    made = await harness.command("giveup", ALICE, group="lights")
    assert (await harness.bot.storage.game(game.id)).outcome == "lost"
    made = await harness.command("resume", ALICE, group="lights")
    assert made[-1].content == (
        "You have no unfinished board. Start one with `/lights daily` or `/lights new`."
    )
    made = await harness.command("help", ALICE, group="lights")
    assert made[-1].content.startswith("**Lights Out**") and "`/pipes help`" in made[-1].content


async def test_the_daily_post_carries_the_new_kind_and_its_leaderboard_ranks(harness, clock):
    await enable_daily(harness, "5x4", DailyKind("lights", "3x3"))
    assert await harness.bot.poster.tick() == 1
    post = next(r for r in harness.requests if r.via == "http")
    assert "💡 **Daily Lights Out — 2026-11-22** · 3×3 · par " in post.content
    assert [name for name, _ in post.files] == ["daily.png"]  # one picture of its kinds
    assert LIT not in {c for _, c in post.image("daily.png").convert("RGB").getcolors(1 << 16)}
    play_id = post.custom_ids()[0]
    post_message = next(
        int(m)
        for m, d in harness.messages.items()
        if d["components"] and d["components"][0]["components"][0]["custom_id"] == play_id
    )
    for user in (BOB, ALICE):
        clock.now = clock.now.replace(minute=5 if user == BOB else 9)
        made = await harness.click(post_message, play_id, user)
        board = board_message(made)
        assert board.ephemeral and board.content.startswith("**Daily Lights Out 2026-11-22**")
        game = next(g for g in await harness.bot.storage.unfinished_games(user) if g.daily_id)
        clock.now = clock.now.replace(minute=clock.now.minute + 1)
        message_id = message_of(harness, board)
        for cell in shortest(game):
            made = await harness.click(message_id, f"pipes:t:{game.id}:{cell}:0:0:p", user)
    assert "#2 on this server for 2026-11-22" in next(r for r in made if "🎉" in r.content).content
    board = (await harness.command("leaderboard", ALICE, group="lights"))[0].content
    assert board.startswith("**Daily Lights Out 2026-11-22** · 3×3")
    order = re.findall(r"^\d\. (\S+) · ", board.split("__Everywhere__")[0], re.M)
    assert order == [default_name(BOB), default_name(ALICE)]  # the same time, Bob first
    stats = (await harness.command("stats", ALICE, group="lights"))[0].content
    assert "**Lights Out stats of**" in stats and "played: 1 · solved: 1" in stats


async def test_a_kind_with_one_click_mode_gets_no_mode_switch(harness):
    made = await harness.command("new", ALICE, group="lights", size="3x3", seed="modes")
    ids = board_message(made).custom_ids()
    assert not any(i.startswith("pipes:m:") for i in ids)  # nowhere to switch to
    assert any(i.startswith("pipes:h:") for i in ids)


async def test_a_kinds_own_control_and_a_moves_animation_reach_the_player(harness):
    await harness.command("new", ALICE, group="lights", size="3x3", seed="controls")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    made = await harness.command("resume", ALICE, group="lights")
    board = board_message(made)
    centre = f"pipes:a:{game.id}:centre:0:0:p"
    assert centre in board.custom_ids()
    made = await harness.click(message_of(harness, board), centre, ALICE)
    after = await harness.bot.storage.game(game.id)
    assert after.turns == 1 and after.state[4] != game.state[4]  # the centre pressed
    assert [m.move for m in await harness.bot.storage.moves(game.id)] == ["B2"]
    made = await harness.command("press", ALICE, group="lights", cells="A1 C3")
    edit = made[0]
    gif = edit.image("lights-presses.gif")
    assert gif.format == "GIF" and gif.n_frames == 2  # the lights after each press
    one = await harness.command("press", ALICE, group="lights", cells="A1")
    assert all(not name.endswith(".gif") for name, _ in one[0].files)  # one press: no trace

import io
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest
from botkit import ALICE, BOB, MANAGER, Harness, board_message, enable_daily, make_bot, new_board

from bot import Settings, create_bot
from kinds.pipes.engine import GLYPHS, Params
from kinds.pipes.face import HEAVY
from kinds.pipes.tests.clicks import solve_by_clicks
from play import load
from playground.offline import CHANNEL_ID, GUILD_ID, default_name
from renderer import layout, theme


async def test_new_posts_a_public_board_with_a_button_per_tile(harness):
    request, message_id, game = await new_board(harness)
    assert not request.ephemeral
    assert request.content.startswith("**Pipes 5x4-abc** · 5×4 · normal · par ")
    image = request.image()
    assert image.size == layout(5, 4).size
    ids = request.custom_ids()
    # A button per tile, and the controls: the click mode and a hint (one window: no paging).
    assert ids == [
        *(f"pipes:t:{game.id}:{cell}:0:0:c" for cell in range(20)),
        f"pipes:m:{game.id}:a:0:0",
        f"pipes:h:{game.id}:0:0:c",
    ]
    # Each tile by its name and its shape, light lines and grey as it starts.
    assert request.button(ids[0])["label"] == f"A1 {GLYPHS[game.state.tiles[0]]}"
    assert request.button(ids[0])["style"] == discord.ButtonStyle.secondary.value
    assert request.button(ids[20])["label"] == "Mode: ↻"  # the mode it is in
    assert game.message_id == message_id and game.channel_id == CHANNEL_ID


async def test_a_click_turns_the_tile_with_update_message(harness):
    _, message_id, game = await new_board(harness)
    made = await harness.click(message_id, f"pipes:t:{game.id}:7:0:0:c", ALICE)
    assert [r.callback_type for r in made] == [7]
    after = await harness.bot.storage.game(game.id)
    assert after.state.tiles[7] == ((game.state.tiles[7] << 1) | (game.state.tiles[7] >> 3)) & 15
    assert after.state.tiles[:7] == game.state.tiles[:7] and after.turns == 1
    update = made[0]
    assert "· 1 turn ·" in update.content  # singular
    from kinds.pipes.engine import GLYPHS

    assert update.button(f"pipes:t:{game.id}:7:0:0:c")["label"].endswith(
        f"C2 {GLYPHS[after.state.tiles[7]]}"
    )
    # The clicked tile is framed in the highlight colour on the new image.
    left, top, _, _ = layout(5, 4).cell_box(2, 1)
    assert update.image().convert("RGB").getpixel((left, top)) == theme.HIGHLIGHT


async def test_the_winning_click_shows_the_solved_board_and_announces(harness):
    _, message_id, game = await new_board(harness)
    made = await solve_by_clicks(harness, message_id, game)
    update, announcement = made
    assert update.callback_type == 7
    assert update.data["components"] == []  # no more buttons
    assert update.content.splitlines()[1].startswith("✅ Solved in")
    gif = update.image("pipes-win.gif")  # the board's own message turns into the win
    assert gif.format == "GIF" and gif.n_frames > 2
    gif.seek(gif.n_frames - 1)
    assert gif.convert("RGB").getpixel((0, 0)) == theme.SOLVED
    assert announcement.method == "POST" and not announcement.ephemeral
    assert f"<@{ALICE}> solved 5x4-abc" in announcement.content
    assert f"turns (par {load(game.puzzle).par})" in announcement.content
    assert announcement.json["allowed_mentions"]["parse"] == []
    assert announcement.files == []  # a line: the board above shows the win
    assert (await harness.bot.storage.game(game.id)).solved


async def test_someone_elses_click_changes_nothing(harness):
    _, message_id, game = await new_board(harness)
    made = await harness.click(message_id, f"pipes:t:{game.id}:3:0:0:c", BOB)
    assert [r.callback_type for r in made] == [4]
    assert made[0].ephemeral
    assert f"belongs to <@{ALICE}>" in made[0].content and "/pipes new" in made[0].content
    assert (await harness.bot.storage.game(game.id)).state.tiles == game.state.tiles


@pytest.mark.parametrize(
    ("forged", "message"),
    [
        ("pipes:t:999999:3:0:0:c", "no longer exists"),
        ("pipes:t:{game}:999:0:0:c", "outside the board"),
    ],
)
async def test_forged_ids_get_a_clear_answer(harness, forged, message):
    _, message_id, game = await new_board(harness)
    forged = forged.format(game=game.id)
    # Put the forged id on the message, as a tampered client would send it.
    harness.messages[message_id]["components"][0]["components"][0]["custom_id"] = forged
    made = await harness.click(message_id, forged, ALICE)
    assert [r.callback_type for r in made] == [4] and made[0].ephemeral
    assert message in made[0].content
    after = await harness.bot.storage.game(game.id)
    assert after.state.tiles == game.state.tiles and after.version == 0


async def test_clicks_on_a_solved_board_are_refused(harness):
    _, message_id, game = await new_board(harness)
    await solve_by_clicks(harness, message_id, game)
    stale = f"pipes:t:{game.id}:0:0:0:c"
    harness.messages[message_id]["components"] = [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "A1", "custom_id": stale}]}
    ]
    made = await harness.click(message_id, stale, ALICE)
    assert "already solved" in made[0].content and made[0].ephemeral


async def test_rotate_command_turns_tiles_and_updates_the_public_board(harness):
    _, message_id, game = await new_board(harness)
    made = await harness.command("rotate", ALICE, cells="A1 b2x2 C3ccw")
    reply = next(r for r in made if r.callback_type)  # the picture, to the player alone
    assert reply.callback_type == 4 and reply.ephemeral and reply.files
    assert "4 turns" in reply.content and not reply.data.get("components")
    edit = next(r for r in made if r.via == "http")
    assert (edit.method, edit.path) == ("PATCH", f"/channels/{CHANNEL_ID}/messages/{message_id}")
    after = await harness.bot.storage.game(game.id)
    rot = lambda m, t: ((m << t) | (m >> (4 - t))) & 15  # noqa: E731
    assert after.state.tiles[0] == rot(game.state.tiles[0], 1)
    assert after.state.tiles[6] == rot(game.state.tiles[6], 2)
    assert after.state.tiles[12] == rot(game.state.tiles[12], 3)
    assert after.turns == 4


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ("Z9", "Z9 is outside the 5×4 board: columns A–E, rows 1–4."),
        ("A1 hello", "“hello” is not a tile"),
    ],
)
async def test_bad_rotate_input_changes_nothing(harness, cells, message):
    _, _, game = await new_board(harness)
    made = await harness.command("rotate", ALICE, cells=cells)
    assert len(made) == 1 and made[0].ephemeral
    assert message in made[0].content and "Nothing was changed" in made[0].content
    after = await harness.bot.storage.game(game.id)
    assert after.state.tiles == game.state.tiles and after.version == 0


async def test_rotate_without_a_game(harness):
    made = await harness.command("rotate", BOB, cells="A1")
    assert made[0].content == (
        "You have no unfinished board. Start one with `/pipes daily` or `/pipes new`."
    )


async def test_bad_size_and_seed_are_explained(harness):
    made = await harness.command("new", ALICE, size="40x40")
    assert made[0].callback_type == 4 and made[0].ephemeral
    assert made[0].content == (
        "A 40×40 board is not possible here: each side can have at most 26 cells."
    )
    made = await harness.command("new", ALICE, seed="no/slash")
    assert "not a usable seed" in made[0].content
    assert await harness.bot.storage.unfinished_games(ALICE) == []


async def test_large_boards_get_a_window_of_buttons_that_holds_the_source(harness):
    request, message_id, game = await new_board(harness, size="10x10", seed="big")
    ids = request.custom_ids()
    # The source (F6) is in the first window, one of a grid of 5×3 windows (rows 1–3, 4–6,
    # 7–8, 9–10: the arrows take a row of their own); ▶ is greyed at the board's edge.
    assert ids[:15] == [
        f"pipes:t:{game.id}:{y * 10 + x}:5:3:c" for y in range(3, 6) for x in range(5, 10)
    ]
    assert ids[15:] == [
        f"pipes:v:{game.id}:l:0:3:c",
        f"pipes:v:{game.id}:u:5:0:c",
        f"pipes:v:{game.id}:d:5:6:c",
        f"pipes:v:{game.id}:r:5:3:c",
        f"pipes:m:{game.id}:a:5:3",
        f"pipes:h:{game.id}:5:3:c",
    ]
    labels = [request.button(i)["label"] for i in ids[15:]]
    assert labels == ["◀", "▲", "▼", "▶", "Mode: ↻", "💡 Hint"]
    assert [request.button(i)["disabled"] for i in ids[15:19]] == [False, False, False, True]
    made = await harness.click(message_id, f"pipes:v:{game.id}:l:0:3:c", ALICE)
    moved = made[0]
    assert moved.callback_type == 7
    assert moved.custom_ids()[0] == f"pipes:t:{game.id}:30:0:3:c"
    assert (await harness.bot.storage.game(game.id)).version == 0  # looking is free
    made = await harness.click(message_id, f"pipes:h:{game.id}:0:3:c", ALICE)
    hinted = await harness.bot.storage.game(game.id)
    moves = await harness.bot.storage.moves(game.id)
    assert hinted.hints == 1 and moves[0].hint
    assert hinted.turns == (2 if moves[0].move.endswith("x2") else 1)  # a hint's turns count


async def test_the_click_mode_turns_back_and_locks(harness):
    _, message_id, game = await new_board(harness)
    made = await harness.click(message_id, f"pipes:m:{game.id}:a:0:0", ALICE)
    back = made[0]
    assert back.button(f"pipes:m:{game.id}:l:0:0")["label"] == "Mode: ↺"
    await harness.click(message_id, f"pipes:t:{game.id}:7:0:0:a", ALICE)
    after = await harness.bot.storage.game(game.id)
    assert after.state.tiles[7] == ((game.state.tiles[7] >> 1) | (game.state.tiles[7] << 3)) & 15
    await harness.click(message_id, f"pipes:m:{game.id}:l:0:0", ALICE)
    made = await harness.click(message_id, f"pipes:t:{game.id}:7:0:0:l", ALICE)
    locked = made[0].button(f"pipes:t:{game.id}:7:0:0:l")  # heavy lines, blue
    assert locked["label"] == f"C2 {HEAVY[after.state.tiles[7]]}"
    assert locked["style"] == discord.ButtonStyle.primary.value
    assert (await harness.bot.storage.game(game.id)).state.locked == {7}
    await harness.click(message_id, f"pipes:m:{game.id}:c:0:0", ALICE)
    refused = await harness.click(message_id, f"pipes:t:{game.id}:7:0:0:c", ALICE)
    assert refused[0].ephemeral and "C2 is locked" in refused[0].content
    assert [m.move for m in await harness.bot.storage.moves(game.id)] == ["C2ccw", "C2lock"]


async def test_hint_command_turns_one_wrong_tile_right(harness):
    await new_board(harness)
    made = await harness.command("hint", ALICE)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    solution = load(game.puzzle).solution
    initial = load(game.puzzle).tiles
    fixed = [i for i in range(len(initial)) if game.state.tiles[i] != initial[i]]
    assert len(fixed) == 1 and game.state.tiles[fixed[0]] == solution[fixed[0]]
    assert game.hints == 1 and "💡 1" in made[0].content


async def test_setup_needs_manage_server(harness):
    resolved = {
        "channels": {
            str(CHANNEL_ID): {
                "id": str(CHANNEL_ID),
                "type": 0,
                "name": "puzzles",
                "permissions": "0",
            }
        }
    }
    options = {
        "channel": (7, str(CHANNEL_ID)),
        "time": "07:30",
        "timezone": "Europe/Berlin",
    }
    made = await harness.command("daily", ALICE, group="pipes-setup", resolved=resolved, **options)
    assert made[0].ephemeral and "Manage Server" in made[0].content
    assert await harness.bot.storage.guild_settings(GUILD_ID) is None
    made = await harness.command(
        "daily", ALICE, group="pipes-setup", resolved=resolved, permissions=MANAGER, **options
    )
    assert f"<#{CHANNEL_ID}> every day at 07:30 Europe/Berlin" in made[0].content
    saved = await harness.bot.storage.guild_settings(GUILD_ID)
    assert (saved.timezone, saved.enabled) == ("Europe/Berlin", True)
    # A new server's post carries the first kind, on the weekly levels.
    first = saved.dailies[0]
    assert (first.kind, first.choice, first.posted) == ("pipes", "8x8 weekly", True)
    bad = await harness.command(
        "daily",
        ALICE,
        group="pipes-setup",
        resolved=resolved,
        permissions=MANAGER,
        **{**options, "timezone": "Mars/Base"},
    )
    assert "not a time zone" in bad[0].content
    off = await harness.command("off", ALICE, group="pipes-setup", permissions=MANAGER)
    assert "off" in off[0].content
    assert not (await harness.bot.storage.guild_settings(GUILD_ID)).enabled


async def test_daily_post_play_solve_leaderboard_and_stats(harness, clock):
    await enable_daily(harness)
    assert await harness.bot.poster.tick() == 1
    post = next(r for r in harness.requests if r.via == "http")
    assert (post.method, post.path) == ("POST", f"/channels/{CHANNEL_ID}/messages")
    midnight = int(datetime(2026, 11, 23, tzinfo=UTC).timestamp())
    assert "Daily Pipes — 2026-11-22" in post.content and f"<t:{midnight}:R>" in post.content
    assert [name for name, _ in post.files] == ["daily.png"] and post.image("daily.png")
    play_id = post.custom_ids()[0]
    assert play_id.startswith("pipes:play:")
    assert await harness.bot.poster.tick() == 0  # posted once
    post_message = next(
        int(m)
        for m, d in harness.messages.items()
        if d["components"] and d["components"][0]["components"][0]["custom_id"] == play_id
    )
    made = await harness.click(post_message, play_id, ALICE)
    assert made[0].callback_type == 5 and made[0].json["data"]["flags"] == 64
    board = board_message(made)
    assert board.ephemeral and board.content.startswith("**Daily Pipes 2026-11-22**")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    assert game.mode == "daily"
    board_id = next(m for m, d in harness.messages.items() if d["content"] == board.content)
    clock.now += timedelta(minutes=3, seconds=5)
    made = await solve_by_clicks(harness, board_id, game)
    won, announcement = made[-2:]
    # 2026-11-22 is a Sunday: hard on the weekly levels, but 5×4 is too small: normal.
    assert "solved the daily Pipes of 2026-11-22 · 5×4 · normal in **3:05**" in announcement.content
    assert "#1 on this server for 2026-11-22" in announcement.content
    assert not announcement.ephemeral and announcement.files == []  # no spoiler in public
    assert won.files[0][0] == "pipes-win.gif"  # on the player's own (private) board
    assert won.callback_type == 7 and harness.messages[board_id]["flags"] & 64
    assert "Pipes 2026-11-22 · 5×4 · normal · ⏱ 3:05" in announcement.content
    made = await harness.command("leaderboard", BOB)
    assert f"1. {default_name(ALICE)} · 3:05" in made[0].content and not made[0].ephemeral
    made = await harness.command(
        "stats",
        BOB,
        user=(6, str(ALICE)),
        resolved={
            "users": {
                str(ALICE): {
                    "id": str(ALICE),
                    "username": "alice",
                    "discriminator": "0",
                    "avatar": None,
                }
            }
        },
    )
    assert "Dailies played: 1 · solved: 1 · win rate: 100%" in made[0].content
    assert "Best time: 3:05" in made[0].content
    # The Play button again brings the same (solved) game back, not a fresh clock.
    again = await harness.click(post_message, play_id, ALICE)
    assert "✅ Solved in 3:05" in board_message(again).content


async def test_restart_keeps_buttons_working_and_posts_once(tmp_path, clock):
    first = Harness(make_bot(tmp_path, clock))
    await first.start()
    await enable_daily(first)
    assert await first.bot.poster.tick() == 1
    _, message_id, game = await new_board(first)
    messages = first.messages
    await first.close()

    second = Harness(make_bot(tmp_path, clock))
    await second.start()
    second.messages = messages
    assert await second.bot.poster.tick() == 0  # the restarted scheduler does not post again
    made = await second.click(message_id, f"pipes:t:{game.id}:0:0:0:c", ALICE)
    assert made[0].callback_type == 7
    assert (await second.bot.storage.game(game.id)).turns == 1
    await second.close()


async def test_help_and_datapack(harness):
    made = await harness.command("help", ALICE)
    assert "/pipes daily" in made[0].content and made[0].ephemeral
    await new_board(harness, seed="mc")
    made = await harness.command("datapack", ALICE)
    reply = made[-1]
    assert made[0].callback_type == 5 and reply.ephemeral
    assert "Minecraft packs of **5x4-mc**" in reply.content
    assert "/function pipes:start" in reply.content
    import zipfile

    names = [name for name, _ in reply.files]
    assert names == ["pipes-5x4-mc-datapack.zip", "pipes-5x4-mc-resourcepack.zip"]
    data = zipfile.ZipFile(io.BytesIO(reply.files[0][1]))
    assert "data/pipes/function/start.mcfunction" in data.namelist()


async def test_scheduler_starts_in_setup_hook_and_stops_on_close(tmp_path, clock):
    bot = create_bot(
        Settings(database_path=str(tmp_path / "s.sqlite3")), clock=clock, sync_commands=False
    )
    h = Harness(bot)
    await h.start()
    assert bot.poster.scheduler.running
    assert bot.poster.scheduler.get_job("daily-posts") is not None
    await h.close()
    assert not bot.poster.scheduler.running


def test_missing_token_is_one_clear_line(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    out = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "error: DISCORD_TOKEN is not set: put your bot token in .env (see .env.example) or in "
        "the environment."
    ]


async def test_rival_schedulers_at_posting_time_post_once(tmp_path, clock):
    first = Harness(make_bot(tmp_path, clock))
    second = Harness(make_bot(tmp_path, clock))
    await first.start()
    await second.start()
    await enable_daily(first)
    import asyncio

    made = await asyncio.gather(first.bot.poster.tick(), second.bot.poster.tick())
    assert sorted(made) == [0, 1]
    await first.close()
    await second.close()


async def test_a_claim_whose_poster_died_is_posted_later(harness, clock):
    await enable_daily(harness)
    storage = harness.bot.storage
    daily = await harness.bot.service.daily_puzzle(clock.now.date(), Params(5, 4), "pipes")
    assert await storage.claim_daily_post(GUILD_ID, clock.now.date(), daily.id, CHANNEL_ID)
    assert await harness.bot.poster.tick() == 0  # someone else is posting it right now
    clock.now += timedelta(minutes=11)
    assert await harness.bot.poster.tick() == 1  # they never did: post it
    assert (await storage.daily_post(GUILD_ID, clock.now.date())).message_id is not None
    assert await harness.bot.poster.tick() == 0


async def test_daily_command_and_resume_bring_back_the_same_board(harness):
    made = await harness.command("daily", ALICE)
    first = board_message(made)
    assert first.ephemeral and first.content.startswith("**Daily Pipes 2026-11-22** · 8×8")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    assert len(first.custom_ids()) == 18  # 12 tiles in the 4×3 window, the arrows, mode and 💡
    again = board_message(await harness.command("daily", ALICE))
    assert again.content == first.content
    resumed = board_message(await harness.command("resume", ALICE))
    # The 8×8's first window is the one with the source (E5).
    assert resumed.ephemeral and resumed.custom_ids()[0] == f"pipes:t:{game.id}:28:4:3:c"
    assert len(await harness.bot.storage.unfinished_games(ALICE)) == 1
    nothing = await harness.command("resume", BOB)
    assert "no unfinished board" in nothing[-1].content and nothing[-1].ephemeral

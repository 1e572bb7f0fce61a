"""Minesweeper through the real discord.py dispatch: a board of your own with buttons in
two modes, typed moves, a win, a loss, hints, and the daily of both kinds."""

import asyncio
import io
import re
from datetime import time, timedelta
from types import SimpleNamespace

import pytest
from botkit import (
    ALICE,
    BOB,
    MANAGER,
    board_message,
    enable_daily,
    message_of,
    pipes_daily,
    post_picture,
)
from PIL import Image

from bot import texts
from bot.board_message import board_message as bot_board_message
from bot.board_message import first_window
from bot.kinds import FACES
from db import DailyKind, GuildSettings
from kinds.mines.engine.grid import neighbours
from kinds.mines.picture import HIDDEN_LIGHT, LOST, MINE, OPEN
from kinds.mines.tests.test_engine import certain
from play import UserError, load
from playground.offline import CHANNEL_ID, GUILD_ID
from puzzle.grid import cell_name
from renderer import layout, theme

PRIMARY, SECONDARY, SUCCESS = 1, 2, 3  # Discord's button styles


async def new_mines(harness, user=ALICE, size="beginner", seed="abc", **options):
    made = await harness.command("new", user, group="mines", size=size, seed=seed, **options)
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(user))[0]
    return request, message_of(harness, request), game


def safe_hidden(game):
    puzzle = load(game.puzzle)
    return [
        c for c in range(game.width * game.height)
        if c not in puzzle.mines and c not in game.state.opened
    ]  # fmt: skip


async def test_a_board_of_your_own_opens_by_buttons_and_flags_in_flag_mode(harness):
    request, message_id, game = await new_mines(harness)
    assert request.content.startswith("**Minesweeper 9x9-abc** · ")
    assert request.image().size == layout(9, 9).size
    puzzle = load(game.puzzle)
    assert puzzle.start in game.state.opened  # the first opening is made for you
    ids = request.custom_ids()
    assert f"pipes:m:{game.id}:f:" in " ".join(ids)  # the mode switch goes to 🚩 Flag
    tiles = [i for i in ids if i.startswith(f"pipes:t:{game.id}:")]
    assert all(i.endswith(":o") for i in tiles)
    cell = int(tiles[0].split(":")[3])
    target = next(c for c in safe_hidden(game) if f"pipes:t:{game.id}:{c}:" in " ".join(tiles))
    window = tiles[0].split(":")[4:6]
    made = await harness.click(
        message_id, f"pipes:t:{game.id}:{target}:{window[0]}:{window[1]}:o", ALICE
    )
    assert [r.callback_type for r in made] == [7]
    opened = await harness.bot.storage.game(game.id)
    assert target in opened.state.opened and opened.turns == 1
    # Switch to flag mode, then flag a mine in the window.
    switch = next(i for i in ids if i.startswith(f"pipes:m:{game.id}:f"))
    made = await harness.click(message_id, switch, ALICE)
    flag_ids = made[0].custom_ids()
    assert any(i.endswith(":f") for i in flag_ids)
    mine = next(
        (int(i.split(":")[3]) for i in flag_ids
         if i.startswith(f"pipes:t:{game.id}:") and int(i.split(":")[3]) in puzzle.mines),
        None,
    )  # fmt: skip
    if mine is not None:
        button = next(i for i in flag_ids if i.startswith(f"pipes:t:{game.id}:{mine}:"))
        made = await harness.click(message_id, button, ALICE)
        assert mine in (await harness.bot.storage.game(game.id)).state.flagged
        assert made[0].button(button)["label"].endswith(" ⚑")
    del cell


async def test_typed_moves_clear_the_board_and_the_win_is_announced(harness):
    _, _, game = await new_mines(harness, seed="win")
    while not game.finished:  # opening one cell may open others: name only hidden ones
        cells = [cell_name(c % game.width, c // game.width) for c in safe_hidden(game)][:40]
        made = await harness.command("open", ALICE, group="mines", cells=" ".join(cells))
        assert (await harness.bot.storage.game(game.id)).version > game.version, made[-1].content
        game = await harness.bot.storage.game(game.id)
    done = game
    assert done.solved and done.outcome == "solved"
    assert any("✅ Cleared in" in r.content for r in made)
    announcement = next(r for r in made if "solved" in r.content and not r.ephemeral)
    assert f"<@{ALICE}> solved 9x9-win" in announcement.content and not announcement.files
    won, reply = [r for r in made if r.files]  # the board in view, then the reply's still
    for picture in (won.image("mines-win.png"), reply.image()):
        assert picture.convert("RGB").getpixel((0, 0)) == theme.SOLVED


async def test_opening_a_mine_loses_the_game_and_shows_it(harness):
    _, _, game = await new_mines(harness, seed="boom")
    mine = min(load(game.puzzle).mines)
    made = await harness.command(
        "open", ALICE, group="mines", cells=cell_name(mine % game.width, mine // game.width)
    )
    lost = await harness.bot.storage.game(game.id)
    assert lost.outcome == "lost"
    board = next(r for r in made if r.files)
    assert "💥 A mine went off at" in board.content
    assert board.image().convert("RGB").getpixel((0, 0)) == LOST
    again = await harness.command("open", ALICE, group="mines", cells="A1")
    assert "Your last board, Minesweeper 9x9-boom, is over" in again[-1].content
    with pytest.raises(UserError) as over:  # a button of the lost board, clicked late
        await harness.bot.service.play(game.id, ALICE, lambda game: "A1")
    assert texts.refusal(over.value, FACES) == (
        "This game is over. Start a new one with `/mines new`."
    )


async def test_a_hint_opens_or_flags_a_decided_cell(harness):
    _, _, game = await new_mines(harness, seed="hint")
    await harness.command("hint", ALICE, group="mines")
    after = await harness.bot.storage.game(game.id)
    assert after.hints == 1 and after.version == 1
    puzzle = load(game.puzzle)
    assert not after.state.flagged - puzzle.mines  # a hint never flags a safe cell
    assert after.state.exploded is None


async def test_mines_moves_never_touch_a_pipes_board(harness):
    await harness.command("new", ALICE, size="5x4", seed="p")
    pipes = (await harness.bot.storage.unfinished_games(ALICE))[0]
    made = await harness.command("open", ALICE, group="mines", cells="A1")
    assert "no unfinished Minesweeper board" in made[-1].content
    assert (await harness.bot.storage.game(pipes.id)).version == 0


async def test_the_daily_post_carries_both_kinds_and_each_plays_its_own(harness, clock):
    await harness.bot.storage.save_guild_settings(
        GuildSettings(GUILD_ID, CHANNEL_ID, time(9, 0), "UTC", enabled=True, dailies=(
            pipes_daily("5x5"), DailyKind("mines", "9x9", position=1)))
    )  # fmt: skip
    assert await harness.bot.poster.tick() == 1
    post = next(m for m in harness.messages.values() if "Daily" in m["content"])
    names = [name for name, _ in harness.files[int(post["id"])]]
    assert names == ["daily.png"]  # one picture of both kinds
    # The kind's picture in it holds no mine: every mine cell is drawn closed.
    daily = await harness.bot.storage.daily_puzzle(clock.now.date(), "mines", "9x9")
    image = (await post_picture(harness, "mines")).convert("RGB")
    for mine in load(daily.puzzle).mines:
        box = layout(9, 9).cell_box(mine % 9, mine // 9)
        assert image.crop(box).getpixel((2, 2)) == HIDDEN_LIGHT
    plays = [c["custom_id"] for row in post["components"] for c in row["components"]]
    assert len(plays) == 2
    for play in plays:
        made = await harness.click(int(post["id"]), play, BOB)
        assert board_message(made).ephemeral
    games = await harness.bot.storage.unfinished_games(BOB)
    assert sorted(g.kind for g in games) == ["mines", "pipes"]
    assert all(g.mode == "daily" for g in games)
    # The Minesweeper daily is also /mines daily, the same game.
    await harness.command("daily", BOB, group="mines")
    assert len(await harness.bot.storage.unfinished_games(BOB)) == 2
    text = (await harness.command("leaderboard", BOB, group="mines"))[-1].content
    assert re.match(r"\*\*Daily Minesweeper \d{4}-\d\d-\d\d\*\* · 9×9", text)


async def test_setup_chooses_the_kinds_of_the_daily_post(harness):
    from test_discord_rules import setup_daily, setup_kind

    made = await setup_kind(harness, "pipes", params="5x5")  # before the post is on: at once
    assert "• 🧩 5×5 Pipes (easy on Monday" in made[-1].content
    assert "once `/pipes-setup daily` picks its channel" in made[-1].content
    await setup_daily(harness)
    made = await setup_kind(harness, "mines", on=True, params="expert")
    # On at once; the new size from tomorrow (today's may have been played with /mines daily).
    assert "• 🧩 5×5 Pipes (easy on Monday" in made[-1].content
    assert (
        "• 💣 9×9 Minesweeper (10 mines, always normal); from 2026-11-23: 30×16 Minesweeper "
        "(99 mines, always normal)"
    ) in made[-1].content.splitlines()
    settings = await harness.bot.storage.guild_settings(GUILD_ID)
    assert [(r.kind, r.choice, r.posted) for r in settings.dailies] == [
        ("pipes", "5x5 weekly", True),
        ("mines", "30x16", True),
    ]
    made = await setup_kind(harness, "pipes", on=False)
    lines = made[-1].content.splitlines()
    assert any(line.startswith("• 💣 9×9 Minesweeper (10 mines, always normal)") for line in lines)
    assert not [line for line in lines if line.startswith("• ") and "Pipes" in line]
    made = await setup_kind(harness, "mines", on=False)  # the post needs one puzzle at least
    assert made[-1].content == (
        "The daily post needs at least one puzzle: turn another kind on first."
    )
    made = await setup_kind(harness, "mines", params="31x31")
    assert made[-1].content.startswith("A 31×31 board is not possible")


async def test_a_lost_daily_ends_the_attempt_and_hides_the_other_mines_until_the_day_ends(
    harness, clock
):
    await harness.command("daily", ALICE, group="mines")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    puzzle = load(game.puzzle)
    boom, other = sorted(puzzle.mines)[:2]
    made = await harness.command("open", ALICE, group="mines", cells=cell_name(boom % 9, boom // 9))
    lost = board_message(made)
    assert "This was your attempt at the daily." in lost.content
    image = lost.image().convert("RGB")
    geometry = layout(9, 9, solved=True)
    box = geometry.cell_box(other % 9, other // 9)
    hidden_cell = image.crop(box)
    assert hidden_cell.getpixel((2, 2)) == HIDDEN_LIGHT  # still a closed cell
    # Asking again brings back the lost board; resuming finds nothing to play.
    again = board_message(await harness.command("daily", ALICE, group="mines"))
    assert "💥" in again.content
    assert len(await harness.bot.storage.unfinished_games(ALICE)) == 0
    made = await harness.command("resume", ALICE, group="mines")
    assert "no unfinished Minesweeper board" in made[-1].content
    # Once the date is over everywhere, the picture shows every mine.
    clock.advance(days=2)
    board = await harness.bot.service.board(await harness.bot.storage.game(game.id))
    shown = await bot_board_message(harness.bot.workers, board, first_window(board))
    revealed = Image.open(io.BytesIO(shown.png)).convert("RGB").crop(box)
    assert revealed.getpixel((2, 2)) == OPEN and MINE in {c for _, c in revealed.getcolors(4096)}


async def test_a_mines_size_changed_during_a_day_applies_the_next_day(harness, clock):
    from test_discord_rules import setup_daily, setup_kind

    await setup_daily(harness)
    await setup_kind(harness, "mines", on=True, params="beginner")
    await harness.command("daily", ALICE, group="mines")
    made = await setup_kind(harness, "mines", params="expert")
    assert "; from 2026-11-23: 30×16 Minesweeper (99 mines, always normal)" in made[-1].content
    await harness.command("daily", BOB, group="mines")
    boards = await harness.bot.storage.unfinished_games(ALICE) + (
        await harness.bot.storage.unfinished_games(BOB)
    )
    assert {(g.width, g.height, g.daily_id) for g in boards} == {(9, 9, boards[0].daily_id)}
    clock.advance(days=1)
    await harness.command("daily", BOB, group="mines")
    newest = (await harness.bot.storage.unfinished_games(BOB))[0]
    assert (newest.width, newest.height) == (30, 16)


async def test_a_move_of_the_other_kind_changes_nothing_and_says_so(harness):
    """Mode letters are the kinds' own; one that reaches the wrong board (an old message)
    is refused in a sentence, and a board shown in a foreign mode shows its own first."""
    _, message_id, game = await new_mines(harness, seed="modes")
    service = harness.bot.service
    foreign = f"pipes:t:{game.id}:0:0:0:a"  # Pipes' turn-back mode on a Minesweeper board
    first = harness.messages[message_id]["components"][0]["components"][0]
    own, first["custom_id"] = first["custom_id"], foreign
    made = await harness.click(message_id, foreign, ALICE)
    first["custom_id"] = own
    assert made[-1].content == "That button is out of date: nothing was changed."
    assert (await harness.bot.storage.game(game.id)).version == 0
    board = await service.board(await harness.bot.storage.game(game.id))
    shown = await bot_board_message(harness.bot.workers, board, first_window(board), mode="c")
    modes = [c["custom_id"] for row in shown.view.to_components() for c in row["components"]]
    assert all(m.endswith(":o") for m in modes if m.startswith("pipes:t:"))
    refused = await harness.click(message_id, modes[0], BOB)
    assert "Start your own with `/mines new`" in refused[-1].content


async def test_only_moves_that_take_effect_are_counted(harness):
    _, _, game = await new_mines(harness, seed="count")
    puzzle = load(game.puzzle)
    mine = min(puzzle.mines)
    safe = safe_hidden(game)[:3]
    names = [cell_name(c % 9, c // 9) for c in [mine, *safe]]
    await harness.command("open", ALICE, group="mines", cells=" ".join(names))
    lost = await harness.bot.storage.game(game.id)
    assert lost.outcome == "lost" and lost.turns == 1  # the rest came after the blast
    assert [m.move for m in await harness.bot.storage.moves(game.id)] == names[:1]


async def test_a_kind_a_server_never_chose_changes_from_the_next_day_too(harness, clock):
    """A server with a Pipes row only played the default Minesweeper daily today (with
    /mines daily): choosing one applies from tomorrow, like any change during a day."""
    from test_discord_rules import setup_kind

    await enable_daily(harness, "5x4")
    made = await setup_kind(harness, "mines", on=True, params="expert")
    assert (
        "• 💣 9×9 Minesweeper (10 mines, always normal); from 2026-11-23: 30×16 Minesweeper "
        "(99 mines, always normal)"
    ) in made[-1].content.splitlines()
    service, today = harness.bot.service, clock.now.date()
    assert (await service.daily_params(GUILD_ID, today, "mines")).width == 9
    assert (await service.daily_params(GUILD_ID, today + timedelta(days=1), "mines")).width == 30


async def test_two_managers_changing_two_kinds_at_once_keep_both(harness):
    from test_discord_rules import setup_daily, setup_kind

    await setup_kind(harness, "pipes", params="6x6")
    await setup_kind(harness, "mines", on=True)
    await setup_daily(harness)
    running = asyncio.all_tasks()
    for kind, params in (("pipes", "7x7"), ("mines", "16x16")):
        harness.deliver(
            harness.command_payload(
                "kind", ALICE, group="pipes-setup", permissions=MANAGER, kind=kind, params=params
            )
        )
    await harness.settle(running)
    settings = await harness.bot.storage.guild_settings(GUILD_ID)
    assert {(r.kind, r.choice) for r in settings.dailies} == {
        ("pipes", "7x7 weekly"),
        ("mines", "16x16"),
    }


def test_the_first_window_holds_the_most_cells_deduction_opens():
    """On 200 beginner boards the first window is one of those with the most closed cells
    proven safe from the first opening (by the exhaustive oracle, over every window a cell
    can be shown in): never one of open cells only, nor one whose closed cells are mines."""
    kind = FACES["mines"].kind
    for k in range(200):
        puzzle = kind.load(kind.generate(kind.parse_params("beginner"), f"window{k}"))
        state = kind.initial_state(puzzle)
        game = SimpleNamespace(kind="mines", width=9, height=9, state=state)
        safe, _ = certain(9, 9, len(puzzle.mines), puzzle.numbers, state.opened)

        def proven(view):
            return sum(view.holds(c % 9, c // 9) for c in safe)  # noqa: B023

        every = FACES["mines"].windows(9, 9).all()
        shown = first_window(SimpleNamespace(game=game, puzzle=puzzle))
        assert proven(shown) == max(map(proven, every)) > 0, k


async def test_closed_cells_are_grey_open_ones_green_and_an_open_number_chords(harness):
    request, message_id, game = await new_mines(harness, seed="abc")
    puzzle = load(game.puzzle)
    safe, _ = certain(9, 9, len(puzzle.mines), puzzle.numbers, game.state.opened)
    tiles = {
        int(button["custom_id"].split(":")[3]): button
        for row in request.data["components"]
        for button in row["components"]
        if button["custom_id"].startswith(f"pipes:t:{game.id}:")
    }
    assert set(tiles) & safe  # something to open in view
    for cell, button in tiles.items():
        closed = cell not in game.state.opened
        assert button["style"] == (SECONDARY if closed else SUCCESS) and not button["disabled"]
        assert button["label"].endswith(" ■") == closed  # said without colour too
    # An open number stays clickable: with its mines flagged, clicking it opens the rest.
    nb = neighbours(9, 9)
    number = next(
        c for c in tiles
        if puzzle.numbers[c] and c in game.state.opened
        and any(j in tiles and j not in game.state.opened | puzzle.mines for j in nb[c])
    )  # fmt: skip
    flags = [cell_name(j % 9, j // 9) for j in nb[number] if j in puzzle.mines]
    await harness.command("flag", ALICE, group="mines", cells=" ".join(flags))
    await harness.click(message_id, tiles[number]["custom_id"], ALICE)
    after = await harness.bot.storage.game(game.id)
    assert {j for j in nb[number] if j not in puzzle.mines} <= after.state.opened
    assert after.outcome == "playing"
    shown = harness.messages[message_id]["components"]
    styles = {b["custom_id"].split(":")[3]: b["style"] for row in shown for b in row["components"]}
    around = [styles[str(j)] for j in (number, *nb[number]) if j in tiles]
    assert set(around) <= {SUCCESS, PRIMARY}  # opened now, or flagged

"""Double Choco through the real dispatch: a board, its buttons and picture, walls toggled by
click in either mode, edges refused, a check that hatches what breaks, typed walls that win,
refusals, hints, a give-up (a daily's answer kept back), the daily end to end and clicks at
once."""

import asyncio
import io
import sqlite3
from datetime import timedelta

from botkit import (
    ALICE,
    BOB,
    board_message,
    daily_post,
    enable_daily,
    message_of,
    post_picture,
)
from PIL import Image

from bot.board_message import board_message as bot_board_message
from bot.board_message import first_window
from db import DailyKind
from kinds.choco.engine import Run, breaches, edges, parse_moves
from kinds.choco.picture import ANSWER, BREACH, GRAY, GRID, WALL, WHITE
from play import load
from playground.offline import default_name
from puzzle import KINDS
from puzzle.grid import cell_name
from renderer import theme
from renderer.layout import layout

KIND = KINDS["choco"]
SIX = layout(6, 6)  # where cells are on a 6×6 picture (a banner or footer only adds below)
GOAL = "Goal: draw walls that cut the grid into blocks, each one white part and one gray part"


async def new_choco(harness, seed="bot", user=ALICE, size="6x6"):
    made = await harness.command("new", user, group="choco", size=size, seed=seed)
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(user))[0]
    return request, message_of(harness, request), game


def tile(request, name):
    """The custom id of the tile button of the cell ``name``."""
    return next(
        i
        for i in request.custom_ids()
        if ":t:" in i and request.button(i)["label"].split()[0] == name
    )


def control(request, prefix):
    """The custom id of the first button whose id starts with ``prefix``."""
    return next(i for i in request.custom_ids() if i.startswith(prefix))


def labels(components):
    """Tile labels by cell name, from a message's component payload."""
    return {
        c["label"].split()[0]: c["label"]
        for row in components
        for c in row["components"]
        if ":t:" in c["custom_id"]
    }


def typed(board, walls):
    return " ".join(KIND.format_move(board, e) for e in walls)


def name(cell):
    return cell_name(cell % 6, cell // 6)


def inside(image, cell):
    """The colours of a strip across a cell's top quarter: clear of walls, the grid, the
    window's outline and the number."""
    left, top = SIX.cell_origin(cell % 6, cell // 6)
    quarter = SIX.cell // 4
    box = (left + quarter // 2, top + quarter // 2, left + SIX.cell - quarter // 2, top + quarter)
    return {colour for _, colour in image.convert("RGB").crop(box).getcolors(1 << 16)}


def cell_box(cell):
    """A cell's pixels but a thin rim (where a wall or the grid may lie)."""
    left, top, right, bottom = SIX.cell_box(cell % 6, cell // 6)
    return left + 4, top + 4, right - 4, bottom - 4


def on_edge(image, edge):
    """The colour at the middle of an inner edge's grid line."""
    a, b = edge
    left, top = SIX.cell_origin(b % 6, b // 6)
    half = SIX.cell // 2
    where = (left, top + half) if b == a + 1 else (left + half, top)
    return image.convert("RGB").getpixel(where)


def colours(image):
    return {colour for _, colour in image.convert("RGB").getcolors(1 << 16)}


def stored_state(tmp_path, game_id):
    """A game's state as the database holds its text."""
    raw = sqlite3.connect(tmp_path / "bot.sqlite3")
    [(text,)] = raw.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchall()
    raw.close()
    return text


async def test_a_board_shows_its_cells_numbers_and_walls_on_buttons_and_picture(harness):
    request, message_id, game = await new_choco(harness)
    board = load(game.puzzle)
    grid = board.grid
    numbers = sum(clue is not None for clue in grid.clues)
    assert request.content.splitlines()[0] == (
        f"**Double Choco 6x6-bot** · 6×6 · normal · {numbers} numbers · "
        f"par {len(board.walls)} walls · grade {game.puzzle.difficulty:.3g}"
    )
    low, high = KIND.grades["normal"]
    assert low <= game.puzzle.difficulty < high
    assert GOAL in request.content
    link = f"[Open on puzz.link](<https://puzz.link/p?dbchoco/{game.puzzle.description}>)"
    assert link in request.content.splitlines()
    tiles = [i for i in request.custom_ids() if ":t:" in i]
    assert len(tiles) == 9  # a 3×3 window: the 6×6 board in four
    for custom_id in tiles:
        cell = int(custom_id.split(":")[3])
        clue = grid.clues[cell]
        colour = "■" if grid.gray[cell] else "□"
        expected = f"{name(cell)} {colour if clue is None else clue}"
        button = request.button(custom_id)
        assert button["label"] == expected
        assert button["style"] == 2  # grey: as it is
    image = request.image()
    for cell in range(36):
        assert inside(image, cell) == {GRAY if grid.gray[cell] else WHITE}, name(cell)
    # Walls drawn show on the tile of the cell to their left or above them.
    await harness.command("wall", ALICE, group="choco", walls="B1-C1 B1-B2 C2-C3")
    shown = labels(harness.messages[message_id]["components"])
    assert shown["B1"] == "B1 ┘" and shown["C2"] == "C2 ▁"  # blue: walled by the player
    clue = grid.clues[2]
    assert shown["C1"] == f"C1 {('■' if grid.gray[2] else '□') if clue is None else clue}"


async def test_clicks_toggle_a_right_or_a_lower_wall_and_the_edge_is_refused(harness, tmp_path):
    request, message_id, game = await new_choco(harness)
    before = request.image()
    e5 = 28  # (x 4, y 4), inside the first window (D4–F6) and clear of its outline
    right, lower = (e5, e5 + 1), (e5, e5 + 6)
    assert on_edge(before, right) == GRID and on_edge(before, lower) == GRID
    made = await harness.click(message_id, tile(request, "E5"), ALICE)
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == {right} and stored.turns == 1
    assert stored_state(tmp_path, game.id).startswith("6x6;walls=")
    request = made[-1]
    assert request.button(tile(request, "E5"))["label"] == "E5 ▕"
    assert on_edge(request.image(), right) == WALL
    assert "🧱 1 wall · 1 toggle" in request.content
    # A cell of the last column has no wall on its right.
    refused = await harness.click(message_id, tile(request, "F5"), ALICE)
    assert refused[-1].ephemeral and refused[-1].content == (
        "F5 is on the board's edge: there is no wall on its right to toggle."
    )
    assert (await harness.bot.storage.game(game.id)).version == 1
    # The switch to lower walls, then the same cell toggles the wall below it.
    request = (await harness.click(message_id, control(request, "pipes:m:"), ALICE))[-1]
    assert request.button(control(request, "pipes:m:"))["label"] == "Mode: ▁"
    made = await harness.click(message_id, tile(request, "E5"), ALICE)
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == {right, lower} and stored.turns == 2
    assert made[-1].button(tile(made[-1], "E5"))["label"] == "E5 ┘"
    assert on_edge(made[-1].image(), lower) == WALL
    # A cell of the bottom row has no wall below it.
    refused = await harness.click(message_id, tile(made[-1], "E6"), ALICE)
    assert refused[-1].ephemeral and refused[-1].content == (
        "E6 is on the board's edge: there is no wall below it to toggle."
    )
    assert (await harness.bot.storage.game(game.id)).version == 2


async def test_a_check_hatches_the_blocks_that_break_and_a_toggle_clears_it(harness, tmp_path):
    # A board on which the drawing below breaks every rule a block can (choco/3).
    _, message_id, game = await new_choco(harness, seed="check5")
    board = load(game.puzzle)
    solution = sorted(board.walls)
    # Every wall of the solution but one, and one wall the solution has not (the last typed:
    # the window follows it).
    missing = solution[len(solution) // 2]
    wrong = next(
        e for e in edges(6, 6) if e not in board.walls and e[1] == e[0] + 1 and e[0] % 6 < 4
    )
    drawn = [*(e for e in solution if e != missing), wrong]
    made = await harness.command("wall", ALICE, group="choco", walls=typed(board, drawn))
    unchecked = next(r for r in made if r.files and not r.ephemeral).image()
    assert "🔍" not in harness.messages[message_id]["content"]
    found = breaches(board.grid, frozenset(drawn))
    hatched = {cell for block, _ in found.blocks for cell in block}
    assert hatched and len(hatched) < 36  # some blocks break, some do not
    assert (len(found.blocks), len(found.walls)) == (3, 2)  # as the check line says below
    check = next(  # on the board as the typed walls left it, its window on the last one
        c["custom_id"]
        for row in harness.messages[message_id]["components"]
        for c in row["components"]
        if c["custom_id"].startswith("pipes:a:")
    )
    made = await harness.click(message_id, check, ALICE)
    stored = await harness.bot.storage.game(game.id)
    assert stored.turns == len(drawn)  # a check counts no toggle
    assert stored_state(tmp_path, game.id).endswith(";checked")
    check_line = next(
        line for line in made[-1].content.splitlines() if line.startswith("🔍 Check: ")
    )
    assert check_line == (
        "🔍 Check: 3 blocks break a rule (one colour only, halves of different shapes, "
        "three or more parts), 2 walls are inside a block."
    )
    checked = made[-1].image()
    for cell in hatched:
        assert BREACH in colours(checked.crop(cell_box(cell))), name(cell)
        assert BREACH not in colours(unchecked.crop(cell_box(cell))), name(cell)
    for cell in set(range(36)) - hatched:
        assert BREACH not in inside(checked, cell), name(cell)
    # Taking the wrong wall away clears the check's marks.
    made = await harness.click(message_id, tile(made[-1], name(wrong[0])), ALICE)
    assert not stored_state(tmp_path, game.id).endswith(";checked")
    assert "🔍" not in made[-1].content
    assert BREACH not in colours(made[-1].image())


async def test_typed_walls_solve_the_board_and_junk_is_refused(harness, clock):
    _, message_id, game = await new_choco(harness, seed="typed")
    board = load(game.puzzle)
    refusals = {
        "B3-D3": "“B3-D3” is not a wall: its two cells must be side by side, like B3-C3, or a "
        "run names its side, like B3-B5r. Nothing was changed.",
        "Z99-Z98": "Z99 is outside the 6×6 board: columns A–F, rows 1–6. Nothing was changed.",
        "  ": "Name a wall by the two cells it lies between, like B3-C3, or a run by its cells "
        "and side, like B3-B5r. Nothing was changed.",
        "": "`walls` must be from 1 to 400 characters long.",
    }
    for text, sentence in refusals.items():
        made = await harness.command("wall", ALICE, group="choco", walls=text)
        assert made[-1].ephemeral and made[-1].content.splitlines()[0] == sentence, text
    assert (await harness.bot.storage.game(game.id)).version == 0
    clock.now += timedelta(seconds=75)
    par = len(board.walls)
    made = await harness.command("wall", ALICE, group="choco", walls=typed(board, board.walls))
    done = await harness.bot.storage.game(game.id)
    assert done.solved and done.turns == par
    tally = f"{par} toggles (par {par} walls)"
    assert f"✅ Solved in 1:15 with {tally}." in harness.messages[message_id]["content"]
    announcement = next(r for r in made if "solved" in r.content and not r.ephemeral)
    assert announcement.content.splitlines()[0] == (
        f"🎉 <@{ALICE}> solved 6x6-typed in **1:15** with {tally}."
    )
    assert not announcement.files
    assert harness.files[message_id][0][0] == "choco-win.png"
    win = next(r for r in made if r.files and not r.ephemeral).image("choco-win.png")
    assert win.convert("RGB").getpixel((0, 0)) == theme.SOLVED
    assert {on_edge(win, e) for e in board.walls} == {WALL}


async def test_a_hint_fixes_a_wrong_wall_first_then_a_missing_one(harness):
    _, message_id, game = await new_choco(harness, seed="hint")
    board = load(game.puzzle)
    wrong = next(e for e in edges(6, 6) if e not in board.walls)
    right = sorted(board.walls)[-1]
    await harness.command("wall", ALICE, group="choco", walls=typed(board, [right, wrong]))
    made = await harness.command("hint", ALICE, group="choco")
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == {right} and stored.hints == 1 and stored.turns == 3
    assert f"💡 The hint toggled the wall {typed(board, [wrong])}" in made[-1].content
    assert "💡 1 (+0:30)" in harness.messages[message_id]["content"]
    await harness.command("hint", ALICE, group="choco")
    stored = await harness.bot.storage.game(game.id)
    [added] = stored.state.walls - {right}
    assert added in board.walls and stored.hints == 2 and stored.turns == 4
    # A solved board takes no hint.
    rest = board.walls - stored.state.walls
    await harness.command("wall", ALICE, group="choco", walls=typed(board, rest))
    solved = await harness.bot.storage.game(game.id)
    assert solved.solved
    made = await harness.command("hint", ALICE, group="choco")
    assert made[-1].ephemeral and "is over" in made[-1].content
    assert (await harness.bot.storage.game(game.id)).version == solved.version


async def test_a_give_up_shows_the_answer_a_dailys_only_once_its_date_is_over(harness, clock):
    _, _, game = await new_choco(harness)
    board = load(game.puzzle)
    await harness.command("wall", ALICE, group="choco", walls="A1-B1")
    made = await harness.command("giveup", ALICE, group="choco")
    given_up = next(r for r in made if r.files and not r.ephemeral)
    assert given_up.content.splitlines()[1] == (
        "🏳 Given up after 1 toggle: the picture shows the solution's walls in blue."
    )
    picture = given_up.image()
    assert picture.convert("RGB").getpixel((0, 0)) == theme.GAVE_UP
    assert {on_edge(picture, e) for e in board.walls} == {ANSWER}
    # A daily given up while its date runs somewhere keeps its answer back.
    await enable_daily(harness, "5x4", DailyKind("choco", "6x6", position=0))
    assert await harness.bot.poster.tick() == 1
    await harness.command("daily", BOB, group="choco")
    daily = next(g for g in await harness.bot.storage.unfinished_games(BOB) if g.daily_id)
    made = await harness.command("giveup", BOB, group="choco")
    given_up = next(r for r in made if r.files)
    assert given_up.content.splitlines()[1] == (
        "🏳 Given up after 0 toggles: the solution shows once this date is over everywhere."
    )
    assert ANSWER not in colours(given_up.image())
    stored = await harness.bot.storage.game(daily.id)
    assert not (await harness.bot.service.board(stored)).solution_public
    clock.now += timedelta(days=2)  # the date is over everywhere
    later = await harness.bot.service.board(stored)
    assert later.solution_public
    shown = await bot_board_message(harness.bot.workers, later, first_window(later))
    assert "the picture shows the solution's walls in blue" in shown.content
    picture = Image.open(io.BytesIO(shown.png))
    assert {on_edge(picture, e) for e in load(daily.puzzle).walls} == {ANSWER}


async def test_the_daily_is_played_end_to_end_and_ranks_by_time(harness, clock):
    await enable_daily(harness, "5x4", DailyKind("choco", "6x6", position=0))
    assert await harness.bot.poster.tick() == 1
    post = daily_post(harness)
    assert "🍫 **Daily Double Choco — 2026-11-22** · 6×6 · normal · " in post.content
    blank = await post_picture(harness, "choco")
    assert GRAY not in colours(blank)  # no colour, no number: nothing to solve from
    assert all(inside(blank, cell) == {WHITE} for cell in range(36))
    play = next(i for i in post.custom_ids() if i.startswith("pipes:play:"))
    made = await harness.click(message_of(harness, post), play, ALICE)
    assert board_message(made).ephemeral
    assert board_message(made).content.startswith("**Daily Double Choco 2026-11-22** · 6×6")
    alice = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    board = load(alice.puzzle)
    walls = typed(board, board.walls)
    clock.now += timedelta(minutes=2)
    won = await harness.command("wall", ALICE, group="choco", walls=walls)
    assert any("solved the daily Double Choco of 2026-11-22" in r.content for r in won)
    await harness.command("daily", BOB, group="choco")  # Bob starts later, is quicker
    clock.now += timedelta(seconds=50)
    won = await harness.command("wall", BOB, group="choco", walls=walls)
    assert any("in **0:50**" in r.content for r in won)
    text = (await harness.command("leaderboard", ALICE, group="choco"))[0].content
    first, second = (line for line in text.splitlines() if line[:2] in ("1.", "2."))
    assert first.startswith(f"1. {default_name(BOB)} · 0:50"), text
    assert second.startswith(f"2. {default_name(ALICE)} · 2:00"), text
    stats = (await harness.command("stats", ALICE, group="choco"))[0].content
    assert "Dailies played: 1 · solved: 1 · win rate: 100%" in stats
    assert "Best time: 2:00" in stats


async def test_clicks_at_once_each_land_once(harness):
    request, message_id, game = await new_choco(harness, seed="race")
    window = [i for i in request.custom_ids() if ":t:" in i and int(i.split(":")[3]) % 6 < 5]
    assert len(window) == 6  # of the first window D4–F6, those with a right wall to toggle
    payloads = [harness.click_payload(message_id, i, ALICE, True) for i in window]
    refused = harness.click_payload(message_id, window[0], BOB, True)  # not Bob's board
    running = asyncio.all_tasks()
    answers = await asyncio.gather(*(harness.answered(p) for p in [*payloads, refused]))
    await harness.settle(running)
    assert not harness.errors
    # The first board updated at once; the moves that waited for it on the board's lock
    # deferred at once (then edited the board), Bob's too, told privately after.
    assert answers == [7] + [6] * 6
    told = [r for r in harness.requests if refused["token"] in r.path and r.ephemeral]
    assert len(told) == 1 and told[0].content.startswith("This board belongs to"), told
    stored = await harness.bot.storage.game(game.id)
    toggled = {(c, c + 1) for c in (int(i.split(":")[3]) for i in window)}
    assert stored.state.walls == toggled and stored.turns == 6 and stored.version == 6
    assert len(await harness.bot.storage.moves(game.id)) == 6
    # Moves on a board take turns: the message ends showing them all.
    shown = harness.messages[message_id]
    assert "🧱 6 walls · 6 toggles" in shown["content"]
    walled = {key for key, label in labels(shown["components"]).items() if label.endswith("▕")}
    assert walled == {name(a) for a, _ in toggled}


async def test_a_board_of_an_odd_number_of_cells_is_refused_and_nothing_starts(harness):
    made = await harness.command("new", ALICE, group="choco", size="7x7", seed="odd")
    assert made[-1].ephemeral
    assert (
        made[-1]
        .content.splitlines()[0]
        .startswith("A 7×7 Double Choco board is not possible: it needs an even number of cells")
    )
    assert await harness.bot.storage.unfinished_games(ALICE) == []


def walls_named(*texts, width=6):
    """The walls of moves typed on a board ``width`` wide."""
    found = set()
    for move in parse_moves(" ".join(texts), width, 6):
        found |= set(move.edges if isinstance(move, Run) else (move,))
    return found


async def test_a_typed_run_toggles_a_line_of_walls_each_counted(harness):
    _, message_id, game = await new_choco(harness, seed="runs")
    made = await harness.command("wall", ALICE, group="choco", walls="C3-D3 b2 - b5R")
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == walls_named("C3-D3", "B2-C2 B3-C3 B4-C4 B5-C5")
    assert stored.turns == 5  # a run counts each wall it draws, as par counts walls
    assert "🧱 5 walls · 5 toggles" in harness.messages[message_id]["content"]
    assert not made[-1].content.startswith("“")
    # The same line again, all drawn now, is erased; a run over part of it draws the rest.
    await harness.command("wall", ALICE, group="choco", walls="B5-B2r")
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == walls_named("C3-D3") and stored.turns == 9
    await harness.command("wall", ALICE, group="choco", walls="C2-C4r")
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == walls_named("C2-C4r") and stored.turns == 11
    refusals = {
        "B2-D4r": "“B2-D4r” is not a straight run: its two cells must share a column or a "
        "row, like B3-B5r. Nothing was changed.",
        "B2-B4d": "“B2-B4d” is not one line of walls: along a column they are on the right (r) "
        "or the left (l), like B3-B5r. Nothing was changed.",
        "F1-F3r": "“F1-F3r” lies on the board's edge: there is no wall to draw there. "
        "Nothing was changed.",
        "B2-B4": "“B2-B4” is not a wall: its two cells must be side by side, like B3-C3, or a "
        "run names its side, like B3-B5r. Nothing was changed.",
    }
    for text, sentence in refusals.items():
        made = await harness.command("wall", ALICE, group="choco", walls=f"A1-B1 {text}")
        assert made[-1].ephemeral and made[-1].content.splitlines()[0] == sentence, text
    assert (await harness.bot.storage.game(game.id)).version == stored.version


async def test_the_extend_mode_draws_on_from_the_last_wall_to_the_clicked_cell(harness):
    """In the first window, D4–F6: the mode switch's third mode draws from the last wall."""
    request, message_id, game = await new_choco(harness, seed="extend")
    switch = "pipes:m:"
    request = (await harness.click(message_id, control(request, switch), ALICE))[-1]
    request = (await harness.click(message_id, control(request, switch), ALICE))[-1]
    assert request.button(control(request, switch))["label"] == "Mode: ↦"
    refused = await harness.click(message_id, tile(request, "E5"), ALICE)
    assert refused[-1].ephemeral and refused[-1].content == (
        "There is no wall to extend yet: draw one in ▕ or ▁ mode first."
    )
    # Typed or clicked, the last wall is where drawing goes on from: past its upper end,
    # straight on up to the clicked cell.
    await harness.command("wall", ALICE, group="choco", walls="D6-E6")
    made = await harness.click(message_id, tile(request, "E4"), ALICE)
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == walls_named("D4-D6r") and stored.turns == 3
    assert "🧱 3 walls · 3 toggles" in made[-1].content
    # The picture shows where drawing goes on from: a white knob on the corner the walls
    # reached (on the window's frame otherwise), where a wall's end is otherwise dark.
    picture = made[-1].image().convert("RGB")
    assert picture.getpixel(SIX.cell_origin(4, 3)) == WHITE
    assert picture.getpixel(SIX.cell_origin(4, 4)) == WALL
    # A click beside the line across the wall's end turns there, up to the clicked cell; the
    # window stays on the clicked cell (those walls lie on its top edge).
    made = await harness.click(message_id, tile(made[-1], "F4"), ALICE)
    assert "window 4 of 4" in made[-1].content
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == walls_named("D4-D6r", "E3-F3d") and stored.turns == 5
    refused = await harness.click(message_id, tile(made[-1], "D5"), ALICE)
    assert refused[-1].ephemeral and refused[-1].content == (
        "D5 is in line with neither end of the last wall, F3-F4: click a cell beside the line "
        "the walls should follow."
    )
    assert (await harness.bot.storage.game(game.id)).version == stored.version
    # The pen's end is on the board's edge: a turn is taken at the wall's other end.
    await harness.click(message_id, tile(made[-1], "F6"), ALICE)
    drawn = walls_named("D4-D6r", "E3-F3d", "E4-E6r")
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls == drawn and stored.turns == 8
    # Buttons sent before the mode existed keep their meaning: an id without a mode and r
    # toggle the right wall, d the lower one.
    old = tile(made[-1], "E5").rsplit(":", 1)[0]
    for custom_id in (old, old + ":r", old + ":d"):
        shown = harness.messages[message_id]["components"]
        button = next(
            c for row in shown for c in row["components"] if c["custom_id"].startswith(old)
        )
        button["custom_id"] = custom_id  # the button as an older message carries it
        await harness.click(message_id, custom_id, ALICE)
    stored = await harness.bot.storage.game(game.id)
    assert stored.state.walls - drawn == walls_named("E5-E6") and stored.turns == 11

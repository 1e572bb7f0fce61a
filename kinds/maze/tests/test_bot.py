"""The maze through the real dispatch: arrows that run, the window following the player,
typed runs and walks back, fog on the picture, a win, a give-up and the daily post."""

import math
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

from db import DailyKind
from kinds.maze.pack import build
from kinds.maze.picture import EXIT, FOG, START
from play import load
from playground.offline import default_name
from puzzle import KINDS
from puzzle.grid import cell_name
from renderer import theme

KIND = KINDS["maze"]


async def new_maze(harness, size="8x8", seed="walk", level="normal"):
    made = await harness.command("new", ALICE, group="maze", size=size, level=level, seed=seed)
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    return request, message_of(harness, request), game


def arrows(request):
    return {request.button(i)["label"]: i for i in request.custom_ids() if ":a:" in i}


async def test_a_maze_shows_arrows_and_a_window_around_the_player_without_prev_next(harness):
    request, _, game = await new_maze(harness)
    assert request.content.startswith("**Maze 8x8-walk** · 8×8 · normal · par ")
    labels = [request.button(i)["label"] for i in request.custom_ids()]
    assert labels[-5:] == ["⬅ Left", "⬆ Up", "⬇ Down", "➡ Right", "💡 Hint"]
    assert not any("Prev" in label or "Next" in label for label in labels)
    maze = load(game.puzzle)
    assert f"{maze.name(maze.start)} @" in labels
    # In fog, a cell far from the start is hatched grey on the picture.
    image = request.image().convert("RGB")
    assert FOG in {colour for _, colour in image.getcolors(1 << 16)}


async def test_an_arrow_runs_to_the_next_junction_and_the_window_follows(harness):
    request, message_id, game = await new_maze(harness, size="20x20", seed="follow")
    maze = load(game.puzzle)
    state = KIND.initial_state(maze)
    for _ in range(6):  # walk the shortest way out by the arrows the hint names
        run = KIND.hint(maze, state)
        letter = KIND.format_move(maze, run).lower()
        made = await harness.click(message_id, arrows(request)[_label(letter)], ALICE)
        request = made[-1]
        state = KIND.apply(maze, state, [run]).state
        stored = await harness.bot.storage.game(game.id)
        assert stored.state == state
        name = maze.name(state.player)
        if state.player == maze.exit:
            break
        assert any(request.button(i)["label"] == f"{name} @" for i in request.custom_ids())


def _label(letter):
    return {"l": "⬅ Left", "u": "⬆ Up", "d": "⬇ Down", "r": "➡ Right"}[letter]


async def test_typed_runs_win_with_par_and_the_way_out_drawn(harness):
    _, message_id, game = await new_maze(harness, size="10x10", seed="typed", level="easy")
    maze = load(game.puzzle)
    state, letters = KIND.initial_state(maze), []
    while state.player != maze.exit:
        run = KIND.hint(maze, state)
        letters.append(KIND.format_move(maze, run))
        state = KIND.apply(maze, state, [run]).state
    made = await harness.command("move", ALICE, group="maze", moves="".join(letters))
    done = await harness.bot.storage.game(game.id)
    assert done.solved and done.turns == maze.par
    tally = f"with {maze.par} steps (par {maze.par})"
    assert tally in harness.messages[message_id]["content"]
    announcement = next(r for r in made if "solved" in r.content and not r.ephemeral)
    assert "Maze 10x10e-typed" in announcement.content and not announcement.files
    picture = next(r for r in made if r.files).image("maze-win.png").convert("RGB")
    colours = {colour for _, colour in picture.getcolors(1 << 16)}
    assert theme.VERMILLION in colours and picture.getpixel((0, 0)) == theme.SOLVED


async def test_going_to_a_cell_not_walked_is_refused_and_names_the_maze(harness):
    _, _, game = await new_maze(harness)
    maze = load(game.puzzle)
    far = next(c for c in range(64) if c != maze.start)
    made = await harness.command("go", ALICE, group="maze", cell=cell_name(far % 8, far // 8))
    assert made[-1].ephemeral and made[-1].content.endswith("\n-# Maze 8x8-walk")
    assert (await harness.bot.storage.game(game.id)).version == 0


async def test_giving_up_a_maze_shows_the_way_out_on_a_gave_up_banner(harness):
    await new_maze(harness)
    made = await harness.command("giveup", ALICE, group="maze")
    picture = made[-1].image().convert("RGB")
    assert picture.getpixel((0, 0)) == theme.GAVE_UP
    assert theme.VERMILLION in {colour for _, colour in picture.getcolors(1 << 16)}
    assert "🏳 Given up after 0 steps: the picture shows the way out." in made[-1].content


async def test_the_daily_post_carries_a_maze_that_shows_nothing_but_its_size(harness, clock):
    await enable_daily(harness, "5x4", DailyKind("maze", "10x10", position=0))
    assert await harness.bot.poster.tick() == 1
    post = daily_post(harness)
    assert "**Daily Maze — 2026-11-22** · 10×10 · normal · par " in post.content
    picture = (await post_picture(harness, "maze")).convert("RGB")
    colours = {c for _, c in picture.getcolors(1 << 16)}
    assert FOG in colours and START not in colours and EXIT not in colours
    play = next(i for i in post.custom_ids() if i.startswith("pipes:play:"))
    made = await harness.click(message_of(harness, post), play, ALICE)
    board = board_message(made)
    assert board.ephemeral and board.content.startswith("**Daily Maze 2026-11-22** · 10×10")


async def test_the_datapack_builds_the_maze_being_walked(harness):
    _, _, game = await new_maze(harness, size="9x7", seed="pack")
    made = await harness.command("datapack", ALICE, group="maze")
    reply = made[-1]
    assert reply.ephemeral and "**9x7-pack**" in reply.content
    assert "`/function maze:build`" in reply.content
    [(name, blob)] = reply.files
    assert name == "maze-9x7-pack-datapack.zip"
    maze = load(game.puzzle)
    assert (name, blob) == build(maze)  # the very maze on the board


async def solve_daily_maze(harness, clock, user, wander, wait):
    """``user`` opens the daily maze, waits ``wait`` seconds and walks out by the hints'
    runs — after a stretch out by an arrow and back when ``wander`` (further than par) —
    and wins on their private board: the maze and the finished game."""
    made = await harness.command("daily", user, group="maze")
    request = board_message(made)
    message_id = message_of(harness, request)
    game = next(g for g in await harness.bot.storage.unfinished_games(user) if g.daily_id)
    maze = load(game.puzzle)
    clock.now += timedelta(seconds=wait)
    if wander:
        run = KIND.format_move(maze, KIND.hint(maze, KIND.initial_state(maze))).lower()
        arrow = next(i for i in request.custom_ids() if f":a:{game.id}:{run}:" in i)
        await harness.click(message_id, arrow, user)
        await harness.command("go", user, group="maze", cell=maze.name(maze.start))
    state = (await harness.bot.storage.game(game.id)).state
    letters = []
    while state.player != maze.exit:
        run = KIND.hint(maze, state)
        letters.append(KIND.format_move(maze, run))
        state = KIND.apply(maze, state, [run]).state
    won = await harness.command("move", user, group="maze", moves="".join(letters))
    assert any("solved the daily Maze" in r.content for r in won)
    assert harness.files[message_id][0][0] == "maze-win.png"  # the private board won
    return maze, await harness.bot.storage.game(game.id)


async def test_a_daily_maze_is_solved_end_to_end_and_ranks_by_steps_then_time(harness, clock):
    await enable_daily(harness, "5x4", DailyKind("maze", "8x8e", position=0))
    assert await harness.bot.poster.tick() == 1
    for user, wander, wait in ((ALICE, True, 30), (BOB, False, 300)):
        maze, _ = await solve_daily_maze(harness, clock, user, wander, wait)
    board = (await harness.command("leaderboard", ALICE, group="maze"))[0].content
    first, second = (line for line in board.splitlines() if line[:2] in ("1.", "2."))
    assert first.startswith(f"1. {default_name(BOB)} · {maze.par} steps · 5:00"), board
    assert second.startswith(f"2. {default_name(ALICE)} · "), board  # faster, further


async def test_a_new_hard_maze_puts_start_and_exit_a_third_of_it_apart(harness):
    """``maze:8x8h-abc`` once had them side by side (H6 → H5)."""
    _, _, game = await new_maze(harness, size="8x8", seed="abc", level="hard")
    maze = load(game.puzzle)
    across = abs(maze.start % 8 - maze.exit % 8) + abs(maze.start // 8 - maze.exit // 8)
    assert across >= 3 and game.puzzle.generator == "maze/3"
    assert KIND.grades["hard"][0] <= game.puzzle.difficulty


async def test_in_the_fog_a_daily_ranks_walks_within_the_expected_steps_by_time(harness, clock):
    """Steps in the fog are partly luck: Alice wanders (within the steps her maze's grade
    expects) but is out sooner than Bob, who walks straight: she ranks first."""
    await enable_daily(harness, "5x4", DailyKind("maze", "8x8", position=0))
    assert await harness.bot.poster.tick() == 1
    walked = {}
    for user, wander, wait in ((ALICE, True, 30), (BOB, False, 300)):
        maze, game = await solve_daily_maze(harness, clock, user, wander, wait)
        walked[user] = game.turns
    assert maze.level == "normal" and maze.par == walked[BOB] < walked[ALICE] <= maze.expected
    assert maze.expected == math.ceil(game.puzzle.difficulty * 64)
    board = (await harness.command("leaderboard", ALICE, group="maze"))[0].content
    first, second = (line for line in board.splitlines() if line[:2] in ("1.", "2."))
    assert first.startswith(f"1. {default_name(ALICE)} · {walked[ALICE]} steps · 0:30"), board
    assert second.startswith(f"2. {default_name(BOB)} · {maze.par} steps · 5:00"), board

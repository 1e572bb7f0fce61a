"""Every figure with its unit and its truth (issue 34), through the real dispatch: par and
results name their unit in every kind, Minesweeper's flags do not count against the opens
its par counts, hint penalties read as times, the 💡 button says what it did, a given-up
board shows its kind's solution, and the help states the limits of a typed command."""

import re

import pytest
from botkit import ALICE, BOB, GRADE, board_message, enable_daily, message_of, new_board
from test_hidden_daily import post_of

from bot.kinds import FACES
from kinds.pipes.tests.clicks import solve_by_clicks
from play import load
from play.service import MAX_MOVES
from puzzle import KINDS
from puzzle.grid import cell_name

#: A small board of each kind, and what its par counts.
BOARDS = {
    "pipes": ("5x4", "turns"),
    "mines": ("beginner", "opens"),
    "maze": ("8x8", "steps"),
    "drops": ("5x4", "drops left"),
    "choco": ("6x6", "walls"),
}


async def started(harness, group):
    made = await harness.command("new", ALICE, group=group, size=BOARDS[group][0], seed="units")
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    return board_message(made), game


@pytest.mark.parametrize("group", sorted(BOARDS))
async def test_par_names_its_unit_on_every_board(harness, group):
    request, game = await started(harness, group)
    par = KINDS[group].par(load(game.puzzle))
    head = request.content.splitlines()[0]
    assert re.search(rf" · par {par} {BOARDS[group][1]}{GRADE}$", head)


async def test_par_names_its_unit_in_the_post_the_leaderboard_and_the_win(harness):
    await enable_daily(harness)
    assert await harness.bot.poster.tick() == 1
    made = await harness.command("daily", ALICE)
    game = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    par = KINDS["pipes"].par(load(game.puzzle))
    assert re.search(rf" · par {par} turns{GRADE}\n", post_of(harness).content)
    won = await solve_by_clicks(harness, message_of(harness, board_message(made)), game)
    announcement = next(r for r in won if "🎉" in r.content)
    turns = (await harness.bot.storage.game(game.id)).turns
    assert f"with {turns} turns (par {par})." in announcement.content
    board = (await harness.command("leaderboard", BOB))[0].content
    assert re.search(rf" · par {par} turns{GRADE}$", board.splitlines()[0])


async def test_minesweeper_counts_flags_apart_from_the_opens_par_counts(harness):
    _, game = await started(harness, "mines")
    puzzle = load(game.puzzle)
    mine = min(puzzle.mines)
    made = await harness.command("flag", ALICE, group="mines", cells=cell_name(mine % 9, mine // 9))
    assert (await harness.bot.storage.game(game.id)).turns == 0  # a flag is no open
    assert "🚩 1/10 flagged" in made[-1].content and " · 0 opens · " in made[-1].content
    safe = next(c for c in range(81) if c not in puzzle.mines and c not in game.state.opened)
    made = await harness.command("open", ALICE, group="mines", cells=cell_name(safe % 9, safe // 9))
    assert (await harness.bot.storage.game(game.id)).turns == 1
    assert " · 1 open · " in made[-1].content


async def test_hint_penalties_read_as_times(harness):
    _, message_id, game = await new_board(harness)
    await harness.command("hint", ALICE)
    made = await harness.command("hint", ALICE)
    assert "💡 2 (+1:00)" in made[-1].content
    game = await harness.bot.storage.game(game.id)
    won = await solve_by_clicks(harness, message_id, game)
    announcement = next(r for r in won if "🎉" in r.content)
    assert re.search(r"\*\*\d+:\d\d \(\d+:\d\d \+ 1:00 for 2 hints\)\*\*", announcement.content)
    assert " s for " not in announcement.content


async def test_the_hint_button_says_what_it_did_as_the_typed_hint_does(harness):
    _, message_id, game = await new_board(harness)
    [update] = await harness.click(message_id, f"pipes:h:{game.id}:0:0:c", ALICE)
    move = (await harness.bot.storage.moves(game.id))[-1].move
    cell = re.match(r"[A-E][1-4]", move).group()
    assert re.search(
        rf"\n💡 The hint turned {cell} [↻↺] (once|twice) \(\+0:30 on your time\)\.$",
        update.content,
    ), update.content


async def test_a_given_up_ten_drops_board_shows_its_optimal_taps(harness):
    _, game = await started(harness, "drops")
    made = await harness.command("giveup", ALICE, group="drops")
    shown = next(r for r in made if r.files)
    assert [name for name, _ in shown.files] == ["drops-solution.png"]
    assert "🏳 Given up after 0 taps: the picture shows the solution" in shown.content
    assert len(load(game.puzzle).solution) > 1


@pytest.mark.parametrize("group", sorted(BOARDS))
async def test_a_given_up_board_says_its_picture_shows_the_solution(harness, group):
    await started(harness, group)
    made = await harness.command("giveup", ALICE, group=group)
    counted = FACES[group].counted(0)
    assert f"🏳 Given up after {counted}: the picture shows " in made[-1].content


@pytest.mark.parametrize("group", sorted(FACES))
async def test_help_states_the_limits_of_a_typed_command(harness, group):
    said = (await harness.command("help", ALICE, group=group))[-1].content
    verb = FACES[group].verbs[0].name
    command = harness.bot.tree.get_command(group).get_command(verb)
    length = command.parameters[0].max_value
    assert f"at most {MAX_MOVES} moves and {length} characters" in said

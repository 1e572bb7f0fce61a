"""Ten Drops through the real dispatch: a board and its buttons, a click that sets off a chain
and answers with its animation, typed taps that win with par, a refusal that changes
nothing, a lost board, a hint, and the daily end to end, ranked by drops left then time."""

import io
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

from db import DailyKind
from kinds.drops.engine import solve
from kinds.drops.picture import BANNERS, BURST, DROP, MAX_TICKS, SPLASH
from play import load
from playground.offline import default_name
from puzzle import KINDS

KIND = KINDS["drops"]
NO_DROPS = BANNERS["lost"][1]


async def new_drops(harness, size="6x6", seed="splash", level="normal"):
    made = await harness.command("new", ALICE, group="drops", size=size, level=level, seed=seed)
    request = board_message(made)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    return request, message_of(harness, request), game


def tile(request, name):
    """The custom id of the tile button of the cell ``name``."""
    return next(i for i in request.custom_ids() if request.button(i)["label"].split()[0] == name)


def colours(image):
    return {colour for _, colour in image.convert("RGB").getcolors(1 << 16)}


async def test_a_board_shows_its_drops_on_buttons_and_picture(harness):
    request, _, game = await new_drops(harness)
    board = load(game.puzzle)
    assert request.content.startswith(
        "**Ten Drops 6x6-splash** · 6×6 · normal · 10 drops to start · "
        f"par {board.par} drops left · grade {game.puzzle.difficulty:.3g}\n"
    )
    assert "Goal: clear the board with as many drops left as you can" in request.content
    shown = 0
    for custom_id in request.custom_ids():
        button = request.button(custom_id)
        name = button["label"].split()[0]
        if ":t:" not in custom_id or not name[1:].isdigit():
            continue
        cell = (int(name[1:]) - 1) * board.width + ord(name[0]) - ord("A")
        count = board.cells[cell]
        assert button["label"] == f"{name} {count or '·'}"
        assert button["style"] == (4 if count == 4 else 2)  # red: ready to burst
        shown += 1
    assert shown == 9  # a 3×3 window: the 6×6 board in four windows
    assert {DROP[v] for v in set(board.cells) - {0}} <= colours(request.image())


async def test_a_click_on_a_4_bursts_it_and_answers_with_the_chain_animated(harness):
    request, message_id, game = await new_drops(harness)
    board = load(game.puzzle)
    window = [request.button(i)["label"].split()[0] for i in request.custom_ids()]
    cell = next(c for c, v in enumerate(board.cells) if v == 4 and board.name(c) in window)
    made = await harness.click(message_id, tile(request, board.name(cell)), ALICE)
    expected = KIND.apply(board, KIND.initial_state(board), [cell])
    stored = await harness.bot.storage.game(game.id)
    assert stored.state == expected.state and stored.turns == 1
    [update] = [r for r in made if r.files]
    assert [name for name, _ in update.files] == ["board.png", "drops-chain.gif"]
    gif = Image.open(io.BytesIO(dict(update.files)["drops-chain.gif"]))
    [chain] = expected.trace
    assert 2 <= len(chain.ticks) <= MAX_TICKS
    assert gif.n_frames == len(chain.ticks) + 1  # every tick, then the board after
    assert {SPLASH, BURST} <= colours(gif)  # tick 0: the burst and its four splashes
    gif.seek(gif.n_frames - 1)
    assert not {SPLASH, BURST} & colours(gif)  # the board after: nothing in flight
    bursts = f"{chain.bursts} burst{'s' if chain.bursts > 1 else ''}"
    assert (
        f"💧 {expected.state.drops} drops left · 1 tap · last chain {bursts}"
        in (harness.messages[message_id]["content"])
    )


async def test_a_quiet_tap_has_no_animation_and_two_chains_play_one_after_the_other(harness):
    _, _, game = await new_drops(harness, seed="two")
    board = load(game.puzzle)
    quiet = next(c for c, v in enumerate(board.cells) if 0 < v < 4)
    made = await harness.command("tap", ALICE, group="drops", cells=board.name(quiet))
    assert {n for r in made for n, _ in r.files} == {"board.png"}  # no chain, no GIF
    fours = [c for c, v in enumerate(board.cells) if v == 4]
    state = (await harness.bot.storage.game(game.id)).state
    taps = [board.name(c) for c in fours[:2]] + [board.name(quiet)]
    applied = KIND.apply(board, state, KIND.parse_moves(board, state, " ".join(taps)))
    assert len(applied.trace) >= 2
    made = await harness.command("tap", ALICE, group="drops", cells=" ".join(taps))
    gif = Image.open(io.BytesIO(dict(made[-1].files)["drops-chain.gif"]))
    # Each chain's ticks then the board after it, and the board after the last tap if that
    # one burst nothing.
    after = 1 if applied.trace[-1].later else 0
    assert gif.n_frames == sum(len(c.ticks) + 1 for c in applied.trace) + after
    gif.seek(gif.n_frames - 1)
    assert not {SPLASH, BURST} & colours(gif)


async def test_typed_taps_clear_the_board_with_par_and_the_win_is_announced(harness):
    _, message_id, game = await new_drops(harness, seed="typed")
    board = load(game.puzzle)
    taps = " ".join(board.name(c) for c in board.solution)
    made = await harness.command("tap", ALICE, group="drops", cells=taps)
    done = await harness.bot.storage.game(game.id)
    assert done.solved and done.state.drops == board.par
    tally = f"{board.par} drops left in {len(board.solution)} taps (par {board.par} drops left)"
    assert f"with {tally}." in harness.messages[message_id]["content"]
    announcement = next(r for r in made if "solved" in r.content and not r.ephemeral)
    assert tally in announcement.content and not announcement.files
    assert harness.files[message_id][-1][0] == "drops-win.png"


async def test_a_cell_off_the_board_is_refused_in_one_sentence_and_changes_nothing(harness):
    await new_drops(harness)
    game = (await harness.bot.storage.unfinished_games(ALICE))[0]
    made = await harness.command("tap", ALICE, group="drops", cells="A1 Z9")
    assert made[-1].ephemeral and made[-1].content == (
        "Z9 is outside the 6×6 board: columns A–F, rows 1–6. Nothing was changed.\n"
        "-# Ten Drops 6x6-splash"
    )
    assert (await harness.bot.storage.game(game.id)).version == 0


async def test_running_out_of_drops_loses_the_board_under_a_banner(harness):
    _, message_id, game = await new_drops(harness, seed="dry")
    board = load(game.puzzle)
    quiet = [c for c, v in enumerate(board.cells) if v <= 2][:5]  # no burst for 10 taps
    taps = " ".join(board.name(c) for c in quiet for _ in range(2))
    made = await harness.command("tap", ALICE, group="drops", cells=taps)
    done = await harness.bot.storage.game(game.id)
    assert done.finished and not done.solved and done.state.drops == 0
    assert "No drops left after 10 taps" in harness.messages[message_id]["content"]
    picture = board_message(made).image().convert("RGB")
    assert picture.getpixel((0, 0)) == NO_DROPS


async def test_a_hint_is_the_next_tap_of_a_best_line(harness):
    _, message_id, game = await new_drops(harness, seed="hinted")
    board = load(game.puzzle)
    await harness.command("hint", ALICE, group="drops")
    stored = await harness.bot.storage.game(game.id)
    assert stored.hints == 1 and stored.turns == 1
    after = KIND.apply(board, KIND.initial_state(board), [board.solution[0]]).state
    assert stored.state == after
    assert "💡 1 (+0:30)" in harness.messages[message_id]["content"]


async def test_the_daily_is_played_end_to_end_and_ranks_by_drops_left_then_time(harness, clock):
    await enable_daily(harness, "5x4", DailyKind("drops", "6x6", position=0))
    assert await harness.bot.poster.tick() == 1
    post = daily_post(harness)
    assert (
        "💧 **Daily Ten Drops — 2026-11-22** · 6×6 · normal · 10 drops to start · par "
        in post.content
    )
    assert not set(DROP.values()) & colours(await post_picture(harness, "drops"))  # no drop
    play = next(i for i in post.custom_ids() if i.startswith("pipes:play:"))
    made = await harness.click(message_of(harness, post), play, ALICE)
    assert board_message(made).content.startswith("**Daily Ten Drops 2026-11-22** · 6×6")
    for user, detour, wait in ((ALICE, True, 30), (BOB, False, 300)):
        await harness.command("daily", user, group="drops")
        game = next(g for g in await harness.bot.storage.unfinished_games(user) if g.daily_id)
        board = load(game.puzzle)
        clock.now += timedelta(seconds=wait)
        taps = [board.name(c) for c in board.solution]
        if detour:  # a tap off every optimal line first: Alice ends short of par, sooner
            taps = _detour(board)
        won = await harness.command("tap", user, group="drops", cells=" ".join(taps))
        assert any("solved the daily Ten Drops" in r.content for r in won)
    text = (await harness.command("leaderboard", ALICE, group="drops"))[0].content
    assert f"· par {board.par} drops left" in text.splitlines()[0]
    first, second = (line for line in text.splitlines() if line[:2] in ("1.", "2."))
    assert first.startswith(f"1. {default_name(BOB)} · {board.par} drops left · "), text
    assert second.startswith(f"2. {default_name(ALICE)} · "), text


def _detour(board):
    """Cell names of a line that taps a cell off every optimal line first (an empty one if
    one will do), then clears the board with fewer drops left than par (the best line from
    there, by the exact search)."""
    start = KIND.initial_state(board)
    for first in sorted(range(len(board.cells)), key=lambda c: (board.cells[c] > 0, c)):
        late = KIND.apply(board, start, [first]).state
        search = solve(board.width, board.height, bytes(late.cells), late.drops)
        if search.line is not None and search.line.drops < board.par:
            return [board.name(first), *(board.name(c) for c in search.line.taps)]
    raise AssertionError("every first tap starts a line to par")


async def test_a_hint_is_worked_out_away_from_the_event_loop_and_again_if_the_board_moved(
    harness,
):
    _, _, game = await new_drops(harness, seed="offload")
    board = load(game.puzzle)
    service, asked = harness.bot.service, []
    offload = service.offload

    async def recording(fn, *args):
        asked.append(fn)
        if len(asked) == 2:  # the board moves while the second hint is being worked out
            await service.play(game.id, ALICE, board.name(quiet))  # (another process)
        return await offload(fn, *args)

    quiet = next(c for c, v in enumerate(board.cells) if 0 < v < 3)
    service.offload = recording
    await harness.command("hint", ALICE, group="drops")
    assert asked == [KIND.hint]
    first = (await harness.bot.storage.game(game.id)).state
    await harness.command("hint", ALICE, group="drops")
    stored = await harness.bot.storage.game(game.id)
    moved = KIND.apply(board, first, [quiet]).state
    # The hint played is the moved board's, not the one worked out before the tap.
    assert stored.state == KIND.apply(board, moved, [KIND.hint(board, moved)]).state
    assert stored.turns == 3 and stored.hints == 2


def _buttons(harness, message_id):
    """The custom ids of a recorded message's buttons, by the first word of their labels."""
    rows = harness.messages[message_id]["components"]
    return {b["label"].split()[0]: b["custom_id"] for row in rows for b in row["components"]}


async def test_a_win_by_button_keeps_its_chain_then_the_solved_picture_in_one_upload(harness):
    _, message_id, game = await new_drops(harness, size="5x4", seed="button win")
    board = load(game.puzzle)
    *first, last = board.solution
    await harness.command("tap", ALICE, group="drops", cells=" ".join(map(board.name, first)))
    made = await harness.click(message_id, _buttons(harness, message_id)[board.name(last)], ALICE)
    assert (await harness.bot.storage.game(game.id)).solved
    uploads = [r for r in made if r.files]
    assert len(uploads) == 1  # one edit carries the chain and the win
    assert [name for name, _ in uploads[0].files] == ["drops-chain.gif", "drops-win.png"]
    gif = Image.open(io.BytesIO(dict(uploads[0].files)["drops-chain.gif"]))
    assert gif.n_frames > 2 and {SPLASH, BURST} <= colours(gif)  # the winning chain itself
    assert [name for name, _ in harness.files[message_id]] == ["drops-chain.gif", "drops-win.png"]


async def test_a_typed_win_keeps_its_chain_then_the_solved_picture_in_one_upload(harness):
    _, message_id, game = await new_drops(harness, size="5x4", seed="typed win")
    board = load(game.puzzle)
    made = await harness.command(
        "tap", ALICE, group="drops", cells=" ".join(map(board.name, board.solution))
    )
    assert (await harness.bot.storage.game(game.id)).solved
    edit, reply = [r for r in made if r.files]  # the board's message, the private answer
    assert [name for name, _ in edit.files] == ["drops-chain.gif", "drops-win.png"]
    assert reply.ephemeral and [name for name, _ in reply.files] == ["board.png"]
    assert [name for name, _ in harness.files[message_id]] == ["drops-chain.gif", "drops-win.png"]

"""The races and faults of issue 11, each through the real discord.py dispatch: many
interactions at once, the same interaction twice, and puzzles that are never regenerated."""

import asyncio

from botkit import ALICE, BOB, board_message, enable_daily, message_of, new_board

import kinds.pipes.engine
import kinds.pipes.engine.generator
import kinds.pipes.engine.kind
from play import NoSuchBoard
from puzzle import KINDS


async def stored_puzzle(harness, game):
    kind = KINDS["pipes"]
    return kind.load((await harness.bot.storage.game(game.id)).puzzle)


async def test_two_hint_clicks_at_once_both_turn_their_tile_right(harness):
    request, message_id, game = await new_board(harness, size="8x8", seed="hints")
    hint_id = next(i for i in request.custom_ids() if i.startswith("pipes:h:"))
    solution = kinds.pipes.engine.from_code("8x8-hints").solution
    running = asyncio.all_tasks()
    harness.press(message_id, hint_id, ALICE)
    harness.press(message_id, hint_id, ALICE)
    await harness.settle(running)
    assert not harness.errors
    after = await harness.bot.storage.game(game.id)
    changed = [i for i in range(64) if after.state.tiles[i] != game.state.tiles[i]]
    assert after.hints == 2 and len(changed) == 2
    assert all(after.state.tiles[i] == solution[i] for i in changed)


async def test_a_hint_whose_board_changed_meanwhile_is_worked_out_again_off_the_loop(harness):
    """A kind's hint may be a long search: when the board changes while it runs, it is run
    again away from the event loop, never inside the transaction (where it would hold every
    other click back)."""
    *_, game = await new_board(harness, size="8x8", seed="searched")
    service = harness.bot.service
    offload, searched = service.offload, []

    async def meanwhile_a_click(fn, *args):
        searched.append(args[-1])
        found = await offload(fn, *args)
        if len(searched) == 1:  # the player's other click lands while the hint is searched
            await service.play(game.id, ALICE, "A1")
        return found

    service.offload = meanwhile_a_click
    played = await service.hint(game.id, ALICE)
    clicked = await harness.bot.storage.game(game.id)
    assert len(searched) == 2 and searched[1] != searched[0]  # searched again, off the loop
    kind = KINDS["pipes"]
    puzzle = kind.load(clicked.puzzle)
    again = kind.hint(puzzle, searched[1])
    assert clicked.state == kind.apply(puzzle, searched[1], [again]).state
    assert played.applied and clicked.hints == 1


async def test_many_new_boards_at_once_are_all_posted_and_errors_stay_private(harness):
    running = asyncio.all_tasks()
    payloads = [harness.command_payload("new", 1000 + k, size="6x6") for k in range(36)]
    for payload in payloads:
        harness.deliver(payload)
    await harness.settle(running)
    assert not harness.errors
    boards = [r for r in harness.requests if any(f == "board.png" for f, _ in r.files)]
    assert len(boards) == 36
    texts = [r for r in harness.requests if r.content and not r.files]
    assert texts == []  # no error message at all, public or private
    for k in range(36):
        assert len(await harness.bot.storage.unfinished_games(1000 + k)) == 1


async def test_pressing_play_twice_quickly_makes_one_daily_game(harness):
    await enable_daily(harness)
    assert await harness.bot.poster.tick() == 1
    post = next(r for r in harness.requests if r.via == "http")
    play_id = post.custom_ids()[0]
    running = asyncio.all_tasks()
    harness.press(message_of(harness, post), play_id, ALICE)
    harness.press(message_of(harness, post), play_id, ALICE)
    await harness.settle(running)
    assert not harness.errors
    games = await harness.bot.storage.unfinished_games(ALICE)
    assert len(games) == 1 and games[0].mode == "daily"


async def test_a_redelivered_click_is_applied_once(harness):
    _, message_id, game = await new_board(harness)
    running = asyncio.all_tasks()
    payload = harness.press(message_id, f"pipes:t:{game.id}:7:0:0:c", ALICE)
    await harness.settle(running)
    harness.deliver(payload)  # Discord delivers the very same interaction again
    await harness.settle(running)
    after = await harness.bot.storage.game(game.id)
    assert after.version == 1 and after.turns == 1
    assert after.state.tiles[7] == ((game.state.tiles[7] << 1) | (game.state.tiles[7] >> 3)) & 15
    assert len(await harness.bot.storage.moves(game.id)) == 1


async def test_playing_never_regenerates_a_puzzle(harness, monkeypatch):
    request, message_id, game = await new_board(harness, size="10x10", seed="stored")
    hint_id = next(i for i in request.custom_ids() if i.startswith("pipes:h:"))
    for k in range(130):  # many other puzzles in play (v1's cache held 128)
        await harness.command("new", BOB, size="3x3", seed=f"other-{k}")

    def no_generation(*_args, **_kwargs):
        raise AssertionError("a stored puzzle was generated again")

    monkeypatch.setattr(kinds.pipes.engine.generator, "generate", no_generation)
    monkeypatch.setattr(kinds.pipes.engine.kind, "generate", no_generation)
    await harness.click(message_id, f"pipes:t:{game.id}:0:0:0:c", ALICE)
    await harness.click(message_id, hint_id, ALICE)
    await harness.command("rotate", ALICE, cells="B2")
    await harness.command("hint", ALICE)
    resumed = board_message(await harness.command("resume", ALICE))
    assert resumed.content.startswith("**Pipes 10x10-stored**")
    assert not harness.errors


async def test_a_new_generator_changes_no_stored_game(harness, monkeypatch):
    _, _, game = await new_board(harness, size="6x6", seed="frozen")
    before = await stored_puzzle(harness, game)
    other = kinds.pipes.engine.generator.generate(6, 6, "something-else")
    monkeypatch.setattr(kinds.pipes.engine.kind, "generate", lambda *_a, **_k: other)
    # The hint still leads to the stored solution, and the same code still plays the
    # stored puzzle.
    await harness.command("hint", ALICE)
    after = await harness.bot.storage.game(game.id)
    fixed = [i for i in range(36) if after.state.tiles[i] != game.state.tiles[i]]
    assert len(fixed) == 1 and after.state.tiles[fixed[0]] == before.solution[fixed[0]]
    made = await harness.command("new", BOB, size="6x6", seed="frozen")
    bob = (await harness.bot.storage.unfinished_games(BOB))[0]
    assert bob.puzzle.id == after.puzzle.id and bob.state.tiles == before.tiles
    assert message_of(harness, board_message(made))


async def test_a_refusal_after_a_public_deferral_is_private(harness, monkeypatch):
    async def refuse(*_args, **_kwargs):
        raise NoSuchBoard()

    monkeypatch.setattr(harness.bot.service, "new_game", refuse)
    made = await harness.command("new", ALICE, size="6x6")
    deferred, removed, answer = made
    assert deferred.callback_type == 5 and not deferred.ephemeral
    assert (removed.method, removed.path.split("/")[-1]) == ("DELETE", "@original")
    assert answer.ephemeral and "no longer exists" in answer.content
    public = [m for m in harness.messages.values() if not m["flags"] & 64]
    assert public == []  # nothing public is left behind

"""Undo (issue 34, item 7): ``/<kind> undo`` takes back the player's last command or click on
their board, whatever the kind — counted as a move, never a hint or anything before one,
never once the game is over — through the real dispatch for every kind, on both storage
backends where storage is raced, and as a property: undo after any moves gives the state
before the last of them."""

import asyncio
import importlib
from datetime import UTC, datetime

import pytest
from botkit import ALICE, BOB, board_message, enable_daily, message_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sentences import assert_one_sentence
from storekit import BACKENDS, FakeClock, open_backend

from bot.face import as_typed
from bot.kinds import FACES
from db import Change, DailyKind, MoveRecord, PuzzleRecord
from play import GameService, NotYourBoard, UserError, history, load
from puzzle import KINDS, MoveError

NAMES = sorted(KINDS)


def example(name):
    return importlib.import_module(f"kinds.{name}.tests.examples").EXAMPLE


def size_of(name):
    """The size of the kind's largest small example, as ``new`` takes it."""
    kind = KINDS[name]
    sizes = [kind.size(kind.parse_params(p)) for p in example(name).params]
    width, height = max(sizes, key=lambda s: s[0] * s[1])
    return f"{width}x{height}"


def legal_move(game):
    """A move the kind's rules allow on the game as stored (its hint), as typed."""
    kind, puzzle = KINDS[game.kind], load(game.puzzle)
    hint = kind.hint(puzzle, game.state)
    assert not isinstance(hint, str), hint
    return kind.format_move(puzzle, hint)


async def start(harness, name, user=ALICE):
    """A new board of the kind: its game, and the id of its message."""
    made = await harness.command("new", user, group=name, size=size_of(name), seed="undo")
    message = message_of(harness, board_message(made))
    return (await harness.bot.storage.unfinished_games(user))[0], message


async def typed(harness, name, text, user=ALICE):
    """The kind's typed move command that takes moves as written."""
    verb = next(v for v in FACES[name].verbs if v.moves is as_typed)
    return await harness.command(verb.name, user, group=name, **{verb.param: text})


def refused(made):
    reply = made[-1]
    assert reply.ephemeral and not reply.files
    said = reply.content.split("\n-# ")[0]  # the board it was about, in small print
    assert_one_sentence(said)
    return said


# ------------------------------------------------------------- through the dispatch


@pytest.mark.parametrize("name", NAMES)
async def test_a_daily_ranked_by_points_keeps_what_a_move_spent(harness, name):
    """On a daily ranked by points (what is left), an undo would give back what a tried move
    spent: refused there, nothing changed; a daily ranked by moves counts the undo as one."""
    await enable_daily(harness, "5x4", DailyKind(name, size_of(name), position=0))
    await harness.command("daily", ALICE, group=name)
    game = next(g for g in await harness.bot.storage.unfinished_games(ALICE) if g.daily_id)
    await typed(harness, name, legal_move(game))
    before = await harness.bot.storage.game(game.id)
    made = await harness.command("undo", ALICE, group=name)
    after = await harness.bot.storage.game(game.id)
    if KINDS[name].scoring.by == "points":
        assert (after.state, after.version) == (before.state, before.version)
        assert "daily" in refused(made)
    else:
        assert after.state == game.state and after.turns == before.turns + 1


@pytest.mark.parametrize("name", NAMES)
async def test_undo_takes_back_the_last_typed_move_and_counts_as_one(harness, name):
    game, _ = await start(harness, name)
    move = legal_move(game)
    await typed(harness, name, move)
    played = await harness.bot.storage.game(game.id)
    assert played.state != game.state and not played.finished
    made = await harness.command("undo", ALICE, group=name)
    after = await harness.bot.storage.game(game.id)
    assert after.state == game.state and not after.finished
    assert (after.turns, after.hints) == (played.turns + 1, 0)
    assert [m.move for m in await harness.bot.storage.moves(game.id)][-1] == "undo"
    reply = made[-1]
    assert reply.ephemeral and reply.files and "↶ Undone:" in reply.content
    assert f"+1 {FACES[name].counter[0]}" in reply.content
    # The board in view shows it too.
    assert any(r.method == "PATCH" and r.files for r in made[:-1])


@pytest.mark.parametrize("name", NAMES)
async def test_nothing_to_undo_on_a_fresh_board_is_said_and_changes_nothing(harness, name):
    game, _ = await start(harness, name)
    said = refused(await harness.command("undo", ALICE, group=name))
    assert "nothing to undo" in said
    assert (await harness.bot.storage.game(game.id)).version == game.version


@pytest.mark.parametrize("name", NAMES)
async def test_a_hint_and_what_came_before_it_cannot_be_undone(harness, name):
    game, _ = await start(harness, name)
    await typed(harness, name, legal_move(game))
    await harness.command("hint", ALICE, group=name)
    hinted = await harness.bot.storage.game(game.id)
    if hinted.finished:
        pytest.skip("the hint solved this board")
    said = refused(await harness.command("undo", ALICE, group=name))
    assert "hint" in said
    after = await harness.bot.storage.game(game.id)
    assert (after.state, after.hints, after.version) == (hinted.state, 1, hinted.version)


@pytest.mark.parametrize("name", NAMES)
async def test_a_board_given_up_cannot_be_undone(harness, name):
    game, _ = await start(harness, name)
    await typed(harness, name, legal_move(game))
    await harness.command("giveup", ALICE, group=name)
    over = await harness.bot.storage.game(game.id)
    said = refused(await harness.command("undo", ALICE, group=name))
    assert "is over" in said and "undone" in said
    assert (await harness.bot.storage.game(game.id)).version == over.version


async def test_undo_takes_back_a_click_and_a_whole_command_then_the_one_before(harness):
    game, message = await start(harness, "pipes")
    await harness.click(message, f"pipes:t:{game.id}:7:0:0:c", ALICE)
    clicked = await harness.bot.storage.game(game.id)
    await harness.command("rotate", ALICE, cells="A1 B2x2 C3ccw")
    await harness.command("undo", ALICE)  # the three turns of the command, at once
    assert (await harness.bot.storage.game(game.id)).state == clicked.state
    await harness.command("undo", ALICE)  # then the click
    after = await harness.bot.storage.game(game.id)
    assert after.state == game.state and after.turns == clicked.turns + 4 + 2


async def test_undo_takes_back_a_restart(harness):
    game, _ = await start(harness, "pipes")
    await harness.command("rotate", ALICE, cells="A1 B2")
    turned = await harness.bot.storage.game(game.id)
    await harness.command("restart", ALICE)
    made = await harness.command("undo", ALICE)
    assert (await harness.bot.storage.game(game.id)).state == turned.state
    assert "↶ Undone: the restart" in made[-1].content


async def test_an_undo_delivered_twice_takes_back_one_move(harness):
    game, _ = await start(harness, "pipes")
    await harness.command("rotate", ALICE, cells="A1")
    await harness.command("rotate", ALICE, cells="B2")
    first = await harness.bot.storage.game(game.id)
    running = asyncio.all_tasks()
    payload = harness.command_payload("undo", ALICE)
    harness.deliver(payload)
    await harness.settle(running)
    harness.deliver(payload)  # Discord delivers the very same interaction again
    await harness.settle(running)
    after = await harness.bot.storage.game(game.id)
    assert after.version == first.version + 1 and after.turns == first.turns + 1
    assert [m.move for m in await harness.bot.storage.moves(game.id)] == ["A1", "B2", "undo"]


async def test_two_undos_at_once_take_back_two_moves(harness):
    game, _ = await start(harness, "pipes")
    await harness.command("rotate", ALICE, cells="A1")
    await harness.command("rotate", ALICE, cells="B2")
    running = asyncio.all_tasks()
    harness.deliver(harness.command_payload("undo", ALICE))
    harness.deliver(harness.command_payload("undo", ALICE))
    await harness.settle(running)
    assert not harness.errors
    assert (await harness.bot.storage.game(game.id)).state == game.state


# ------------------------------------------------------------ the service, both backends


@pytest.fixture(params=BACKENDS)
async def service(request, tmp_path):
    if request.param == "postgres":
        request.getfixturevalue("postgres")
    clock = FakeClock()
    storage = await open_backend(request.param, tmp_path / "undo.sqlite3", clock=clock)
    yield GameService(storage, clock=clock)
    await storage.close()


async def test_undos_raced_on_one_board_each_take_back_one_command(service):
    board = await service.new_game("pipes", ALICE, None, None, "6x6", "race")
    game = board.game
    for cells in ("A1", "B2", "C3", "D4"):
        await service.play(game.id, ALICE, cells)
    results = await asyncio.gather(
        *(service.undo(game.id, ALICE, interaction_id=500 + k) for k in range(3))
    )
    assert all(r.applied for r in results)
    after = await service.storage.game(game.id)
    first = await replayed(service, game, ["A1"])
    assert after.state == first and after.turns == 4 + 3


async def test_an_undo_delivered_twice_at_once_is_applied_once(service):
    board = await service.new_game("pipes", ALICE, None, None, "6x6", "twice")
    game = board.game
    await service.play(game.id, ALICE, "A1")
    await service.play(game.id, ALICE, "B2")
    results = await asyncio.gather(*(service.undo(game.id, ALICE, 700) for _ in range(3)))
    assert sorted(r.applied for r in results) == [False, False, True]
    after = await service.storage.game(game.id)
    assert after.state == await replayed(service, game, ["A1"]) and after.version == 3


async def test_only_its_player_undoes_a_board(service):
    game = (await service.new_game("pipes", ALICE, None, None, "6x6", "mine")).game
    await service.play(game.id, ALICE, "A1")
    with pytest.raises(NotYourBoard):
        await service.undo(game.id, BOB)
    assert (await service.storage.game(game.id)).version == 1


async def test_undo_never_reaches_past_a_hint_and_its_penalty_stays(service):
    board = await service.new_game("pipes", ALICE, None, None, "6x6", "hinted")
    game = board.game
    await service.play(game.id, ALICE, "A1")
    await service.hint(game.id, ALICE)
    await service.play(game.id, ALICE, "B2")
    hinted = (await service.undo(game.id, ALICE)).board.game
    with pytest.raises(UserError, match="hint"):
        await service.undo(game.id, ALICE)
    after = await service.storage.game(game.id)
    assert (after.state, after.hints, after.version) == (hinted.state, 1, hinted.version)


async def replayed(service, game, texts):
    """The state of ``game``'s puzzle after the moves ``texts``, by the kind's rules."""
    kind, puzzle = KINDS[game.kind], load(game.puzzle)
    state = kind.initial_state(puzzle)
    for text in texts:
        state = kind.apply(puzzle, state, kind.parse_moves(puzzle, state, text)).state
    return state


# ------------------------------------------------------------------------ the property


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
@pytest.mark.parametrize("name", NAMES)
def test_undo_after_any_moves_gives_the_state_before_the_last(name, tmp_path_factory, data):
    """Commands drawn at random — typed moves (several at once or one), hints, restarts and
    undos — on a stored game: every undo that is allowed gives the state as it was before
    the command it takes back, and one that is not (nothing left, a hint) changes nothing."""
    words = example(name)

    async def scenario():
        path = tmp_path_factory.mktemp("undo") / "db.sqlite3"
        clock = FakeClock()
        storage = await open_backend("sqlite", path, clock=clock)
        service = GameService(storage, clock=clock)
        try:
            params = words.params[data.draw(st.integers(0, len(words.params) - 1), "params")]
            game = (await service.new_game(name, ALICE, None, None, params, "prop")).game
            kind, puzzle = KINDS[name], load(game.puzzle)
            width, height = game.width, game.height
            #: The states before each command still standing, and whether it was a hint.
            standing: list[tuple[object, bool]] = []
            for _ in range(data.draw(st.integers(1, 12), "commands")):
                before = (await storage.game(game.id)).state
                if kind.status(puzzle, before).finished:
                    break
                what = data.draw(st.sampled_from(["moves", "moves", "hint", "restart", "undo"]))
                if what == "undo":
                    try:
                        await service.undo(game.id, ALICE)
                    except UserError:
                        assert not standing or standing[-1][1]  # nothing left, or a hint
                        assert (await storage.game(game.id)).state == before
                        continue
                    assert (await storage.game(game.id)).state == standing.pop()[0]
                    continue
                try:
                    if what == "hint":
                        played = await service.hint(game.id, ALICE)
                    elif what == "restart":
                        played = await service.restart(game.id, ALICE)
                    else:
                        cells = data.draw(
                            st.lists(
                                st.tuples(
                                    st.integers(0, width - 1),
                                    st.integers(0, height - 1),
                                    st.sampled_from(words.suffixes),
                                ),
                                min_size=1,
                                max_size=3,
                            ),
                            "cells",
                        )
                        text = " ".join(words.word(x, y, s, width, height) for x, y, s in cells)
                        played = await service.play(game.id, ALICE, text)
                except (UserError, MoveError):
                    continue
                if played.moves:  # a command that changed nothing stored nothing to undo
                    standing.append((before, what == "hint"))
        finally:
            await storage.close()

    asyncio.run(scenario())


async def test_a_board_over_is_not_undone_even_when_it_ended_meanwhile(service):
    game = (await service.new_game("pipes", ALICE, None, None, "6x6", "ended")).game
    await service.play(game.id, ALICE, "A1")
    await service.give_up(game.id, ALICE)
    with pytest.raises(UserError, match="is over, and a finished board cannot be undone"):
        await service.undo(game.id, ALICE)


async def test_an_undo_that_keeps_meeting_newer_moves_says_the_board_is_busy(service, monkeypatch):
    game = (await service.new_game("pipes", ALICE, None, None, "6x6", "busy")).game
    await service.play(game.id, ALICE, "A1")
    change = service.storage.change

    async def another_move_first(game_id, user_id, rules, **kwargs):
        await change(game_id, user_id, lambda current, now: turn_b2(current))
        return await change(game_id, user_id, rules, **kwargs)

    def turn_b2(current):
        kind, puzzle = KINDS["pipes"], load(current.puzzle)
        applied = kind.apply(puzzle, current.state, kind.parse_moves(puzzle, current.state, "B2"))
        return Change(applied.state, ("B2",), applied.counted)

    monkeypatch.setattr(service.storage, "change", another_move_first)
    with pytest.raises(UserError, match="busy"):
        await service.undo(game.id, ALICE)
    monkeypatch.undo()
    assert [m.move for m in await service.storage.moves(game.id)] == ["A1", "B2", "B2", "B2"]


def test_moves_read_back_as_the_commands_standing():
    """One change's moves are one command; an undo takes back the one standing before it;
    moves stored before versions were kept are commands of one move each, never undone."""
    at = datetime(2026, 11, 22, tzinfo=UTC)
    rows = [
        (None, "A1", False), (None, "B1", False),  # stored before versions were kept
        (3, "A2", False), (3, "B2", False), (4, "C3", True), (5, "D4", False),
        (6, "undo", False), (7, "restart", False), (8, "A1", False), (9, "undo", False),
    ]  # fmt: skip
    records = [
        MoveRecord(k, 1, ALICE, move, hint, at, version)
        for k, (version, move, hint) in enumerate(rows, start=1)
    ]
    commands = history.standing(records)
    assert [(c.moves, c.hint, c.numbered) for c in commands] == [
        (("A1",), False, False),
        (("B1",), False, False),
        (("A2", "B2"), False, True),
        (("C3",), True, True),
        (("restart",), False, True),
    ]
    assert history.standing(records[:2]) == commands[:2]
    assert history.undo(PuzzleRecord(*[0] * 11), records[:2]) == history.BEFORE
    assert history.undo(PuzzleRecord(*[0] * 11), records[:5]) == history.HINT
    assert history.undo(PuzzleRecord(*[0] * 11), []) == history.NOTHING

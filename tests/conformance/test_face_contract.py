"""The contract of ``bot.face.Face``, checked on every registered face and on Lights Out's
(tests/template/lights/face.py): one face per kind, pictures for every outcome, buttons that
say what they are, clicks that make moves the kind reads, and words that name the kind's
own commands."""

import io
import re
from datetime import UTC, datetime, timedelta

import discord
import pytest
from PIL import Image
from template import register_face
from template.lights.face import FACE as LIGHTS_FACE

import play.scoring
from bot.board_message import board_view, first_window
from bot.groups import kind_group
from bot.kinds import FACES
from bot.texts import help_text, status
from bot.window import viewport
from bot.workers import Workers
from db import Game, PuzzleRecord
from play import Board
from puzzle import KINDS, Marks, Status

UNDER_TEST = {**FACES, LIGHTS_FACE.name: LIGHTS_FACE}
START = datetime(2026, 11, 22, 12, tzinfo=UTC)


@pytest.fixture(autouse=True)
def lights(request, monkeypatch):
    """Lights Out registered for the tests of its face (the registries stay as they are for
    the others)."""
    if "name" in request.fixturenames and request.getfixturevalue("name") == "lights":
        register_face(monkeypatch)


def test_every_kind_has_a_face_and_every_face_a_kind():
    assert FACES.keys() == KINDS.keys()
    assert all(face.kind is KINDS[name] for name, face in FACES.items())


def board_of(face, outcome="playing", seed="face", pick=min):
    """A board of a kind's smallest preset (``pick=max``: its largest): as it starts, solved
    by hints, or given up."""
    kind = face.kind
    params = pick(kind.presets, key=lambda p: kind.size(kind.parse_params(p)))
    made = kind.generate(kind.parse_params(params), seed)
    record = PuzzleRecord(1, made.kind, made.params, made.seed, made.width, made.height,
                          made.description, made.solution, made.par, made.difficulty,
                          made.generator)  # fmt: skip
    puzzle = kind.load(record)
    state, turns = kind.initial_state(puzzle), 0
    while outcome == "solved" and kind.status(puzzle, state).outcome == "playing":
        applied = kind.apply(puzzle, state, [kind.hint(puzzle, state)])
        state, turns = applied.state, turns + applied.counted
    shown = kind.status(puzzle, state)
    if outcome == "lost":
        shown = Status("lost", shown.details)
    finished = None if outcome == "playing" else START + timedelta(minutes=3)
    game = Game(
        id=7, puzzle=record, state=state, owner_id=1, mode="personal", guild_id=None,
        channel_id=None, message_id=None, daily_id=None, started_at=START,
        outcome=shown.outcome, finished_at=finished, turns=turns, hints=0, version=turns,
    )  # fmt: skip
    return Board(game, puzzle, shown, None)


@pytest.fixture(scope="module")
def workers():
    return Workers(0)


def png(data):
    image = Image.open(io.BytesIO(data))
    assert image.format in ("PNG", "GIF") and image.width > 50 and image.height > 50
    return image


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
@pytest.mark.parametrize("outcome", ["playing", "solved", "lost"])
async def test_a_board_of_every_outcome_has_a_picture_and_a_status(workers, name, outcome):
    face = UNDER_TEST[name]
    board = board_of(face, outcome)
    assert board.status.outcome == outcome
    game = board.game
    frame = None if game.finished else (0, 0, min(game.width, 5), min(game.height, 4))
    picture, window = await face.draw(workers, board, frame, Marks((0,), focus=0))
    png(picture)
    if window is not None:
        png(window)
    text = status(board, face)
    assert text.startswith(f"**{face.kind.title} ") and f"par {game.puzzle.par}" in text
    assert (face.goal in text) == (outcome == "playing")  # a fresh board says its goal
    if outcome == "solved":
        win, file_name, description = await face.win(workers, board)
        png(win)
        assert file_name.startswith(name) and description


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
async def test_the_daily_post_picture_shows_the_puzzle_as_it_starts(workers, name):
    face = UNDER_TEST[name]
    board = board_of(face)
    file_name, data = await face.post(workers, board.puzzle)
    assert file_name.endswith(".png")
    png(data)


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_every_button_says_what_it_is_and_every_click_makes_a_move(name):
    face = UNDER_TEST[name]
    board = board_of(face)
    game, kind = board.game, face.kind
    window = viewport(game.width, game.height)
    assert face.modes and face.first_mode in face.modes and face.next_mode(face.first_mode)
    for y in range(window.height):
        for x in range(window.width):
            cell = y * game.width + x
            label, style = face.tile_label(board, cell)
            assert isinstance(style, discord.ButtonStyle) and 0 < len(label) <= 80
            for mode in face.modes:
                moves = kind.parse_moves(board.puzzle, game.state, face.press(game, cell, mode))
                assert moves  # the kind reads what the face makes of a click
    assert 0 <= face.centre(board) < game.width * game.height


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_words_name_the_kind_and_its_commands(name):
    face = UNDER_TEST[name]
    assert face.counted(1).startswith("1 ") and face.counted(2).startswith("2 ")
    assert face.counted(1) != face.counted(2)
    assert f"/{name}" in face.help and face.goal and face.alt and face.description
    assert len(shown_help(face)[0]) <= 2000  # one Discord message, beside every kind
    assert face.icon and face.max_side >= 5 and face.hint_description
    assert face.daily_words(face.kind.daily_presets[0])
    names = [verb.name for verb in face.verbs]
    assert names and len(set(names)) == len(names)
    assert not (SHARED | {"new"}) & set(names)


#: The subcommands every kind's group has, whoever made them (not the kind's own ``new`` and
#: verbs).
SHARED = {
    "daily",
    "resume",
    "hint",
    "restart",
    "giveup",
    "leaderboard",
    "stats",
    "help",
    "datapack",
}


def shown_help(face):
    """A kind's help as ``/<kind> help`` shows it, and its command group."""
    group = kind_group(face)
    return help_text(face, UNDER_TEST, group), group


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_help_names_every_command_of_the_group_with_its_options_and_no_other(name):
    """The help is read off the command group: every subcommand the group has is named
    (``help`` aside: it is the one being read), with options it really has."""
    said, group = shown_help(UNDER_TEST[name])
    commands = {c.name: {p.name for p in c.parameters} for c in group.commands}
    named = re.findall(rf"`/{name} (\w+)((?: \[\w+\])*)", said)
    assert {c for c, _ in named} == commands.keys() - {"help"}
    wrong = [(c, o) for c, o in named if not set(re.findall(r"\w+", o)) <= commands[c]]
    assert wrong == []


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_a_kinds_own_help_leaves_the_shared_subcommands_and_the_penalty_to_the_bot(name):
    face = UNDER_TEST[name]
    typed = set(re.findall(rf"/{name} (\w+)", face.help)) & SHARED
    assert typed == set() and not re.search(r"\d+ s\b", face.help + face.hint_description)


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_the_hint_penalty_shown_is_the_scoring_constant(name, monkeypatch):
    monkeypatch.setattr(play.scoring, "HINT_PENALTY_SECONDS", 45)
    said, group = shown_help(UNDER_TEST[name])
    hint = next(c for c in group.commands if c.name == "hint")
    assert "+45 s" in hint.description and len(hint.description) <= 100
    assert "+45 s" in said and "30 s" not in said


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_the_new_command_says_everything_within_discords_limits(name):
    """Discord takes 100 characters a description: discord.py would cut a longer one short
    with '…', leaving players half a sentence (a lone '…' stands where none was given)."""
    command = UNDER_TEST[name].new(lambda *_: None)
    texts = [command.description, *(p.description for p in command.parameters)]
    cut = [t for t in texts if t != "…" and (len(t) > 100 or t.endswith("…"))]
    assert not cut


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_every_board_message_keeps_to_discords_component_limits(name):
    face = UNDER_TEST[name]
    for pick in (min, max):
        board = board_of(face, pick=pick)
        for mode in face.modes:
            rows = board_view(board, first_window(board), mode).to_components()
            assert len(rows) <= 5 and all(len(row["components"]) <= 5 for row in rows)
            for button in (b for row in rows for b in row["components"]):
                assert len(button["custom_id"]) <= 100 and 0 < len(button["label"]) <= 80

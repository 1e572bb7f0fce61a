"""The contract of ``bot.face.Face``, checked on every registered face and on Lights Out's
(tests/template/lights/face.py): one face per kind, pictures for every outcome, buttons that
say what they are, clicks that make moves the kind reads, and words that name the kind's
own commands."""

import dataclasses
import io
import itertools
import random
import re
from datetime import UTC, datetime, timedelta

import discord
import pytest
from PIL import Image
from sentences import assert_one_sentence
from template import register_face
from template.lights.face import FACE as LIGHTS_FACE

import play.scoring
from bot.board_message import board_view, first_window
from bot.face import COLOURS, LABEL_EXTRA, Face, columns
from bot.facekit import needs_zoom
from bot.groups import kind_group
from bot.kinds import FACES
from bot.texts import help_text, status
from bot.window import ROW
from bot.workers import Workers
from db import Game, PuzzleRecord
from play import Board, UserError
from puzzle import KINDS, Marks, Status
from puzzle.grid import cell_name
from renderer import theme
from renderer.canvas import window_band
from renderer.layout import layout

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
    png(await face.post(workers, board.puzzle))


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_every_button_says_what_it_is_and_every_click_makes_a_move(name):
    """On a fresh board every click in the first mode makes a move the kind reads; another
    mode may need a move first (one that extends the last move), and then says so
    in one sentence."""
    face = UNDER_TEST[name]
    board = board_of(face)
    game, kind = board.game, face.kind
    window = face.windows(game.width, game.height).window(0, 0)
    assert face.modes and face.first_mode in face.modes and face.next_mode(face.first_mode)
    for y in range(window.height):
        for x in range(window.width):
            cell = y * game.width + x
            label, style = face.tile_label(board, cell)
            assert isinstance(style, discord.ButtonStyle) and 0 < len(label) <= 80
            for mode in face.modes:
                try:
                    pressed = face.press(game, cell, mode)
                except UserError as error:
                    assert mode != face.first_mode, (cell, error)
                    assert_one_sentence(str(error))
                    continue
                moves = kind.parse_moves(board.puzzle, game.state, pressed)
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
    "undo",
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
    assert "+0:45" in hint.description and len(hint.description) <= 100
    assert "+0:45" in said and "0:30" not in said


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
    """Every window of the smallest and the largest preset, in every mode; and the layout
    of every size up to the face's largest side: at most 5 rows of at most 5 buttons."""
    face = UNDER_TEST[name]
    for pick in (min, max):
        board = board_of(face, pick=pick)
        game = board.game
        for window in face.windows(game.width, game.height).all():
            for mode in face.modes:
                rows = board_view(board, window, mode).to_components()
                assert len(rows) <= 5 and all(0 < len(row["components"]) <= 5 for row in rows)
                for button in (b for row in rows for b in row["components"]):
                    assert len(button["custom_id"]) <= 100 and 0 < len(button["label"]) <= 80
    others = len(face.controls) + (len(face.modes) > 1) + 1
    for width in range(1, face.max_side + 1):
        for height in range(1, face.max_side + 1):
            grid = face.windows(width, height)
            tall = max(b - a for a, b in itertools.pairwise(grid.rows))
            wide = max(b - a for a, b in itertools.pairwise(grid.columns))
            arrows = len(grid.arrows()) if face.pans else 0
            rows = [arrows, others] if grid.control_rows == 2 else [arrows + others]
            assert wide <= ROW and tall + len(rows) <= 5 and max(rows) <= ROW, (width, height)


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_the_mode_switch_reads_as_the_mode_it_is_in(name):
    """'Mode: ↺': each mode's label is its own glyph and its words ('↺ Turn back')."""
    face = UNDER_TEST[name]
    glyphs = [face.mode_label(mode) for mode in face.modes]
    assert len(set(glyphs)) == len(glyphs)
    for mode, label in face.modes.items():
        glyph, words = label.split(" ", 1)
        assert face.mode_label(mode) == f"Mode: {glyph}" and words[0].isupper()


def played(face, pick, steps=60):
    """Boards of a face's preset as a player leaves them: random clicks in random modes
    (refused ones skipped) and a hint every tenth step, until it is over."""
    board = board_of(face, pick=pick)
    game, puzzle, kind = board.game, board.puzzle, face.kind
    state, chance = game.state, random.Random(f"{face.name}{pick.__name__}")
    for step in range(steps):
        yield board
        try:
            if step % 10 == 9:
                moves = [kind.hint(puzzle, state)]
            else:
                cell = chance.randrange(game.width * game.height)
                text = face.press(game, cell, chance.choice(list(face.modes)))
                moves = kind.parse_moves(puzzle, state, text)
            state = kind.apply(puzzle, state, moves).state
        except (ValueError, UserError):
            continue
        shown = kind.status(puzzle, state)
        if shown.outcome != "playing":
            return
        game = dataclasses.replace(game, state=state)
        board = Board(game, puzzle, shown, None)


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_tile_labels_are_short_and_each_colour_keeps_its_one_meaning(name):
    """Every tile of boards in play: its cell's name and one narrow glyph of the face's
    legend (or the name alone), the glyph's colour, each colour of ``COLOURS``; a glyph
    names one state, so a label read without colour still says it."""
    face = UNDER_TEST[name]
    assert face.legend and {style for _, style, _ in face.legend} <= COLOURS.keys()
    glyphs = [g for entry in face.legend for g in (entry[0] or [""])]
    assert len(glyphs) == len(set(glyphs))  # one state per glyph
    colour = {g: style for entry in face.legend for g in (entry[0] or [""]) for style in entry[1:2]}
    seen = set()
    for pick in (min, max):
        for board in played(face, pick):
            width = board.game.width
            for cell in range(width * board.game.height):
                label, style = face.tile_label(board, cell)
                cell_word = cell_name(cell % width, cell // width)
                glyph = "" if label == cell_word else label.removeprefix(f"{cell_word} ")
                assert columns(label) <= columns(cell_word) + LABEL_EXTRA, label
                assert glyph in colour and colour[glyph] == style, (label, style)
                seen.add(glyph)
    assert len(seen) > 1  # boards in play show more than one state


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
async def test_the_window_is_framed_boldly_and_enlarged_when_cells_read_small(workers, name):
    """The largest preset and the largest side: the window framed in the shared orange band,
    and enlarged whenever the whole picture on a 360 px phone (272 px past the avatar) makes
    cells narrower than 16 px."""
    face = UNDER_TEST[name]
    board = board_of(face, pick=max)
    sides = [(board.game.width, board.game.height), (face.max_side, face.max_side)]
    for width, height in sides:
        geometry = layout(width, height)
        assert needs_zoom(width, height) == (geometry.cell * 272 / geometry.size[0] < 16)
    game = board.game
    window = first_window(board)
    frame = (window.x, window.y, window.width, window.height)
    picture, zoom = await face.draw(workers, board, frame, Marks())
    thick, _ = window_band(layout(game.width, game.height).cell)
    left, top = layout(game.width, game.height).cell_origin(window.x, window.y)
    at = (left - thick // 2, top + 1)
    assert png(picture).convert("RGB").getpixel(at) == theme.WINDOW
    assert (zoom is not None) == needs_zoom(game.width, game.height)
    if zoom is not None:
        assert png(zoom).width >= 360


def test_every_face_must_say_its_cells_in_words():
    """``cell_words`` has no default: a face that leaves it out cannot be made."""
    field = next(f for f in dataclasses.fields(Face) if f.name == "cell_words")
    assert field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def boards_to_read(face):
    """Boards of a face as a screen reader meets them: fresh, mid-game (random clicks), and
    solved, lost or given up, of its smallest and largest presets."""
    for pick in (min, max):
        yield from played(face, pick)
        for outcome in ("solved", "lost"):
            yield board_of(face, outcome, pick=pick)


@pytest.mark.parametrize("name", sorted(UNDER_TEST))
def test_every_cell_says_its_name_and_its_state_in_plain_short_words(name):
    """Every cell of every board: its name, ': ' and its state, in plain words (ASCII: no
    box drawing, no emoji, nothing a screen reader reads as noise), 80 characters at most;
    on a board in play, cells whose tiles show different states (different glyphs of the
    legend) say different words."""
    face = UNDER_TEST[name]
    for board in boards_to_read(face):
        width, height = board.game.width, board.game.height
        said: dict[str, set[str]] = {}  # the words said under each tile glyph
        for cell in range(width * height):
            words = face.cell_words(board, cell)
            cell_word = cell_name(cell % width, cell // width)
            state = words.removeprefix(f"{cell_word}: ")
            assert state != words and state.strip(), words
            assert words.isascii() and words.isprintable() and len(words) <= 80, words
            label, _ = face.tile_label(board, cell)
            said.setdefault(label.removeprefix(cell_word), set()).add(state)
        if board.game.outcome == "playing":
            for one, other in itertools.combinations(said.values(), 2):
                assert not one & other, (one & other, board.game.state)

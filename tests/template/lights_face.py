"""Lights Out on Discord, for tests only: a face written as a new kind's ``bot/kinds/<kind>.py``
would be, registered from the tests (``register_face(monkeypatch)``) with no change to any
generic module."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from PIL import Image, ImageDraw

from bot.face import Face, NewBoard, Verb
from bot.options import SEED_TEXT, SIZE_TEXT, Interaction, choices_of
from bot.texts import solve_time, started
from bot.workers import Workers
from play import Board
from puzzle import Marks
from renderer.canvas import encode_gif, encode_png, encode_pngs
from renderer.layout import layout

from .lights import KIND, cell_name, register

LIT, DARK, EDGE, MARK = (250, 204, 21), (30, 41, 59), (15, 23, 42), (236, 72, 153)


def picture(width: int, height: int, lights: tuple[int, ...], marked=(), frame=None, done=False):
    """Lit cells yellow, dark ones slate; marked cells outlined pink."""
    geometry = layout(width, height, solved=done)
    image = Image.new("RGB", geometry.size, EDGE)
    draw = ImageDraw.Draw(image)
    for cell, lit in enumerate(lights):
        box = geometry.cell_box(cell % width, cell // width)
        draw.rectangle((box[0] + 1, box[1] + 1, box[2] - 2, box[3] - 2), fill=LIT if lit else DARK)
        if cell in marked:
            draw.rectangle(box, outline=MARK, width=2)
    return image, geometry, frame


def _draw_pngs(width, height, lights, marked, frame, done):
    image, geometry, frame = picture(width, height, lights, marked, frame, done)
    return encode_pngs(image, geometry, frame)


def _post_png(width, height, lights):
    return encode_png(picture(width, height, lights)[0])


async def _draw(workers: Workers, board: Board, frame, marks: Marks):
    game = board.game
    drawn: tuple[bytes, bytes | None] = await workers.draw(
        _draw_pngs, game.width, game.height, game.state, marks.cells, frame, game.finished
    )
    return drawn


def _gif(width, height, states):
    return encode_gif(
        [picture(width, height, s)[0].convert("P") for s in states], [300] * len(states)
    )


async def _animate(workers: Workers, board: Board, trace):
    """The lights after each press of a command of several."""
    game = board.game
    gif = await workers.draw(_gif, game.width, game.height, trace)
    return gif, "lights-presses.gif", "The lights after each press"


async def _win(workers: Workers, board: Board) -> tuple[bytes, str, str]:
    png, _ = await _draw(workers, board, None, Marks())
    return png, "lights-win.png", "Every light off"


async def _post(workers: Workers, puzzle: Any) -> tuple[str, bytes]:
    dark = (0,) * len(puzzle.lights)  # no lights shown: the post gives nothing away
    png: bytes = await workers.draw(_post_png, puzzle.width, puzzle.height, dark)
    return "lights.png", png


def _label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    name = cell_name(board.game.width, cell)
    if board.game.state[cell]:
        return f"💡 {name}", discord.ButtonStyle.primary
    return f"{name} ·", discord.ButtonStyle.secondary


def _body(board: Board) -> str:
    game = board.game
    if game.solved:
        return f"✅ All off in {solve_time(board)} with {FACE.counted(game.turns)}."
    if game.finished:
        return f"🏳 Given up after {FACE.counted(game.turns)}."
    parts = [f"💡 {sum(game.state)} on", FACE.counted(game.turns)]
    return " · ".join([*parts, *started(game)])


def _new(start: NewBoard) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="new", description="A Lights Out board of your own")
    @app_commands.autocomplete(size=choices_of(KIND.presets))
    async def new(
        interaction: Interaction, size: SIZE_TEXT = "3x3", seed: SEED_TEXT | None = None
    ) -> None:
        await start(interaction, size, seed)

    return new


FACE = Face(
    kind=KIND,
    description="Lights Out: turn every light off",
    new=_new,
    verbs=(Verb("press", "Press cells, like B2 C3", "Cells to press: A1 is top-left"),),
    modes={"p": "👆 Press"},
    press=lambda game, cell, mode: cell_name(game.width, cell),
    tile_label=_label,
    centre=lambda board: 0,
    draw=_draw,
    alt="Lights Out board: lit cells are yellow, dark cells slate.",
    win=_win,
    post=_post,
    body=_body,
    goal="Goal: turn every light off; a press toggles a cell and its four neighbours.",
    help="**Lights Out** — `/lights new [size] [seed]`, `/lights press B2`.",
    counter=("press", "presses"),
    icon="💡",
    max_side=5,
    hint_description="Press one cell of a shortest solution",
    controls=(("🎯 Centre", "centre"),),
    act=lambda game, action, mode: cell_name(game.width, game.width * game.height // 2),
    animate=_animate,
)


def register_face(monkeypatch: pytest.MonkeyPatch) -> Face:
    """Lights Out in ``puzzle.KINDS`` and ``bot.kinds.FACES`` for one test; a bot made
    afterwards has ``/lights``."""
    from bot.kinds import FACES

    register(monkeypatch)
    monkeypatch.setitem(FACES, KIND.name, FACE)
    return FACE

"""Lights Out on Discord, the template kind's face: what the generic bot asks of a kind
(``bot.face.Face``), filled in mostly with the face kit (``bot.facekit``). The command group
(``/lights``) gets the shared subcommands from ``bot.groups``, and its help lists them."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.face import Face, NewBoard, Verb
from bot.facekit import cell_press, drawing, said_cell, still_win, tile_text
from bot.options import SEED_TEXT, SIZE_TEXT, Interaction, choices_of
from bot.texts import solve_time, started
from bot.workers import Workers
from play import Board

from .engine import KIND, cell_name
from .picture import LightsView, render_lights_gif, render_lights_png, render_post_png


def lights_view(board: Board) -> LightsView:
    game = board.game
    return LightsView(game.width, game.height, tuple(game.state), game.finished)


_draw = drawing(render_lights_png, lights_view)


async def _animate(
    workers: Workers, board: Board, trace: tuple[Any, ...]
) -> tuple[bytes, str, str]:
    """The lights after each press of a command of several."""
    game = board.game
    views = [LightsView(game.width, game.height, tuple(state)) for state in trace]
    gif: bytes = await workers.draw(render_lights_gif, views)
    return gif, "lights-presses.gif", "The lights after each press"


async def _post(workers: Workers, puzzle: Any) -> bytes:
    """No lights shown: the post gives nothing away."""
    dark = LightsView(puzzle.width, puzzle.height, (0,) * len(puzzle.lights))
    png: bytes = await workers.draw(render_post_png, dark)
    return png


LEGEND = (
    ("●", discord.ButtonStyle.secondary, "a light on"),
    ("○", discord.ButtonStyle.success, "a light off, as the goal wants"),
)


def _label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    if board.game.state[cell]:
        return tile_text(board.game.width, cell, "●"), discord.ButtonStyle.secondary
    return tile_text(board.game.width, cell, "○"), discord.ButtonStyle.success


def _cell_words(board: Board, cell: int) -> str:
    """'B3: light on', 'B3: light off'."""
    return said_cell(board.game.width, cell, f"light {'on' if board.game.state[cell] else 'off'}")


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


HELP = """**Lights Out** — turn every light off.
• Rules: a press toggles a cell and its four neighbours.
• `/lights new [size] [seed]`: a board of your own, e.g. `/lights new 4x4`.
• Buttons: a cell button presses it; 🎯 Centre presses the middle cell.
• `/lights press B2 C3`: presses by coordinates, in order (A1 is top-left)."""


FACE = Face(
    kind=KIND,
    description="Lights Out: turn every light off",
    new=_new,
    verbs=(Verb("press", "Press cells, like B2 C3", "Cells to press: A1 is top-left"),),
    modes={"p": "👆 Press"},
    press=cell_press({}),
    tile_label=_label,
    legend=LEGEND,
    cell_words=_cell_words,
    centre=lambda board: 0,
    draw=_draw,
    alt="Lights Out board: lit cells are yellow, dark cells slate.",
    win=still_win(_draw, "lights-win.png", "Every light off"),
    post=_post,
    body=_body,
    goal="Goal: turn every light off; a press toggles a cell and its four neighbours.",
    help=HELP,
    counter=("press", "presses"),
    icon="💡",
    max_side=5,
    hint_description="Press one cell of a shortest solution",
    controls=(("🎯 Centre", "centre"),),
    act=lambda game, action, mode: cell_name(game.width, game.width * game.height // 2),
    animate=_animate,
)

"""Pipes on Discord: the picture, tile buttons (turn, turn back, lock), the words, the
``new`` command with its level and wrap options, and the typed moves ``rotate`` and ``lock``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Literal

import discord
from discord import app_commands

import kinds.pipes.pack as minecraft
from bot.face import Drawn, Face, NewBoard, Pack, Verb
from bot.facekit import (
    cell_press,
    listed,
    needs_zoom,
    per_board,
    said_cell,
    side_words,
    tile_text,
)
from bot.options import SEED_TEXT, SIZE_TEXT, Interaction, choices_of
from bot.texts import given_up, solve_time, started
from bot.workers import Workers
from kinds.pipes.engine import GLYPHS, KIND, Check, Params, check
from kinds.pipes.engine.generator import too_small
from kinds.pipes.engine.notation import WRAP_NOT_EASY
from kinds.pipes.picture import render_boards, render_png, render_win_animation
from kinds.pipes.picture.sheet import sheet
from play import Board, UserError
from puzzle import Marks
from puzzle.grid import parse_size
from puzzle.levels import CHOICE_WORDS
from renderer.layout import layout

#: Board sides Discord shows: columns A to Z.
MAX_SIDE = 26
#: Board sides whose sprite sheets are drawn at start (the common sizes).
WARM_SIDES = (5, 8, 10, 12, 15, 20, 26)
#: The move suffix of each click mode: turn clockwise, anticlockwise, lock.
SUFFIX = {"c": "", "a": "ccw", "l": "lock"}
GOAL = (
    "Goal: turn the tiles until water from the ⛲ source reaches every pipe, with no loops "
    "and no open ends."
)


#: A tile's shape in heavy lines (a locked tile) and in double lines (a tile in a loop,
#: which has two arms or more), by its mask as ``GLYPHS`` draws it in light lines.
HEAVY = " ╸╹┛╺━┗┻╻┓┃┫┏┳┣╋"
LOOPED = "   ╝ ═╚╩ ╗║╣╔╦╠╬"
LEGEND = (
    ("".join(GLYPHS[1:]), discord.ButtonStyle.secondary, "a tile (light lines)"),
    (HEAVY[1:], discord.ButtonStyle.primary, "a tile you locked (heavy lines)"),
    (LOOPED.replace(" ", ""), discord.ButtonStyle.danger, "a tile in a loop (double lines)"),
)


def _label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    """The tile's shape: in double lines and red in a loop, heavy and blue once locked
    (water and the source are the picture's)."""
    game, result = board.game, board.status.details["check"]
    tile = game.state.tiles[cell]
    if cell in result.loops:
        return tile_text(game.width, cell, LOOPED[tile]), discord.ButtonStyle.danger
    if cell in game.state.locked:
        return tile_text(game.width, cell, HEAVY[tile]), discord.ButtonStyle.primary
    return tile_text(game.width, cell, GLYPHS[tile]), discord.ButtonStyle.secondary


def _centre(board: Board) -> int:
    sx, sy = board.puzzle.source
    return int(sy * board.game.width + sx)


def shown(board: Board) -> tuple[Sequence[int], Check]:
    """The tiles the picture shows and what the checker finds on them: as they are, or a
    given-up board's solution (a daily's once its date is over everywhere)."""
    game, puzzle = board.game, board.puzzle
    if game.outcome == "lost" and board.solution_public:
        return puzzle.solution, _solved(puzzle)
    return game.state.tiles, board.status.details["check"]


@lru_cache(maxsize=64)
def _solved(puzzle: Any) -> Check:
    """The check of a puzzle's solution (asked once for every cell a given-up board says)."""
    return check(puzzle.width, puzzle.height, puzzle.solution, puzzle.source, puzzle.wrap)


_shown = per_board(shown)


def _cell_words(board: Board, cell: int) -> str:
    """'B3: the source, pipe up and left, full of water, locked': the tile the picture shows,
    its water (dry, full, in a loop), whether it is locked."""
    game, (tiles, result) = board.game, _shown(board)
    water = (
        "in a loop" if cell in result.loops else "full of water" if cell in result.flooded
        else "dry"
    )  # fmt: skip
    source = "the source" if cell == _centre(board) else ""
    locked = "locked" if cell in game.state.locked else ""
    return said_cell(game.width, cell, source, _shape(tiles[cell]), water, locked)


def _shape(tile: int) -> str:
    """'pipe up and left'; one arm, a dead end: 'dead end pointing up'."""
    sides = side_words(tile)
    if len(sides) == 1:
        return f"dead end pointing {sides[0]}"
    return f"pipe {listed(sides)}" if sides else "no pipe"


async def _draw(
    workers: Workers, board: Board, frame: tuple[int, int, int, int] | None, marks: Marks
) -> Drawn:
    """The tiles as they are (a given-up board shows its solution, a daily's once its date
    is over everywhere)."""
    game, puzzle = board.game, board.puzzle
    tiles, result = shown(board)
    drawn: Drawn = await workers.draw(
        render_boards, game.width, game.height, tiles, puzzle.source, result,
        zoom=needs_zoom(game.width, game.height), highlight=marks.cells,
        locked=game.state.locked, frame=frame, wrap=puzzle.wrap, given_up=board.given_up,
    )  # fmt: skip
    return drawn


async def _win(workers: Workers, board: Board) -> tuple[bytes, str, str]:
    game, puzzle = board.game, board.puzzle
    gif: bytes = await workers.draw(
        render_win_animation, game.width, game.height, game.state.tiles, puzzle.source,
        puzzle.wrap,
    )  # fmt: skip
    return gif, "pipes-win.gif", "Water flowing through the solved board"


async def _post(workers: Workers, puzzle: Any) -> bytes:
    """The board's size and source, no tile: a post nobody can solve the puzzle from."""
    empty = (0,) * (puzzle.width * puzzle.height)
    result = check(puzzle.width, puzzle.height, empty, puzzle.source, puzzle.wrap)
    png: bytes = await workers.draw(
        render_png, puzzle.width, puzzle.height, empty, puzzle.source, result,
        wrap=puzzle.wrap,
    )  # fmt: skip
    return png


def _body(board: Board) -> str:
    """What the checker found and the counters; how the game ended."""
    game = board.game
    if game.solved:
        return f"✅ Solved in {solve_time(board)} with {FACE.tally(game.turns, None, board.par)}."
    if game.finished:
        return given_up(board, FACE)
    check_ = board.status.details["check"]
    parts = [f"💧 {len(check_.flooded)}/{game.width * game.height} flooded"]
    if check_.loops:
        parts.append(f"⚠️ loop: {len(check_.loops)} tiles (orange, hatched)")
    else:
        parts.append("no loops")
    parts.append(FACE.counted(game.turns))
    return " · ".join([*parts, *started(game)])


def warm() -> None:
    """Draw the sprite sheets of the common board sides (each cell size once)."""
    for cell, margin in sorted({(layout(n, n).cell, layout(n, n).margin) for n in WARM_SIDES}):
        sheet(cell, margin)


def _pack(puzzle: Any) -> tuple[str, list[tuple[str, bytes]]]:
    minecraft.check_fits(puzzle)
    data, resources = minecraft.file_names(puzzle)
    zips = minecraft.build(puzzle)
    text = f"Minecraft packs of **{puzzle.code}**: the very same puzzle.\n" + (
        minecraft.INSTALL_NOTE.format(data=data, resources=resources)
    )
    return text, list(zip((data, resources), zips, strict=True))


def _daily_words(choice: str) -> str:
    size, _, level = choice.partition(" ")
    return f"{size.replace('x', '×')} Pipes ({CHOICE_WORDS.get(level, level)})"


def _new(start: NewBoard) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="new", description="A board of your own in this channel")
    @app_commands.describe(
        size=f"Board size, like 6x6 or 10x8 (3 to {MAX_SIDE} a side)",
        level="easy: edges and loops suffice; normal: needs dead ends; hard: needs trying a tile",
        wrap="Edges connect across the border (Tatham's wrapping Net)",
        seed="Any word: the same size, level, wrap and seed give the same puzzle",
    )
    @app_commands.autocomplete(size=choices_of(KIND.presets))
    async def new(
        interaction: Interaction,
        size: SIZE_TEXT = "5x4",
        level: Literal["easy", "normal", "hard"] = "normal",
        wrap: bool = False,
        seed: SEED_TEXT | None = None,
    ) -> None:
        try:
            width, height = parse_size(size)
        except ValueError as error:
            raise UserError(str(error)) from None
        if wrap and level == "easy":
            raise UserError(WRAP_NOT_EASY)
        if small := too_small(width, height, wrap, level):
            raise UserError(small)
        params = KIND.format_params(Params(width, height, wrap=wrap, level=level))
        await start(interaction, params, seed)

    return new


def _said(move: str) -> str:
    """'turned B3 ↺ once', 'turned C4 ↻ twice', 'locked D1'."""
    if move.endswith("lock"):
        return f"locked {move.removesuffix('lock')}"
    turn = re.fullmatch(r"([A-Z]+[0-9]+)(ccw)?(?:x([0-9]+))?", move)
    assert turn is not None, move  # a move as the kind writes it (``format_move``)
    cell, back, times = turn.groups()
    count = {None: "once", "2": "twice"}.get(times, f"{times} times")
    return f"turned {cell} {'↺' if back else '↻'} {count}"


def _locks(text: str) -> str:
    return " ".join(f"{word.removesuffix('lock')}lock" for word in text.replace(",", " ").split())


HELP = """**Daily Pipes** — turn the tiles until water from the ⛲ source reaches every \
pipe, with no loops and no open ends.
• Picture: solid blue pipes carry water, hollow ones are dry, orange hatched tiles make a \
loop, a round bulb is a dead end, a notched corner a locked tile.
• Par: the fewest turns that solve it, each tile the shorter way (↻ or ↺). Time ranks you, \
from when the board is first shown.
• Tip: start at the edges — no pipe may point off the board (unless it wraps).
• `/pipes new [size] [level] [wrap] [seed]`: a board of your own in this channel, e.g. \
`/pipes new 8x8 hard`. Levels: easy, normal, hard; wrap: pipes may leave one side and come \
back on the other.
• Tile buttons turn a tile; the mode button switches them between ↻ turn, ↺ turn back and \
🔒 lock. A button shows its tile: heavy lines and blue once locked, double and red in a loop. \
On larger boards ◀ ▲ ▼ ▶ move the window of buttons (framed on the image).
• `/pipes rotate cells:B3 C4x2 D1ccw`: turn tiles by coordinates (A1 is top-left; x2 = twice, \
ccw = back); `/pipes lock B3 C4` locks tiles so they cannot turn (again to unlock).
• Giving up shows the solution (a daily's once its date is over everywhere); the Minecraft \
datapack is a data pack + resource pack (Java 1.21.6–1.21.11)."""


FACE = Face(
    kind=KIND,
    description="Daily Pipes: turn tiles until water reaches every pipe, with no loops",
    new=_new,
    verbs=(
        Verb(
            "rotate",
            "Turn tiles by coordinates, like B3 C4x2 D1ccw",
            "Tiles to turn: A1 is top-left; x2 turns twice, ccw turns back, B3lock locks",
        ),
        Verb(
            "lock",
            "Lock tiles so they cannot turn (again to unlock)",
            "Tiles to lock or unlock, like B3 C4",
            _locks,
        ),
    ),
    modes={"c": "↻ Turn", "a": "↺ Turn back", "l": "🔒 Lock"},
    press=cell_press(SUFFIX),
    tile_label=_label,
    legend=LEGEND,
    cell_words=_cell_words,
    centre=_centre,
    draw=_draw,
    win=_win,
    post=_post,
    alt=(
        "Pipes board: each tile is a pipe piece; blue pipes carry water from the dark square "
        "source, orange hatched tiles form a loop, notched tiles are locked."
    ),
    body=_body,
    goal=GOAL,
    help=HELP,
    counter=("turn", "turns"),
    icon="🧩",
    max_side=MAX_SIDE,
    hint_description="Turn one wrong tile right",
    pack=Pack("The Minecraft datapack of your current puzzle", _pack),
    warm=warm,
    daily_words=_daily_words,
    explain=lambda move: f"🔒 Lock mode, or `/pipes lock {move.removesuffix('lock')}`",
    said=_said,
)

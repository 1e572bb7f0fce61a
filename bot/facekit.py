"""The face kit: helpers most faces use to fill in the ``Face`` contract (``bot.face``), kept
apart from it so that the contract reads as what a kind must say and the kit as one way of
saying it. A face takes what fits and writes the rest itself.

- ``level_new``, ``level_sizes``, ``level_words``, ``start_sized``: the ``new`` command and
  the daily words of a kind sized with a level (``puzzle.levels.SizeLevel``), or any sized
  kind with options of its own;
- ``drawing``: a face's ``draw`` around a picture function run in the drawing workers, and
  ``needs_zoom``, the rule for the window enlarged for phones;
- ``cell_press``: clicks that name a cell, with a suffix per click mode;
- ``tile_text``: a tile label, the cell's name and its state's glyph;
- ``said_cell``, ``side_words``, ``sided``, ``listed``: a cell in words for screen readers,
  its sides, and lists as a sentence says them; ``per_board``, a board's view worked out
  once for all its cells;
- ``still_win``: the win as the solved board's still picture.

The random source a generator draws from is the core's (``puzzle.prng``): an engine seeds it
with the puzzle code, so a face never hands an engine randomness of its own."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, Literal, TypeVar

from discord import app_commands

from db import Game
from play import Board, UserError
from puzzle import Kind, Marks
from puzzle.grid import DOWN, LEFT, RIGHT, UP, cell_name, parse_size
from puzzle.levels import CHOICE_WORDS, WEEKLY
from renderer.layout import layout

from .face import Draw, Drawn, NewBoard, NewCommand
from .options import SEED_TEXT, SIZE_TEXT, Interaction, choices_of
from .workers import Workers

#: A phone as the zoom rule sees it: a 360 px screen, of which a message's avatar column
#: and margins take 88 px (Discord's layout, and the playground's), leaving 272 px for the
#: picture; cells narrower than 16 px there are too small to read their coordinates.
PHONE_WIDTH, PHONE_INSET, PHONE_CELL = 360, 88, 16


def needs_zoom(width: int, height: int) -> bool:
    """Whether a ``width × height`` board's message also carries its button window enlarged:
    when the whole picture, shown on a phone, makes cells narrower than ``PHONE_CELL``."""
    geometry = layout(width, height)
    return geometry.cell * (PHONE_WIDTH - PHONE_INSET) < PHONE_CELL * geometry.size[0]


async def start_sized(
    start: NewBoard,
    interaction: Interaction,
    kind: Kind[Any, Any, Any, Any],
    size: str,
    sides: tuple[int, int],
    *words: str,
    seed: str | None,
) -> None:
    """Start a board of ``size`` (width×height, each side within ``sides``) with the
    parameter ``words`` after it (``hard``, ``kruskal``); a size or parameters the kind
    refuses, in its one sentence."""
    try:
        width, height = parse_size(size, smallest=sides[0], largest=sides[1])
        params = kind.parse_params(" ".join((f"{width}x{height}", *words)))
    except ValueError as error:
        raise UserError(str(error)) from None
    await start(interaction, kind.format_params(params), seed)


def level_sizes(kind: Kind[Any, Any, Any, Any]) -> tuple[str, ...]:
    """The sizes of a kind's presets, each once, at the normal level: what ``new`` offers
    for a kind whose parameters are a size and a level (``puzzle.levels.SizeLevel``)."""
    return tuple(
        dict.fromkeys(
            kind.format_params(replace(kind.parse_params(p), level="normal")) for p in kind.presets
        )
    )


def level_new(
    kind: Kind[Any, Any, Any, Any],
    sides: tuple[int, int],
    default: str,
    example: str,
    levels: str,
) -> NewCommand:
    """The ``new`` command of a kind whose parameters are a size and a level: a size
    (``sides`` apart, ``default`` unless given, the presets' sizes offered, ``example`` in
    its description), a level (``levels`` says what each means) and a seed."""
    sizes = level_sizes(kind)

    def command(start: NewBoard) -> app_commands.Command[Any, ..., None]:
        @app_commands.command(
            name="new", description=f"A {kind.title} board of your own in this channel"
        )
        @app_commands.describe(
            size=f"Board size, like {example} ({sides[0]} to {sides[1]} a side)",
            level=levels,
            seed="Any word: the same size, level and seed give the same board",
        )
        @app_commands.autocomplete(size=choices_of(sizes))
        async def new(
            interaction: Interaction,
            size: SIZE_TEXT = default,
            level: Literal["easy", "normal", "hard"] = "normal",
            seed: SEED_TEXT | None = None,
        ) -> None:
            await start_sized(start, interaction, kind, size, sides, level, seed=seed)

        return new

    return command


def level_words(kind: Kind[Any, Any, Any, Any]) -> Callable[[str], str]:
    """Daily-post words for a kind whose parameters are a size and a level: '6×6 Ten Drops
    (hard)', '6×6 Ten Drops (easy on Monday and Tuesday, …)' for a weekly choice."""

    def words(choice: str) -> str:
        board, _, weekly = choice.partition(" ")
        params = kind.parse_params(board)
        level = CHOICE_WORDS[WEEKLY] if weekly == WEEKLY else params.level
        return f"{params.width}×{params.height} {kind.title} ({level})"

    return words


def drawing(
    render: Callable[..., Drawn],
    view_of: Callable[[Board], Any],
    marked: Callable[[Marks], Any] = lambda marks: marks.cells,
) -> Draw:
    """A face's ``draw`` for a renderer that takes a view of the board, what the last move
    marked (``marked``: its cells, or its edges) and the window; the window is enlarged on
    boards whose cells read too small on a phone (``needs_zoom``)."""

    async def draw(
        workers: Workers, board: Board, frame: tuple[int, int, int, int] | None, marks: Marks
    ) -> Drawn:
        game = board.game
        drawn: Drawn = await workers.draw(
            render, view_of(board), highlight=marked(marks), frame=frame,
            zoom=needs_zoom(game.width, game.height),
        )  # fmt: skip
        return drawn

    return draw


def cell_press(suffixes: dict[str, str]) -> Callable[[Game, int, str], str]:
    """Clicks of a kind whose moves are a cell's name and a suffix for the click mode
    (``B3``, ``B3ccw``, ``B3f``)."""

    def press(game: Game, cell: int, mode: str) -> str:
        return cell_name(cell % game.width, cell // game.width) + suffixes.get(mode, "")

    return press


def tile_text(width: int, cell: int, glyph: str = "") -> str:
    """A tile label on a board ``width`` wide: the cell's name and its state's glyph
    ('B3 ┐'), or the name alone."""
    name = cell_name(cell % width, cell // width)
    return f"{name} {glyph}" if glyph else name


#: A cell's sides in words, clockwise from the top (``puzzle.grid``'s bits).
SIDE_WORDS = ((UP, "up"), (RIGHT, "right"), (DOWN, "down"), (LEFT, "left"))


def listed(words: Sequence[str]) -> str:
    """Words as a sentence lists them: 'up', 'up and left', 'up, right and down'."""
    *rest, last = words
    return f"{', '.join(rest)} and {last}" if rest else last


def side_words(mask: int) -> list[str]:
    """The sides of a 4-bit mask (``puzzle.grid``'s bits) in words, clockwise from the top."""
    return [word for side, word in SIDE_WORDS if mask & side]


def sided(noun: str, mask: int) -> str:
    """What lies on the sides of a mask: 'wall up', 'walls up, right and down' (``noun``
    takes an s for several); '' for none."""
    sides = side_words(mask)
    return f"{noun}{'s' * (len(sides) > 1)} {listed(sides)}" if sides else ""


View = TypeVar("View")


def per_board(view_of: Callable[[Board], View]) -> Callable[[Board], View]:
    """``view_of``, remembered for the last board it was asked about (the very object): a
    face's ``cell_words`` asks for its view once a cell, every cell of one board in turn."""
    last: list[tuple[Board, View]] = []

    def view(board: Board) -> View:
        if not last or last[0][0] is not board:
            last[:] = [(board, view_of(board))]
        return last[0][1]

    return view


def said_cell(width: int, cell: int, *states: str) -> str:
    """A cell in words, for screen readers: its name, a colon and its states, the empty
    ones left out ('B3: white, shows 4, walls down and left')."""
    name = cell_name(cell % width, cell // width)
    return f"{name}: {', '.join(state for state in states if state)}"


def still_win(
    draw: Draw, file_name: str, words: str | Callable[[Board], str]
) -> Callable[[Workers, Board], Awaitable[tuple[bytes, str, str]]]:
    """A face's ``win``: the solved board's picture (no window, no marks), named
    ``file_name`` and described by ``words`` (a sentence, or one made from the board)."""

    async def win(workers: Workers, board: Board) -> tuple[bytes, str, str]:
        png, _ = await draw(workers, board, None, Marks())
        return png, file_name, words if isinstance(words, str) else words(board)

    return win

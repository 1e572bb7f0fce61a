"""A puzzle kind on Discord: what the generic bot asks of each kind (Tatham's front end asks
the same of his games: draw, interpret a click, say the status).

A face holds the kind's picture, its button window (tile labels, click modes, how a click
becomes move text), its words (goal, help, status, counter) and its own commands (``new``
and the typed move verbs). Everything else — daily, resume, hint, restart, undo, give-up,
leaderboards, stats, help, buttons, locks, messages — is generic and reads the face.

This module is the contract alone: the types a face fills in. The helpers most faces use to
fill them in (a sized kind's ``new``, the drawing factory, cell presses, a still win picture)
are the face kit, ``bot.facekit``."""

from __future__ import annotations

import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from db import Game
from play import Board
from puzzle import Kind, Marks

from .options import Interaction
from .window import Windows, window_grid
from .workers import Workers

#: The picture of a board (and the enlarged button window, or None).
Drawn = tuple[bytes, bytes | None]
#: Draws a board: workers, board, the framed block of cells (or None), the last move's marks.
Draw = Callable[[Workers, Board, tuple[int, int, int, int] | None, Marks], Awaitable[Drawn]]
#: Starts a personal board for a command: (interaction, parameters text, seed or None).
NewBoard = Callable[[Interaction, str, str | None], Awaitable[None]]
#: A kind's ``new`` command, made around the generic way to start a board.
NewCommand = Callable[[NewBoard], app_commands.Command[Any, ..., None]]


#: One meaning per button colour, the same in every kind (a face's ``legend`` says what it is
#: there), and never the only cue: a tile's glyph says it too.
COLOURS: dict[discord.ButtonStyle, str] = {
    discord.ButtonStyle.secondary: "grey: as it is (nothing done to it, closed, in fog)",
    discord.ButtonStyle.primary: "blue: the player's own (a mark, where they stand)",
    discord.ButtonStyle.success: "green: done or right",
    discord.ButtonStyle.danger: "red: wrong or in danger",
}
#: A kind's tile states: the glyphs of one state (or "" for a label that is the cell's name
#: alone), its colour, and what it means in the kind.
Legend = tuple[tuple[str, discord.ButtonStyle, str], ...]
#: What a tile label may add to its cell's name, in columns: a space and one narrow glyph
#: ("B3 ┐", "J12 ⚑"): five columns on boards up to 26 wide, so a row of five buttons is
#: five short labels on a phone (an emoji, two columns, is never a tile's glyph).
LABEL_EXTRA = 2


def columns(text: str) -> int:
    """How wide ``text`` is, in columns of a narrow character: a wide one (an emoji) counts
    2, a joiner or a variation selector nothing."""
    return sum(
        0
        if unicodedata.category(c) in ("Mn", "Cf") or 0xFE00 <= ord(c) <= 0xFE0F
        else 2
        if unicodedata.east_asian_width(c) in "WF"
        else 1
        for c in text
    )


def as_typed(text: str) -> str:
    """Move text as the player typed it."""
    return text


@dataclass(frozen=True)
class Verb:
    """A typed move command, ``/<kind> <name> cells:…``: ``moves`` turns what was typed
    into the kind's move text (``/pipes lock B3`` plays ``B3lock``)."""

    name: str
    description: str
    option: str
    moves: Callable[[str], str] = as_typed
    #: The option's name, as the player sees it (``/maze move moves:RRDL``).
    param: str = "cells"


@dataclass(frozen=True)
class Pack:
    """A kind's Minecraft packs: ``build(puzzle)`` gives the message and its files, or
    raises ValueError (a sentence) when the puzzle does not fit a pack."""

    description: str
    build: Callable[[Any], tuple[str, list[tuple[str, bytes]]]]


@dataclass(frozen=True)
class Face:
    """One kind on Discord."""

    kind: Kind[Any, Any, Any, Any]
    #: The command group's description, and the kind's own commands.
    description: str
    new: NewCommand
    verbs: tuple[Verb, ...]
    #: Click modes: the label of each on the mode switch, in the order the switch cycles.
    #: Their keys ride in button ids, so a key keeps its meaning for good.
    modes: dict[str, str]
    #: The move text of a click on a cell of a game in a mode.
    press: Callable[[Game, int, str], str]
    #: A tile button's text and colour: the cell's name and a glyph of ``legend`` (or the
    #: name alone), in the colour the legend gives it; the text alone tells its state.
    tile_label: Callable[[Board, int], tuple[str, discord.ButtonStyle]]
    #: Every state a tile button shows, each in the colour of its meaning (``COLOURS``).
    legend: Legend
    #: A cell in words, for screen readers (the Activity's cells): its name, a colon and
    #: what the picture shows of it, in plain words with no glyph ("B3: pipe up and left,
    #: dry"; ``facekit.said_cell``).
    cell_words: Callable[[Board, int], str]
    #: The cell a board's first window is around.
    centre: Callable[[Board], int]
    #: The picture: workers, board, the framed block of cells (or None), what the last move
    #: marked (cells, edges between cells).
    draw: Draw
    #: What the picture shows, for screen readers.
    alt: str
    #: The picture of a win: bytes, file name, description.
    win: Callable[[Workers, Board], Awaitable[tuple[bytes, str, str]]]
    #: The daily post's picture of a puzzle as it starts (PNG bytes), one tile of the post's
    #: one picture; it gives the puzzle away nowhere.
    post: Callable[[Workers, Any], Awaitable[bytes]]
    #: The lines under a board's heading (what the checker found, the counters, the end).
    body: Callable[[Board], str]
    #: What a fresh board says the goal is, and the kind's help.
    goal: str
    help: str
    #: What one counted move is called: singular and plural ("turn", "turns").
    counter: tuple[str, str]
    #: The kind's sign in the daily post.
    icon: str
    #: The largest side of a board Discord shows well (buttons, labels, picture).
    max_side: int
    #: What the hint button and the hint command say.
    hint_description: str
    #: How refusals name a board of this kind ("board", "Minesweeper board").
    board_noun: str = "board"
    #: The kind's Minecraft packs, if it has any.
    pack: Pack | None = None
    #: Work done once at start (e.g. sprite sheets), so the first click is not slow.
    warm: Callable[[], None] | None = None
    #: Daily-post words: the line naming a daily choice ("8×8 Pipes").
    daily_words: Callable[[str], str] = field(default=str)
    #: How a move (the kind's notation) is made here, in the interface's terms: the button
    #: mode and the command (``B3lock`` → "🔒 Lock mode, or `/pipes lock B3`").
    explain: Callable[[str], str] = field(default=lambda move: f"`{move}`")
    #: What a move did, in the interface's words, for a sentence that names it ("turned B3
    #: ↺ once", "flagged D5").
    said: Callable[[str], str] = field(default=lambda move: f"played {move}")
    #: Buttons of the kind's own beside the shared controls (a maze's arrows): their labels
    #: and action tokens (letters and digits, at most 8; they ride in button ids), and the
    #: move text of an action on a game in a click mode.
    controls: tuple[tuple[str, str], ...] = ()
    act: Callable[[Game, str, str], str] | None = None
    #: Whether ◀ ▲ ▼ ▶ move the window of tile buttons; False: the window follows
    #: the moves alone (a maze's walker), leaving the control row to the kind's controls.
    pans: bool = True
    #: An animation of a move's intermediate states (``Applied.trace``): bytes, file name,
    #: description; None: the kind shows none.
    animate: (
        Callable[[Workers, Board, tuple[Any, ...]], Awaitable[tuple[bytes, str, str]]] | None
    ) = None

    #: What a point is called, singular and plural, for a kind scored by points ("drop left",
    #: "drops left").
    points: tuple[str, str] = ("point", "points")
    #: What par counts, singular and plural, when it is not what a move counts (Double
    #: Choco's par is the solution's walls, its moves are toggles); None: the counter.
    par_unit: tuple[str, str] | None = None
    #: The picture of the solution (bytes, file name, description), shown in place of a
    #: given-up board's once its solution may be shown; None: the board's own picture of a
    #: given-up board shows it.
    solution: Callable[[Workers, Board], Awaitable[tuple[bytes, str, str]]] | None = None

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def first_mode(self) -> str:
        return next(iter(self.modes))

    def windows(self, width: int, height: int) -> Windows:
        """The grid of windows of tile buttons on a ``width × height`` board of this kind
        (``bot.window``): its control row holds the kind's controls, the mode switch (with
        more than one mode) and 💡 Hint beside the arrows."""
        others = len(self.controls) + (len(self.modes) > 1) + 1
        return window_grid(width, height, others if self.pans else None)

    def mode_label(self, mode: str) -> str:
        """The mode switch's label in ``mode``: the mode it is in, by its glyph ('Mode: ↺')."""
        return f"Mode: {self.modes[mode].split()[0]}"

    def next_mode(self, mode: str) -> str:
        """The mode the switch goes to from ``mode``."""
        order = list(self.modes)
        return order[(order.index(mode) + 1) % len(order)] if mode in order else order[0]

    def counted(self, count: int) -> str:
        """'1 turn', '5 turns'."""
        return _plural(count, self.counter)

    @property
    def by_points(self) -> bool:
        return self.kind.scoring.by == "points"

    def scored(self, points: int) -> str:
        """'1 drop left', '14 drops left'."""
        return _plural(points, self.points)

    def par_text(self, par: int) -> str:
        """'par 61 turns', 'par 14 drops left', 'par 33 walls': par in the unit it counts."""
        if self.by_points:
            return f"par {self.scored(par)}"
        return f"par {_plural(par, self.par_unit or self.counter)}"

    def tally(self, turns: int, points: int | None, par: int) -> str:
        """What a solve counts against par: '87 turns (par 61)', the unit named once where
        par counts what the moves count; else '40 toggles (par 33 walls)', and of a kind
        scored by points '14 drops left in 5 taps (par 14 drops left)'."""
        made = self.counted(turns)
        if self.by_points:
            return f"{self.scored(points or 0)} in {made} ({self.par_text(par)})"
        if self.par_unit in (None, self.counter):
            return f"{made} (par {par})"
        return f"{made} ({self.par_text(par)})"


def _plural(count: int, unit: tuple[str, str]) -> str:
    """'1 turn', '5 turns'."""
    return f"{count} {unit[0] if count == 1 else unit[1]}"

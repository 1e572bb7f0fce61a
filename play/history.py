"""A game's stored moves read back as commands, and what undo takes back.

Every change stores the moves that took effect, each with the change's version, so one
command (a click, a typed command, a hint, a restart) is one group of moves. An undo is a
change of its own, stored as the move ``undo``: it takes back the last command still
standing — all its moves — by playing the commands before it again from the start (or from
the last restart) with the kind's pure rules. A hint stands for good, and so does everything
before it; moves stored before changes kept their version cannot be taken back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from db import MoveRecord, PuzzleRecord
from puzzle import KINDS, Kind, Marks

from .boards import load

#: The moves of the actions every kind has, as stored.
UNDO, RESTART, GIVEUP = "undo", "restart", "giveup"

NOTHING = "There is nothing to undo on this board."
HINT = "A hint cannot be undone, nor anything before it."
BEFORE = "Moves made before undo existed cannot be undone."
ENDED = "This board is over, and a finished board cannot be undone."
UNPLAYABLE = "This board's moves cannot be played again, so none can be undone."


@dataclass(frozen=True, slots=True)
class Command:
    """The moves one change stored, whether they were a hint's, and whether they carry the
    change's version (moves stored before did not)."""

    moves: tuple[str, ...]
    hint: bool
    numbered: bool


@dataclass(frozen=True, slots=True)
class Undo:
    """Taking back the last command: the state before it, the state it left (as the kind
    writes it: the game must still be in it), its moves, and what they touched — the view
    going to where the command began."""

    state: Any
    left: str
    moves: tuple[str, ...]
    marks: Marks


def standing(records: Sequence[MoveRecord]) -> list[Command]:
    """The commands still standing in a game's moves (in order), oldest first: each
    change's moves, an undo taking back the command before it."""
    commands: list[Command] = []
    for _, group in groupby(records, key=lambda r: (r.version, r.id if r.version is None else 0)):
        rows = list(group)
        moves = tuple(row.move for row in rows)
        if moves == (UNDO,):
            commands.pop()
        else:
            commands.append(Command(moves, rows[0].hint, rows[0].version is not None))
    return commands


def undo(stored: PuzzleRecord, records: Sequence[MoveRecord]) -> Undo | str:
    """Taking back the last command standing in a game's moves (``records``, in order), or
    the sentence saying why it cannot be."""
    commands = standing(records)
    if not commands:
        return NOTHING
    last = commands[-1]
    if last.hint:
        return HINT
    if not last.numbered:
        return BEFORE
    kind, puzzle = KINDS[stored.kind], load(stored)
    try:
        before = replay(kind, puzzle, commands[:-1])
        left, marks = _play(kind, puzzle, before, last)
    except ValueError:  # the rules refuse a stored move now (MoveError is one too)
        return UNPLAYABLE
    focus = marks.cells[0] if marks.cells else marks.focus
    began = Marks(marks.cells, marks.edges, focus)
    return Undo(before, kind.encode_state(left), last.moves, began)


def replay(kind: Kind[Any, Any, Any, Any], puzzle: Any, commands: Sequence[Command]) -> Any:
    """The state after ``commands`` from the start (a restart starting again)."""
    restarts = [k for k, command in enumerate(commands) if command.moves == (RESTART,)]
    state = kind.initial_state(puzzle)
    for command in commands[restarts[-1] + 1 if restarts else 0 :]:
        state, _ = _play(kind, puzzle, state, command)
    return state


def _play(
    kind: Kind[Any, Any, Any, Any], puzzle: Any, state: Any, command: Command
) -> tuple[Any, Marks]:
    """The state after one command, and the cells and edges its moves touched (the focus of
    its last move that had one). Each stored move is read in the state it was played in."""
    if command.moves == (RESTART,):
        return kind.initial_state(puzzle), Marks()
    cells: list[int] = []
    edges: list[tuple[int, int]] = []
    focus = None
    for move in command.moves:
        applied = kind.apply(puzzle, state, kind.parse_moves(puzzle, state, move))
        state, marks = applied.state, applied.marks
        cells += [cell for cell in marks.cells if cell not in cells]
        edges += [edge for edge in marks.edges if edge not in edges]
        focus = marks.focus if marks.focus is not None else focus
    return state, Marks(tuple(cells), tuple(edges), focus)

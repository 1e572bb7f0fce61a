"""Minesweeper behind the kind interface (``puzzle.kind.Kind``).

Texts: parameters ``9x9``, ``16x16m50``, ``expert``, ``9x9e`` … (``notation.parse_params``);
daily choices, a board and a level choice (``9x9`` normal, ``9x9 easy``, ``16x16 weekly``); a
description ``9x9:<start>:<mines>`` — the first opening's cell index, then the mines as a
bitmap in hex, four cells per digit in row-major order, the first cell in the digit's high
bit; the solution is that bitmap again; a state is one character per cell: ``-`` hidden,
``f`` flagged, ``o`` open, ``x`` the mine that went off.

The game starts with the first opening open. Moves apply in order; once one ends the game,
the rest are not played.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from kinds.mines.engine.generator import generate
from kinds.mines.engine.grade import GRADES, level_of
from kinds.mines.engine.grid import block, neighbours
from kinds.mines.engine.notation import (
    Move,
    Params,
    format_move,
    format_params,
    parse_moves,
    parse_params,
)
from kinds.mines.engine.rules import Puzzle, State, finished, make_puzzle, opening, play, solved
from kinds.mines.engine.solver import Step, deduce
from puzzle.codes import normalize_seed
from puzzle.grid import decode_cells, encode_cells
from puzzle.kind import Applied, Generated, Marks, Outcome, PuzzleText, Scoring, Status, TextParams
from puzzle.levels import WEEKLY, on_day, split_choice
from puzzle.textboard import cells

__all__ = ["GENERATOR", "KIND", "MinesKind", "Move", "Params", "Puzzle", "State"]

#: Version of ``generate``; bump it whenever the same code would give another puzzle.
#: ``mines/1`` had no levels: its boards, stored, load as any other and show the level of their
#: grade. ``mines/2`` let the first opening open up to all but one safe cell; its boards,
#: stored, load as any other too. ``mines/3`` had the same rules as ``mines/4`` but a slower
#: solver that decided in another order (so perturbations fell elsewhere). ``mines/4`` took
#: any board needing the mine count as hard (most needed no two numbers together), and its
#: difficulty was the share of steps needing more than one number. Since ``mines/5`` the
#: difficulty is the grade and each level a band of it (``grade.GRADES``): easy and normal
#: codes keep their ``mines/4`` boards, hard ones mostly change.
GENERATOR = "mines/5"

_DESCRIPTION = re.compile(r"^(\d{1,2})x(\d{1,2}):(\d{1,3}):([0-9a-f]+)$")
_STATE = "-fox"


class MinesKind(TextParams[Params]):
    """Minesweeper: open every cell that holds no mine; every board clears without a guess."""

    name = "mines"
    title = "Minesweeper"
    generator = GENERATOR
    presets: tuple[str, ...] = (
        "beginner", "intermediate", "expert", "9x9", "16x16", "30x16",
        "9x9 easy", "9x9 hard", "16x16 easy", "16x16 hard", "30x16 easy", "30x16 hard",
    )  # fmt: skip
    default_daily = "9x9"
    daily_presets: tuple[str, ...] = (
        "9x9 weekly", "16x16 weekly", "30x16 weekly", "9x9", "16x16", "30x16",
        "9x9 easy", "9x9 hard", "16x16 hard", "30x16 hard",
    )  # fmt: skip
    scoring = Scoring()
    grades = GRADES
    notation = (parse_params, format_params)

    def parse_daily(self, text: str) -> str:
        """Any board ``parse_params`` reads, and a level choice: ``expert`` → ``30x16``
        (normal, written as before levels), ``9x9e`` → ``9x9 easy``, ``9x9 weekly``."""
        split = split_choice(text)
        weekly = split is not None and split[1] == WEEKLY
        params = parse_params(split[0] if split and weekly else text)
        board = format_params(replace(params, level="normal"))
        level = WEEKLY if weekly else params.level
        return board if level == "normal" else f"{board} {level}"

    def daily(self, choice: str, day: date) -> Params:
        """The same board every day, at the level of the day's choice."""
        board, _, level = self.parse_daily(choice).partition(" ")
        return replace(parse_params(board), level=on_day(level or "normal", day))

    def generate(self, params: Params, seed: str) -> Generated:
        seed = normalize_seed(seed)
        text = self.format_params(params)
        made = generate(params.width, params.height, params.mines, f"{text}-{seed}", params.level)
        puzzle = make_puzzle(made.width, made.height, made.mines, made.start)
        bitmap = encode_cells(made.width * made.height, made.mines)
        return Generated(
            kind=self.name,
            params=text,
            seed=seed,
            width=made.width,
            height=made.height,
            description=f"{made.width}x{made.height}:{made.start}:{bitmap}",
            solution=bitmap,
            par=puzzle.par,
            difficulty=made.difficulty,
            generator=self.generator,
        )

    def load(self, stored: PuzzleText) -> Puzzle:
        """The puzzle of a stored description (the solution is not read)."""
        params = parse_params(stored.params)
        match = _DESCRIPTION.match(stored.description)
        width, height = params.width, params.height
        if not match or (int(match.group(1)), int(match.group(2))) != (width, height):
            raise ValueError(f"a Minesweeper description does not fit {stored.params}")
        start, area = int(match.group(3)), width * height
        mines = decode_cells(area, match.group(4))
        if len(mines) != params.mines or not 0 <= start < area:
            raise ValueError(f"a Minesweeper description does not fit {stored.params}")
        if mines & set(block(width, height, start)):
            raise ValueError("the first opening of a Minesweeper board must be a zero cell")
        puzzle = make_puzzle(width, height, mines, start)
        return replace(puzzle, level=level_of(puzzle))

    def par(self, puzzle: Puzzle) -> int:
        """The fewest clicks that clear it: its 3BV less the free first opening."""
        return puzzle.par

    def label(self, puzzle: Puzzle) -> str:
        """'9×9 · easy · 10 mines': the level is what the board needs."""
        count = len(puzzle.mines)
        parts = [puzzle.size, puzzle.level, f"{count} mine{'s' if count != 1 else ''}"]
        return " · ".join(part for part in parts if part)

    def initial_state(self, puzzle: Puzzle) -> State:
        return State(frozenset(opening(puzzle)))

    def parse_moves(self, puzzle: Puzzle, state: State, text: str) -> list[Move]:
        return parse_moves(text, puzzle.width, puzzle.height)

    def format_move(self, puzzle: Puzzle, move: Move) -> str:
        return format_move(move, puzzle.width)

    def apply(self, puzzle: Puzzle, state: State, moves: Sequence[Move]) -> Applied[State, Move]:
        """Play moves in order, all or nothing (MoveError); once one ends the game, the rest
        are not played. Opening a cell an earlier move of the same batch opened (a flood
        fill reached it) is no move at all. Each open or chord played counts one, as par
        counts them; a flag counts nothing (the flags placed are shown apart)."""
        before, played = state.opened, []
        for k, move in enumerate(moves):
            if k and finished(puzzle, state):
                break
            opened_meanwhile = move.cell in state.opened and move.cell not in before
            if move.action == "open" and opened_meanwhile:
                continue
            state = play(puzzle, state, move)
            played.append(move)
        cells = tuple(move.cell for move in played)
        opens = sum(1 for move in played if move.action != "flag")
        return Applied(
            state, tuple(played), opens, Marks(cells, focus=cells[-1] if cells else None)
        )

    def could_lose(self, puzzle: Puzzle, state: State, moves: Sequence[Move]) -> bool:
        """Any opening could (a chord too, should a flag be wrong); flags never do. Judged
        by the moves alone, so the answer tells nothing of where the mines are."""
        return any(move.action != "flag" for move in moves)

    def progress(self, puzzle: Puzzle, state: State) -> float:
        """The share of safe cells opened."""
        safe = puzzle.width * puzzle.height - len(puzzle.mines)
        return len(state.opened - puzzle.mines) / safe

    def status(self, puzzle: Puzzle, state: State) -> Status:
        flags = len(state.flagged)
        lost = state.exploded is not None
        details = {
            "mines": len(puzzle.mines),
            "flags": flags,
            "left": len(puzzle.mines) - flags,
            "exploded": state.exploded,
            "wrong_flags": state.flagged - puzzle.mines if lost else frozenset(),
        }
        outcome: Outcome = "lost" if lost else "solved" if solved(puzzle, state) else "playing"
        return Status(outcome, details)

    def hint(self, puzzle: Puzzle, state: State) -> Move | str:
        """A move the solver deduces from what the player sees: first, unflag a wrong flag;
        then the solver's first decision that changes the board (open a safe cell, flag a
        mine). No hint once the game is over. Only after a lucky guess can deduction be stuck:
        then it opens a safe cell next to the open ones."""
        if finished(puzzle, state):
            return "No hint: this game is over."
        wrong = state.flagged - puzzle.mines
        if wrong:
            return Move(min(wrong), "flag")

        def changes(step: Step) -> bool:
            return _hint_move(state, step) is not None

        deduction = deduce(puzzle, state.opened, until=changes)
        for step in deduction.steps:
            move = _hint_move(state, step)
            if move is not None:
                return move
        return Move(_safe_cell(puzzle, state), "open")

    def text_format(self, puzzle: Puzzle, state: State) -> str:
        """``#`` hidden, ``F`` flagged, ``.`` an open cell with no mine around, else its
        number; ``*`` the mine that went off; a legend of mines and flags."""
        glyphs = [
            "*" if cell == state.exploded
            else "F" if cell in state.flagged
            else "#" if cell not in state.opened
            else str(puzzle.numbers[cell] or ".")
            for cell in range(puzzle.width * puzzle.height)
        ]  # fmt: skip
        legend = f"{len(puzzle.mines)} mines · {len(state.flagged)} flagged"
        return cells(puzzle.width, puzzle.height, glyphs, legend)

    def encode_state(self, state: State) -> str:
        """One character per cell, row-major, up to the last cell that is not hidden (a
        state does not know its board's size): '-' hidden, 'f' flagged, 'o' open, 'x' the
        mine that went off."""
        marks = {c: "o" for c in state.opened} | {c: "f" for c in state.flagged}
        if state.exploded is not None:
            marks[state.exploded] = "x"
        return "".join(marks.get(c, "-") for c in range(max(marks, default=-1) + 1))

    def decode_state(self, text: str) -> State:
        if not set(text) <= set(_STATE) or text.count("x") > 1:
            raise ValueError("that is not a Minesweeper state")
        opened = frozenset(c for c, mark in enumerate(text) if mark == "o")
        flagged = frozenset(c for c, mark in enumerate(text) if mark == "f")
        return State(opened, flagged, text.index("x") if "x" in text else None)


def _hint_move(state: State, step: Step) -> Move | None:
    """The move a solver step suggests, if it would change the board."""
    if step.mine:
        return None if step.cell in state.flagged else Move(step.cell, "flag")
    return None if step.cell in state.opened else Move(step.cell, "open")


def _safe_cell(puzzle: Puzzle, state: State) -> int:
    """A hidden cell without a mine, one next to an open cell if there is one."""
    nb = neighbours(puzzle.width, puzzle.height)
    hidden = [
        c for c in range(puzzle.width * puzzle.height)
        if c not in state.opened and c not in puzzle.mines
    ]  # fmt: skip
    return next((c for c in hidden if any(j in state.opened for j in nb[c])), hidden[0])


KIND = MinesKind()

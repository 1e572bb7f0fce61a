"""What people type for a maze: parameters and moves.

Parameters: a size ``WxH`` (5 to 40 cells a side), then, if wanted, a level and a generator,
as letters after the size or as words: ``12x12`` (normal, Prim), ``12x12e`` or ``12x12 easy``,
``12x12h`` or ``12x12 hard``, ``12x12k`` or ``12x12 kruskal``, ``12x12kh`` or ``12x12 hard
kruskal``. The canonical text is the compact one, the generator's letter before the level's
(as Pipes writes ``8x8wh``): it never holds a space or a '-', so it fits a puzzle code.

Moves: a direction letter ``U``, ``D``, ``L`` or ``R`` runs that way (see ``rules.run``); a
word of them (``RRDL``) is one run per letter. A cell (``B3``, or ``go B3``) walks to that
cell, one the player has visited, by the shortest way through cells they have seen. Moves are
separated by spaces or commas; letters may be lower case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzle.codes import quote
from puzzle.grid import cell_name, parse_cell, parse_size

MIN_SIDE = 5
LEVELS = ("easy", "normal", "hard")
ALGORITHMS = ("prim", "kruskal")
#: The letter of each level and generator after the size ("" for the default ones).
LETTERS = {"easy": "e", "normal": "", "hard": "h", "prim": "", "kruskal": "k"}
#: Direction ``d`` (side ``1 << d`` of ``puzzle.grid``) as people type it.
DIRECTIONS = "LURD"

#: What may follow a size: a level's or generator's word or letter, and what it names.
_NAMED = {
    name: (kind, choice)
    for kind, choices in (("level", LEVELS), ("generator", ALGORITHMS))
    for choice in choices
    for name in (choice, LETTERS[choice])
    if name
}
_PARAMS = re.compile(r"^([0-9]{1,3})x([0-9]{1,3})([a-z]*)$")
_SEPARATORS = re.compile(r"[\s,;]+")
_RUNS = re.compile(r"^[UDLRudlr]+$")
_CELL_LIKE = re.compile(r"^[A-Za-z]{1,2}[0-9]{1,3}$")
_MOVES_HELP = "directions U, D, L or R (several in a row, like RRDL) or a cell you have visited"


@dataclass(frozen=True, slots=True)
class Params:
    """A maze's size, level (``easy``: no fog; ``normal``: fog; ``hard``: fog and loops) and
    generator (``prim`` or ``kruskal``)."""

    width: int
    height: int
    level: str = "normal"
    algorithm: str = "prim"


@dataclass(frozen=True, slots=True)
class Run:
    """Run from the player's cell in direction ``direction`` (0 left, 1 up, 2 right, 3 down)."""

    direction: int


@dataclass(frozen=True, slots=True)
class Go:
    """Walk to ``cell`` (a row-major index), a cell the player has visited."""

    cell: int


Move = Run | Go


def format_params(params: Params) -> str:
    """The canonical text: '12x12', '12x12e', '12x12h', '12x12k', '12x12kh'."""
    tail = LETTERS[params.algorithm] + LETTERS[params.level]
    return f"{params.width}x{params.height}{tail}"


def parse_params(text: str) -> Params:
    """'12x12', '12x12kh', '12 x 12 hard kruskal' … -> Params; ValueError with one sentence."""
    flat = re.sub(r"\s*[x×*]\s*", "x", (text or "").strip().lower())
    words = [w for w in _SEPARATORS.split(flat) if w]
    match = _PARAMS.match(words[0]) if words else None
    if match is None:
        raise ValueError(
            f"{quote(text)} is not a maze: write width×height like 12x12, then a level (easy, "
            "normal or hard) or a generator (prim or kruskal) if you like, as in 12x12 hard."
        )
    width, height = parse_size(f"{match[1]}x{match[2]}", smallest=MIN_SIDE)
    chosen: dict[str, str] = {}
    for word in [*match[3], *words[1:]]:
        if word not in _NAMED:
            raise ValueError(
                f"{quote(text)}: {quote(word)} is neither a level (easy, normal, hard) nor a "
                "generator (prim, kruskal)."
            )
        kind, value = _NAMED[word]
        if kind in chosen:
            raise ValueError(f"{quote(text)} names more than one {kind}: name one.")
        chosen[kind] = value
    return Params(width, height, chosen.get("level", "normal"), chosen.get("generator", "prim"))


def parse_moves(text: str, width: int, height: int) -> list[Move]:
    """'RRDL go B3, l' -> moves on a ``width × height`` maze; ValueError with one sentence."""
    words = [w for w in _SEPARATORS.split(text or "") if w]
    if not words:
        raise ValueError(f"Name at least one move: {_MOVES_HELP}, like B3.")
    moves: list[Move] = []
    going = False
    for word in words:
        if word.lower() == "go" and not going:
            going = True
        elif _RUNS.match(word) and not going:
            moves += [Run(DIRECTIONS.index(letter.upper())) for letter in word]
        elif _CELL_LIKE.match(word):
            moves.append(Go(parse_cell(word, width, height)))
            going = False
        elif going:
            raise ValueError(f"{quote(word)} is not a cell: after go, name a cell like B3.")
        else:
            raise ValueError(f"{quote(word)} is not a move: write {_MOVES_HELP}, like B3.")
    if going:
        raise ValueError("Name the cell to go to after go, like go B3.")
    return moves


def format_move(move: Move, width: int) -> str:
    """A move as people type it: 'R' for a run, 'B3' for a walk to B3."""
    if isinstance(move, Run):
        return DIRECTIONS[move.direction]
    return cell_name(move.cell % width, move.cell // width)

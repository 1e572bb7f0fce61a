"""The puzzle-kind interface: one engine behind a fixed set of pure functions.

Modelled on Simon Tatham's collection, where every game fills one ``struct game`` (new_desc,
new_game, interpret_move, execute_move, status, solve …) and front ends know no rule. A front
end (the Discord bot, the playground, the datapack) drives any kind through ``Kind`` alone:

    params = kind.parse_params("6x6")          # ValueError with a readable message
    made = kind.generate(params, "abc")        # description + solution as text, par, difficulty
    puzzle = kind.load(made)                   # the kind's own puzzle object
    state = kind.initial_state(puzzle)
    moves = kind.parse_moves(puzzle, "B3 C4x2") # kind.turns(move), kind.cells(puzzle, move)
    state = kind.apply(puzzle, state, moves)   # pure: state in, new state out (MoveError)
    kind.status(puzzle, state)                 # playing / solved / lost + the kind's details
    kind.hint(puzzle, state)                   # a move towards the solution, from this state
    text = kind.encode_state(state); kind.decode_state(text)

Everything a kind hands out is immutable, so states can be shared and cached freely.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

Outcome = Literal["playing", "solved", "lost"]

ParamsT = TypeVar("ParamsT")
PuzzleT = TypeVar("PuzzleT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class MoveError(ValueError):
    """A move the rules refuse (a locked tile, a finished game); the message is for people."""


class PuzzleText(Protocol):
    """A puzzle as stored: what ``Kind.load`` reads (``Generated`` and stored rows alike)."""

    @property
    def params(self) -> str: ...
    @property
    def seed(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def solution(self) -> str: ...
    @property
    def par(self) -> int: ...
    @property
    def difficulty(self) -> float: ...


@dataclass(frozen=True, slots=True)
class Generated:
    """A freshly generated puzzle, serialised: what storage keeps forever."""

    kind: str
    params: str
    seed: str
    #: The board's size in cells; every kind is played on a grid.
    width: int
    height: int
    description: str
    solution: str
    par: int
    difficulty: float
    #: The generator that made it; a stored puzzle is never regenerated, so a new generator
    #: version changes no stored game or daily.
    generator: str

    @property
    def code(self) -> str:
        """The puzzle code naming kind, parameters and seed: ``pipes:6x6-abc``."""
        return f"{self.kind}:{self.params}-{self.seed}"


@dataclass(frozen=True, slots=True)
class Status:
    """Where a game stands, with the kind's own details (e.g. flooded and loop tiles)."""

    outcome: Outcome
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.outcome != "playing"


class Kind(Protocol[ParamsT, PuzzleT, StateT, MoveT]):
    """One puzzle kind. Every function is pure; none keeps state between calls."""

    #: Registry key and code prefix (``pipes``), and the name people read (``Pipes``).
    name: str
    title: str
    #: Version of the generator; stored with every puzzle it makes.
    generator: str

    def parse_params(self, text: str) -> ParamsT: ...
    def format_params(self, params: ParamsT) -> str: ...
    def generate(self, params: ParamsT, seed: str) -> Generated: ...
    def load(self, stored: PuzzleText) -> PuzzleT: ...
    def label(self, puzzle: PuzzleT) -> str: ...
    def initial_state(self, puzzle: PuzzleT) -> StateT: ...
    def parse_moves(self, puzzle: PuzzleT, text: str) -> list[MoveT]: ...
    def format_move(self, puzzle: PuzzleT, move: MoveT) -> str: ...
    def turns(self, move: MoveT) -> int:
        """How many turns a move counts for (Pipes: quarter turns; a lock counts none)."""
        ...

    def cells(self, puzzle: PuzzleT, move: MoveT) -> tuple[int, ...]:
        """The cells a move touches (row-major indices), for front ends to highlight."""
        ...

    def apply(self, puzzle: PuzzleT, state: StateT, moves: Sequence[MoveT]) -> StateT: ...
    def played(self, puzzle: PuzzleT, state: StateT, moves: Sequence[MoveT]) -> list[MoveT]:
        """The moves of a batch that take effect (``apply`` may pass over some: a move after
        the game ended, a cell an earlier move already opened); they alone are counted."""
        ...

    def status(self, puzzle: PuzzleT, state: StateT) -> Status: ...
    def hint(self, puzzle: PuzzleT, state: StateT) -> MoveT | None: ...
    def encode_state(self, state: StateT) -> str: ...
    def decode_state(self, text: str) -> StateT: ...

"""The puzzle-kind interface: one engine behind a fixed set of pure functions.

Modelled on Simon Tatham's collection, where every game fills one ``struct game`` (new_desc,
new_game, interpret_move, execute_move, status, solve …) and front ends know no rule. A front
end (the Discord bot, the playground, the datapack) drives any kind through ``Kind`` alone:

    params = kind.parse_params("6x6")          # ValueError with a readable message
    made = kind.generate(params, "abc")        # description + solution as text, par, difficulty
    puzzle = kind.load(made)                   # the kind's own puzzle object
    state = kind.initial_state(puzzle)
    moves = kind.parse_moves(puzzle, state, "B3 C4x2")
    applied = kind.apply(puzzle, state, moves) # pure: what happened (MoveError refuses)
    kind.status(puzzle, applied.state)         # playing / solved / lost, points, details
    kind.hint(puzzle, state)                   # a move towards the solution, or why none
    kind.par(puzzle)                           # the fewest moves that solve it
    text = kind.encode_state(state); kind.decode_state(text)

A kind also owns what surrounds a game: its presets, the parameters of its daily (``daily``)
and how its finished games rank (``scoring``). Everything a kind hands out is immutable, so
states can be shared and cached freely.

Two extras are optional, looked up on the kind object by the command line (``puzzle.cli``):
``text_format(puzzle, state)``, its board as plain text (``TextFormat``, Tatham's
``text_format``; without it the command line prints the texts), and ``command_line``, its own
part of ``python -m puzzle`` (``CommandLine``: options, a JSON form, a board read without a
code), kept in the kind's ``engine/cli.py``. A kind whose games can be lost says which moves
could lose one (``CanLose``), so a front end can ask before they end a daily attempt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from .codes import quote
from .levels import WEEKLY, on_day, split_choice

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace

Outcome = Literal["playing", "solved", "lost"]

ParamsT = TypeVar("ParamsT")
PuzzleT = TypeVar("PuzzleT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class MoveError(ValueError):
    """A move the rules refuse (a locked tile, a finished game); the message is for people.
    ``fix``: the move (in the kind's notation) that would make it possible, for front ends to
    name in their own terms."""

    def __init__(self, message: str, fix: str | None = None) -> None:
        super().__init__(message)
        self.fix = fix


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
    @property
    def generator(self) -> str: ...


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
    #: The par stored with it; what counts is ``Kind.par`` of the loaded puzzle (a stored par
    #: may follow an older rule).
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
class Marks:
    """What a move touched, for front ends to highlight: cells (row-major indices), edges
    between two side-by-side cells, and the cell the view should follow (None: stay)."""

    cells: tuple[int, ...] = ()
    edges: tuple[tuple[int, int], ...] = ()
    focus: int | None = None


@dataclass(frozen=True, slots=True)
class Applied(Generic[StateT, MoveT]):
    """A batch of moves played: the new state, the moves that took effect (they alone are
    stored, and played again one by one from the same state, each read back from
    ``format_move`` in the state it meets, they reach the same state: undo replays them),
    what they count in the kind's unit (Pipes: quarter turns; a maze: cells walked), marks
    for front ends, and what is worth animating (empty: none): intermediate states, or
    frames of the kind's own (the ticks of a chain of bursts), immutable either way."""

    state: StateT
    moves: tuple[MoveT, ...]
    counted: int
    marks: Marks = field(default_factory=Marks)
    trace: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Status:
    """Where a game stands, the points it scores where the kind scores points (for a kind
    scored by moves: the moves that rank, where they differ from those made), and the
    kind's own details (e.g. flooded and loop tiles)."""

    outcome: Outcome
    details: Mapping[str, Any] = field(default_factory=dict)
    points: int | None = None

    @property
    def finished(self) -> bool:
        return self.outcome != "playing"


@dataclass(frozen=True, slots=True)
class Scoring:
    """How a kind's finished dailies rank: by time (with the hint penalty); by the points of
    ``Status.points`` first (more is better: drops left …), then fewer moves, then time; or
    by fewer moves first (a maze's steps; ``Status.points``, where the kind gives them: the
    moves that rank instead), then time. Over a week, month or all time: days solved, then
    those points, or fewer moves in all, then the total time."""

    by: Literal["time", "points", "moves"] = "time"


class Sized(Protocol):
    """Parameters with a board's width and height."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


SizedT = TypeVar("SizedT", bound=Sized)


class TextParams(Generic[SizedT]):
    """A kind's parameter methods over its notation (``notation``: the function that reads a
    parameters text, and the one that writes parameters back): parameters sized by their
    width and height, and a daily choice that is any parameters text, the same kind of board
    every day (a kind whose daily varies overrides ``parse_daily`` and ``daily``)."""

    notation: tuple[Callable[[str], SizedT], Callable[[SizedT], str]]

    def parse_params(self, text: str) -> SizedT:
        return self.notation[0](text)

    def format_params(self, params: SizedT) -> str:
        return self.notation[1](params)

    def size(self, params: SizedT) -> tuple[int, int]:
        return params.width, params.height

    def parse_daily(self, text: str) -> str:
        """Any parameters ``parse_params`` reads, written as they are stored (``6x6 hard``
        → ``6x6h``); for parameters with a level, ``weekly`` after a board too (``6x6
        weekly``: its level changes with the weekday, ``puzzle.levels.WEEK_LEVELS``)."""
        split = split_choice(text)
        if split is None or split[1] != WEEKLY:
            return self.format_params(self.parse_params(text))
        params = self.parse_params(split[0])
        if not hasattr(params, "level"):
            raise ValueError(f"{quote(text)} is not a daily choice: this kind has no levels.")
        return f"{self.format_params(replace(params, level='normal'))} {WEEKLY}"  # type: ignore[type-var]

    def daily(self, choice: str, day: date) -> SizedT:
        """The same kind of board every day, at the weekday's level for a weekly choice."""
        board, _, weekly = choice.partition(" ")
        if weekly != WEEKLY:
            return self.parse_params(choice)
        return replace(self.parse_params(board), level=on_day(WEEKLY, day))  # type: ignore[type-var]


class Kind(Protocol[ParamsT, PuzzleT, StateT, MoveT]):
    """One puzzle kind. Every function is pure; none keeps state between calls."""

    #: Registry key and code prefix (``pipes``), and the name people read (``Pipes``).
    name: str
    title: str
    #: Version of the generator; stored with every puzzle it makes.
    generator: str
    #: Parameters people pick from (each one ``parse_params`` reads), most common first.
    presets: tuple[str, ...]
    #: The daily choice where nobody chose one (direct messages, servers that never set a
    #: daily up), and the choices offered for it; a server that turns the kind on without
    #: choosing gets the first.
    default_daily: str
    daily_presets: tuple[str, ...]
    scoring: Scoring

    def parse_params(self, text: str) -> ParamsT: ...
    def format_params(self, params: ParamsT) -> str: ...
    def size(self, params: ParamsT) -> tuple[int, int]:
        """The board's width and height in cells."""
        ...

    def parse_daily(self, text: str) -> str:
        """A daily choice people typed, written the one way it is stored (ValueError with a
        sentence for people if it is none)."""
        ...

    def daily(self, choice: str, day: date) -> ParamsT:
        """The parameters of a date's daily for a stored choice (Pipes' ``8x8 weekly`` gives
        the weekday's level)."""
        ...

    def generate(self, params: ParamsT, seed: str) -> Generated: ...
    def load(self, stored: PuzzleText) -> PuzzleT: ...
    def label(self, puzzle: PuzzleT) -> str: ...
    def initial_state(self, puzzle: PuzzleT) -> StateT: ...
    def parse_moves(self, puzzle: PuzzleT, state: StateT, text: str) -> list[MoveT]: ...
    def format_move(self, puzzle: PuzzleT, move: MoveT) -> str: ...
    def apply(
        self, puzzle: PuzzleT, state: StateT, moves: Sequence[MoveT]
    ) -> Applied[StateT, MoveT]: ...
    def status(self, puzzle: PuzzleT, state: StateT) -> Status: ...
    def progress(self, puzzle: PuzzleT, state: StateT) -> float:
        """How far this state is towards the solve, from 0 to 1 (1 once solved): the kind's
        own measure, for front ends to compare players of one board (a race)."""
        ...

    def hint(self, puzzle: PuzzleT, state: StateT) -> MoveT | str:
        """A move towards the solution from this state, or why there is none (a sentence)."""
        ...

    def par(self, puzzle: PuzzleT) -> int:
        """The fewest moves, counted as ``apply`` counts them, that solve the puzzle from its
        start: worked out from the puzzle, whatever par was stored with it."""
        ...

    def encode_state(self, state: StateT) -> str: ...
    def decode_state(self, text: str) -> StateT: ...


@runtime_checkable
class TextFormat(Protocol):
    """A kind that draws its board as plain text (Tatham's ``text_format``)."""

    def text_format(self, puzzle: Any, state: Any) -> str:
        """The board in this state as lines of text, coordinates included where the kind's
        moves name cells."""
        ...


@runtime_checkable
class Graded(Protocol):
    """A kind whose puzzles are graded: ``Generated.difficulty`` is the grade its own
    human-like solver measures (higher: harder), and each level is a band of it,
    ``grades[level] = (low, high)``, half-open, easiest first and disjoint; the generator
    keeps a board only inside its level's band."""

    grades: Mapping[str, tuple[float, float]]


@runtime_checkable
class CanLose(Protocol):
    """A kind whose games can be lost by a move (without it, no move ever loses one)."""

    def could_lose(self, puzzle: Any, state: Any, moves: Sequence[Any]) -> bool:
        """Whether playing these moves from this state could lose the game, judged from
        what the player sees (never from what the board hides: the answer tells nothing)."""
        ...


class CommandLine(Protocol):
    """A kind's own part of the command line, offered as its ``command_line`` attribute:
    options of its own, how they make parameters, other generators, a JSON form, and a board
    checked without a code. ValueError (one sentence) refuses."""

    def add_options(self, command: str, parser: ArgumentParser) -> None:
        """Options of its own for ``new``, ``show`` or ``check``."""
        ...

    def params(self, text: str, options: Namespace) -> str:
        """``new``: the parameters text made of the one typed and the kind's options."""
        ...

    def generate(self, params: str, seed: str, options: Namespace) -> Generated | None:
        """``show``: the puzzle of a code as another generator the options name made it
        (None: the kind's own generator)."""
        ...

    def to_json(self, puzzle: Any) -> dict[str, object]:
        """``--json`` of ``new`` and ``show``."""
        ...

    def check(self, text: str, options: Namespace) -> str:
        """``check`` without a code: a board in the kind's own form (read from stdin),
        checked, as the text to print."""
        ...

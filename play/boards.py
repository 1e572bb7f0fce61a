"""What the service hands front ends: a board (a game with its puzzle, status and date), a
board after a move, and a daily's standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from db import DailyPuzzle, Game, PuzzleRecord, Result
from puzzle import KINDS, Kind, Marks, Status

#: The mode of a game of the archive: a past daily's puzzle played apart, never ranked.
ARCHIVE = "archive"
#: The mode of a board for everyone: any member of its channel plays it with its buttons.
SHARED = "shared"


@lru_cache(maxsize=4096)
def load(stored: PuzzleRecord) -> Any:
    """The kind's puzzle object of a stored puzzle (cached: stored puzzles never change)."""
    return KINDS[stored.kind].load(stored)


@dataclass(frozen=True, slots=True)
class Board:
    """A game with its puzzle and status, ready for a front end to show."""

    game: Game
    puzzle: Any
    status: Status
    day: date | None  # the puzzle date, for a daily game and an archive game
    #: Whether the solution may be shown: a daily's only once its date is over everywhere.
    solution_public: bool = True
    #: A board for everyone's players and their moves, most first: (user id, moves).
    movers: tuple[tuple[int, int], ...] = ()

    @property
    def archive(self) -> bool:
        """Whether it is a past daily played from the archive (never ranked)."""
        return self.game.mode == ARCHIVE

    @property
    def shared(self) -> bool:
        """Whether it is a board for everyone in its channel (co-op)."""
        return self.game.mode == SHARED

    @property
    def kind(self) -> Kind[Any, Any, Any, Any]:
        return KINDS[self.game.kind]

    @property
    def par(self) -> int:
        return self.kind.par(self.puzzle)

    @property
    def given_up(self) -> bool:
        """Whether the player gave the board up: it is over, but not by the kind's rules
        (a give-up keeps the state as it was)."""
        game = self.game
        if game.outcome != "lost":
            return False
        return self.kind.status(self.puzzle, game.state).outcome != "lost"

    @property
    def ending(self) -> str:
        """How the board stands: "playing", "solved", "lost" or "given up"."""
        return "given up" if self.given_up else self.game.outcome


@dataclass(frozen=True, slots=True)
class Played:
    """A board after a move, what the move marked, the frames worth animating, whether this
    call made it (False for an interaction delivered again: nothing changed, nothing
    marked), the moves it made as the kind writes them, and those an undo took back."""

    board: Board
    marks: Marks
    applied: bool
    trace: tuple[Any, ...] = ()
    moves: tuple[str, ...] = ()
    undone: tuple[str, ...] = ()

    @property
    def cells(self) -> tuple[int, ...]:
        return self.marks.cells


@dataclass(frozen=True, slots=True)
class Risky:
    """A typed action that could end a daily attempt on a daily other than the board its
    player last played: that board, its version, and the moves as the kind writes them
    (None: giving it up). The front end asks before playing it."""

    board: Board
    moves: str | None

    @property
    def version(self) -> int:
        return self.board.game.version


@dataclass(frozen=True, slots=True)
class Standings:
    """A daily puzzle's results: this server's (if any) and everyone's, ranked."""

    daily: DailyPuzzle
    local: list[Result] | None
    everywhere: list[Result]

"""What the service refuses. Each error's text is a plain sentence; the front end may word
the ones with a field (whose board, which command to try) in its own way."""

from __future__ import annotations

from .boards import Board


class UserError(Exception):
    """Something a person asked for that cannot be done; the message tells them why."""

    #: The board the request was about, as the front end names it (when it names one).
    board: str | None = None


class MoveRefused(UserError):
    """A move the rules of a kind refuse; ``fix`` is the move that would allow it (the
    front end names it in its own terms)."""

    def __init__(self, message: str, kind: str, fix: str | None) -> None:
        super().__init__(message)
        self.kind = kind
        self.fix = fix


class NoSuchBoard(UserError):
    """The board does not exist (any more)."""

    def __init__(self) -> None:
        super().__init__("This board no longer exists. Start a new one.")


class NotYourBoard(UserError):
    """Someone else's board (of ``kind``)."""

    def __init__(self, owner_id: int, kind: str) -> None:
        super().__init__("This board belongs to someone else. Start your own.")
        self.owner_id = owner_id
        self.kind = kind


class BoardSolved(UserError):
    """The board (of ``kind``) is solved and takes no more moves."""

    def __init__(self, kind: str) -> None:
        super().__init__("This board is already solved. Start a new one.")
        self.kind = kind


class BoardOver(UserError):
    """The game (of ``kind``) was given up or lost and takes no more moves."""

    def __init__(self, kind: str) -> None:
        super().__init__("This game is over. Start a new one.")
        self.kind = kind


class BoardChanged(UserError):
    """The board changed since its player was asked about a move on it: nothing is played."""

    def __init__(self) -> None:
        super().__init__(
            "That board changed since you were asked, so nothing was played: type it again."
        )


class LastBoardOver(UserError):
    """The board a typed command means (the one its player last played or opened) is over: it is not
    passed over for another. ``over`` is that board, for the front end to name."""

    def __init__(self, over: Board) -> None:
        super().__init__("Your last board is over. Resume an unfinished one or start another.")
        self.over = over


class NoUnfinishedBoard(UserError):
    """The player has no board of ``kind`` to continue."""

    def __init__(self, kind: str) -> None:
        super().__init__("You have no unfinished board. Start one.")
        self.kind = kind

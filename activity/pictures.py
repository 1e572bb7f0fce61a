"""The pictures the Activity shows: each kind's own drawing (the one the board message
shows, without a window's frame), where its cells are on it, and the animations of the
kinds that have them. Recent pictures are kept, so the picture a view names is drawn once."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Literal

from bot.face import Face
from bot.kinds import FACES
from bot.workers import Workers
from play import Board
from puzzle import Marks
from renderer.layout import layout

#: Which picture of a version: the board as it stands, the move that made it, or the win.
Which = Literal["png", "move", "win"]
#: How many pictures (and move traces) are kept, over all players.
KEPT = 512
NO_MARKS = Marks()


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def mime(picture: bytes) -> str:
    """A picture's media type, from its first bytes (a kind's win is a GIF or a still PNG)."""
    return "image/gif" if picture.startswith(b"GIF8") else "image/png"


def grid(board: Board, png: bytes) -> dict[str, int]:
    """Where the cells are on a board's picture, in its pixels: the top-left corner of A1 and
    a cell's side (every kind draws on the shared layout; a gutter, where there is one, is
    what is left of the width)."""
    game = board.game
    plain = layout(game.width, game.height)
    width, _ = png_size(png)
    start = width - game.width * plain.cell - plain.pad
    return {"left": start, "top": start, "cell": plain.cell}


class Pictures:
    """Draws and keeps the pictures of boards, by game, version and which."""

    def __init__(self, workers: Workers) -> None:
        self._workers = workers
        self._kept: OrderedDict[tuple[int, int, Which], bytes] = OrderedDict()
        self._traces: OrderedDict[tuple[int, int], tuple[Any, ...]] = OrderedDict()

    def _keep(self, store: OrderedDict[Any, Any], key: Any, value: Any) -> None:
        store[key] = value
        store.move_to_end(key)
        while len(store) > KEPT:
            store.popitem(last=False)

    def traced(self, board: Board, trace: tuple[Any, ...]) -> bool:
        """Keep a move's trace for its animation; whether the kind animates it."""
        if not trace or FACES[board.game.kind].animate is None:
            return False
        self._keep(self._traces, (board.game.id, board.game.version), trace)
        return True

    async def board(self, board: Board, marks: Marks = NO_MARKS) -> bytes:
        """The board's picture: the solution in place of a given-up board's once it may be
        shown, when the kind draws it apart; a finished board's unmarked."""
        key: tuple[int, int, Which] = (board.game.id, board.game.version, "png")
        if key not in self._kept:
            face = FACES[board.game.kind]
            if board.given_up and board.solution_public and face.solution is not None:
                png = (await face.solution(self._workers, board))[0]
            else:
                shown = NO_MARKS if board.game.finished else marks
                png = (await face.draw(self._workers, board, None, shown))[0]
            self._keep(self._kept, key, png)
        return self._kept[key]

    def kept(self, game_id: int, version: int, which: Which) -> bytes | None:
        """A picture drawn already, or None."""
        return self._kept.get((game_id, version, which))

    async def animation(self, board: Board, which: Which) -> bytes | None:
        """The animation of the move that made this version (while its trace is kept) or of
        the win (a GIF, or a kind's still picture); None when there is none."""
        key = (board.game.id, board.game.version, which)
        face: Face = FACES[board.game.kind]
        if key not in self._kept:
            if which == "win" and board.game.solved:
                self._keep(self._kept, key, (await face.win(self._workers, board))[0])
            trace = self._traces.get(key[:2])
            if which == "move" and trace is not None and face.animate is not None:
                self._keep(self._kept, key, (await face.animate(self._workers, board, trace))[0])
        return self._kept.get(key)

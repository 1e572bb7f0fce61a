"""What the client shows of a board: one JSON view, in the face's own words and picture, with
every cell named and said in words, the kind's modes, controls and the shared actions."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from bot import texts
from bot.kinds import FACES
from play import Board
from puzzle import Marks

from .pictures import NO_MARKS, Which, grid, png_size
from .session import Sessions

#: Discord's markup in a face's lines: a relative timestamp (the Activity runs its own
#: timer), bold and code marks.
_TIMER = re.compile(r"\s*(?:·\s*)?⏱ started <t:\d+:\w>")
_MARKS = re.compile(r"\*\*|`")
#: A link as Discord writes it, ``[words](<url>)``: the Activity leaves it out (its page
#: may open no outside URL).
_LINK = re.compile(r"\s*(?:·\s*)?\[[^\]]*\]\(<?[^)>]*>?\)")
#: What a player may do to a board being played, beside its cells and controls.
ACTIONS = ("hint", "undo", "restart", "giveup")
#: What an animation shows, for screen readers.
ANIMATIONS: dict[Which, str] = {"move": "The move, step by step", "win": "The win", "png": ""}


def plain(text: str) -> str:
    """A face's line without Discord's markup."""
    return _MARKS.sub("", _LINK.sub("", _TIMER.sub("", text))).strip()


def heading(board: Board) -> str:
    """'Daily Pipes 2026-11-28 · 8×8 · normal' or 'Pipes 6x6-abc · 6×6 · normal'."""
    return f"{texts.title(board)} · {board.kind.label(board.puzzle)}"


def view(
    board: Board,
    png: bytes,
    sessions: Sessions,
    now: datetime,
    *,
    marks: Marks = NO_MARKS,
    animation: Which | None = None,
    share: str | None = None,
) -> dict[str, Any]:
    """The view of ``board`` whose picture is ``png``; ``animation``: the one to play first
    (the move's, kept as it was made, or the win's); ``share``: a solved board's share
    line."""
    game, face = board.game, FACES[board.game.kind]
    ticket = sessions.ticket(game.owner_id, game.id, game.version)
    base = f"api/pictures/{game.id}/{game.version}"
    width, height = png_size(png)
    ended = game.finished_at or now
    return {
        "id": game.id,
        "kind": game.kind,
        "title": board.kind.title,
        "heading": heading(board),
        "version": game.version,
        "width": game.width,
        "height": game.height,
        "ending": board.ending,
        "daily": None if board.day is None else board.day.isoformat(),
        "goal": face.goal,
        "status": plain(face.body(board)),
        "par": face.par_text(board.par),
        "started": game.started_at.isoformat(),
        "finished": None if game.finished_at is None else game.finished_at.isoformat(),
        "elapsed": max(0.0, (ended - game.started_at).total_seconds()),
        "modes": [{"key": key, "label": label} for key, label in face.modes.items()],
        "mode": face.first_mode,
        "controls": [{"token": token, "label": label} for label, token in face.controls],
        "actions": [] if game.finished else list(ACTIONS),
        "cells": [face.cell_words(board, i) for i in range(game.width * game.height)],
        "picture": {
            "url": f"{base}.png?t={ticket}",
            "width": width,
            "height": height,
            "grid": grid(board, png),
        },
        "marks": list(marks.cells),
        "animation": None
        if animation is None
        else {"url": f"{base}-{animation}.gif?t={ticket}", "alt": ANIMATIONS[animation]},
        "result": None if not game.finished else {"text": plain(face.body(board)), "share": share},
    }

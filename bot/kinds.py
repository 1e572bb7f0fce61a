"""Every kind the bot shows, by name: the front end's one list of kinds (in the order they
are posted and helped). A kind's Discord side is its face, ``kinds/<kind>/face.py``; its
engine is listed in ``puzzle.registry``."""

from __future__ import annotations

import io

from PIL import Image

from kinds.choco.face import FACE as CHOCO
from kinds.drops.face import FACE as DROPS
from kinds.maze.face import FACE as MAZE
from kinds.mines.face import FACE as MINES
from kinds.pipes.face import FACE as PIPES

from .face import Face

FACES: dict[str, Face] = {face.name: face for face in (PIPES, MINES, MAZE, DROPS, CHOCO)}
#: The group that also carries the bot's own commands for every kind (``remind``): the one
#: its name comes from.
HOME = PIPES.name


def warm() -> None:
    """Each kind's work done once at start (a new worker process, and the bot's own), and
    Pillow's encoders loaded (its first PNG costs a click several times its drawing)."""
    for face in FACES.values():
        if face.warm is not None:
            face.warm()
    for encoding in ("PNG", "GIF"):
        Image.new("RGB", (8, 8)).save(io.BytesIO(), encoding)


__all__ = ["FACES", "HOME", "warm"]

"""The Maze kind's Minecraft data pack (Java 1.21.6–1.21.11): ``function maze:build`` builds
the maze next to whoever runs it with bulk ``fill`` commands, ``function maze:start`` races
every player from the gold start to the emerald exit and announces their times.

Written against ``MazePlan`` (``plan.py``), not the maze kind: ``build(plan)`` gives the
zip's file name and bytes, ``check_fits(plan)`` raises ValueError with one sentence when a
maze cannot be built, ``install_note(plan)`` tells people what to do with it.
"""

from kinds.maze.pack.build import (
    INSTALL_NOTE,
    MAX_SIDE,
    build,
    check_fits,
    data_pack,
    file_name,
    install_note,
)
from kinds.maze.pack.functions import functions
from kinds.maze.pack.plan import MazePlan

__all__ = [
    "INSTALL_NOTE", "MAX_SIDE", "MazePlan", "build", "check_fits", "data_pack", "file_name",
    "functions", "install_note",
]  # fmt: skip

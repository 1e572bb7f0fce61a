"""What the pack needs of a maze: the ``MazePlan`` protocol (the maze kind's puzzle provides
exactly these attributes), and the checks that a plan describes a maze that can be built."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: Open sides of a cell, as Pipes' tiles and the maze kind's description: left, up, right,
#: down.
LEFT, UP, RIGHT, DOWN = 1, 2, 4, 8


class MazePlan(Protocol):
    """A maze to build: ``width`` × ``height`` cells, row-major (cell ``y * width + x``,
    row 0 at the top), each with its open sides (``LEFT | UP | RIGHT | DOWN``; a side open on
    one cell is open on its neighbour), the ``start`` and ``exit`` cells, and the puzzle's
    ``code`` for file names and messages."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def sides(self) -> Sequence[int]: ...

    @property
    def start(self) -> int: ...

    @property
    def exit(self) -> int: ...

    @property
    def code(self) -> str: ...


def problem(plan: MazePlan) -> str | None:
    """Why a plan is not a maze the pack can build (one clause), or None."""
    w, h, sides = plan.width, plan.height, plan.sides
    if w < 1 or h < 1:
        return f"a {w}×{h} maze has no cells"
    if len(sides) != w * h:
        return f"a {w}×{h} maze needs {w * h} cells, not {len(sides)}"
    for cell in (plan.start, plan.exit):
        if not 0 <= cell < w * h:
            return f"cell {cell} is outside a {w}×{h} maze"
    if plan.start == plan.exit:
        return "its start is its exit"
    for i, mask in enumerate(sides):
        x, y = i % w, i // w
        if not 0 <= mask <= 15:
            return f"cell {i} has sides {mask}, not 0 to 15"
        if (x == 0 and mask & LEFT) or (y == 0 and mask & UP):
            return f"cell {i} opens onto the border"
        if (x == w - 1 and mask & RIGHT) or (y == h - 1 and mask & DOWN):
            return f"cell {i} opens onto the border"
        if x < w - 1 and bool(mask & RIGHT) != bool(sides[i + 1] & LEFT):
            return f"cells {i} and {i + 1} disagree on the side between them"
        if y < h - 1 and bool(mask & DOWN) != bool(sides[i + w] & UP):
            return f"cells {i} and {i + w} disagree on the side between them"
    return None

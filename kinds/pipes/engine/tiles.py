"""Pipe tiles as 4-bit masks of open sides: left=1, up=2, right=4, down=8."""

from __future__ import annotations

from puzzle.grid import DOWN as DOWN
from puzzle.grid import LEFT as LEFT
from puzzle.grid import OFFSETS as OFFSETS
from puzzle.grid import RIGHT as RIGHT
from puzzle.grid import UP as UP

#: Side bits in the seed's order (``puzzle.grid``'s); direction index ``d`` has bit ``1 << d``.
SIDES = (LEFT, UP, RIGHT, DOWN)

# Box-drawing glyph per mask (used by the text board and the bot's buttons).
GLYPHS = (" ", "╴", "╵", "┘", "╶", "─", "└", "┴", "╷", "┐", "│", "┤", "┌", "┬", "├", "┼")


def rotate(mask: int, turns: int = 1) -> int:
    """Rotate a tile clockwise by ``turns`` quarter turns (negative: counter-clockwise)."""
    turns %= 4
    return ((mask << turns) | (mask >> (4 - turns))) & 0xF


def opposite(side: int) -> int:
    """The side facing ``side`` on the neighbouring tile (left <-> right, up <-> down)."""
    return rotate(side, 2)


def orientations(mask: int) -> tuple[int, ...]:
    """The distinct masks ``mask`` takes under rotation, in clockwise order from ``mask``."""
    seen: list[int] = []
    for turns in range(4):
        rotated = rotate(mask, turns)
        if rotated not in seen:
            seen.append(rotated)
    return tuple(seen)


def turns_between(current: int, target: int) -> int | None:
    """Fewest clockwise quarter turns taking ``current`` to ``target``; None if impossible."""
    for turns in range(4):
        if rotate(current, turns) == target:
            return turns
    return None


def nearest_turns(current: int, target: int) -> int | None:
    """The turn taking ``current`` to ``target`` in the fewest quarter turns either way: 0, 1
    or 2 clockwise, or -1 (one counter-clockwise); None if impossible. A tile that looks the
    same turned (a straight, a cross) takes the nearest turn that makes it look right."""
    turns = turns_between(current, target)
    return -1 if turns == 3 else turns


#: ``ROTATED[mask][k]``: ``mask`` turned ``k`` quarter turns clockwise;
#: ``TURNS[current][target]``: fewest clockwise quarter turns between them (0 if impossible);
#: ``QUARTERS[current][target]``: fewest quarter turns either way (0 if impossible).
ROTATED = tuple(tuple(rotate(m, k) for k in range(4)) for m in range(16))
TURNS = tuple(tuple(turns_between(a, b) or 0 for b in range(16)) for a in range(16))
QUARTERS = tuple(tuple(abs(nearest_turns(a, b) or 0) for b in range(16)) for a in range(16))


def shape(mask: int) -> str:
    """The tile's shape: 'empty', 'end', 'straight', 'bend', 'tee' or 'cross'."""
    count = bin(mask).count("1")
    if count == 2:
        return "straight" if mask in (LEFT | RIGHT, UP | DOWN) else "bend"
    return ("empty", "end", "", "tee", "cross")[count]

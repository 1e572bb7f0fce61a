"""What the conformance suites need to know of a kind that no interface tells: small
parameters, and how people type its moves. Each kind gives its own in
``kinds/<kind>/tests/examples.py`` (``EXAMPLE``)."""

from collections.abc import Callable
from typing import NamedTuple

from puzzle.grid import cell_name


def cell_word(x: int, y: int, suffix: str, width: int, height: int) -> str:
    """A cell's name and what follows it: 'B3x2'."""
    return cell_name(x, y) + suffix


class Example(NamedTuple):
    #: Canonical parameters of small boards of different sizes, not all square.
    params: tuple[str, ...]
    #: What may follow a cell name (``B3``) in a move, "" included.
    suffixes: tuple[str, ...]
    #: How a move is written from a cell and a suffix (a kind whose moves are not cells
    #: gives its own).
    word: Callable[[int, int, str, int, int], str] = cell_word

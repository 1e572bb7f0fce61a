"""Double Choco (seed 002, Nikoli's ダブルチョコ): draw walls that cut a grid of white and
gray cells into blocks, each one white part and one gray part of the same shape. Imports
nothing of the project outside ``puzzle`` (see DESIGN.md's layers).

- **Grid** (``grid``): colours, numbers, inner edges, and the puzz.link text.
- **Rules** (``rules``): blocks, parts, shapes and every breach of the walls drawn.
"""

from .grid import UNKNOWN, Edge, Grid, decode, edge, edges, encode
from .rules import (
    MORE_PARTS,
    ONE_COLOUR,
    SHAPES_DIFFER,
    Breaches,
    blocks,
    breaches,
    open_edges,
    parts,
    shape,
    walls_of,
)

__all__ = [
    "MORE_PARTS", "ONE_COLOUR", "SHAPES_DIFFER", "UNKNOWN", "Breaches", "Edge", "Grid",
    "blocks", "breaches", "decode", "edge", "edges", "encode", "open_edges", "parts", "shape",
    "walls_of",
]  # fmt: skip

"""Maze pictures: floors and walls of the cells out of the fog, the fog itself (hatched, so
it reads without colour), the trail walked, the player, the start and the exit; once the maze
is over, the shortest way out. Coordinates, the button window and the banner are the shared
canvas's (``renderer.canvas``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from puzzle.grid import DOWN, LEFT, RIGHT, UP
from renderer import theme
from renderer.canvas import (
    board_sprites,
    draw_banner,
    draw_labels,
    encode_pngs,
    outline_window,
)
from renderer.layout import Layout, layout

FOG = theme.hex_rgb("#4A5160")
FOG_HATCH = theme.hex_rgb("#5C6474")
WALL = theme.INK
TRAIL = theme.hex_rgb("#CDE3F2")  # visited floor: a pale blue
START = theme.hex_rgb("#E69F00")  # Okabe–Ito orange: the gold block
EXIT = theme.SOLVED  # Okabe–Ito bluish green: the emerald block
PATH = theme.VERMILLION  # Okabe–Ito vermillion: the way out, once the maze is over
PLAYER = theme.BLUE

#: Banners of a finished maze, by outcome: (text, colour).
BANNERS = {"solved": ("SOLVED", theme.SOLVED), "given up": ("GAVE UP", theme.GAVE_UP)}
_BANNERS = tuple((outcome, text, colour) for outcome, (text, colour) in BANNERS.items())


@dataclass(frozen=True, slots=True)
class MazeView:
    """What a maze picture shows: the maze, what the player has seen and walked, where they
    stand, the way out (drawn when given) and how the game stands."""

    width: int
    height: int
    #: The open sides of every cell, row-major (left=1, up=2, right=4, down=8).
    cells: Sequence[int]
    start: int
    exit: int
    #: Where the player stands (None: nobody, as on the daily post).
    player: int | None
    #: The cells out of the fog (every cell on a maze without fog).
    seen: Collection[int]
    visited: Collection[int]
    #: The way out, start to exit, drawn as a line; empty: none drawn.
    path: Sequence[int] = ()
    #: "playing", "solved" or "given up".
    outcome: str = "playing"


def render_maze_image(
    view: MazeView, *, frame: tuple[int, int, int, int] | None = None
) -> Image.Image:
    """The maze as an RGB image; ``frame``: a block of cells (x, y, width, height) outlined,
    the buttons' window."""
    finished = view.outcome in BANNERS
    geometry = layout(view.width, view.height, solved=finished)
    sprites = board_sprites(geometry.cell, geometry.margin, _BANNERS)
    image = Image.new("RGB", geometry.size, theme.FRAME)
    draw = ImageDraw.Draw(image)
    seen = frozenset(view.seen)
    for cell in range(view.width * view.height):
        box = _box(geometry, cell)
        if cell not in seen:
            _fog(draw, box, geometry.cell)
            continue
        draw.rectangle(box, fill=TRAIL if cell in view.visited else theme.CELL)
        _marker(draw, geometry, cell, view)
    for cell in seen:
        _walls(draw, geometry, cell, view.cells[cell])
    _path(draw, geometry, view.path)
    if view.player is not None:
        _player(draw, geometry, view.player)
    draw_labels(image, geometry, sprites)
    if frame is not None:
        outline_window(draw, geometry, frame)
    if finished:
        draw_banner(image, geometry, sprites[view.outcome], BANNERS[view.outcome][1])
    return image


def render_maze_png(
    view: MazeView, *, frame: tuple[int, int, int, int] | None = None, zoom: bool = False
) -> tuple[bytes, bytes | None]:
    """PNG bytes of the maze and, with ``zoom`` and a ``frame``, the framed block enlarged
    for a phone: (maze, zoomed window or None)."""
    image = render_maze_image(view, frame=frame)
    return encode_pngs(image, layout(view.width, view.height), frame if zoom else None)


def _box(geometry: Layout, cell: int) -> tuple[int, int, int, int]:
    left, top, right, bottom = geometry.cell_box(cell % geometry.width, cell // geometry.width)
    return left, top, right - 1, bottom - 1


def _fog(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], size: int) -> None:
    """An unseen cell: dark, with diagonal hatching."""
    left, top = box[:2]
    draw.rectangle(box, fill=FOG)
    step = max(6, size // 4)
    for k in range(step // 2, 2 * size, step):
        x0, y0 = left + max(0, k - size + 1), top + min(k, size - 1)
        x1, y1 = left + min(k, size - 1), top + max(0, k - size + 1)
        draw.line((x0, y0, x1, y1), fill=FOG_HATCH, width=max(1, size // 16))


def _centre(geometry: Layout, cell: int) -> tuple[float, float]:
    left, top = geometry.cell_origin(cell % geometry.width, cell // geometry.width)
    return left + geometry.cell / 2, top + geometry.cell / 2


def _marker(draw: ImageDraw.ImageDraw, geometry: Layout, cell: int, view: MazeView) -> None:
    """The start, a square block; the exit, a diamond (told apart by shape as well)."""
    if cell not in (view.start, view.exit):
        return
    x, y = _centre(geometry, cell)
    r = geometry.cell * 0.3
    if cell == view.start:
        draw.rectangle((x - r, y - r, x + r, y + r), fill=START, outline=WALL, width=2)
    else:
        diamond = [(x, y - r * 1.2), (x + r * 1.2, y), (x, y + r * 1.2), (x - r * 1.2, y)]
        draw.polygon(diamond, fill=EXIT, outline=WALL, width=2)


def _walls(draw: ImageDraw.ImageDraw, geometry: Layout, cell: int, mask: int) -> None:
    """The closed sides of a cell, drawn over its border."""
    left, top, right, bottom = geometry.cell_box(cell % geometry.width, cell // geometry.width)
    half = max(1, geometry.cell // 12)
    sides = {
        LEFT: (left - half, top - half, left + half, bottom + half),
        UP: (left - half, top - half, right + half, top + half),
        RIGHT: (right - half, top - half, right + half, bottom + half),
        DOWN: (left - half, bottom - half, right + half, bottom + half),
    }
    for side, box in sides.items():
        if not mask & side:
            draw.rectangle(box, fill=WALL)


def _path(draw: ImageDraw.ImageDraw, geometry: Layout, path: Sequence[int]) -> None:
    if len(path) > 1:
        points = [_centre(geometry, cell) for cell in path]
        draw.line(points, fill=PATH, width=max(3, geometry.cell // 6), joint="curve")


def _player(draw: ImageDraw.ImageDraw, geometry: Layout, cell: int) -> None:
    x, y = _centre(geometry, cell)
    r = geometry.cell * 0.26
    draw.ellipse((x - r, y - r, x + r, y + r), fill=PLAYER, outline=theme.WHITE, width=2)

"""Double Choco pictures: white and gray cells (the gray darker in grey alone too), their
numbers (``?`` for a size not given), a faint grid, the player's walls thick and dark inside
the board's thick outline. After a check, what breaks a rule is marked by shape as well as
colour: a wrong block hatched, a number of the wrong size struck through in a ring, a wall
inside a block striped like barrier tape. After a give-up, the answer's walls as thinner blue
lines over the player's. While playing, a white knob ringed dark on the corner the last wall
ends at, where the extend mode draws on from. A footer tells the walls, the toggles and the
check. Coordinates, the window and the banner are the shared canvas's (``renderer.canvas``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw, ImageFont

from kinds.choco.engine.grid import UNKNOWN, Edge
from kinds.choco.engine.rules import Breaches
from renderer import theme
from renderer.canvas import (
    board_sprites,
    counted,
    draw_banner,
    draw_footer,
    draw_labels,
    encode_pngs,
    font,
    outline_window,
)
from renderer.layout import Layout, layout

WHITE = theme.WHITE
GRAY = theme.hex_rgb("#B9C0CB")  # grey 191 against white's 255
GRID = theme.hex_rgb("#969EAB")  # one pixel: seen on both cells, faint beside a wall
WALL = theme.INK
INK = theme.INK  # the numbers
BREACH = theme.VERMILLION  # Okabe–Ito vermillion: hatching, rings, stripes
ANSWER = theme.BLUE  # Okabe–Ito blue: the answer's walls, after a give-up
#: Banners of a finished board, by outcome: (text, colour).
BANNERS = {"solved": ("SOLVED", theme.SOLVED), "given up": ("GAVE UP", theme.GAVE_UP)}
_BANNERS = tuple((outcome, text, colour) for outcome, (text, colour) in BANNERS.items())


@dataclass(frozen=True, slots=True)
class ChocoView:
    """What a Double Choco picture shows: the grid, the player's walls, the last check (when
    there is one), the toggles made, how the game stands and, after a give-up, the answer."""

    width: int
    height: int
    #: Every cell's colour (True: gray), row-major.
    gray: Sequence[bool]
    #: Every cell's number (None: none; ``UNKNOWN``: drawn ``?``), row-major.
    clues: Sequence[int | None]
    #: The player's walls: inner edges (a, b), a < b.
    walls: Collection[Edge]
    #: What the last check found (None: no check shown).
    breaches: Breaches | None = None
    #: Walls drawn or taken away so far.
    toggles: int = 0
    #: "playing", "solved" or "given up".
    outcome: str = "playing"
    #: The answer's walls, drawn when given (after a give-up).
    answer: Collection[Edge] = ()
    #: The corner (x, y) drawing goes on from, shown while playing (None: no wall yet).
    pen: tuple[int, int] | None = None


def wall_half(cell: int) -> int:
    """A wall is ``2 * wall_half + 1`` pixels thick, centred on its grid line."""
    return max(2, cell // 12)


def render_choco_image(
    view: ChocoView,
    *,
    highlight: Collection[Edge] = (),
    frame: tuple[int, int, int, int] | None = None,
) -> Image.Image:
    """The board as an RGB image: ``highlight`` edges ringed (the last move's toggles),
    ``frame`` a block of cells (x, y, width, height) outlined, the buttons' window."""
    finished = view.outcome in BANNERS
    plain = layout(view.width, view.height, solved=finished)
    geometry = replace(plain, banner=plain.banner + plain.margin)  # the footer's band
    sprites = board_sprites(geometry.cell, geometry.margin, _BANNERS)
    image = Image.new("RGB", geometry.size, theme.FRAME)
    draw = ImageDraw.Draw(image)
    checked = view.breaches
    for cell, gray in enumerate(view.gray):
        draw.rectangle(_inside(geometry, cell), fill=GRAY if gray else WHITE)
    if checked:
        for block, _ in checked.blocks:
            for cell in block:
                _hatch(draw, _inside(geometry, cell), geometry.cell)
    _grid(draw, geometry)
    _numbers(draw, geometry, view, checked.numbers if checked else frozenset())
    draw_labels(image, geometry, sprites)
    inner = checked.walls if checked else frozenset()
    for edge in view.walls:
        _wall(draw, geometry, edge, striped=edge in inner)
    answer = max(1, wall_half(geometry.cell) // 2)
    for edge in view.answer:
        draw.rectangle(_band(geometry, edge, answer, -answer, geometry.cell + answer), fill=ANSWER)
    _outline(draw, geometry)  # over the ends of the walls and lines that meet it
    for edge in highlight:
        _ring_edge(draw, geometry, edge)
    if frame is not None:
        outline_window(draw, geometry, frame)
    if view.pen is not None and view.outcome == "playing":
        _pen(draw, geometry, view.pen)
    draw_footer(draw, geometry, footer(view))
    if finished:
        draw_banner(image, geometry, sprites[view.outcome], BANNERS[view.outcome][1])
    return image


def render_choco_png(
    view: ChocoView,
    *,
    highlight: Collection[Edge] = (),
    frame: tuple[int, int, int, int] | None = None,
    zoom: bool = False,
) -> tuple[bytes, bytes | None]:
    """PNG bytes of the board and, with ``zoom`` and a ``frame``, the framed block enlarged
    for a phone: (board, zoomed window or None)."""
    image = render_choco_image(view, highlight=highlight, frame=frame)
    return encode_pngs(image, layout(view.width, view.height), frame if zoom else None)


def footer(view: ChocoView) -> str:
    """The footer's line: the walls, the toggles and, after a check, what breaks a rule."""
    words = [counted(len(frozenset(view.walls)), "wall"), counted(view.toggles, "toggle")]
    found = view.breaches
    if found is not None:
        wrong = [
            counted(n, thing)
            for n, thing in (
                (len(found.blocks), "block"),
                (len(found.numbers), "number"),
                (len(found.walls), "wall"),
            )
            if n
        ]
        words.append("wrong: " + ", ".join(wrong) if wrong else "no breach")
    return " · ".join(words)


def _inside(geometry: Layout, cell: int) -> tuple[int, int, int, int]:
    """A cell's pixels, right and bottom inclusive."""
    left, top, right, bottom = geometry.cell_box(cell % geometry.width, cell // geometry.width)
    return left, top, right - 1, bottom - 1


def _band(
    geometry: Layout, edge: Edge, across: int, start: int, stop: int
) -> tuple[int, int, int, int]:
    """The pixels (inclusive) within ``across`` of an edge's grid line, from ``start`` to
    ``stop`` along it (0: the edge's top or left end; ``cell``: its other end)."""
    a, b = edge
    x, y = geometry.cell_origin(b % geometry.width, b // geometry.width)
    if b == a + 1:  # side by side: the line is the left side of b
        return x - across, y + start, x + across, y + stop
    return x + start, y - across, x + stop, y + across


def _hatch(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], cell: int) -> None:
    """Diagonal lines over ``box``, on lines ``x + y = k * step`` of the whole image, so the
    hatching of a block runs on from cell to cell; pixel-exact inside the box."""
    left, top, right, bottom = box
    step, width = max(6, cell // 4), max(1, cell // 32)
    first = -(-(left + top - width + 1) // step) * step
    for k in range(first, right + bottom + 1, step):
        for s in range(k, k + width):
            x0, x1 = max(left, s - bottom), min(right, s - top)
            if x0 <= x1:
                draw.line((x0, s - x0, x1, s - x1), fill=BREACH)


def _grid(draw: ImageDraw.ImageDraw, geometry: Layout) -> None:
    """One-pixel lines between the cells."""
    left, top = geometry.cell_origin(0, 0)
    right, bottom = geometry.cell_origin(geometry.width, geometry.height)
    for x in range(1, geometry.width):
        column = left + x * geometry.cell
        draw.line((column, top, column, bottom - 1), fill=GRID)
    for y in range(1, geometry.height):
        row = top + y * geometry.cell
        draw.line((left, row, right - 1, row), fill=GRID)


def _numbers(
    draw: ImageDraw.ImageDraw, geometry: Layout, view: ChocoView, struck: Collection[int]
) -> None:
    """Each number in its cell (``?`` for a size not given), haloed in the cell's colour so
    it reads over hatching; a struck one in a ring, a stroke through it."""
    size = geometry.cell
    fonts: dict[int, ImageFont.FreeTypeFont] = {}
    for cell, clue in enumerate(view.clues):
        if clue is None:
            continue
        text = "?" if clue == UNKNOWN else str(clue)
        px = round(size * 0.5)
        while px > 8 and (px * 0.6) * len(text) > size * 0.62:  # the font's advance: 0.6 em
            px -= 1
        if px not in fonts:
            fonts[px] = font(px)
        left, top = geometry.cell_origin(cell % view.width, cell // view.width)
        x, y = left + size / 2, top + size / 2
        halo = GRAY if view.gray[cell] else WHITE
        draw.text(
            (x, y), text, font=fonts[px], fill=INK, anchor="mm",
            stroke_width=max(1, size // 24), stroke_fill=halo,
        )  # fmt: skip
        if cell in struck:
            r, line = size * 0.36, max(2, size // 16)
            draw.ellipse((x - r, y - r, x + r, y + r), outline=BREACH, width=line)
            d = r * 0.7
            draw.line((x - d, y - d, x + d, y + d), fill=BREACH, width=line)


def _outline(draw: ImageDraw.ImageDraw, geometry: Layout) -> None:
    """The board's edge, as thick as a wall."""
    half = wall_half(geometry.cell)
    left, top = geometry.cell_origin(0, 0)
    right, bottom = geometry.cell_origin(geometry.width, geometry.height)
    box = (left - half, top - half, right + half, bottom + half)
    draw.rectangle(box, outline=WALL, width=2 * half + 1)


def _wall(draw: ImageDraw.ImageDraw, geometry: Layout, edge: Edge, striped: bool) -> None:
    """A wall over its grid line, joined at the corners; ``striped`` (a wall inside a block)
    in dark and vermillion stripes along it."""
    half, size = wall_half(geometry.cell), geometry.cell
    whole = _band(geometry, edge, half, -half, size + half)
    draw.rectangle(whole, fill=BREACH if striped else WALL)
    if striped:
        period = max(6, size // 4)
        for start in range(-half, size + half + 1, period):
            stop = min(start + period // 2 - 1, size + half)
            draw.rectangle(_band(geometry, edge, half, start, stop), fill=WALL)


def _pen(draw: ImageDraw.ImageDraw, geometry: Layout, corner: tuple[int, int]) -> None:
    """The corner drawing goes on from: a white knob ringed dark, clear of the numbers."""
    x, y = geometry.cell_origin(*corner)
    radius = wall_half(geometry.cell) + 3
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius), fill=WHITE, outline=WALL, width=2
    )


def _ring_edge(draw: ImageDraw.ImageDraw, geometry: Layout, edge: Edge) -> None:
    """A last move's edge: a ring round its middle, clear of a wall on it."""
    size, line = geometry.cell, max(2, geometry.cell // 20)
    across = wall_half(size) + line + 1
    box = _band(geometry, edge, across, size // 5, size - size // 5)
    draw.rectangle(box, outline=theme.HIGHLIGHT, width=line)

"""Ten Drops pictures: every drop a circle that grows with its count, the count written in it
(no colour needed), flying splashes as small droplets headed their way, bursts as rings, a
footer with the drops left, the taps and the last chain; the animation of a tap's ticks,
drawn from the engine's own trace; and a solution: the board as it starts, each cell of a
line of taps badged with its taps' numbers in order. Coordinates, the window and the banner
are the shared canvas's (``renderer.canvas``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from puzzle.grid import OFFSETS
from renderer import theme
from renderer.canvas import (
    board_sprites,
    counted,
    draw_banner,
    draw_footer,
    draw_labels,
    encode_gif,
    encode_png,
    encode_pngs,
    font,
    highlight_cells,
    outline_window,
)
from renderer.layout import Layout, layout

#: A drop's fill by its count (1 the palest): Okabe–Ito blues, the digit says it anyway.
DROP = {
    1: theme.hex_rgb("#BFE3F7"),
    2: theme.hex_rgb("#7CC4EC"),
    3: theme.hex_rgb("#3A9AD0"),
    4: theme.BLUE,
}
DROP_LINE = theme.DEEP_BLUE
SPLASH = theme.hex_rgb("#56B4E9")  # Okabe–Ito sky blue
BURST = theme.VERMILLION  # Okabe–Ito vermillion
LOST = theme.VERMILLION
#: A solution's tap numbers: white on vermillion badges.
TAP_BADGE = theme.VERMILLION
#: Banners of a finished board, by outcome: (text, colour).
BANNERS = {
    "solved": ("SOLVED", theme.SOLVED),
    "lost": ("NO DROPS", LOST),
    "given up": ("GAVE UP", theme.GAVE_UP),
}
#: Every banner a picture has: a finished board's, and a solution's.
SHOWN = {**BANNERS, "solution": ("SOLUTION", theme.GAVE_UP)}
_BANNERS = tuple((outcome, text, colour) for outcome, (text, colour) in SHOWN.items())
#: Animation timing: each tick, then the end held.
TICK_MS, HOLD_MS = 140, 1600
#: Each earlier tap's board after it, in the animation of a line of taps.
BETWEEN_MS = 700
#: Ticks drawn at most (a longer chain shows every k-th tick, and always the last).
MAX_TICKS = 48

#: A tick of the engine's trace (``kinds.drops.engine.Tick`` as a tuple): every cell's drops, the
#: splashes in flight (cell, direction), the cells that burst.
TraceTick = tuple[Sequence[int], Sequence[tuple[int, int]], Collection[int]]
Trace = Sequence[TraceTick]


@dataclass(frozen=True, slots=True)
class DropsView:
    """What a Ten Drops picture shows: the board, the drops left, the taps, the last tap's
    chain, and how the game stands."""

    width: int
    height: int
    #: Every cell's drops (0–4), row-major.
    cells: Sequence[int]
    drops: int
    taps: int
    #: The last tap's bursts and the drops they refunded.
    bursts: int = 0
    refund: int = 0
    #: "playing", "solved", "lost", "given up", or "solution" (a solution's picture).
    outcome: str = "playing"


def _geometry(view: DropsView, banner_room: bool = False) -> Layout:
    """The board's layout, with the footer (one label band) under everything; the banner's
    band is there on a finished board, or kept empty with ``banner_room``."""
    geometry = layout(view.width, view.height, solved=banner_room or view.outcome in SHOWN)
    return replace(geometry, banner=geometry.banner + geometry.margin)


def render_drops_image(
    view: DropsView,
    *,
    highlight: Collection[int] = (),
    frame: tuple[int, int, int, int] | None = None,
    splashes: Sequence[tuple[int, int]] = (),
    bursts: Collection[int] = (),
    banner_room: bool = False,
    taps: Sequence[int] = (),
) -> Image.Image:
    """The board as an RGB image: ``highlight`` cells framed (the last taps), ``frame`` the
    buttons' window; ``splashes`` (cell, direction) in flight and ``bursts`` (cells) are a
    tick of the animation; ``banner_room`` keeps a finished board's banner band, empty (a
    tick as large as the finished board after it); ``taps`` (cells, in order) badge each
    cell tapped with the numbers of its taps."""
    geometry = _geometry(view, banner_room)
    size = geometry.size
    sprites = board_sprites(geometry.cell, geometry.margin, _BANNERS)
    image = Image.new("RGB", size, theme.FRAME)
    draw = ImageDraw.Draw(image)
    digits = font(max(10, round(geometry.cell * 0.34)))
    for cell, count in enumerate(view.cells):
        left, top, right, bottom = geometry.cell_box(cell % view.width, cell // view.width)
        draw.rectangle((left, top, right - 1, bottom - 1), fill=theme.CELL, outline=theme.GRID)
        if cell in bursts:
            _ring(draw, geometry, cell)
        if count:
            _drop(draw, geometry, cell, count, digits)
    for cell, direction in splashes:
        _splash(draw, geometry, cell, direction)
    for cell in dict.fromkeys(taps):
        orders = ",".join(str(k + 1) for k, tapped in enumerate(taps) if tapped == cell)
        _badge(draw, geometry, cell, orders)
    draw_labels(image, geometry, sprites)
    if frame is not None:
        outline_window(draw, geometry, frame)
    highlight_cells(draw, geometry, highlight, theme.HIGHLIGHT)
    _footer(draw, geometry, view)
    if view.outcome in SHOWN:
        draw_banner(image, geometry, sprites[view.outcome], SHOWN[view.outcome][1])
    return image


def render_drops_png(
    view: DropsView,
    *,
    highlight: Collection[int] = (),
    frame: tuple[int, int, int, int] | None = None,
    zoom: bool = False,
) -> tuple[bytes, bytes | None]:
    """PNG bytes of the board and, with ``zoom`` and a ``frame``, the framed block enlarged
    for a phone: (board, zoomed window or None)."""
    image = render_drops_image(view, highlight=highlight, frame=frame)
    return encode_pngs(image, layout(view.width, view.height), frame if zoom else None)


def render_drops_solution(view: DropsView, taps: Sequence[int]) -> bytes:
    """PNG bytes of a line of taps that solves a board: ``view`` the board as it starts
    (its drops and taps: what the line leaves and takes), each tapped cell badged with the
    numbers of its taps, under a SOLUTION banner."""
    image = render_drops_image(replace(view, outcome="solution"), taps=taps)
    return encode_png(image)


def render_drops_animation(
    view: DropsView, ticks: Trace, *, before: Sequence[tuple[DropsView, Trace]] = ()
) -> bytes:
    """A GIF of a tap's ticks, from the engine's trace: each tick's board, its splashes in
    flight and its bursts (cells, splashes, bursts), then ``view`` (the board after) held.
    ``before`` are earlier taps, (the board after, its ticks) each, played first, each board
    after shown ``BETWEEN_MS``: a line of taps, tap by tap. Every frame is as large as the
    largest (a finished board's banner band is kept, empty, in the ticks before it)."""
    taps = [*before, (view, ticks)]
    room = any(after.outcome in BANNERS for after, _ in taps)
    frames: list[Image.Image] = []
    durations: list[int] = []
    for after, trace in taps:
        for cells, splashes, bursts in _thinned(trace):
            tick = DropsView(after.width, after.height, cells, after.drops, after.taps)
            frames.append(
                render_drops_image(tick, splashes=splashes, bursts=bursts, banner_room=room)
            )
            durations.append(TICK_MS)
        frames.append(render_drops_image(after, banner_room=room))
        durations.append(BETWEEN_MS)
    durations[-1] = HOLD_MS
    palette = [f.quantize(colors=254, dither=Image.Dither.NONE) for f in frames]
    return encode_gif(palette, durations)


def _thinned(ticks: Trace) -> list[TraceTick]:
    """The ticks drawn: all of them, or of a longer chain every k-th, at most ``MAX_TICKS``
    in all, the last always (none of a board shown without a chain before it)."""
    if not ticks:
        return []
    step = -(-len(ticks) // MAX_TICKS)
    return [*ticks[:-1:step][: MAX_TICKS - 1], ticks[-1]]


def _centre(geometry: Layout, cell: int) -> tuple[float, float]:
    left, top = geometry.cell_origin(cell % geometry.width, cell // geometry.width)
    return left + geometry.cell / 2, top + geometry.cell / 2


def _drop(
    draw: ImageDraw.ImageDraw, geometry: Layout, cell: int, count: int, digits: object
) -> None:
    """A drop of ``count`` (1–4): a circle growing with it, the count written in it."""
    x, y = _centre(geometry, cell)
    r = geometry.cell * (0.17 + 0.07 * count)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=DROP[count], outline=DROP_LINE, width=2)
    ink = theme.WHITE if count >= 3 else DROP_LINE
    draw.text((x, y), str(count), font=digits, fill=ink, anchor="mm")  # type: ignore[arg-type]


def _splash(draw: ImageDraw.ImageDraw, geometry: Layout, cell: int, direction: int) -> None:
    """A splash in flight: a small droplet a little ahead of the cell's centre, its way."""
    x, y = _centre(geometry, cell)
    dx, dy = OFFSETS[direction]
    x, y = x + dx * geometry.cell * 0.22, y + dy * geometry.cell * 0.22
    r = geometry.cell * 0.11
    draw.ellipse((x - r, y - r, x + r, y + r), fill=SPLASH, outline=DROP_LINE, width=2)


def _badge(draw: ImageDraw.ImageDraw, geometry: Layout, cell: int, text: str) -> None:
    """The numbers of a cell's taps in a line: a small badge in the cell's top-left corner."""
    left, top, _, _ = geometry.cell_box(cell % geometry.width, cell // geometry.width)
    words = font(max(9, round(geometry.cell * 0.24)))
    inset = max(2, geometry.cell // 20)
    box = draw.textbbox((left + 2 * inset, top + inset), text, font=words, anchor="lt")
    pad = max(2, geometry.cell // 24)
    draw.rounded_rectangle(
        (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad), radius=pad, fill=TAP_BADGE
    )
    draw.text((left + 2 * inset, top + inset), text, font=words, fill=theme.WHITE, anchor="lt")


def _ring(draw: ImageDraw.ImageDraw, geometry: Layout, cell: int) -> None:
    """A burst: a thick ring where the drop was."""
    x, y = _centre(geometry, cell)
    r = geometry.cell * 0.42
    draw.ellipse((x - r, y - r, x + r, y + r), outline=BURST, width=max(3, geometry.cell // 10))


def _footer(draw: ImageDraw.ImageDraw, geometry: Layout, view: DropsView) -> None:
    """The drops left, the taps and the last chain, under everything."""
    words = [counted(view.drops, "drop") + " left", counted(view.taps, "tap")]
    if view.bursts:
        refund = f" +{view.refund}" if view.refund else ""
        words.append(f"chain {counted(view.bursts, 'burst')}{refund}")
    draw_footer(draw, geometry, " · ".join(words))

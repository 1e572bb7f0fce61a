"""Lights Out's pictures, on the shared canvas (``renderer``): the board, its button window
and an animation of several presses. No discord here: the drawing workers run these, on a
view of the board (plain values, so it can be sent to a worker process)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.canvas import encode_gif, encode_png, encode_pngs, outline_window
from renderer.layout import layout

LIT, DARK, EDGE, MARK = (250, 204, 21), (30, 41, 59), (15, 23, 42), (236, 72, 153)


@dataclass(frozen=True)
class LightsView:
    """What a picture shows of a board: its size, its lights, whether it is over."""

    width: int
    height: int
    lights: tuple[int, ...]
    done: bool = False


def picture(view: LightsView, highlight: Collection[int] = ()) -> Image.Image:
    """Lit cells yellow, dark ones slate; highlighted cells (the last move's) outlined pink."""
    geometry = layout(view.width, view.height, solved=view.done)
    image = Image.new("RGB", geometry.size, EDGE)
    draw = ImageDraw.Draw(image)
    for cell, lit in enumerate(view.lights):
        box = geometry.cell_box(cell % view.width, cell // view.width)
        draw.rectangle((box[0] + 1, box[1] + 1, box[2] - 2, box[3] - 2), fill=LIT if lit else DARK)
        if cell in highlight:
            draw.rectangle(box, outline=MARK, width=2)
    return image


def render_lights_png(
    view: LightsView,
    *,
    highlight: Collection[int] = (),
    frame: tuple[int, int, int, int] | None = None,
    zoom: bool = False,
) -> tuple[bytes, bytes | None]:
    """PNG bytes of the board and, with ``zoom`` and a ``frame``, the framed block enlarged
    for a phone (the face kit's ``drawing`` calls it so)."""
    image = picture(view, highlight)
    geometry = layout(view.width, view.height, solved=view.done)
    if frame is not None:
        outline_window(ImageDraw.Draw(image), geometry, frame)
    return encode_pngs(image, geometry, frame if zoom else None)


def render_post_png(view: LightsView) -> bytes:
    return encode_png(picture(view))


def render_lights_gif(views: Sequence[LightsView]) -> bytes:
    """The lights after each press, 0.3 s each."""
    return encode_gif([picture(view).convert("P") for view in views], [300] * len(views))

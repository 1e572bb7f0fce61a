"""Renderer benchmark (issue #3): render + encode a board PNG, and the win animation.

Run: ``python3 tasks.py bench`` or ``.venv/bin/python -m kinds.pipes.bench.picture``. The
reference is a plain Pillow ``save`` of a blank RGB image of the same size, measured in the
same run.
"""

from __future__ import annotations

import io
import time
from functools import partial

from PIL import Image

from bench._timing import median, p95, sample, table
from kinds.pipes.engine import check, generate, rotate
from kinds.pipes.picture import render_image, render_png, render_win_animation
from kinds.pipes.picture.sheet import sheet
from renderer.canvas import encode_png
from renderer.layout import layout

TARGETS_MS = {10: 5.0, 20: 15.0}


def blank_save(size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (238, 241, 245)).save(out, "PNG")
    return out.getvalue()


def main() -> None:
    rows, anim_rows = [], []
    for side in (6, 10, 20, 26):
        geometry = layout(side, side)
        start = time.perf_counter()
        sheet(geometry.cell, geometry.margin)
        cold = (time.perf_counter() - start) * 1000
        boards = []
        for k in range(20):
            puzzle = generate(side, side, f"render{k}", unique=False)
            tiles = [
                rotate(t) if (i * 7 + k) % 5 == 0 else t for i, t in enumerate(puzzle.solution)
            ]
            boards.append((tiles, puzzle.source, check(side, side, tiles, puzzle.source)))
        total, assemble, encode = [], [], []
        for tiles, source, result in boards:
            total += sample(partial(render_png, side, side, tiles, source, result), 10)
            assemble += sample(partial(render_image, side, side, tiles, source, result), 5)
            image = render_image(side, side, tiles, source, result)
            encode += sample(partial(encode_png, image), 5)
        reference = sample(partial(blank_save, geometry.size), 30)
        png_kb = len(render_png(side, side, *boards[0])) / 1024
        rows.append(
            [
                f"{side}×{side}",
                "×".join(map(str, geometry.size)),
                f"{median(total):.2f}",
                f"{p95(total):.2f}",
                f"{median(assemble):.2f}",
                f"{median(encode):.2f}",
                f"{median(reference):.2f}",
                f"{median(total) / median(reference):.2f}",
                f"{png_kb:.0f}",
                f"{cold:.0f}",
                f"{TARGETS_MS[side]:.0f}" if side in TARGETS_MS else "–",
            ]
        )
        puzzle = generate(side, side, "anim")
        times = sample(partial(render_win_animation, side, side, puzzle.solution, puzzle.source), 3)
        gif = render_win_animation(side, side, puzzle.solution, puzzle.source)
        anim_rows.append(
            [
                f"{side}×{side}",
                f"{median(times):.0f}",
                f"{len(gif) / 1024:.0f}",
                Image.open(io.BytesIO(gif)).n_frames,
            ]
        )
    table(
        "board PNG (ms; mid-game boards; sprite sheets warm)",
        [
            "board",
            "px",
            "render+encode median",
            "p95",
            "assemble",
            "encode",
            "blank save (ref)",
            "ratio to ref",
            "KB",
            "cold sheet ms",
            "target",
        ],
        rows,
    )
    table("win animation (GIF)", ["board", "ms", "KB", "frames"], anim_rows)


if __name__ == "__main__":
    main()

import hashlib
import io
import subprocess
import sys

import pytest
from PIL import Image, ImageSequence

from kinds.pipes.engine import Check, check, generate
from kinds.pipes.picture import (
    colours,
    render_boards,
    render_image,
    render_png,
    render_win_animation,
    tile_glyphs,
)
from kinds.pipes.picture.glyphs import GLYPH_STATES
from kinds.pipes.picture.tiles import BULB, OUTLINE, PIPE_WIDTH
from renderer import layout

PUZZLE = generate(6, 6, "render")
W, H, SRC = PUZZLE.width, PUZZLE.height, PUZZLE.source


def rgb(tiles, **kwargs):
    result = check(W, H, tiles, SRC)
    png = render_png(W, H, tiles, SRC, result, **kwargs)
    return Image.open(io.BytesIO(png)).convert("RGB"), result


def arm_middle(geometry, i, side):
    """A pixel in the middle of the arm on ``side`` (0 left … 3 down) of cell i."""
    left, top, _, _ = geometry.cell_box(i % W, i // W)
    c = geometry.cell / 2
    far = geometry.cell * 0.40  # between the bulb/joint and the cell edge
    dx, dy = ((-far, 0), (0, -far), (far, 0), (0, far))[side]
    return int(left + c + dx), int(top + c + dy)


def cells_with_arm(tiles, side, exclude=()):
    return [
        i
        for i, t in enumerate(tiles)
        if t >> side & 1 and i not in exclude and bin(t).count("1") > 1
    ]


def test_flooded_and_idle_pipes_have_their_colours():
    image, result = rgb(PUZZLE.tiles)
    geometry = layout(W, H)
    src = SRC[1] * W + SRC[0]
    for i, tile in enumerate(PUZZLE.tiles):
        if i == src or bin(tile).count("1") == 1:
            continue  # the pump and the bulbs cover the arms' inner ends
        side = next(d for d in range(4) if tile >> d & 1)
        expected = colours.FLOODED_FILL if i in result.flooded else colours.IDLE_FILL
        assert image.getpixel(arm_middle(geometry, i, side)) == expected, i


def test_idle_pipes_are_hollow_and_flooded_pipes_solid():
    # The colour-free cue: an idle pipe is a light channel inside dark walls.
    image, result = rgb(PUZZLE.tiles)
    geometry = layout(W, H)
    cell = geometry.cell
    wall = (PIPE_WIDTH / 2 + OUTLINE / 2) * cell  # the middle of the outline band
    for i, tile in enumerate(PUZZLE.tiles):
        if tile != 5:  # a horizontal straight
            continue
        left, top, _, _ = geometry.cell_box(i % W, i // W)
        x, cy = left + cell // 5, top + cell / 2
        centre = image.getpixel((x, int(cy)))
        edge = image.getpixel((x, int(cy - wall)))
        fill, line = colours.PIPE["flooded" if i in result.flooded else "idle"]
        assert (centre, edge) == (fill, line)


def loop_board():
    tiles = list(PUZZLE.solution)
    tiles[0], tiles[1], tiles[6], tiles[7] = 12, 9, 6, 3  # a ring at A1-B2
    return tiles


def test_loop_tiles_are_vermillion_and_hatched():
    tiles = loop_board()
    image, result = rgb(tiles)
    assert result.loops == {0, 1, 6, 7}
    geometry = layout(W, H)
    for i in (0, 1, 6, 7):
        side = next(d for d in range(4) if tiles[i] >> d & 1)
        assert image.getpixel(arm_middle(geometry, i, side)) == colours.LOOP_FILL
    # The hatching shows in the empty corner of a loop tile, and nowhere else.
    left, top, _, _ = geometry.cell_box(0, 0)
    corner = image.crop((left + 2, top + 2, left + geometry.cell // 4, top + geometry.cell // 4))
    assert colours.LOOP_HATCH in {c for _, c in corner.getcolors(4096)}
    assert colours.LOOP_HATCH not in {
        c for _, c in image.crop(geometry.cell_box(3, 3)).getcolors(4096)
    }


def test_source_pump_and_dead_end_bulbs():
    image, _ = rgb(PUZZLE.solution)
    geometry = layout(W, H, solved=True)
    left, top, _, _ = geometry.cell_box(*SRC)
    c = geometry.cell // 2
    assert image.getpixel((left + c - 1, top + c - 1)) == colours.SOURCE_EYE
    pump = int(0.23 * geometry.cell)  # inside the square, outside its round inner disc
    for dx, dy in ((-pump, 0), (pump, 0), (0, -pump), (0, pump)):
        assert image.getpixel((left + c + dx, top + c + dy)) == colours.SOURCE
    ends = [i for i, t in enumerate(PUZZLE.solution) if bin(t).count("1") == 1]
    for i in ends:
        mask = PUZZLE.solution[i]
        away = (mask.bit_length() - 1 + 2) % 4  # the side opposite the only arm
        left, top, _, _ = geometry.cell_box(i % W, i // W)
        dx, dy = ((-1, 0), (0, -1), (1, 0), (0, 1))[away]
        r = BULB * geometry.cell * 0.5  # inside the bulb, where no arm runs
        pixel = (int(left + c + dx * r), int(top + c + dy * r))
        assert image.getpixel(pixel) == colours.FLOODED_FILL


def test_coordinates_sit_over_their_cells():
    image, _ = rgb(PUZZLE.tiles)
    geometry = layout(W, H)
    for x in range(W):
        left, top, right, _ = geometry.cell_box(x, 0)
        band = image.crop((left, 0, right, top))
        box = band.point(lambda v: 255 if v > 200 else 0).convert("L").getbbox()
        assert box is not None, f"no letter over column {x}"
        assert abs((box[0] + box[2]) / 2 - geometry.cell / 2) <= 3
    for y in range(H):
        left, top, _, bottom = geometry.cell_box(0, y)
        band = image.crop((0, top, left, bottom))
        box = band.point(lambda v: 255 if v > 200 else 0).convert("L").getbbox()
        assert box is not None and abs((box[1] + box[3]) / 2 - geometry.cell / 2) <= 3


def test_columns_after_z_are_labelled():
    puzzle = generate(30, 3, "labels")
    result = check(30, 3, puzzle.tiles, puzzle.source)
    image = render_image(30, 3, puzzle.tiles, puzzle.source, result).convert("RGB")
    geometry = layout(30, 3)
    bands = []
    for x in (25, 26, 29):
        left, top, right, _ = geometry.cell_box(x, 0)
        band = image.crop((left, 0, right, top)).point(lambda v: 255 if v > 200 else 0)
        box = band.convert("L").getbbox()
        assert box is not None
        bands.append(box[2] - box[0])
    assert bands[1] > bands[0] * 1.4  # 'AA' is two letters wide, 'Z' one


def test_wrapping_boards_draw_pipes_leaving_the_grid():
    """Pipes that cross the border of a wrapping board go on beyond the grid, in their
    tile's colours; a flat board draws nothing there."""
    puzzle = generate(6, 5, "stubs", wrap=True)
    tiles, w, h = puzzle.solution, 6, 5
    solved = check(w, h, tiles, puzzle.source, wrap=True)
    assert solved.solved
    # Drawn as not solved yet: a solved board has a green frame around the whole picture.
    result = Check(solved.flooded, solved.loops, False)
    wrapped = render_image(w, h, tiles, puzzle.source, result, wrap=True).convert("RGB")
    flat = render_image(w, h, tiles, puzzle.source, result).convert("RGB")

    def beyond(geometry):
        """A pixel in the band right of the grid per row, then below it per column."""
        right, bottom = geometry.cell_box(w - 1, h - 1)[2:]
        half, out = geometry.cell // 2, geometry.pad // 2
        rows = [(right + out, geometry.cell_origin(0, y)[1] + half) for y in range(h)]
        columns = [(geometry.cell_origin(x, 0)[0] + half, bottom + out) for x in range(w)]
        return rows + columns

    leaving = [tiles[y * w + w - 1] >> 2 & 1 for y in range(h)]
    leaving += [tiles[(h - 1) * w + x] >> 3 & 1 for x in range(w)]
    for pixel, leaves in zip(beyond(layout(w, h, wrap=True)), leaving, strict=True):
        assert wrapped.getpixel(pixel) == (colours.FLOODED_FILL if leaves else colours.FRAME)
    assert all(flat.getpixel(pixel) == colours.FRAME for pixel in beyond(layout(w, h)))
    assert any(leaving)  # this puzzle does use the wrap


def grid_corner(image):
    """Where the grid starts, down and right alike: the first pixel of the diagonal from the
    top-left corner that is not the frame colour (no label or stub reaches the diagonal)."""
    return next(d for d in range(image.width) if image.getpixel((d, d)) != colours.FRAME)


@pytest.mark.parametrize("side", [6, 12, 26])
def test_wrapping_boards_keep_their_pipes_off_the_coordinates(side):
    """Each column letter and row number of a wrapping board reads pixel for pixel as on a
    flat board (pipes leaving the grid run between the labels and the grid), and the pipes
    that leave the grid still show there."""
    puzzle = generate(side, side, "labels", wrap=True)
    tiles, idle = puzzle.solution, Check(frozenset(), frozenset(), False)
    wrapped = render_image(side, side, tiles, puzzle.source, idle, wrap=True).convert("RGB")
    flat = render_image(side, side, tiles, puzzle.source, idle).convert("RGB")
    cell, margin, pad = layout(side, side).cell, layout(side, side).margin, layout(side, side).pad

    def labels(image):
        """Each column's letter over the grid, then each row's number left of it."""
        corner = grid_corner(image)
        columns = [(corner + k * cell, 0, corner + (k + 1) * cell, margin) for k in range(side)]
        rows = [(0, corner + k * cell, margin, corner + (k + 1) * cell) for k in range(side)]
        return [image.crop(box).tobytes() for box in columns + rows]

    pairs = enumerate(zip(labels(wrapped), labels(flat), strict=True))
    touched = [k for k, (drawn, plain) in pairs if drawn != plain]
    assert not touched, "labels with pipes over them (columns first, then rows)"
    ours = grid_corner(wrapped)
    stubs = 0
    for k in range(side):
        mid = ours + k * cell + cell // 2
        if tiles[k * side] & 1:  # row k's pipe leaves on the left
            stubs += 1
            assert wrapped.getpixel((ours - pad // 2, mid)) == colours.IDLE_FILL
        if tiles[k] & 2:  # column k's pipe leaves at the top
            stubs += 1
            assert wrapped.getpixel((mid, ours - pad // 2)) == colours.IDLE_FILL
    assert stubs


def test_a_wrapping_boards_zoomed_window_and_animation_line_up_with_its_cells():
    puzzle = generate(8, 8, "zoom", wrap=True)
    result = check(8, 8, puzzle.tiles, puzzle.source, wrap=True)
    board, window = render_boards(
        8, 8, puzzle.tiles, puzzle.source, result, zoom=True, frame=(2, 3, 3, 2), wrap=True
    )
    assert window is not None
    image = Image.open(io.BytesIO(board)).convert("RGB")
    corner, cell = grid_corner(image), layout(8, 8).cell
    block = image.crop((corner + 2 * cell, corner + 3 * cell, corner + 5 * cell, corner + 5 * cell))
    zoomed = Image.open(io.BytesIO(window)).convert("RGB")
    assert zoomed.resize(block.size, Image.Resampling.NEAREST).tobytes() == block.tobytes()
    gif = render_win_animation(8, 8, puzzle.solution, puzzle.source, wrap=True)
    frames = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]
    # The flowing frames fill the very cells of the solved board (inside its outline).
    grid = (corner + 1, corner + 1, corner + 8 * cell - 1, corner + 8 * cell - 1)
    assert frames[-2].crop(grid).tobytes() == frames[-1].crop(grid).tobytes()


def test_highlight_frames_the_cell():
    image, _ = rgb(PUZZLE.tiles, highlight=[W + 2])
    plain, _ = rgb(PUZZLE.tiles)
    left, top, right, bottom = layout(W, H).cell_box(2, 1)
    assert image.getpixel((left, top)) == colours.HIGHLIGHT
    assert image.getpixel((right - 1, bottom - 1)) == colours.HIGHLIGHT
    assert plain.getpixel((left + 1, top + 1)) != colours.HIGHLIGHT
    assert image.crop((0, 0, left, top)).tobytes() == plain.crop((0, 0, left, top)).tobytes()


def test_locked_tiles_show_a_notch():
    image, _ = rgb(PUZZLE.tiles, locked=[0])
    _, _, right, bottom = layout(W, H).cell_box(0, 0)
    assert image.getpixel((right - 3, bottom - 3)) == colours.NOTCH
    _, _, right, bottom = layout(W, H).cell_box(1, 0)
    assert image.getpixel((right - 3, bottom - 3)) != colours.NOTCH


def test_solved_look():
    solved, _ = rgb(PUZZLE.solution)
    unsolved, _ = rgb(PUZZLE.tiles)
    assert solved.getpixel((0, 0)) == colours.SOLVED
    assert unsolved.getpixel((0, 0)) == colours.FRAME
    assert solved.height > unsolved.height  # the banner
    banner = solved.crop((0, unsolved.height, solved.width, solved.height))
    assert colours.SOLVED in {c for _, c in banner.getcolors(4096)}


def test_same_input_same_bytes_even_in_another_process():
    result = check(W, H, PUZZLE.tiles, SRC)
    png = render_png(W, H, PUZZLE.tiles, SRC, result)
    assert png == render_png(W, H, PUZZLE.tiles, SRC, result)
    code = (
        "import hashlib, sys; from kinds.pipes.engine import *;"
        "from kinds.pipes.picture import render_png;"
        "p = generate(6, 6, 'render'); c = check(6, 6, p.tiles, p.source);"
        "sys.stdout.write(hashlib.sha256(render_png(6, 6, p.tiles, p.source, c)).hexdigest())"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert other == hashlib.sha256(png).hexdigest()


@pytest.mark.parametrize("side", [3, 6, 10, 20, 26, 40])
def test_sizes_stay_readable_and_under_1500_px(side):
    puzzle = generate(side, side, "size")
    result = check(side, side, puzzle.tiles, puzzle.source)
    image = render_image(side, side, puzzle.tiles, puzzle.source, result)
    assert max(image.size) < 1500
    assert layout(side, side).cell >= (60 if side <= 10 else 32 if side <= 26 else 24)
    png = Image.open(io.BytesIO(render_png(side, side, puzzle.tiles, puzzle.source, result)))
    assert png.mode == "P"
    assert png.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_win_animation_fills_from_the_source_and_ends_solved():
    puzzle = generate(10, 10, "win")
    gif = render_win_animation(10, 10, puzzle.solution, puzzle.source)
    assert len(gif) < 1_000_000
    frames = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]
    assert len(frames) >= 3
    final = render_image(
        10, 10, puzzle.solution, puzzle.source, check(10, 10, puzzle.solution, puzzle.source)
    ).convert("RGB")
    assert frames[-1].tobytes() == final.tobytes()
    geometry = layout(10, 10, solved=True)
    src = puzzle.source[1] * 10 + puzzle.source[0]
    blue = [
        sum(
            1
            for i in range(100)
            if i != src
            and frame.getpixel(arm_middle_10(geometry, puzzle.solution, i)) == colours.FLOODED_FILL
        )
        for frame in frames
    ]
    assert blue[0] == 0
    assert blue == sorted(blue)  # water only spreads
    assert blue[-1] == 99


def arm_middle_10(geometry, tiles, i):
    side = next(d for d in range(4) if tiles[i] >> d & 1)
    left, top, _, _ = geometry.cell_box(i % 10, i // 10)
    c, far = geometry.cell / 2, geometry.cell * 0.42
    dx, dy = ((-far, 0), (0, -far), (far, 0), (0, far))[side]
    return int(left + c + dx), int(top + c + dy)


def test_tile_glyphs_match_the_board_look():
    glyphs = tile_glyphs(16)
    assert set(glyphs) == {(m, s) for m in range(1, 15) for s in GLYPH_STATES}
    for glyph in glyphs.values():
        assert glyph.size == (16, 16) and glyph.mode == "RGBA"
        assert glyph.getextrema()[3] == (255, 255)  # opaque
    assert glyphs[(5, "flooded")].getpixel((2, 8))[:3] == colours.FLOODED_FILL
    assert glyphs[(5, "idle")].getpixel((2, 8))[:3] == colours.IDLE_FILL
    assert glyphs[(5, "loop")].getpixel((2, 8))[:3] == colours.LOOP_FILL
    assert glyphs[(5, "source")].getpixel((7, 7))[:3] == colours.SOURCE_EYE
    assert tile_glyphs(32)[(10, "flooded")].size == (32, 32)

"""Ten Drops pictures, checked pixel by pixel: every count a circle of its own size with its
digit in it, told apart without colour; the footer's drops, taps and chain; the window and
the highlighted cells; the banners of a finished board; and the animation of a tap, drawn
from the engine's own trace, and a solution's taps numbered on the board (saved as the
README's pictures with DROPS_CHAIN_PICTURE)."""

import io
import os
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageSequence

from kinds.drops.engine import tap
from kinds.drops.picture import (
    BANNERS,
    BETWEEN_MS,
    BURST,
    DROP,
    DROP_LINE,
    HOLD_MS,
    MAX_TICKS,
    SHOWN,
    SPLASH,
    TAP_BADGE,
    TICK_MS,
    DropsView,
    render_drops_animation,
    render_drops_image,
    render_drops_png,
    render_drops_solution,
)
from puzzle.grid import OFFSETS
from renderer import theme
from renderer.canvas import window_band
from renderer.layout import layout

#: The issue's fixtures: poboke's board, cleared by one tap on B4 (6 bursts), and the seed's
#: board with an optimal line (row·6 + column), which ends with 14 drops left.
POBOKE = bytes(int(c) for c in "0000000040434440")
B4 = 13
SEED = bytes(int(c) for c in "342232000023042023212331240330424111")
SEED_BEST = (14, 20, 21, 27, 21)
BLANK = {theme.CELL, theme.GRID}


def cell(image, i, width, height=1):
    return image.crop(layout(width, height).cell_box(i % width, i // width))


def centre(i, width, height):
    left, top, right, bottom = layout(width, height).cell_box(i % width, i // width)
    return (left + right) / 2, (top + bottom) / 2


def colours(image):
    return {rgb for _, rgb in image.convert("RGB").getcolors(1 << 16)}


def pixels(image, wanted):
    """The (x, y) of every pixel of ``image`` in one of the colours ``wanted``."""
    data = image.convert("RGB").get_flattened_data()
    return [(k % image.width, k // image.width) for k, rgb in enumerate(data) if rgb in wanted]


def footer_top(image, width, height):
    """The top of the footer band: the last label band of the image."""
    return image.height - layout(width, height).margin


def frames_of(gif):
    image = Image.open(io.BytesIO(gif))
    frames = [(f.convert("RGB"), f.info["duration"]) for f in ImageSequence.Iterator(image)]
    return [f for f, _ in frames], [ms for _, ms in frames]


def as_gif_frame(image):
    """``image`` as the animation stores it: its palette of at most 254 colours."""
    return image.quantize(colors=254, dither=Image.Dither.NONE).convert("RGB")


def trace(tapped):
    return [(t.cells, t.splashes, t.bursts) for t in tapped.ticks]


def poboke_tap():
    tapped = tap(4, 4, POBOKE, B4, ticks=True)
    after = DropsView(4, 4, tapped.cells, 10 - 1 + tapped.refund, 1, tapped.bursts, tapped.refund)
    return tapped, after


# A board of every count: 0 1 2 3 4 on one row.
COUNTS = DropsView(5, 1, (0, 1, 2, 3, 4), drops=10, taps=0)


def test_every_count_is_a_circle_growing_with_it_and_its_digit_in_it():
    image = render_drops_image(COUNTS)
    size = layout(5, 1).cell
    assert colours(cell(image, 0, 5)) <= BLANK  # an empty cell is blank
    drawn = [len(pixels(cell(image, n, 5), colours(cell(image, n, 5)) - BLANK)) for n in range(5)]
    assert drawn[0] == 0
    assert drawn[1] < drawn[2] < drawn[3] < drawn[4], drawn  # strictly growing
    for n in range(1, 5):
        box = cell(image, n, 5)
        assert DROP[n] in colours(box) and DROP_LINE in colours(box)
        ink = pixels(box, colours(box) - BLANK)
        xs, ys = [x for x, _ in ink], [y for _, y in ink]
        # A circle centred in its cell, clear of the grid lines (even a 4: a ring of cell left).
        assert abs((min(xs) + max(xs)) / 2 - size / 2) <= 1
        assert abs((min(ys) + max(ys)) / 2 - size / 2) <= 1
        assert min(xs) >= 2 and max(xs) <= size - 3 and min(ys) >= 2 and max(ys) <= size - 3
        assert (max(xs) - min(xs)) == pytest.approx(2 * size * (0.17 + 0.07 * n), abs=2)
    # The digit, in grey alone: what stands out of the drop's own grey, round its centre.
    marks = []
    for n in range(1, 5):
        middle = cell(image, n, 5).convert("L").crop((20, 20, size - 20, size - 20))
        fill = Image.new("RGB", (1, 1), DROP[n]).convert("L").getpixel((0, 0))
        mark = middle.point(lambda v, fill=fill: 255 if abs(v - fill) > 60 else 0)
        assert mark.getbbox() is not None, n  # a digit is written on the drop
        marks.append(mark)
    for a, b in combinations(range(4), 2):  # no two digits alike
        assert ImageChops.difference(marks[a], marks[b]).getbbox() is not None, (a + 1, b + 1)
    grey = [cell(image, n, 5).convert("L") for n in range(5)]
    for a, b in combinations(range(5), 2):  # in grey alone, no two counts look alike
        assert ImageChops.difference(grey[a], grey[b]).getbbox() is not None, (a, b)


def test_the_footer_alone_tells_the_drops_the_taps_and_the_chain():
    board = (0, 1, 2, 3, 4, 0, 2, 1, 4, 3, 0, 0, 1, 2, 3, 4)
    plain = render_drops_image(DropsView(4, 4, board, 7, 3))
    top = footer_top(plain, 4, 4)
    for other in (
        DropsView(4, 4, board, 6, 3),
        DropsView(4, 4, board, 7, 4),
        DropsView(4, 4, board, 7, 3, bursts=2),
    ):
        changed = ImageChops.difference(plain, render_drops_image(other)).getbbox()
        assert changed is not None and changed[1] >= top, other  # the footer only

    # A chain adds its bursts, a refund its drops: on a board wide enough for the font to
    # stay, the written line grows with each.
    def text_width(**chain):
        image = render_drops_image(DropsView(6, 6, (0,) * 36, 7, 3, **chain))
        band = image.crop((0, footer_top(image, 6, 6), image.width, image.height))
        xs = [x for x, _ in pixels(band, {theme.LABEL})]
        return max(xs) - min(xs)

    assert text_width() < text_width(bursts=2) < text_width(bursts=3, refund=1)
    assert text_width(refund=1) == text_width()  # no chain, no refund told


@pytest.mark.parametrize("outcome", ["playing", *BANNERS])
def test_the_footer_fits_the_narrowest_board(outcome):
    """The longest footer on a 4 × 4 board: written in full, inside its band, clear of the
    sides and of the banner's edge."""
    view = DropsView(4, 4, (0,) * 16, 10, 12, bursts=16, refund=5, outcome=outcome)
    image = render_drops_image(view)
    geometry = layout(4, 4)
    top = footer_top(image, 4, 4)
    band = image.crop((0, top, image.width, image.height))
    ink = pixels(band, {theme.LABEL})
    assert ink, "the footer is written"
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    assert min(xs) >= geometry.pad and max(xs) < image.width - geometry.pad
    assert min(ys) >= geometry.pad // 2 and max(ys) < geometry.margin - geometry.pad // 2
    # The text, not shrunk past reading: its letters at least 7 px high.
    assert max(ys) - min(ys) >= 7


def test_highlighted_cells_and_the_window_are_drawn_where_expected():
    board = (0, 1, 2, 3, 4, 0) * 6
    view = DropsView(6, 6, board, 10, 0)
    plain = render_drops_image(view)
    geometry = layout(6, 6)
    # A highlighted cell: its own box changes, nothing else.
    marked = render_drops_image(view, highlight=[7])
    assert ImageChops.difference(plain, marked).getbbox() == geometry.cell_box(1, 1)
    assert marked.getpixel((geometry.cell_box(1, 1)[0] + 1, geometry.cell_box(1, 1)[1] + 30)) == (
        theme.HIGHLIGHT
    )
    assert theme.HIGHLIGHT in colours(cell(marked, 7, 6, 6))
    assert theme.HIGHLIGHT not in colours(plain)
    # The window over columns C–D, rows 2–4: a bold orange band round the block, edged dark.
    framed = render_drops_image(view, frame=(2, 1, 2, 3))
    left, top = geometry.cell_origin(2, 1)
    right, bottom = geometry.cell_box(3, 3)[2:]
    thick, _ = window_band(geometry.cell)
    changed = ImageChops.difference(plain, framed).getbbox()
    assert changed == (left - thick, top - thick, right + thick, bottom + thick)
    middle_y, middle_x = (top + bottom) // 2, (left + right) // 2
    assert framed.getpixel((left - thick // 2, middle_y)) == theme.WINDOW
    assert framed.getpixel((left - 1, middle_y)) == theme.FRAME
    assert framed.getpixel((left - thick, middle_y)) == theme.FRAME
    assert framed.getpixel((right + thick // 2 - 1, middle_y)) == theme.WINDOW
    assert framed.getpixel((middle_x, top - thick // 2)) == theme.WINDOW
    assert framed.getpixel((middle_x, bottom + thick // 2 - 1)) == theme.WINDOW
    assert plain.getpixel((left - thick // 2, middle_y)) in BLANK
    # The PNG is that picture.
    png, zoom = render_drops_png(view, frame=(2, 1, 2, 3))
    assert zoom is None
    assert (
        ImageChops.difference(Image.open(io.BytesIO(png)).convert("RGB"), framed).getbbox() is None
    )
    _, zoom = render_drops_png(view, frame=(2, 1, 2, 3), zoom=True)
    assert zoom is not None and Image.open(io.BytesIO(zoom)).width >= 2 * 2 * geometry.cell


@pytest.mark.parametrize("outcome", list(BANNERS))
def test_a_finished_board_has_its_banner_under_the_board(outcome):
    _, colour = BANNERS[outcome]
    view = DropsView(4, 4, (0, 0, 1, 0) * 4, 0, 9, outcome=outcome)
    image = render_drops_image(view)
    playing = render_drops_image(DropsView(4, 4, (0, 0, 1, 0) * 4, 0, 9))
    geometry = layout(4, 4, solved=True)
    assert image.height == playing.height + geometry.margin  # the banner's band
    bottom = geometry.cell_box(0, 3)[3]
    middle = bottom + geometry.pad + geometry.margin // 2
    row = image.crop((0, middle - 1, image.width, middle + 1))
    assert colour in colours(row) and theme.SOLVED_TEXT in colours(row)
    assert image.getpixel((0, 0)) == colour  # an edge round the whole picture
    assert image.getpixel((image.width // 2, image.height - 1)) == colour
    others = {c for name, (_, c) in BANNERS.items() if name != outcome}
    assert not others & colours(image)
    # The board and its footer are those of the board playing, the banner between them.
    edge = max(2, geometry.pad // 2)
    inner = (edge, edge, image.width - edge, bottom)
    assert ImageChops.difference(image.crop(inner), playing.crop(inner)).getbbox() is None
    footer = (edge, image.height - geometry.margin, image.width - edge, image.height - edge)
    below = (edge, playing.height - geometry.margin, image.width - edge, playing.height - edge)
    assert ImageChops.difference(image.crop(footer), playing.crop(below)).getbbox() is None
    assert theme.LABEL in colours(image.crop(footer))


def test_no_banner_while_playing():
    image = render_drops_image(DropsView(4, 4, (0, 0, 1, 0) * 4, 3, 2))
    assert image.getpixel((0, 0)) == theme.FRAME
    assert not {c for _, c in BANNERS.values()} & colours(image)
    assert image.height == layout(4, 4).size[1] + layout(4, 4).margin  # the footer's band


def test_a_splash_flies_its_way_and_a_burst_is_a_ring():
    empty = DropsView(4, 4, (0,) * 16, 10, 0)
    size = layout(4, 4).cell
    cx, cy = centre(5, 4, 4)
    for direction, (dx, dy) in enumerate(OFFSETS):
        image = render_drops_image(empty, splashes=[(5, direction)])
        drops = pixels(image, {SPLASH})
        assert drops
        mx = sum(x for x, _ in drops) / len(drops) - cx
        my = sum(y for _, y in drops) / len(drops) - cy
        # Ahead of the centre by about a fifth of a cell, on its own axis only.
        assert (mx * dx + my * dy) == pytest.approx(0.22 * size, abs=2), direction
        assert abs(mx * dy + my * dx) <= 1, direction
        box = layout(4, 4).cell_box(1, 1)
        assert all(box[0] <= x < box[2] and box[1] <= y < box[3] for x, y in drops)
    ring = render_drops_image(empty, bursts=[5])
    burnt = pixels(ring, {BURST})
    distances = [((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) ** 0.5 for x, y in burnt]
    assert min(distances) >= 0.3 * size and max(distances) <= 0.45 * size  # a ring, not a disc
    assert {x > cx for x, _ in burnt} == {True, False} == {y > cy for _, y in burnt}


def test_the_animation_is_the_engines_ticks_then_the_board_after():
    tapped, after = poboke_tap()
    assert tapped.bursts == 6 and not any(tapped.cells)
    ticks = trace(tapped)
    assert len(ticks) <= MAX_TICKS
    frames, durations = frames_of(render_drops_animation(after, ticks))
    assert len(frames) == len(ticks) + 1  # every tick, then the board after
    assert durations == [TICK_MS] * len(ticks) + [HOLD_MS]
    for frame, (cells, splashes, bursts) in zip(frames, ticks, strict=False):
        tick = DropsView(4, 4, cells, after.drops, after.taps)
        expected = render_drops_image(tick, splashes=splashes, bursts=bursts)
        assert ImageChops.difference(frame, as_gif_frame(expected)).getbbox() is None
    # The last frame is the still picture of the board after (its chain in the footer).
    assert (
        ImageChops.difference(frames[-1], as_gif_frame(render_drops_image(after))).getbbox() is None
    )
    assert not {SPLASH, BURST} & colours(frames[-1])
    # Tick 0: the ring where B4 burst, its four splashes round the centre, nothing elsewhere.
    first = frames[0]
    box = layout(4, 4).cell_box(1, 3)
    cx, cy = centre(B4, 4, 4)
    size = layout(4, 4).cell
    for colour in (BURST, SPLASH):
        found = pixels(first, {colour})
        assert found and all(box[0] <= x < box[2] and box[1] <= y < box[3] for x, y in found)
    splashed = pixels(first, {SPLASH})
    for dx, dy in OFFSETS:  # left, up, right, down: a droplet on each arm
        arm = [
            (x, y) for x, y in splashed if (x + 0.5 - cx) * dx + (y + 0.5 - cy) * dy > 0.1 * size
        ]
        assert arm, (dx, dy)
        ahead = sum((x + 0.5 - cx) * dx + (y + 0.5 - cy) * dy for x, y in arm) / len(arm)
        assert ahead == pytest.approx(0.22 * size, abs=2)
    corners = [(x, y) for x, y in splashed if abs(x - cx) > 0.1 * size and abs(y - cy) > 0.1 * size]
    assert not corners


def test_a_finishing_tap_keeps_its_footer_and_banner_in_the_animation():
    """The ticks of the tap that clears the board are drawn as large as the board after it:
    its last frame is the whole still picture, banner and footer."""
    tapped, after = poboke_tap()
    solved = DropsView(4, 4, tapped.cells, after.drops, 1, after.bursts, after.refund, "solved")
    frames, _ = frames_of(render_drops_animation(solved, trace(tapped)))
    still = render_drops_image(solved)
    assert {f.size for f in frames} == {still.size}
    assert ImageChops.difference(frames[-1], as_gif_frame(still)).getbbox() is None
    # While the chain runs: the banner's band empty, the footer where it will stay.
    geometry = layout(4, 4, solved=True)
    bottom = geometry.cell_box(0, 3)[3]
    band = (0, bottom + geometry.pad, still.width, bottom + geometry.pad + geometry.margin)
    assert colours(frames[0].crop(band)) == {theme.FRAME}
    assert theme.SOLVED not in colours(frames[0])
    top = footer_top(still, 4, 4)
    assert theme.LABEL in colours(frames[0].crop((0, top, still.width, still.height)))
    assert theme.LABEL in colours(frames[-1].crop((0, top, still.width, still.height)))


@pytest.mark.parametrize("count", [48, 49, 55, 95, 96, 97, 150])
def test_a_long_chain_is_thinned_keeping_its_last_tick(count):
    """The seed's line, its five taps' ticks (59) played round: at most ``MAX_TICKS`` ticks
    drawn, the first and the last among them, then the board after."""
    board, ticks = SEED, []
    for cell_ in SEED_BEST:
        tapped = tap(6, 6, board, cell_, ticks=True)
        board, ticks = tapped.cells, [*ticks, *trace(tapped)]
    ticks = (ticks * 3)[:count]
    after = DropsView(6, 6, board, 14, 5, 28, 9)
    frames, durations = frames_of(render_drops_animation(after, ticks))
    assert len(frames) <= MAX_TICKS + 1  # at most MAX_TICKS ticks, then the board after
    assert len(frames) >= min(count, MAX_TICKS // 2) + 1
    if count <= MAX_TICKS:
        assert len(frames) == count + 1  # every tick
    assert durations[-1] == HOLD_MS and set(durations[:-1]) == {TICK_MS}

    def drawn(tick):
        cells, splashes, bursts = tick
        view = DropsView(6, 6, cells, 14, 5)
        return as_gif_frame(render_drops_image(view, splashes=splashes, bursts=bursts))

    assert ImageChops.difference(frames[0], drawn(ticks[0])).getbbox() is None
    assert ImageChops.difference(frames[-2], drawn(ticks[-1])).getbbox() is None


def seed_line():
    """The seed's optimal line, tap by tap: (the view after, its ticks) each, the drops left,
    the taps, the last tap's bursts and refund as the engine counts them."""
    board, drops, taps = SEED, 10, []
    for n, cell_ in enumerate(SEED_BEST, 1):
        tapped = tap(6, 6, board, cell_, ticks=True)
        board, drops = tapped.cells, drops - 1 + tapped.refund
        outcome = "playing" if any(board) else "solved"
        view = DropsView(6, 6, board, drops, n, tapped.bursts, tapped.refund, outcome)
        taps.append((view, trace(tapped)))
    return taps


def test_the_seed_line_as_a_picture(tmp_path):
    """The seed board's optimal line as one animation, tap by tap, each board after it with
    its drops, taps and chain; and its most crowded tick as a still. With
    DROPS_CHAIN_PICTURE naming a .gif, both are saved there (the PNG beside it, named
    ``<name>-tick.png``): the README's pictures."""
    taps = seed_line()
    (last, ticks), before = taps[-1], taps[:-1]
    assert (last.drops, last.taps, last.bursts, last.refund, last.outcome) == (
        14,
        5,
        28,
        9,
        "solved",
    )
    gif = render_drops_animation(last, ticks, before=before)
    frames, durations = frames_of(gif)
    # Each quiet tap is one frame (its tick is the board after it); the chain's 55 ticks are
    # thinned to every second one of the first 54, and the last.
    assert [len(t) for _, t in before] == [1, 1, 1, 1] and len(ticks) == 55 > MAX_TICKS
    assert len(frames) == len(before) + len(range(0, 54, 2)) + 1 + 1
    assert durations[: len(before)] == [TICK_MS + BETWEEN_MS] * len(before)
    assert durations[-1] == HOLD_MS
    still = render_drops_image(last)
    assert {f.size for f in frames} == {still.size}
    assert ImageChops.difference(frames[-1], as_gif_frame(still)).getbbox() is None
    for frame, (view, _) in zip(frames, before, strict=False):
        expected = render_drops_image(view, banner_room=True)
        assert ImageChops.difference(frame, as_gif_frame(expected)).getbbox() is None
    assert len(gif) < 1_500_000
    # The most crowded tick of the chain: the most splashes in flight.
    cells, splashes, bursts = max(ticks, key=lambda t: (len(t[1]), len(t[2])))
    tick = render_drops_image(
        DropsView(6, 6, cells, last.drops, last.taps), splashes=splashes, bursts=bursts
    )
    assert len(splashes) >= 8 and {SPLASH, BURST} <= colours(tick)
    where = Path(os.environ.get("DROPS_CHAIN_PICTURE") or tmp_path / "drops-chain.gif")
    where.write_bytes(gif)
    tick.save(where.with_name(f"{where.stem}-tick.png"), optimize=True)


def test_a_solution_numbers_its_taps_on_the_board_as_it_starts(tmp_path):
    """The seed's optimal line on its starting board: each cell tapped badged (D3 twice),
    no other, the drops it leaves and its taps in the footer, under a SOLUTION banner. With
    DROPS_CHAIN_PICTURE, saved beside the chain as ``<name>-solution.png``."""
    view = DropsView(6, 6, SEED, 14, len(SEED_BEST))
    png = render_drops_solution(view, SEED_BEST)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    plain = render_drops_image(view)
    assert image.getpixel((0, 0)) == SHOWN["solution"][1]
    for i in range(36):
        badged = TAP_BADGE in colours(cell(image, i, 6, 6))
        assert badged == (i in SEED_BEST), i
    tapped = set(SEED_BEST)
    untouched = [i for i in range(36) if i not in tapped]
    assert all(
        ImageChops.difference(cell(image, i, 6, 6), cell(plain, i, 6, 6)).getbbox() is None
        for i in untouched
    )
    chain = Path(os.environ.get("DROPS_CHAIN_PICTURE") or tmp_path / "drops-chain.gif")
    chain.with_name(f"{chain.stem}-solution.png").write_bytes(png)

"""Double Choco pictures, checked pixel by pixel: white and gray cells (apart in grey alone
too), the numbers and ``?``, the faint grid, every wall thick exactly where it is and nowhere
else, the board's outline; after a check the hatched blocks, the struck numbers and the
striped walls inside a block, each marked by shape as well as colour; the last move's edges,
the window, the banners, the answer after a give-up and the footer; sizes 6 × 6 to 10 × 10
and 40 × 40. With CHOCO_PICTURE naming a folder, the fixture's puzzle and its solution are
saved there (``choco-puzzle.png``, ``choco-solution.png``): the README's pictures."""

import io
import os
import random
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from kinds.choco.engine.grid import UNKNOWN, Grid, decode, edges
from kinds.choco.engine.rules import ONE_COLOUR, Breaches, breaches, walls_of
from kinds.choco.picture import (
    ANSWER,
    BANNERS,
    BREACH,
    GRAY,
    GRID,
    INK,
    WALL,
    WHITE,
    ChocoView,
    footer,
    render_choco_image,
    render_choco_png,
    wall_half,
)
from renderer import theme
from renderer.canvas import outline_window, window_band
from renderer.layout import layout

#: pzprjs's fixture and its one answer, its blocks as (row, column) written rc.
FIXTURE = decode("6/6/ueoq8p30g42j4n5s22j")
ROWS_COLUMNS = [
    {0, 1, 10, 11, 21, 22, 31, 32}, {2, 3, 4, 5}, {12, 13},
    {14, 15, 23, 24, 25, 33, 34, 35, 43, 44}, {20, 30}, {40, 41, 42, 50}, {45, 55},
    {51, 52, 53, 54},
]  # fmt: skip
#: The same blocks as sets of cells (row-major indices).
BLOCKS = [frozenset(rc // 10 * 6 + rc % 10 for rc in b) for b in ROWS_COLUMNS]
BLOCK_OF = [next(k for k, b in enumerate(BLOCKS) if c in b) for c in range(36)]
SOLUTION = walls_of(FIXTURE, BLOCK_OF)
SIZES = [(6, 6), (7, 9), (10, 10), (9, 7), (8, 8)]


def view_of(grid, walls=(), **kwargs):
    return ChocoView(grid.width, grid.height, grid.gray, grid.clues, walls, **kwargs)


def blank(grid):
    """The grid without its numbers."""
    return Grid(grid.width, grid.height, grid.gray, (None,) * grid.area)


def random_board(width, height, seed):
    rng = random.Random(f"{width}x{height}/{seed}")
    gray = tuple(rng.random() < 0.5 for _ in range(width * height))
    clues = tuple(rng.choice([None] * 5 + [1, 4, 12, UNKNOWN]) for _ in range(width * height))
    walls = frozenset(e for e in edges(width, height) if rng.random() < 0.35)
    return Grid(width, height, gray, clues), walls


def pixels(image, wanted, box=None):
    """The (x, y) of every pixel of ``image`` (or of its ``box``) in one of ``wanted``."""
    left, top = box[:2] if box else (0, 0)
    part = image.crop(box) if box else image
    data, w = part.get_flattened_data(), part.width
    return {(left + k % w, top + k // w) for k, c in enumerate(data) if c in wanted}


def colours(image):
    return {rgb for _, rgb in image.getcolors(1 << 20)}


def grey(rgb):
    return Image.new("RGB", (1, 1), rgb).convert("L").getpixel((0, 0))


def grey_differs(image, other, box):
    """Whether ``box`` of two pictures differs in grey alone."""
    a, b = image.crop(box).convert("L"), other.crop(box).convert("L")
    return ImageChops.difference(a, b).getbbox() is not None


def wide(mark):
    left, _, right, _ = mark.getbbox()
    return right - left


def inside(geometry, cell, inset=0):
    """A cell's box less ``inset`` on every side (right and bottom exclusive)."""
    left, top, right, bottom = geometry.cell_box(cell % geometry.width, cell // geometry.width)
    return left + inset, top + inset, right - inset, bottom - inset


def line_of(geometry, edge):
    """An edge's grid line: its first pixel (x, y) and whether it runs down (a vertical line,
    between cells side by side)."""
    a, b = edge
    x, y = geometry.cell_origin(b % geometry.width, b // geometry.width)
    return x, y, b == a + 1


def band(geometry, edge, across, start, stop):
    """The pixels within ``across`` of an edge's line, ``start``..``stop`` along it."""
    x, y, down = line_of(geometry, edge)
    if down:
        return {(x + i, y + j) for i in range(-across, across + 1) for j in range(start, stop + 1)}
    return {(x + j, y + i) for i in range(-across, across + 1) for j in range(start, stop + 1)}


def outline(geometry):
    """The board's outline: a wall's thickness centred on the grid's edge."""
    half = wall_half(geometry.cell)
    left, top = geometry.cell_origin(0, 0)
    right, bottom = geometry.cell_origin(geometry.width, geometry.height)
    ring = set()
    for x in range(left - half, right + half + 1):
        for y in (*range(top - half, top + half + 1), *range(bottom - half, bottom + half + 1)):
            ring.add((x, y))
    for y in range(top - half, bottom + half + 1):
        for x in (*range(left - half, left + half + 1), *range(right - half, right + half + 1)):
            ring.add((x, y))
    return ring


def walls_drawn(geometry, walls):
    half, size = wall_half(geometry.cell), geometry.cell
    return set().union(*(band(geometry, e, half, -half, size + half) for e in walls))


def fill(grid, cell):
    return GRAY if grid.gray[cell] else WHITE


def footer_top(image, geometry):
    return image.height - geometry.margin


@pytest.mark.parametrize("size", SIZES)
def test_gray_cells_are_gray_and_darker_than_white_in_grey_alone(size):
    grid, _ = random_board(*size, seed=1)
    image = render_choco_image(view_of(grid))
    geometry = layout(*size)
    half = wall_half(geometry.cell)
    for cell in range(grid.area):
        # Two corners of a cell, clear of the outline, the grid lines and its number.
        left, top, right, bottom = inside(geometry, cell, half + 1)
        assert image.getpixel((left, top)) == fill(grid, cell), cell
        assert image.getpixel((right - 1, bottom - 1)) == fill(grid, cell), cell
    # In grey alone, gray and white cells, the grid and the walls are all apart.
    assert grey(WHITE) - grey(GRAY) >= 40
    assert len({grey(GRAY), grey(WHITE), grey(GRID), grey(WALL)}) == 4


@pytest.mark.parametrize("size", [*SIZES, (40, 40)])
def test_every_wall_is_drawn_thick_exactly_where_it_is(size):
    """The wall colour is on every wall's band (its grid line, a wall's thickness across,
    joined at the corners) and the board's outline, and on no other pixel."""
    grid, walls = random_board(*size, seed=2)
    image = render_choco_image(view_of(blank(grid), walls, toggles=len(walls)))
    geometry = layout(*size)
    half = wall_half(geometry.cell)
    assert 2 * half + 1 >= max(5, geometry.cell // 7)  # thick: a seventh of a cell or more
    assert pixels(image, {WALL}) == walls_drawn(geometry, walls) | outline(geometry)
    assert image.size == (layout(*size).size[0], layout(*size).size[1] + geometry.margin)


def test_walls_not_drawn_leave_the_faint_grid_one_pixel_wide():
    grid, walls = random_board(8, 8, seed=3)
    image = render_choco_image(view_of(blank(grid), walls))
    geometry = layout(8, 8)
    half, size = wall_half(geometry.cell), geometry.cell
    grid_pixels = pixels(image, {GRID})
    for e in edges(8, 8):
        x, y, down = line_of(geometry, e)
        middle = (x, y + size // 2) if down else (x + size // 2, y)
        if e in walls:
            assert image.getpixel(middle) == WALL
            continue
        # The line runs the edge's length between the walls and outline that may end it …
        line = band(geometry, e, 0, half + 1, size - half - 1)
        assert line <= grid_pixels, e
        # … one pixel wide, the cells' own colours beside it.
        beside = band(geometry, e, 1, half + 1, size - half - 1) - line
        assert {image.getpixel(p) for p in beside} == {fill(grid, e[0]), fill(grid, e[1])}, e
    # Faint: lighter than a wall, darker than a gray cell, and only on grid lines.
    assert grey(WALL) + 60 < grey(GRID) < grey(GRAY)
    lines = set().union(*(band(geometry, e, 0, 0, size) for e in edges(8, 8)))
    assert grid_pixels <= lines


def test_numbers_are_written_in_clued_cells_only_and_unknown_is_a_question_mark():
    """1 to 9 on one row and a half, then a blank, 12 and ? on the other colour, blanks."""
    clues = (*range(1, 10), UNKNOWN, None, 12, UNKNOWN, None, None)
    grid = Grid(5, 3, tuple(c % 2 == 1 for c in range(15)), clues)
    image = render_choco_image(view_of(grid))
    geometry = layout(5, 3)
    quarter = geometry.cell // 4
    marks = []
    for cell, clue in enumerate(grid.clues):
        # The ink: the pixels in the numbers' own colour (the glyph's core, not its edges).
        middle = image.crop(inside(geometry, cell, quarter))
        ink = Image.new("1", middle.size)
        for xy in pixels(middle, {INK}):
            ink.putpixel(xy, 1)
        assert (ink.getbbox() is not None) == (clue is not None), cell
        marks.append(ink)
    # ? looks the same on either colour, one glyph as wide as a digit, unlike any digit.
    assert grid.gray[9] != grid.gray[12]
    assert ImageChops.difference(marks[9], marks[12]).getbbox() is None
    assert wide(marks[9]) <= max(wide(mark) for mark in marks[:9]) < wide(marks[11])
    for a in range(10):
        for b in range(a + 1, 10):
            assert ImageChops.difference(marks[a], marks[b]).getbbox() is not None, (a, b)


def test_no_check_no_marks():
    """Without a check, nothing of the breach colour: walls inside blocks look like walls."""
    walls = {(0, 1), (1, 2)}
    image = render_choco_image(view_of(FIXTURE, walls))
    assert BREACH not in colours(image)
    assert breaches(FIXTURE, walls).walls  # they are inside the one block


def test_breaching_blocks_are_hatched_and_no_other_cell():
    cells = BLOCKS[0] | BLOCKS[5]
    found = Breaches(blocks=((BLOCKS[0], ONE_COLOUR), (BLOCKS[5], ONE_COLOUR)))
    plain = render_choco_image(view_of(FIXTURE, SOLUTION))
    image = render_choco_image(view_of(FIXTURE, SOLUTION, breaches=found))
    geometry = layout(6, 6)
    half, size = wall_half(geometry.cell), geometry.cell
    step = max(6, size // 4)
    for cell in range(36):
        box = inside(geometry, cell)
        marked = pixels(image, {BREACH}, box)
        if cell not in cells:
            assert not marked, cell
            continue
        # Diagonal lines ("/"), a step apart, over the cell's corners (clear of its number).
        assert marked and all((x + y) % step < max(1, size // 32) for x, y in marked), cell
        near, far = half + 1, size - half - 1 - step  # a step-wide square in two corners
        for dx, dy in ((near, near), (far, far)):
            square = (box[0] + dx, box[1] + dy, box[0] + dx + step, box[1] + dy + step)
            assert pixels(image, {BREACH}, square), (cell, square)
        assert grey_differs(image, plain, box)  # seen in grey alone
    # Only the hatched cells and the footer changed.
    changed = ImageChops.difference(image, plain)
    board = changed.crop((0, 0, image.width, footer_top(image, geometry)))
    for c in cells:
        board.paste((0, 0, 0), inside(geometry, c))
    assert board.getbbox() is None
    # The numbers keep a halo of their cell's colour: no hatching touches their ink.
    for c in cells:
        ink = pixels(image, {INK}, inside(geometry, c, half + 1))  # clear of the walls
        near = {(x + i, y + j) for x, y in ink for i in range(-2, 3) for j in range(-2, 3)}
        assert (FIXTURE.clues[c] is not None) == bool(ink), c
        assert not near & pixels(image, {BREACH}, inside(geometry, c)), c
    # Pixel-exact: a lone cell hatched, no wall round it, the hatching stays in its box.
    lone = render_choco_image(view_of(FIXTURE, breaches=Breaches(((frozenset({14}), ""),))))
    assert pixels(lone, {BREACH}) and pixels(lone, {BREACH}) == pixels(
        lone, {BREACH}, inside(geometry, 14)
    )


def test_a_check_hatches_the_blocks_the_rules_find():
    walls = set(SOLUTION) - {(1, 2), (26, 27)}  # B1|C1 and C5|D5 open: blocks run together
    found = breaches(FIXTURE, walls)
    assert found.blocks
    image = render_choco_image(view_of(FIXTURE, walls, breaches=found))
    geometry = layout(6, 6)
    bad = set().union(*(b for b, _ in found.blocks))
    for cell in range(36):
        left, top = inside(geometry, cell, wall_half(geometry.cell) + 1)[:2]
        corner = (left, top, left + geometry.cell // 4, top + geometry.cell // 4)
        assert bool(pixels(image, {BREACH}, corner)) == (cell in bad), cell


def test_a_number_of_the_wrong_size_is_struck_in_a_ring():
    clued = [c for c, clue in enumerate(FIXTURE.clues) if clue is not None]
    wrong = {clued[0], clued[4]}  # B1 (4, on gray) and A6 (2, on white)
    assert FIXTURE.gray[clued[0]] and not FIXTURE.gray[clued[4]]
    found = Breaches(numbers=frozenset(wrong))
    plain = render_choco_image(view_of(FIXTURE, SOLUTION))
    image = render_choco_image(view_of(FIXTURE, SOLUTION, breaches=found))
    geometry = layout(6, 6)
    size = geometry.cell
    for cell in range(36):
        marked = pixels(image, {BREACH}, inside(geometry, cell))
        assert bool(marked) == (cell in wrong), cell
        if cell not in wrong:
            continue
        left, top = geometry.cell_origin(cell % 6, cell // 6)
        cx, cy = left + size / 2, top + size / 2
        offsets = [(x + 0.5 - cx, y + 0.5 - cy) for x, y in marked]
        distance = [(dx * dx + dy * dy) ** 0.5 for dx, dy in offsets]
        ring = [d for d in distance if d > 0.28 * size]
        # A ring round the number, clear of the walls round the cell.
        assert ring and max(ring) <= size / 2 - wall_half(size) - 1
        # Every way round: marks in each quadrant beyond the stroke.
        far = [o for o, d in zip(offsets, distance, strict=True) if d > 0.3 * size]
        assert len({(dx > 0, dy > 0) for dx, dy in far}) == 4
        # A stroke through the middle, top left to bottom right ("\"), not the other way.
        inner = [o for o, d in zip(offsets, distance, strict=True) if d < 0.2 * size]
        assert inner and all(abs(dx - dy) <= max(2, size // 16) for dx, dy in inner)
        assert grey_differs(image, plain, inside(geometry, cell))  # seen in grey alone


def test_walls_inside_a_block_are_striped_along_their_length():
    walls = set(SOLUTION) | {(0, 1), (21, 22)}  # two walls cutting blocks for nothing
    found = breaches(FIXTURE, walls)
    assert found.walls == {(0, 1), (21, 22)} and not found.blocks and not found.numbers
    image = render_choco_image(view_of(blank(FIXTURE), walls, breaches=found))
    geometry = layout(6, 6)
    half, size = wall_half(geometry.cell), geometry.cell
    assert pixels(image, {WALL, BREACH}) == walls_drawn(geometry, walls) | outline(geometry)
    assert pixels(image, {BREACH}) <= walls_drawn(geometry, found.walls)
    for e in walls:
        x, y, down = line_of(geometry, e)
        along = [
            image.getpixel((x, y + j) if down else (x + j, y)) for j in range(half + 1, size - half)
        ]
        if e not in found.walls:
            assert set(along) == {WALL}, e
            continue
        # Dark and vermillion in turn, several times along the wall, and so in grey alone.
        runs = [along[0]] + [c for p, c in pairwise(along) if c != p]
        assert set(runs) == {WALL, BREACH} and len(runs) >= 4, e
        # A wall's full thickness across, both colours.
        for j in range(half + 1, size - half):
            spots = [(x + i, y + j) if down else (x + j, y + i) for i in range(-half, half + 1)]
            assert len({image.getpixel(p) for p in spots}) == 1
    assert abs(grey(WALL) - grey(BREACH)) >= 60


def test_the_last_moves_edges_are_ringed_and_nothing_else_changes():
    walls = set(SOLUTION)
    view = view_of(FIXTURE, walls)
    plain = render_choco_image(view)
    geometry = layout(6, 6)
    size, line = geometry.cell, max(2, geometry.cell // 20)
    across = wall_half(size) + line + 1
    for e in [(0, 1), (1, 2), (13, 19), (2, 8)]:  # a wall and not, down and across
        marked = render_choco_image(view, highlight=[e])
        ring = band(geometry, e, across, size // 5, size - size // 5)
        changed = pixels(marked, {theme.HIGHLIGHT})
        assert changed and changed <= ring, e
        bbox = ImageChops.difference(plain, marked).getbbox()
        xs, ys = [x for x, _ in ring], [y for _, y in ring]
        assert bbox == (min(xs), min(ys), max(xs) + 1, max(ys) + 1), e
        # The wall (or the grid line) still shows inside the ring.
        x, y, down = line_of(geometry, e)
        middle = (x, y + size // 2) if down else (x + size // 2, y)
        assert marked.getpixel(middle) == plain.getpixel(middle) == (WALL if e in walls else GRID)
    assert theme.HIGHLIGHT not in colours(plain)


def test_the_window_is_outlined_as_on_other_kinds():
    view = view_of(FIXTURE, SOLUTION)
    plain = render_choco_image(view)
    framed = render_choco_image(view, frame=(1, 2, 3, 2))
    geometry = layout(6, 6)
    expected = plain.copy()
    outline_window(ImageDraw.Draw(expected), geometry, (1, 2, 3, 2))
    assert ImageChops.difference(framed, expected).getbbox() is None
    left, top = geometry.cell_origin(1, 2)
    thick, _ = window_band(geometry.cell)
    assert framed.getpixel((left - thick // 2, top + geometry.cell)) == theme.WINDOW
    assert theme.WINDOW not in colours(plain)
    # The PNG is that picture; zoomed, the window alone, enlarged.
    png, zoom = render_choco_png(view, frame=(1, 2, 3, 2))
    assert zoom is None
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    assert ImageChops.difference(decoded, framed).getbbox() is None
    _, zoom = render_choco_png(view, frame=(1, 2, 3, 2), zoom=True)
    assert zoom is not None and Image.open(io.BytesIO(zoom)).width >= 3 * geometry.cell


@pytest.mark.parametrize("outcome", list(BANNERS))
def test_a_finished_board_has_its_banner(outcome):
    _, colour = BANNERS[outcome]
    playing = render_choco_image(view_of(FIXTURE, SOLUTION, toggles=30))
    image = render_choco_image(view_of(FIXTURE, SOLUTION, toggles=30, outcome=outcome))
    geometry = layout(6, 6, solved=True)
    assert image.height == playing.height + geometry.margin
    bottom = geometry.cell_box(0, 5)[3]
    middle = bottom + geometry.pad + geometry.margin // 2
    row = image.crop((0, middle - 1, image.width, middle + 1))
    assert colour in colours(row) and theme.SOLVED_TEXT in colours(row)
    assert image.getpixel((0, 0)) == colour == image.getpixel((image.width - 1, image.height - 1))
    assert not {c for name, (_, c) in BANNERS.items() if name != outcome} & colours(image)
    edge = max(2, geometry.pad // 2)
    inner = (edge, edge, image.width - edge, bottom + wall_half(geometry.cell) + 1)
    assert ImageChops.difference(image.crop(inner), playing.crop(inner)).getbbox() is None
    footer_box = (edge, image.height - geometry.margin, image.width - edge, image.height - edge)
    below = (edge, playing.height - geometry.margin, image.width - edge, playing.height - edge)
    assert ImageChops.difference(image.crop(footer_box), playing.crop(below)).getbbox() is None


def test_no_banner_while_playing():
    image = render_choco_image(view_of(FIXTURE))
    assert image.getpixel((0, 0)) == theme.FRAME
    assert not {c for _, c in BANNERS.values()} & colours(image)


def test_after_a_give_up_the_answer_shows_over_the_players_walls():
    mine = (set(SOLUTION) - {(1, 2), (26, 27)}) | {(6, 7), (0, 6)}  # two missing, two wrong
    view = view_of(blank(FIXTURE), mine, outcome="given up", answer=SOLUTION)
    image = render_choco_image(view)
    geometry = layout(6, 6, solved=True)
    half, size = wall_half(geometry.cell), geometry.cell
    thin = max(1, half // 2)
    assert thin < half
    lines = set().union(*(band(geometry, e, thin, -thin, size + thin) for e in SOLUTION))
    assert pixels(image, {ANSWER}) == lines - outline(geometry)  # the outline over their ends
    for e in edges(6, 6):
        x, y, down = line_of(geometry, e)
        across = [
            image.getpixel((x + i, y + size // 2) if down else (x + size // 2, y + i))
            for i in range(-half - 1, half + 2)
        ]
        sides = {across[1], across[-2]}  # a wall's outermost pixels
        if e in SOLUTION and e in mine:  # dark, blue in the middle: a right wall
            assert across[half + 1] == ANSWER and sides == {WALL}, e
        elif e in SOLUTION:  # blue alone, thinner than a wall: a wall missed
            assert across[half + 1] == ANSWER and WALL not in across, e
        elif e in mine:  # dark alone: a wall too many
            assert set(across[1:-1]) == {WALL}, e
        else:
            assert across[half + 1] == GRID, e
    # The same answer stripped: the player's walls as they were.
    alone = render_choco_image(view_of(blank(FIXTURE), mine, outcome="given up"))
    assert ANSWER not in colours(alone)
    edge = max(2, geometry.pad // 2)  # the banner's edge round the picture, over all
    inner = (edge, edge, alone.width - edge, alone.height - edge)
    expected = {(x, y) for x, y in walls_drawn(geometry, mine) | outline(geometry) if x < inner[2]}
    assert pixels(alone, {WALL}, inner) == expected


def test_the_footer_tells_walls_toggles_and_the_check():
    walls = set(SOLUTION) - {(1, 2)}
    assert footer(view_of(FIXTURE, walls, toggles=27)) == "25 walls · 27 toggles"
    assert footer(view_of(FIXTURE, {(0, 1)}, toggles=1)) == "1 wall · 1 toggle"
    found = breaches(FIXTURE, walls)
    assert (len(found.blocks), len(found.numbers), len(found.walls)) == (1, 3, 0)
    assert footer(view_of(FIXTURE, walls, breaches=found, toggles=27)) == (
        "25 walls · 27 toggles · wrong: 1 block, 3 numbers"
    )
    right = view_of(FIXTURE, SOLUTION, breaches=Breaches())
    assert footer(right) == "26 walls · 0 toggles · no breach"
    mixed = Breaches(((frozenset({0}), ONE_COLOUR),) * 2, frozenset({1}), frozenset({(0, 1)}))
    assert footer(view_of(FIXTURE, breaches=mixed)).endswith("wrong: 2 blocks, 1 number, 1 wall")
    # Pictures: the states differ in the footer's band alone.
    geometry = layout(6, 6)
    states = [
        view_of(FIXTURE, walls, toggles=27),
        view_of(FIXTURE, walls, toggles=28),
        view_of(FIXTURE, walls, toggles=27, breaches=Breaches()),
        view_of(FIXTURE, walls, toggles=27, breaches=Breaches(walls=frozenset({(2, 8)}))),
        view_of(FIXTURE, walls, toggles=27, breaches=Breaches(numbers=frozenset({5}))),
    ]
    images = [render_choco_image(v) for v in states]
    top = footer_top(images[0], geometry)
    bands = [im.crop((0, top, im.width, im.height)) for im in images]
    for a in range(len(images)):
        for b in range(a + 1, len(images)):
            assert ImageChops.difference(bands[a], bands[b]).getbbox() is not None, (a, b)
    for other in images[1:3]:
        changed = ImageChops.difference(images[0], other).getbbox()
        assert changed is not None and changed[1] >= top
    # The longest line fits the board's width, clear of its sides, readable.
    long = view_of(FIXTURE, walls, toggles=999, breaches=mixed)
    image = render_choco_image(long)
    ink = pixels(image, {theme.LABEL}, (0, top, image.width, image.height))
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    assert min(xs) >= geometry.pad and max(xs) < image.width - geometry.pad
    assert max(ys) - min(ys) >= 7


def test_a_40_by_40_board_draws_everything_at_the_smallest_cell():
    grid, walls = random_board(40, 40, seed=4)
    found = breaches(grid, walls)
    assert found.blocks and found.numbers and found.walls
    image = render_choco_image(view_of(grid, walls, breaches=found, toggles=999))
    geometry = layout(40, 40)
    assert geometry.cell == 24
    assert image.size == (geometry.size[0], geometry.size[1] + geometry.margin)
    assert image.width <= 1000 and image.height <= 1040
    assert {WALL, BREACH, GRAY, WHITE, GRID, theme.LABEL} <= colours(image)
    for cell in range(0, 1600, 37):
        corner = inside(geometry, cell, wall_half(24) + 1)[:2]
        assert image.getpixel(corner) in {GRAY if grid.gray[cell] else WHITE, BREACH}, cell


def test_the_fixture_as_pictures(tmp_path):
    """The fixture's puzzle, and its answer drawn as a solved board with its check. With
    CHOCO_PICTURE naming a folder, saved there: the README's pictures."""
    puzzle = render_choco_image(view_of(FIXTURE))
    found = breaches(FIXTURE, SOLUTION)
    assert not found
    solved = render_choco_image(
        view_of(FIXTURE, SOLUTION, breaches=found, toggles=len(SOLUTION), outcome="solved")
    )
    assert BREACH not in colours(solved) and theme.SOLVED in colours(solved)
    where = Path(os.environ.get("CHOCO_PICTURE") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    puzzle.save(where / "choco-puzzle.png", optimize=True)
    solved.save(where / "choco-solution.png", optimize=True)

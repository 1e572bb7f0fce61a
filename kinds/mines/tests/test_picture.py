"""Minesweeper images, checked pixel by pixel: every look of a cell, told apart without
colour; mines hidden while playing; the banners of a win and a loss."""

from itertools import combinations

from PIL import ImageChops

from kinds.mines.picture import (
    EXPLODED,
    FLAG,
    HIDDEN_DARK,
    HIDDEN_LIGHT,
    LOST,
    NUMBER,
    OPEN,
    MinesView,
    render_mines_image,
)
from renderer import theme
from renderer.layout import layout

W, H = 9, 2
#: Row 1 opens 0..8 (a number per cell); row 2 is hidden, with mines at 10 and 12.
NUMBERS = list(range(9)) + [0] * 9
MINES = {10, 12}
OPENED = set(range(9))


def cell(image, i, width=W, height=H, finished=False):
    geometry = layout(width, height, solved=finished)
    return image.crop(geometry.cell_box(i % width, i // width))


def colours(image):
    return {rgb for _, rgb in image.getcolors(1 << 16)}


def test_every_number_is_its_own_shape_and_hidden_cells_are_raised():
    image = render_mines_image(MinesView(W, H, NUMBERS, MINES, OPENED, ()))
    numbers = [cell(image, n).convert("L") for n in range(9)]
    for a, b in combinations(range(9), 2):  # in grey alone, no two numbers look alike
        assert ImageChops.difference(numbers[a], numbers[b]).getbbox() is not None, (a, b)
    assert colours(cell(image, 0)) <= {OPEN, theme.hex_rgb("#C3CAD4")}  # a zero is blank
    for n in range(1, 9):
        assert NUMBER[n] in colours(cell(image, n))
    hidden = cell(image, 9)
    size = hidden.width
    assert hidden.getpixel((2, 2)) == HIDDEN_LIGHT  # lit from the top left
    assert hidden.getpixel((size - 3, size - 3)) == HIDDEN_DARK


def test_mines_stay_hidden_while_playing():
    image = render_mines_image(MinesView(W, H, NUMBERS, MINES, OPENED, ()))
    assert ImageChops.difference(cell(image, 10), cell(image, 11)).getbbox() is None


def test_a_loss_shows_the_exploded_mine_the_others_and_wrong_flags():
    view = MinesView(W, H, NUMBERS, MINES, OPENED, {11, 12}, exploded=10, outcome="lost")
    image = render_mines_image(view)
    exploded, wrong, flag = (cell(image, i, finished=True) for i in (10, 11, 12))
    assert exploded.getpixel((3, 3)) == EXPLODED
    assert FLAG in colours(flag) and FLAG in colours(wrong)

    # The wrong flag is the flag, crossed out: more dark pixels than the right one.
    def dark(im):
        return sum(1 for v in im.convert("L").get_flattened_data() if v < 40)

    assert dark(wrong) > dark(flag) + wrong.width
    banner_row = image.crop((0, image.height - 8, image.width, image.height - 4))
    assert LOST in colours(banner_row)
    assert image.getpixel((0, 0)) == LOST


def test_a_win_flags_every_mine_under_a_solved_banner():
    opened = set(range(18)) - MINES
    image = render_mines_image(MinesView(W, H, NUMBERS, MINES, opened, (), outcome="solved"))
    for mine in MINES:
        assert FLAG in colours(cell(image, mine, finished=True))
    assert image.getpixel((0, 0)) == theme.SOLVED


def test_highlight_and_window_are_drawn_on_the_board():
    plain = render_mines_image(MinesView(W, H, NUMBERS, MINES, OPENED, ()))
    marked = render_mines_image(
        MinesView(W, H, NUMBERS, MINES, OPENED, ()), highlight=[4], frame=(0, 0, 5, 2)
    )
    assert theme.HIGHLIGHT in colours(cell(marked, 4))
    assert theme.HIGHLIGHT not in colours(cell(plain, 4))
    assert ImageChops.difference(cell(marked, 8), cell(plain, 8)).getbbox() is None

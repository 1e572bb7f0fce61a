"""The windows of tile buttons (issue 34, item 1), through the real dispatch: ◀ ▲ ▼ ▶ move
one window in their direction over a grid of windows that tile the board without overlap,
from the window the kind chooses; the message says which window it is; old ◀ Prev / Next ▶
ids still show a window; no message of any kind breaks Discord's component limits."""

import pytest
from botkit import ALICE, board_message, new_board

from bot.window import ARROWS, Viewport, edges
from play import load

MOVES = {name: move for name, _, move in ARROWS}
LABELS = {label: name for name, label, _ in ARROWS}


def window_of(request, width):
    """The window a board message's tile buttons cover."""
    cells = [int(i.split(":")[3]) for i in request.custom_ids() if i.startswith("pipes:t:")]
    xs, ys = {c % width for c in cells}, {c // width for c in cells}
    view = Viewport(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    assert len(cells) == view.width * view.height  # a block, every cell of it once
    return view


def arrows(request):
    """The arrow buttons of a board message by direction."""
    found = {}
    for row in request.data["components"]:
        for button in row["components"]:
            if button["label"] in LABELS:
                found[LABELS[button["label"]]] = button
    return found


def one_step(before, after, direction):
    """Whether ``after`` is the window right beside ``before`` in ``direction``."""
    dx, dy = MOVES[direction]
    if dx:
        side = after.x + after.width == before.x if dx < 0 else before.x + before.width == after.x
        return side and (after.y, after.height) == (before.y, before.height)
    side = after.y + after.height == before.y if dy < 0 else before.y + before.height == after.y
    return side and (after.x, after.width) == (before.x, before.width)


OPPOSITE = {"l": "r", "r": "l", "u": "d", "d": "u"}


async def test_arrows_walk_a_grid_of_windows_that_tile_a_12x12_board(harness):
    """Every arrow of every window, pressed on the message as it is: one window its way (a
    greyed one only at the board's edge), and the opposite arrow comes back."""
    request, message_id, game = await new_board(harness, size="12x12", seed="walk")
    first = window_of(request, 12)
    assert first.holds(*load(game.puzzle).source)  # the kind's first window: the source's
    shown = {first: request}

    async def press(direction):
        return (await harness.click(message_id, arrows(now[-1])[direction]["custom_id"], ALICE))[-1]

    now = [request]

    async def explore(here):
        buttons = arrows(now[-1])
        assert set(buttons) == set(MOVES)  # more than one window both ways: all four arrows
        for direction in MOVES:
            edge = {"l": here.x == 0, "u": here.y == 0, "r": here.x + here.width == 12}
            assert arrows(now[-1])[direction]["disabled"] == edge.get(
                direction, here.y + here.height == 12
            )
            if edge.get(direction, here.y + here.height == 12):
                continue
            now.append(await press(direction))
            there = window_of(now[-1], 12)
            assert one_step(here, there, direction), (direction, here, there)
            if there not in shown:
                shown[there] = now[-1]
                await explore(there)
            now.append(await press(OPPOSITE[direction]))
            assert window_of(now[-1], 12) == here

    await explore(first)
    covered = [(x, y) for view in shown for y in range(12) for x in range(12) if view.holds(x, y)]
    assert len(covered) == len(set(covered)) == 144  # no overlap, every cell reachable
    assert {(v.width, v.height) for v in shown} == {(4, 3)}  # 5×3 at most: two control rows
    said = sorted(int(r.content.rsplit("window ", 1)[1].split()[0]) for r in shown.values())
    assert said == list(range(1, 13)) and all(" of 12." in r.content for r in shown.values())


async def test_the_message_and_the_description_name_the_window(harness):
    request, _, _ = await new_board(harness, size="12x12", seed="walk")
    words = request.content.splitlines()[-1]
    assert words.startswith("Buttons: ") and words.endswith(" of 12.")
    described = request.json["attachments"][0]["description"]
    assert words in described
    small, _, _ = await new_board(harness, size="5x4", seed="small")
    assert "window" not in small.content  # one window: nothing to say


@pytest.mark.parametrize(("old", "shows"), [("p:0:4", (0, 3)), ("n:7:8", (8, 9))])
async def test_old_prev_and_next_ids_show_the_window_holding_their_target(harness, old, shows):
    """◀ Prev / Next ▶ of a message sent before the grid named an old 5×4 block (7:8 was
    H9–L12, overlapping F–J): the window holding its middle now."""
    _, message_id, game = await new_board(harness, size="12x12", seed="walk")
    custom_id = f"pipes:v:{game.id}:{old}:c"
    harness.messages[message_id]["components"][-1]["components"][0]["custom_id"] = custom_id
    made = await harness.click(message_id, custom_id, ALICE)
    assert made[0].callback_type == 7
    view = window_of(made[-1], 12)
    assert (view.x, view.y) == shows


def test_sides_are_split_as_evenly_as_they_go():
    assert edges(12, 5) == (0, 4, 8, 12)
    assert edges(11, 5) == (0, 4, 8, 11)
    assert edges(5, 5) == (0, 5)
    assert edges(9, 4) == (0, 3, 6, 9)


async def test_a_board_whose_arrows_fit_beside_the_controls_keeps_one_control_row(harness):
    made = await harness.command("new", ALICE, size="12x4", seed="wide")
    request = board_message(made)
    rows = request.data["components"]
    assert len(rows) == 5 and len(rows[0]["components"]) == 4  # 4×4 windows, 3 across
    assert [b["label"] for b in rows[-1]["components"]][:2] == ["◀", "▶"]

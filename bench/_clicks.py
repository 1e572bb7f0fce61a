"""How many presses solving a board takes, with the message's window of buttons and with
the whole board in the Activity: the window walk a player makes (snake order over the grid
of windows from the first one, each arrow press one window)."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def window_walk(grid, first: tuple[int, int]) -> list:
    """The windows in the order a player visits them: row by row in snake order, from the
    window holding ``first`` (then the windows before it)."""
    order = [
        grid.window(c, r)
        for r in range(grid.down)
        for c in (range(grid.across) if r % 2 == 0 else reversed(range(grid.across)))
    ]
    start = order.index(grid.around(*first))
    return order[start:] + order[:start]


def window_cells(view, width: int) -> list[int]:
    """The cells a window of buttons covers on a board ``width`` wide."""
    return [
        (view.y + dy) * width + view.x + dx for dy in range(view.height) for dx in range(view.width)
    ]


def button_presses(
    grid, first: tuple[int, int], width: int, presses: Callable[[Sequence[int]], int]
) -> tuple[int, int]:
    """(cell presses including mode switches, window moves) to solve with buttons:
    ``presses(cells)`` counts what one window's new cells take (0: nothing to do there)."""
    seen: set[int] = set()
    walk = window_walk(grid, first)
    position, total, moves = grid.place(walk[0]), 0, 0
    for view in walk:
        cells = [c for c in window_cells(view, width) if c not in seen]
        seen.update(cells)
        needed = presses(cells)
        if not needed:
            continue
        place = grid.place(view)
        moves += abs(place[0] - position[0]) + abs(place[1] - position[1])
        position, total = place, total + needed
    return total, moves

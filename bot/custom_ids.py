"""What a board's buttons carry in their custom_id: the game, the action, the window and the
click mode, so a click needs nothing but the database (buttons survive restarts). Ids made
before click modes existed (no mode) still read, as clockwise."""

from __future__ import annotations

from .window import Viewport

#: The click modes and the move suffix of each in its kind's notation: Pipes turns
#: clockwise, anticlockwise or locks (``B3``, ``B3ccw``, ``B3lock``); Minesweeper opens or
#: flags (``B3``, ``B3f``).
SUFFIX = {"c": "", "a": "ccw", "l": "lock", "o": "", "f": "f"}

GAME = r"(?P<game>\d{1,18})"
VIEW = r"(?P<vx>\d{1,2}):(?P<vy>\d{1,2})"
MODE = r"(?::(?P<mode>[calof]))?"
TILE = rf"pipes:t:{GAME}:(?P<cell>\d{{1,4}}):{VIEW}{MODE}"
NAV = rf"pipes:v:{GAME}:(?P<dir>[lurdpn]):{VIEW}{MODE}"
HINT = rf"pipes:h:{GAME}:{VIEW}{MODE}"
SWITCH = rf"pipes:m:{GAME}:(?P<to>[calof]):{VIEW}"
PLAY = r"pipes:play:(?P<daily>\d{1,18})"


def tile(game_id: int, cell: int, view: Viewport, mode: str) -> str:
    return f"pipes:t:{game_id}:{cell}:{view.x}:{view.y}:{mode}"


def nav(game_id: int, direction: str, target: Viewport, mode: str) -> str:
    return f"pipes:v:{game_id}:{direction}:{target.x}:{target.y}:{mode}"


def hint(game_id: int, view: Viewport, mode: str) -> str:
    return f"pipes:h:{game_id}:{view.x}:{view.y}:{mode}"


def switch(game_id: int, to: str, view: Viewport) -> str:
    return f"pipes:m:{game_id}:{to}:{view.x}:{view.y}"


def play(daily_id: int) -> str:
    return f"pipes:play:{daily_id}"

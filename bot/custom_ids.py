"""What a board's buttons carry in their custom_id: the game, the action, the window and the
click mode, so a click needs nothing but the database (buttons survive restarts); and what a
question's button carries: the game, its version, and the typed moves it confirms. A mode is
the face's own token (one or more letters and digits; each kind reads its own); ids made
before click modes existed (no mode) read as the kind's first mode. A window button names
the window it shows by its first cell and its direction (l u d r; the ◀ Prev / Next ▶ of
older messages wrote p n); ids of an older layout of windows name the window of the grid
holding theirs (``bot.window.Windows.named``). Ids read ASCII digits only."""

from __future__ import annotations

from .window import Viewport

GAME = r"(?P<game>[0-9]{1,18})"
VIEW = r"(?P<vx>[0-9]{1,2}):(?P<vy>[0-9]{1,2})"
MODE = r"(?::(?P<mode>[a-z0-9]{1,8}))?"
TILE = rf"pipes:t:{GAME}:(?P<cell>[0-9]{{1,4}}):{VIEW}{MODE}"
NAV = rf"pipes:v:{GAME}:(?P<dir>[lurdpn]):{VIEW}{MODE}"
HINT = rf"pipes:h:{GAME}:{VIEW}{MODE}"
SWITCH = rf"pipes:m:{GAME}:(?P<to>[a-z0-9]{{1,8}}):{VIEW}"
ACTION = rf"pipes:a:{GAME}:(?P<action>[a-z0-9]{{1,8}}):{VIEW}{MODE}"
PLAY = r"pipes:play:(?P<daily>[0-9]{1,18})"
#: A race's lobby button: join, leave, start, or the player's own board once started.
RACE = r"pipes:r:(?P<race>[0-9]{1,18}):(?P<action>join|leave|start|board)"
#: Characters of move text a confirmation carries at most (ids hold 100 characters).
CONFIRM_MOVES = 60
#: A typed action confirmed: the game at the version asked about, then giving up (g) or the
#: moves as the kind writes them (printable ASCII).
CONFIRM = (
    rf"pipes:y:{GAME}:(?P<version>[0-9]{{1,9}}):"
    rf"(?:g|m:(?P<moves>[!-~][ -~]{{0,{CONFIRM_MOVES - 1}}}))"
)


def tile(game_id: int, cell: int, view: Viewport, mode: str) -> str:
    return f"pipes:t:{game_id}:{cell}:{view.x}:{view.y}:{mode}"


def nav(game_id: int, direction: str, target: Viewport, mode: str) -> str:
    return f"pipes:v:{game_id}:{direction}:{target.x}:{target.y}:{mode}"


def hint(game_id: int, view: Viewport, mode: str) -> str:
    return f"pipes:h:{game_id}:{view.x}:{view.y}:{mode}"


def switch(game_id: int, to: str, view: Viewport) -> str:
    return f"pipes:m:{game_id}:{to}:{view.x}:{view.y}"


def action(game_id: int, action: str, view: Viewport, mode: str) -> str:
    return f"pipes:a:{game_id}:{action}:{view.x}:{view.y}:{mode}"


def play(daily_id: int) -> str:
    return f"pipes:play:{daily_id}"


def race(race_id: int, action: str) -> str:
    return f"pipes:r:{race_id}:{action}"


def confirm(game_id: int, version: int, moves: str | None) -> str | None:
    """The id of a button that plays ``moves`` on a game at a version (None: gives it up);
    None when the moves are too long for an id, or not plain ASCII."""
    if moves is None:
        return f"pipes:y:{game_id}:{version}:g"
    fits = 0 < len(moves) <= CONFIRM_MOVES and moves.isascii() and moves.isprintable()
    return f"pipes:y:{game_id}:{version}:m:{moves}" if fits else None

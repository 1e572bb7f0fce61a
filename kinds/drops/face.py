"""Ten Drops on Discord: the picture (drops as circles with their counts), cell buttons that
tap, the animation of a tap's chain, the words, the ``new`` command with its level, and the
typed move ``tap``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.face import Face, Verb
from bot.facekit import (
    cell_press,
    drawing,
    level_new,
    level_words,
    said_cell,
    still_win,
    tile_text,
)
from bot.texts import given_up, solve_time, started
from bot.workers import Workers
from kinds.drops.engine import KIND, PER_REFUND
from kinds.drops.picture import (
    DropsView,
    render_drops_animation,
    render_drops_png,
    render_drops_solution,
)
from play import Board

GOAL = (
    "Goal: clear the board with as many drops left as you can. A tap adds a drop to a cell "
    "(one of yours); a 4 that gets one more bursts and splashes the nearest drops in its row "
    "and column; every 3 bursts in one tap give a drop back."
)
HELP = """**Daily Ten Drops** — clear the board with as many drops left as you can.
• Rules: you start with 10 drops. A tap costs one and adds one to a cell (an empty one too). \
A cell holding 4 that gets one more bursts: it empties and sends four splashes left, up, \
right and down. A splash flies over empty cells and lands on the first drop it meets, adding \
one; on a 4 it bursts that cell too, so chains run on. Splashes that leave the board are lost.
• Refund: every 3 bursts in one tap give you a drop back. No drops left with drops still on \
the board: the game is lost.
• Picture: each drop is a circle that grows with its count, the count written in it; the \
footer shows your drops, taps and the last chain. A tap's answer carries its chain, tick by \
tick.
• Par: the most drops anyone can have left at the clear, proven by an exact search. Drops \
left rank you first, then fewer taps, then time.
• Tip: a long chain pays; tap a 3 first so that a chain can run through it.
• `/drops new [size] [level] [seed]`: a board of your own, e.g. `/drops new 7x7 hard`. \
Levels by grade (the optimal line's taps + 8 × the share of random tappers that fail): \
easy under 5.5, normal 6.5 to 9.5, hard 10.5 and up.
• Buttons: a cell button taps it; its number is its drops (red: a 4, ready to burst). \
◀ ▲ ▼ ▶ move the window of buttons.
• `/drops tap C4 D2`: taps by coordinates, in order (A1 is top-left)."""


def drops_view(board: Board) -> DropsView:
    """What a Ten Drops picture shows of a board: its cells, drops left, taps, the last
    tap's chain and how it stands."""
    game, details = board.game, board.status.details
    return DropsView(
        game.width, game.height, details["cells"], details["drops"], game.turns,
        details["bursts"], details["refund"], board.ending,
    )  # fmt: skip


_draw = drawing(render_drops_png, drops_view)


def _left(board: Board) -> str:
    """'3 drops left'."""
    return FACE.scored(board.status.details["drops"])


async def _post(workers: Workers, puzzle: Any) -> bytes:
    """An empty board of its size and the drops to start with: a post nobody can plan the
    daily's taps from before their clock runs."""
    area = puzzle.width * puzzle.height
    view = DropsView(puzzle.width, puzzle.height, (0,) * area, puzzle.drops, 0)
    png, _ = await workers.draw(render_drops_png, view)
    return png


async def _animate(
    workers: Workers, board: Board, trace: tuple[Any, ...]
) -> tuple[bytes, str, str]:
    """The chains of the move's taps (the engine's own trace: each tap that burst cells),
    tick by tick, each followed by the board after it; the board as it now stands last."""
    game, now = board.game, drops_view(board)
    taps = [
        (replace(now, cells=chain.ticks[-1].cells, drops=chain.drops, taps=game.turns - chain.later,
                 bursts=chain.bursts, refund=chain.bursts // PER_REFUND, outcome="playing"),
         _ticks(chain))
        for chain in trace
    ]  # fmt: skip
    if trace[-1].later == 0:  # the last chain ends the move: its board after is the board
        taps[-1] = (now, taps[-1][1])
    else:
        taps.append((now, ()))
    gif: bytes = await workers.draw(render_drops_animation, *taps[-1], before=taps[:-1])
    bursts = sum(chain.bursts for chain in trace)
    return gif, "drops-chain.gif", f"The chains, tick by tick: {_counted(bursts, 'burst')} in all"


async def _solution(workers: Workers, board: Board) -> tuple[bytes, str, str]:
    """The board as it started, each tap of the puzzle's best line numbered in order."""
    puzzle = board.puzzle
    start = DropsView(puzzle.width, puzzle.height, puzzle.cells, puzzle.par, len(puzzle.solution))
    png: bytes = await workers.draw(render_drops_solution, start, puzzle.solution)
    taps = ", ".join(puzzle.name(cell) for cell in puzzle.solution)
    return png, "drops-solution.png", f"A best line of taps, in order: {taps}"


def _ticks(chain: Any) -> tuple[tuple[Any, Any, Any], ...]:
    return tuple((tick.cells, tick.splashes, tick.bursts) for tick in chain.ticks)


LEGEND = (
    ("·123", discord.ButtonStyle.secondary, "its drops (· none)"),
    ("4", discord.ButtonStyle.danger, "four drops: one more bursts it"),
)


def _label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    """The cell's drops in its label (· none); a 4, ready to burst, in red."""
    count = board.status.details["cells"][cell]
    style = discord.ButtonStyle.danger if count == 4 else discord.ButtonStyle.secondary
    return tile_text(board.game.width, cell, str(count or "·")), style


def _cell_words(board: Board, cell: int) -> str:
    """'B3: empty', 'B3: 1 drop', 'B3: 4 drops, ready to burst'."""
    count = drops_view(board).cells[cell]
    words = _counted(count, "drop") if count else "empty"
    return said_cell(board.game.width, cell, words, "ready to burst" if count == 4 else "")


def _centre(board: Board) -> int:
    """The middle of the board."""
    game = board.game
    return game.height // 2 * game.width + game.width // 2


def _body(board: Board) -> str:
    """Drops left, taps and the last chain; how it ended."""
    game, details = board.game, board.status.details
    taps, drops = FACE.counted(game.turns), FACE.scored(details["drops"])
    if game.solved:
        tally = FACE.tally(game.turns, details["drops"], board.par)
        return f"✅ Cleared in {solve_time(board)} with {tally}."
    if board.given_up:
        return given_up(board, FACE, "the solution: a best line of taps, numbered in order")
    if game.finished:
        return f"🫗 No drops left after {taps}, with drops still on the board: this game is lost."
    parts = [f"💧 {drops}", taps]
    if details["bursts"]:
        refund = f", +{details['refund']} back" if details["refund"] else ""
        parts.append(f"last chain {_counted(details['bursts'], 'burst')}{refund}")
    return " · ".join([*parts, *started(game)])


def _counted(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


FACE = Face(
    kind=KIND,
    description="Daily Ten Drops: clear the board with the most drops left",
    new=level_new(
        KIND,
        (4, 8),
        "6x6",
        "6x6 or 7x5",
        "easy: par in a few taps, forgiving; normal: more taps; hard: a longer plan most "
        "random taps fail",
    ),
    verbs=(
        Verb(
            "tap",
            "Tap cells by coordinates, in order, like C4 D2",
            "Cells to tap, in order: A1 is top-left",
        ),
    ),
    modes={"t": "💧 Tap"},
    press=cell_press({}),
    tile_label=_label,
    legend=LEGEND,
    cell_words=_cell_words,
    centre=_centre,
    draw=_draw,
    win=still_win(_draw, "drops-win.png", lambda board: f"The cleared board, {_left(board)}"),
    post=_post,
    alt=(
        "Ten Drops board: each drop a blue circle growing with its count, the count written in "
        "it; the footer gives the drops left, the taps and the last chain."
    ),
    body=_body,
    goal=GOAL,
    help=HELP,
    counter=("tap", "taps"),
    icon="💧",
    max_side=8,
    hint_description="The next tap of a line with the most drops left",
    board_noun="Ten Drops board",
    daily_words=level_words(KIND),
    explain=lambda move: f"`/drops tap {move}`",
    said=lambda move: f"tapped {move}",
    points=("drop left", "drops left"),
    animate=_animate,
    solution=_solution,
)

"""The maze on Discord: the picture (fog, trail, the way out once over), arrow buttons that
run to the next junction with the window following the player, cell buttons that walk back
to a visited cell, the words, the ``new`` command with its level and generator, and the
typed moves ``move`` and ``go``."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

import kinds.maze.pack as minecraft
from bot.face import Drawn, Face, NewBoard, Pack, Verb
from bot.facekit import (
    needs_zoom,
    per_board,
    said_cell,
    sided,
    start_sized,
    still_win,
    tile_text,
)
from bot.options import SEED_TEXT, SIZE_TEXT, Interaction, choices_of
from bot.texts import given_up, solve_time, started
from bot.workers import Workers
from kinds.maze.engine import KIND
from kinds.maze.picture import MazeView, render_maze_png
from play import Board
from puzzle import Marks
from puzzle.grid import cell_name
from puzzle.levels import CHOICE_WORDS, WEEKLY

#: The level words of a daily choice's parameters.
LEVEL_WORDS = {"easy": "no fog", "normal": "in fog", "hard": "in fog, with loops"}
GOAL = (
    "Goal: walk from the orange start to the green exit. The arrows run to the next junction; "
    "a cell button walks back to a cell you have been on."
)
HELP = """**Daily Maze** — walk from the orange start to the green exit in the fewest steps.
• Picture: walls are dark lines, your trail is pale blue, you are the blue disc; the start \
is an orange square, the exit a green diamond. Hatched grey is fog: in fog you see only \
along straight corridors from where you have been.
• Par: the steps of the shortest way out. In the fog steps are partly luck, so a daily \
ranks every walk of at most the steps a careful explorer expects (the grade: expected steps \
per cell) alike, then by time; a longer walk ranks by its steps. Without fog, steps rank \
you first, then time.
• Tip: at a junction, try the corridor heading towards the far corner first.
• `/maze new [size] [level] [generator] [seed]`: a maze of your own, e.g. `/maze new 20x20 \
hard`. Levels: easy (no fog), normal (fog), hard (fog and loops, so following one wall may \
fail); generator: prim (many short dead ends) or kruskal.
• Buttons: ⬅ ⬆ ⬇ ➡ run to the next junction or dead end (each cell passed is a step); a \
cell button walks back to a cell you have been on. The window of buttons follows you.
• `/maze move RRDL`: several runs in one go; `/maze go B3`: back to a visited cell."""
#: Each run's direction in words, by its letter.
RUNS = {"L": "left", "U": "up", "D": "down", "R": "right"}
#: The arrows: label and action token (the run's direction letter, lowercase).
ARROWS = (("⬅ Left", "l"), ("⬆ Up", "u"), ("⬇ Down", "d"), ("➡ Right", "r"))


def maze_view(board: Board) -> MazeView:
    """What a maze picture shows of a board: the cells out of the fog, the trail, the
    player; once over, the whole maze and the way out (a daily's only once its date is over
    everywhere)."""
    game, maze, details = board.game, board.puzzle, board.status.details
    shown = game.finished and (board.solution_public or game.solved)
    return MazeView(
        maze.width, maze.height, maze.cells, maze.start, maze.exit, details["player"],
        range(maze.width * maze.height) if shown else details["seen"], details["visited"],
        maze.path if shown else (), board.ending,
    )  # fmt: skip


async def _draw(
    workers: Workers, board: Board, frame: tuple[int, int, int, int] | None, marks: Marks
) -> Drawn:
    """The maze as the player knows it; the trail already shows every cell walked, so the
    last move's ``marks`` add nothing."""
    game = board.game
    drawn: Drawn = await workers.draw(
        render_maze_png, maze_view(board), frame=frame,
        zoom=needs_zoom(game.width, game.height),
    )  # fmt: skip
    return drawn


async def _post(workers: Workers, puzzle: Any) -> bytes:
    """Every cell in fog, start and exit hidden: a post that gives away nothing of the
    maze but its size."""
    area = puzzle.width * puzzle.height
    view = MazeView(puzzle.width, puzzle.height, (0,) * area, -1, -1, None, (), ())
    png, _ = await workers.draw(render_maze_png, view)
    return png


def _pack(maze: Any) -> tuple[str, list[tuple[str, bytes]]]:
    """The data pack that builds the maze in Minecraft, and how to use it."""
    minecraft.check_fits(maze)
    name, blob = minecraft.build(maze)
    text = f"A Minecraft data pack of **{maze.code}**: the very same maze, built in your world.\n"
    return text + minecraft.install_note(maze), [(name, blob)]


LEGEND = (
    ("@", discord.ButtonStyle.primary, "where you stand"),
    ("·", discord.ButtonStyle.primary, "a cell you walked (a click walks back)"),
    ("◎", discord.ButtonStyle.success, "the exit"),
    ("", discord.ButtonStyle.secondary, "a cell you have seen"),
    ("▒", discord.ButtonStyle.secondary, "fog"),
)


def _label(board: Board, cell: int) -> tuple[str, discord.ButtonStyle]:
    """The player @ and cells walked · (a click walks back) in blue, the exit ◎ once seen in
    green, cells seen (the name alone) and fog ▒ in grey."""
    game, maze, details = board.game, board.puzzle, board.status.details
    if cell == details["player"]:
        return tile_text(game.width, cell, "@"), discord.ButtonStyle.primary
    if cell not in details["seen"]:
        return tile_text(game.width, cell, "▒"), discord.ButtonStyle.secondary
    if cell == maze.exit:
        return tile_text(game.width, cell, "◎"), discord.ButtonStyle.success
    if cell in details["visited"]:
        return tile_text(game.width, cell, "·"), discord.ButtonStyle.primary
    return tile_text(game.width, cell), discord.ButtonStyle.secondary


@per_board
def _read(board: Board) -> tuple[MazeView, frozenset[int]]:
    """The picture's view of a board, and the cells of the way out it draws."""
    view = maze_view(board)
    return view, frozenset(view.path)


def _cell_words(board: Board, cell: int) -> str:
    """'B3: you are here, walls up and left', 'B3: fog', 'B3: walked, wall down, on the way
    out': the cell as the picture shows it."""
    view, way_out = _read(board)
    if cell not in view.seen:
        return said_cell(view.width, cell, "fog")
    marks = ((view.player, "you are here"), (view.start, "the start"), (view.exit, "the exit"))
    where = [word for at, word in marks if at == cell]
    where = where or ["walked" if cell in view.visited else "open"]
    walls = sided("wall", ~view.cells[cell] & 15)
    way = "on the way out" if cell in way_out else ""
    return said_cell(view.width, cell, *where, walls, way)


def _body(board: Board) -> str:
    """Steps, where the player stands, whether the exit is in sight; how it ended."""
    game, maze, details = board.game, board.puzzle, board.status.details
    steps = FACE.counted(game.turns)
    if game.solved:
        return f"✅ Out in {solve_time(board)} with {FACE.tally(game.turns, None, board.par)}."
    if game.finished:
        return given_up(board, FACE, "the way out")
    exit_seen = "🏁 exit in sight" if maze.exit in details["seen"] else "exit not yet seen"
    parts = [f"🧍 at {maze.name(details['player'])}", steps, exit_seen]
    return " · ".join([*parts, *started(game)])


def _daily_words(choice: str) -> str:
    """'15×15 Maze (in fog)'; a weekly choice's levels by weekday."""
    board, _, weekly = choice.partition(" ")
    params = KIND.parse_params(board)
    words = CHOICE_WORDS[WEEKLY] if weekly == WEEKLY else LEVEL_WORDS[params.level]
    if params.algorithm == "kruskal":
        words += ", Kruskal"
    return f"{params.width}×{params.height} Maze ({words})"


def _new(start: NewBoard) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="new", description="A maze of your own in this channel")
    @app_commands.describe(
        size="Maze size, like 12x12 or 20x10 (5 to 40 a side)",
        level="easy: no fog; normal: fog; hard: fog and loops",
        generator="prim: many short dead ends; kruskal: longer winding corridors",
        seed="Any word: the same size, level, generator and seed give the same maze",
    )
    @app_commands.autocomplete(size=choices_of(KIND.presets))
    async def new(
        interaction: Interaction,
        size: SIZE_TEXT = "12x12",
        level: Literal["easy", "normal", "hard"] = "normal",
        generator: Literal["prim", "kruskal"] = "prim",
        seed: SEED_TEXT | None = None,
    ) -> None:
        await start_sized(start, interaction, KIND, size, (5, 40), level, generator, seed=seed)

    return new


FACE = Face(
    kind=KIND,
    description="Daily Maze: walk from the start to the exit in the fewest steps",
    new=_new,
    verbs=(
        Verb(
            "move",
            "Run through the maze: U, D, L, R, several in a row, like RRDL",
            "Directions: U up, D down, L left, R right; each runs to the next junction",
            param="moves",
        ),
        Verb(
            "go",
            "Walk back to a cell you have been on, like B3",
            "A cell you have been on, like B3",
            moves=lambda cell: f"go {cell}",
            param="cell",
        ),
    ),
    modes={"w": "🚶 Walk"},
    press=lambda game, cell, mode: f"go {cell_name(cell % game.width, cell // game.width)}",
    tile_label=_label,
    legend=LEGEND,
    cell_words=_cell_words,
    centre=lambda board: int(board.status.details["player"]),
    draw=_draw,
    win=still_win(_draw, "maze-win.png", "The whole maze, the way out drawn in red"),
    post=_post,
    alt=(
        "Maze: dark walls, hatched grey fog where nothing is seen yet, the trail walked in pale "
        "blue, the player a blue disc, the start an orange square and the exit a green diamond."
    ),
    body=_body,
    goal=GOAL,
    help=HELP,
    counter=("step", "steps"),
    icon="🧭",
    max_side=40,
    hint_description="Runs one stretch of the shortest way out",
    board_noun="maze",
    daily_words=_daily_words,
    controls=ARROWS,
    act=lambda game, action, mode: action.upper(),
    pans=False,
    said=lambda move: f"ran {RUNS[move]}" if move in RUNS else f"walked back to {move}",
    pack=Pack("The Minecraft data pack that builds your current maze", _pack),
)

"""Driving the data pack in the test interpreter: players, board states and the commands
each top-level execution costs (tests and kinds/pipes/bench/pack.py share it)."""

from __future__ import annotations

from dataclasses import dataclass

from mcinterp import Interpreter

from datapack.snbt import ByteArray
from kinds.pipes.engine import Puzzle, rotate
from kinds.pipes.pack.functions import functions

#: Minecraft's default maxCommandChainLength: commands per top-level execution.
LIMIT = 65_536


def started(puzzle: Puzzle, players: int = 1) -> Interpreter:
    """The pack loaded and started with ``players`` online (Steve, then P1, P2 …)."""
    machine = Interpreter(functions(puzzle), players=_names(players))
    machine.function("pipes:load")
    machine.function("pipes:start")
    return machine


def _names(players: int) -> list[str]:
    return ["Steve", *(f"P{k}" for k in range(1, players))]


def set_tiles(machine: Interpreter, puzzle: Puzzle, tiles: list[int]) -> None:
    """Put the board in a state directly (faster than clicking there), then check it."""
    grid = machine.storage["pipes:game"]["grid"]
    for i, tile in enumerate(tiles):
        for d in range(4):
            machine.scores[f"#s{i}_{d}", "pipes.var"] = tile >> d & 1
        side = ByteArray(tile >> d & 1 for d in range(4))
        grid[i % puzzle.width][i // puzzle.width]["side"] = side
    machine.function("pipes:check")


def near_solved(puzzle: Puzzle) -> list[int]:
    """The solution with one tile turned: water reaches nearly everything, so the check's
    walk is as long as it gets."""
    tiles = list(puzzle.solution)
    tiles[0] = rotate(tiles[0])
    return tiles


def costs(machine: Interpreter, run: str) -> int:
    """Commands one top-level execution of function ``run`` takes."""
    before = machine.commands
    machine.function(run)
    return machine.commands - before


@dataclass(frozen=True)
class Budget:
    """Worst cases of one board, in commands per top-level execution."""

    click: int  # one click on a near-solved board (check and dialog included)
    busy_tick: int  # the tick in which 8 players click at once
    start: int  # pipes:start with 10 players online


def budget(puzzle: Puzzle) -> Budget:
    """The pack's costs on ``puzzle``."""
    machine = Interpreter(functions(puzzle), players=_names(10))
    machine.function("pipes:load")
    start = costs(machine, "pipes:start")
    set_tiles(machine, puzzle, near_solved(puzzle))
    machine.scores["Steve", "pipes.click"] = 2
    click = costs(machine, "pipes:tick")
    for k, player in enumerate(machine.players[:8]):
        machine.scores[player, "pipes.click"] = k + 3
    busy = costs(machine, "pipes:tick")
    return Budget(click, busy, start)

"""The maze's data pack as a zip, its file name, what it takes to fit, and how to install it."""

from __future__ import annotations

from beet import DataPack

from datapack.formats import GAME_VERSIONS, data_pack_meta
from datapack.packing import function_pack, zipped
from kinds.maze.pack.functions import functions
from kinds.maze.pack.layout import CHUNK, CLEARED, chunks_spanned, extent
from kinds.maze.pack.plan import MazePlan, problem

#: The widest maze a pack builds: 80 cells are 241 blocks, at most 16 chunks a side, so the
#: build keeps at most 256 chunks forced at once — the pack's own bound on what it loads, not
#: a limit of the game: it forces one chunk a command, so the 256 chunks one ``forceload
#: add`` may name over an area never apply. Its commands stay far within the 65,536 an
#: execution may run (see the tests); the maze kind caps sides at 40 anyway.
MAX_SIDE = 80
MAX_CHUNKS = 256


def check_fits(plan: MazePlan) -> None:
    """ValueError (one sentence for people) when the pack cannot build a maze."""
    why = problem(plan)
    if why is not None:
        raise ValueError(f"This maze cannot be built in Minecraft: {why}.")
    if max(plan.width, plan.height) > MAX_SIDE:
        nx, nz = extent(plan)
        chunks = chunks_spanned(nx) * chunks_spanned(nz)
        raise ValueError(
            f"Minecraft mazes go up to {MAX_SIDE}×{MAX_SIDE} cells: a {plan.width}×"
            f"{plan.height} maze could need {chunks} chunks of {CHUNK}×{CHUNK} blocks loaded "
            f"at once while it is built, and the pack keeps to {MAX_CHUNKS}."
        )


def data_pack(plan: MazePlan) -> DataPack:
    """The data pack: the maze's functions, ``maze:load`` on load, ``maze:tick`` every tick."""
    meta = data_pack_meta(f"Daily Pipes maze {plan.code} (Minecraft {GAME_VERSIONS})")
    return function_pack(meta, "maze", functions(plan), load="load", tick="tick")


def file_name(plan: MazePlan) -> str:
    return f"maze-{plan.code}-datapack.zip"


def build(plan: MazePlan) -> tuple[str, bytes]:
    """(file name, zip bytes) of the maze's data pack; ValueError as ``check_fits``."""
    check_fits(plan)
    return file_name(plan), zipped(data_pack(plan))


INSTALL_NOTE = (
    "**Minecraft Java {versions}.** Put `{data}` into your world's `datapacks` folder and run "
    "`/reload` (cheats or operator rights needed). Stand in the Overworld where the maze should "
    "begin and run `/function maze:build`: it is built just south-east of you (+x, +z, from 2 "
    "blocks away), "
    "{blocks} blocks, its floor level with the ground you stand on; run it there again to "
    "rebuild it. `/function maze:start` takes every player to the gold block and starts the "
    "clock; the emerald block is the exit. Everything up to {cleared} blocks above its floor is "
    "cleared, so the sky stays open unless the ground rises higher; there are no lights: walk it "
    "by day or on Peaceful."
)


def install_note(plan: MazePlan) -> str:
    """The install note for this maze's pack."""
    nx, nz = extent(plan)
    return INSTALL_NOTE.format(
        versions=GAME_VERSIONS.replace("–", " – "),
        data=file_name(plan),
        blocks=f"{nx}×{nz}",
        cleared=CLEARED,
    )

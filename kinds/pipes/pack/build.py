"""Assemble and zip the data pack and the resource pack of a puzzle with beet."""

from __future__ import annotations

from pathlib import Path

from beet import DataPack, Font, ResourcePack, Texture

from datapack.formats import GAME_VERSIONS, data_pack_meta, resource_pack_meta
from datapack.packing import function_pack, zipped
from kinds.pipes.engine import Puzzle
from kinds.pipes.pack.dialog import layout
from kinds.pipes.pack.functions import functions
from kinds.pipes.pack.resourcepack import fonts


def data_pack(puzzle: Puzzle) -> DataPack:
    """The data pack: the puzzle's functions, run on load and every tick."""
    meta = data_pack_meta(f"Daily Pipes {puzzle.code} (Minecraft {GAME_VERSIONS})")
    return function_pack(meta, "pipes", functions(puzzle), load="load", tick="tick")


def resource_pack(puzzle: Puzzle) -> ResourcePack:
    """The resource pack: a font and a glyph sheet per tile state."""
    pack = ResourcePack()
    pack.mcmeta.set_content(resource_pack_meta(f"Daily Pipes tiles for {puzzle.code}"))
    for state, (font, sheet) in fonts(layout(puzzle.width)).items():
        pack[f"pipes:{state}"] = Font(font)
        pack[f"pipes:font/{state}"] = Texture(sheet)
    return pack


#: The largest board side a pack plays: a click on a bigger board could run past Minecraft's
#: 65,536 commands per execution, and its buttons past the screen's width.
MAX_SIDE = 26


def check_fits(puzzle: Puzzle) -> None:
    """ValueError (one sentence for people) when a board is too big for a pack."""
    if max(puzzle.width, puzzle.height) > MAX_SIDE:
        raise ValueError(
            f"Minecraft packs go up to {MAX_SIDE}×{MAX_SIDE} tiles: a {puzzle.size} board would "
            "run past the game's command limit."
        )


def build(puzzle: Puzzle) -> tuple[bytes, bytes]:
    """(data pack zip, resource pack zip) of a puzzle."""
    check_fits(puzzle)
    return zipped(data_pack(puzzle)), zipped(resource_pack(puzzle))


def file_names(puzzle: Puzzle) -> tuple[str, str]:
    """File names for the two zips."""
    return f"pipes-{puzzle.code}-datapack.zip", f"pipes-{puzzle.code}-resourcepack.zip"


def write(puzzle: Puzzle, folder: Path) -> list[Path]:
    """Write both zips into ``folder``; returns their paths."""
    check_fits(puzzle)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in file_names(puzzle)]
    for path, data in zip(paths, build(puzzle), strict=True):
        path.write_bytes(data)
    return paths


INSTALL_NOTE = (
    "**Minecraft Java 1.21.6 – 1.21.11.** Put `{data}` into your world's `datapacks` folder "
    "and `{resources}` into `.minecraft/resourcepacks` (turn it on under Options → Resource "
    "Packs). In the world run `/reload`, then `/function pipes:start`. Click a tile in the "
    "board window to turn it."
)

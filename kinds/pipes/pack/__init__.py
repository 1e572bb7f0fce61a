"""Pipes in Minecraft: a data pack + resource pack that play the very same puzzle, on the
shared pack building of ``datapack``."""

from kinds.pipes.pack.build import (
    INSTALL_NOTE,
    MAX_SIDE,
    build,
    check_fits,
    data_pack,
    file_names,
    resource_pack,
    write,
)  # fmt: skip

__all__ = [
    "INSTALL_NOTE", "MAX_SIDE", "build", "check_fits", "data_pack", "file_names",
    "resource_pack", "write",
]  # fmt: skip

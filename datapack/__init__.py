"""Minecraft data pack + resource pack that play the very same puzzle. Imports ``puzzle``
and ``renderer``."""

from .build import (
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

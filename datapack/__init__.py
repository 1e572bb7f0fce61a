"""Minecraft data pack + resource pack that play the very same puzzle. Imports ``puzzle``
and ``renderer``."""

from .build import INSTALL_NOTE, build, data_pack, file_names, resource_pack, write

__all__ = ["INSTALL_NOTE", "build", "data_pack", "file_names", "resource_pack", "write"]

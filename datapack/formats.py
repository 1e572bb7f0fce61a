"""``pack.mcmeta`` for every pack (data packs and resource packs), covering Minecraft Java
1.21.6 through 1.21.11.

Data pack formats: 80 (1.21.6) … 94.1 (1.21.11); resource pack formats: 63 … 75. Before
1.21.9 the game reads ``pack_format`` and ``supported_formats``; from 1.21.9 on it reads
``min_format`` and ``max_format`` (a [major, minor] pair where needed). Both are written.
"""

from __future__ import annotations

DATA_MIN, DATA_MAX = 80, (94, 1)
RESOURCE_MIN, RESOURCE_MAX = 63, 75
GAME_VERSIONS = "1.21.6–1.21.11"


def _meta(low: int, high: int | tuple[int, int], description: str) -> dict:
    major = high[0] if isinstance(high, tuple) else high
    return {
        "pack": {
            "description": description,
            "pack_format": low,
            "supported_formats": [low, major],
            "min_format": low,
            "max_format": list(high) if isinstance(high, tuple) else high,
        }
    }


def data_pack_meta(description: str) -> dict:
    """A data pack's ``pack.mcmeta``, with the pack's own description."""
    return _meta(DATA_MIN, DATA_MAX, description)


def resource_pack_meta(description: str) -> dict:
    """A resource pack's ``pack.mcmeta``, with the pack's own description."""
    return _meta(RESOURCE_MIN, RESOURCE_MAX, description)

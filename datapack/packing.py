"""What every pack shares: a data pack of one namespace's functions hooked on the game's
load and tick, and a pack as zip bytes (beet writes them the same every time)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping, Sequence

from beet import DataPack, Function, FunctionTag, ResourcePack


def function_pack(
    meta: dict,
    namespace: str,
    functions: Mapping[str, Sequence[str]],
    *,
    load: str | None = None,
    tick: str | None = None,
) -> DataPack:
    """A data pack of ``namespace:<name>`` functions; ``load`` and ``tick`` name the
    functions (under the namespace) run on ``/reload`` and every tick."""
    pack = DataPack()
    pack.mcmeta.set_content(meta)
    for name, lines in functions.items():
        pack[f"{namespace}:{name}"] = Function(list(lines))
    for tag, function in (("load", load), ("tick", tick)):
        if function is not None:
            pack.function_tags[f"minecraft:{tag}"] = FunctionTag(
                {"values": [f"{namespace}:{function}"]}
            )
    return pack


def zipped(pack: DataPack | ResourcePack) -> bytes:
    """The pack as the bytes of a zip file."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        pack.dump(archive)
    return out.getvalue()

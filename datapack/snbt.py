"""Writing SNBT (the data format of Minecraft commands) from Python values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class Byte(int):
    """An SNBT byte, written ``1b``."""


class ByteArray(list):
    """An SNBT byte array, written ``[B;1b,0b]``."""


def quote(text: str) -> str:
    """A double-quoted SNBT string: backslashes and quotes escaped, control characters
    dropped, so text from anywhere (a code, a name) cannot break out of the command."""
    cleaned = "".join(ch for ch in text if ch >= " " or ch == "\n")
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dumps(value: object) -> str:
    """SNBT of ints, Bytes, strings, lists, ByteArrays and dicts (keys are bare words)."""
    if isinstance(value, bool):
        return "1b" if value else "0b"
    if isinstance(value, Byte):
        return f"{int(value)}b"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, ByteArray):
        return "[B;" + ",".join(f"{int(v)}b" for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{k}:{dumps(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Sequence):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as SNBT")

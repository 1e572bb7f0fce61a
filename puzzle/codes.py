"""Puzzle codes: ``pipes:8x8-abc`` names the kind, its parameters and a seed.

Codes printed before kinds existed (``8x8-abc``) are Pipes codes and keep working. Parameters
never contain '-'; the seed is everything after the first '-' after them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

MAX_SEED_LENGTH = 32
#: The kind of a code written without one: every code printed before kinds existed.
LEGACY_KIND = "pipes"

_SEED = re.compile(rf"^[a-z0-9_-]{{1,{MAX_SEED_LENGTH}}}$")
_CODE = re.compile(r"^(?:([a-z]{1,16}):)?([^\s:-]{1,16})-(.+)$", re.IGNORECASE)


class Code(NamedTuple):
    """A puzzle code taken apart."""

    kind: str
    params: str
    seed: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.params}-{self.seed}"


def quote(text: str, limit: int = 24) -> str:
    """Input quoted back to people, shortened: “B3x9”, or “abcdefghijklmnopqrstuvwx…”."""
    flat = " ".join((text or "").split())
    return f"“{flat[:limit]}…”" if len(flat) > limit else f"“{flat}”"


def normalize_seed(seed: str) -> str:
    """A seed as it appears in a puzzle code: lower case letters, digits, '-' and '_'."""
    cleaned = (seed or "").strip().lower().replace(" ", "-")
    if not _SEED.match(cleaned):
        raise ValueError(
            f"{quote(seed)} is not a usable seed: use 1 to {MAX_SEED_LENGTH} letters, digits, "
            "'-' or '_'."
        )
    return cleaned


def parse_code(text: str) -> Code:
    """'pipes:8x8-abc' or '8x8-abc' -> Code('pipes', '8x8', 'abc'); ValueError otherwise.
    The parameters are the kind's to check."""
    match = _CODE.match((text or "").strip())
    if not match:
        raise ValueError(
            "That is not a puzzle code: codes look like pipes:8x8-abc (kind, size, dash, seed)."
        )
    kind, params, seed = match.groups()
    return Code((kind or LEGACY_KIND).lower(), params.lower(), normalize_seed(seed))

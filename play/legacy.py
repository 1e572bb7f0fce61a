"""The puzzles behind codes that schema 1 stored without their puzzles.

Schema 1 kept Pipes codes only and regenerated them with generator ``pipes/1``; the upgrade to
schema 2 stores each of those puzzles once, generated here by that same generator.
"""

from __future__ import annotations

from kinds.pipes.engine import KIND
from puzzle import Generated, parse_code


def legacy_puzzle(code: str) -> Generated:
    """The puzzle a schema-1 code such as '8x8-d20261122' stood for."""
    _, params, seed = parse_code(code)
    return KIND.generate_legacy(KIND.parse_params(params), seed)

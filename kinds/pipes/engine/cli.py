"""Pipes' own part of ``python -m puzzle`` (``puzzle.kind.CommandLine``): the options
``--level``, ``--wrap`` and ``--any`` of ``new``, written into the parameters text
(``8x8 --level hard --wrap`` is ``8x8wh``); ``show --generator pipes/1`` for codes stored
before levels and wrap; the puzzle's JSON form; and ``check`` of a board read as JSON
(``{"width", "height", "tiles", "source"?, "wrap"?}``, what ``new --json`` prints) with no code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from kinds.pipes.engine.checker import check
from kinds.pipes.engine.generator import Puzzle
from kinds.pipes.engine.notation import Params, cell_name, format_params, parse_params
from kinds.pipes.engine.textboard import render_text
from puzzle.kind import Generated
from puzzle.levels import LEVELS

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace


class PipesCommandLine:
    """Pipes' options and forms; ``legacy`` is the generator of schema-1 codes, named
    ``legacy_name`` (``PipesKind.generate_legacy``)."""

    def __init__(
        self, current: str, legacy_name: str, legacy: Callable[[Params, str], Generated]
    ) -> None:
        self.current, self.legacy_name, self.legacy = current, legacy_name, legacy

    def add_options(self, command: str, parser: ArgumentParser) -> None:
        if command == "new":
            parser.add_argument("--any", action="store_true", help="allow several solutions")
            parser.add_argument("--level", choices=LEVELS, help="difficulty level (normal)")
            parser.add_argument(
                "--wrap", action="store_true", help="edges connect across the border"
            )
        else:  # show, check: the puzzle of a code
            parser.add_argument(
                "--generator",
                choices=(self.legacy_name, self.current),
                default=self.current,
                help=f"the generator version ({self.legacy_name}: codes stored before levels "
                "and wrap)",
            )

    def params(self, text: str, options: Namespace) -> str:
        typed = parse_params(text)
        unique = typed.unique and not options.any
        level = (options.level or typed.level or "normal") if unique else ""
        wrap = typed.wrap or options.wrap
        return format_params(typed.width, typed.height, unique, wrap, level)

    def generate(self, params: str, seed: str, options: Namespace) -> Generated | None:
        if options.generator != self.legacy_name:
            return None
        return self.legacy(parse_params(params), seed)

    def to_json(self, puzzle: Puzzle) -> dict[str, object]:
        return puzzle.to_json()

    def check(self, text: str, options: Namespace) -> str:
        try:
            board = json.loads(text)
            width, height = int(board["width"]), int(board["height"])
            tiles = [int(t) for t in board["tiles"]]
            x, y = board.get("source") or (width // 2, height // 2)
            source = (int(x), int(y))
            wrap = bool(board.get("wrap", False))
            if len(tiles) != width * height or any(not 0 <= t <= 15 for t in tiles):
                raise ValueError(f"tiles must be {width * height} masks from 0 to 15")
            result = check(width, height, tiles, source, wrap)
        except json.JSONDecodeError as error:
            raise ValueError(
                f"Nothing to check: cannot read the board, it is not JSON ({error.msg})."
            ) from None
        except KeyError as error:
            raise ValueError(
                f"Nothing to check: cannot read the board, it has no {error}."
            ) from None
        except (ValueError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"Nothing to check: cannot read the board ({error}).") from None
        if not options.json:
            return render_text(width, height, tiles, source, result)
        loops = sorted(result.loops)
        return json.dumps(
            {
                "flooded": sorted(result.flooded),
                "loops": loops,
                "loop_cells": [cell_name(i % width, i // width) for i in loops],
                "solved": result.solved,
            }
        )

"""Command line: ``python -m puzzle new 8x8 --seed abc [--json]``, ``python -m puzzle show
CODE``, ``python -m puzzle check < board.json``."""

from __future__ import annotations

import argparse
import json
import secrets
import sys

from kinds.pipes.engine.checker import check
from kinds.pipes.engine.generator import Puzzle, from_code, generate
from kinds.pipes.engine.kind import KIND
from kinds.pipes.engine.notation import cell_name, parse_code, parse_size
from kinds.pipes.engine.textboard import render_text
from kinds.pipes.engine.v1 import generate_v1

from .levels import LEVELS


def _print_puzzle(puzzle: Puzzle, as_json: bool) -> None:
    if as_json:
        print(json.dumps(puzzle.to_json()))
        return
    print(
        f"Pipes {puzzle.code} · {KIND.label(puzzle)} · par {puzzle.par} · "
        f"difficulty {puzzle.difficulty}"
    )
    result = check(puzzle.width, puzzle.height, puzzle.tiles, puzzle.source, puzzle.wrap)
    print(render_text(puzzle.width, puzzle.height, puzzle.tiles, puzzle.source, result))


def _check_stdin(as_json: bool) -> int:
    try:
        board = json.load(sys.stdin)
        width, height = int(board["width"]), int(board["height"])
        tiles = [int(t) for t in board["tiles"]]
        source = tuple(board.get("source") or (width // 2, height // 2))
        if any(not 0 <= t <= 15 for t in tiles):
            raise ValueError("tiles must be masks from 0 to 15")
        result = check(width, height, tiles, (int(source[0]), int(source[1])))
    except (ValueError, KeyError, TypeError, IndexError) as error:
        print(f"error: cannot read the board: {error}", file=sys.stderr)
        return 2
    if as_json:
        print(
            json.dumps(
                {
                    "flooded": sorted(result.flooded),
                    "loops": sorted(result.loops),
                    "loop_cells": [cell_name(i % width, i // width) for i in sorted(result.loops)],
                    "solved": result.solved,
                }
            )
        )
    else:
        print(render_text(width, height, tiles, (int(source[0]), int(source[1])), result))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m puzzle``."""
    parser = argparse.ArgumentParser(prog="python -m puzzle", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new", help="generate a puzzle")
    new.add_argument("size", help="board size, e.g. 8x8")
    new.add_argument("--seed", help="seed (default: random)")
    new.add_argument("--any", action="store_true", help="allow several solutions")
    new.add_argument("--level", choices=LEVELS, default="normal", help="difficulty level")
    new.add_argument("--wrap", action="store_true", help="edges connect across the border")
    new.add_argument("--json", action="store_true", help="print the puzzle as JSON")
    show = commands.add_parser("show", help="the puzzle of a code, e.g. 8x8-d20261122")
    show.add_argument("code")
    show.add_argument(
        "--generator",
        choices=("pipes/1", "pipes/2"),
        default="pipes/2",
        help="the generator version (pipes/1: codes stored before levels and wrap)",
    )
    show.add_argument("--json", action="store_true", help="print the puzzle as JSON")
    check_cmd = commands.add_parser("check", help="check a board read as JSON from stdin")
    check_cmd.add_argument("--json", action="store_true", help="print the check as JSON")
    args = parser.parse_args(argv)

    try:
        if args.command == "new":
            width, height = parse_size(args.size)
            seed = args.seed if args.seed is not None else secrets.token_hex(4)
            made = generate(
                width, height, seed, unique=not args.any, wrap=args.wrap, level=args.level
            )
            _print_puzzle(made, args.json)
        elif args.command == "show" and args.generator == "pipes/1":
            width, height, seed, unique, _, _ = parse_code(args.code)
            _print_puzzle(generate_v1(width, height, seed, unique=unique), args.json)
        elif args.command == "show":
            _print_puzzle(from_code(args.code), args.json)
        else:
            return _check_stdin(args.json)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

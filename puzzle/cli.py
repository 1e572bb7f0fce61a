"""The command line of every kind, driven through ``puzzle.kind.Kind`` and ``puzzle.KINDS``:

    python -m puzzle new [KIND] PARAMS [--seed SEED] [--json]   a new puzzle and its board
    python -m puzzle show CODE [--json]                          the puzzle of a code
    python -m puzzle check CODE [STATE] [--moves MOVES] [--json] where a game stands

``new choco 8x8 --seed abc``; ``show maze:15x15-abc``. A size or code without a kind (``new
8x8``, ``show 8x8-abc``) is of the kind such codes have always meant (``LEGACY_KIND``).
``check`` reads the state in the kind's state notation (from the argument, ``--state``, or
stdin; the puzzle's start without one), plays the moves in its move
notation on it, and prints the board and ``solved``, ``playing`` or ``lost``. A kind may add
options and forms of its own (``Kind.command_line``, e.g. a board checked without a code, read
from stdin) and draw its board as text (``Kind.text_format``). A refusal is one sentence on
stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from dataclasses import asdict
from typing import Any, NoReturn

from . import KINDS
from .codes import LEGACY_KIND, parse_code, quote
from .kind import CommandLine, Generated, Kind, TextFormat

AnyKind = Kind[Any, Any, Any, Any]
COMMANDS = ("new", "show", "check")
PROG = "python -m puzzle"


class Refused(ValueError):
    """What the command line refuses (argparse's errors, made one sentence)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise Refused(f"{message[:1].upper()}{message[1:]} (see {PROG} --help).")


def _hook(kind: AnyKind) -> CommandLine | None:
    hook: CommandLine | None = getattr(kind, "command_line", None)
    return hook


def _kind_named(name: str) -> AnyKind:
    if name not in KINDS:
        raise Refused(f"There is no puzzle kind {name!r}: the kinds are {', '.join(KINDS)}.")
    return KINDS[name]


def _guess(argv: list[str]) -> AnyKind:
    """The kind a command line is about, before it is parsed (its options depend on it): for
    ``new`` the word after it if it is a kind, else the first word that is a puzzle code."""
    words = [word for word in argv[1:] if not word.startswith("-")]
    if argv[:1] == ["new"]:
        return KINDS[words[0] if words and words[0] in KINDS else LEGACY_KIND]
    for word in words:
        try:
            code = parse_code(word)
        except ValueError:
            continue
        return KINDS.get(code.kind, KINDS[LEGACY_KIND])
    return KINDS[LEGACY_KIND]


def _parser(kind: AnyKind) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog=f"kinds: {', '.join(KINDS)}",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    new = commands.add_parser("new", help="generate a puzzle and print it")
    new.add_argument("kind", nargs="?", choices=list(KINDS), help="the kind (default: as codes)")
    new.add_argument("params", help=f"the kind's parameters, e.g. {kind.presets[0]}")
    new.add_argument("--seed", help="seed (default: random)")
    show = commands.add_parser("show", help="print the puzzle of a code")
    show.add_argument("code", help="a puzzle code, kind:params-seed")
    check = commands.add_parser("check", help="play a state and moves, print where it stands")
    check.add_argument("code", nargs="?", help="a puzzle code, kind:params-seed")
    check.add_argument("state", nargs="?", help="a state in the kind's notation (or stdin)")
    check.add_argument("--state", dest="state_option", metavar="STATE", help="the same")
    check.add_argument("--moves", help="moves in the kind's notation, played on the state")
    for command in (new, show, check):
        command.add_argument("--json", action="store_true", help="print JSON")
    hook = _hook(kind)
    if hook is not None:
        for name, command in (("new", new), ("show", show), ("check", check)):
            hook.add_options(name, command)
    return parser


def _parse(argv: list[str]) -> tuple[AnyKind, argparse.Namespace]:
    """The arguments, parsed with the options of the kind they name."""
    kind = _guess(argv)
    args = _parser(kind).parse_args(argv)
    if args.command == "new":
        named = _kind_named(args.kind or LEGACY_KIND)
    elif args.code is not None:
        named = _kind_named(parse_code(args.code).kind)
    else:
        named = KINDS[LEGACY_KIND]
    if named is not kind:  # a word before the kind looked like one: parse again
        kind, args = named, _parser(named).parse_args(argv)
    return kind, args


def _shown_code(made: Generated) -> str:
    """The code as printed: without its kind for the kind codes without one stand for."""
    plain = f"{made.params}-{made.seed}"
    return plain if made.kind == LEGACY_KIND else made.code


def _board(kind: AnyKind, puzzle: Any, state: Any) -> str:
    if isinstance(kind, TextFormat):
        return kind.text_format(puzzle, state)
    return f"state {kind.encode_state(state)}"


def _header(kind: AnyKind, made: Generated, puzzle: Any) -> str:
    return (
        f"{kind.title} {_shown_code(made)} · {kind.label(puzzle)} · par {kind.par(puzzle)} · "
        f"difficulty {made.difficulty}"
    )


def _puzzle_text(kind: AnyKind, made: Generated, as_json: bool) -> str:
    puzzle = kind.load(made)
    if as_json:
        hook = _hook(kind)
        data = hook.to_json(puzzle) if hook else {**asdict(made), "code": made.code}
        return json.dumps(data)
    if isinstance(kind, TextFormat):
        board = kind.text_format(puzzle, kind.initial_state(puzzle))
    else:
        board = made.description
    return f"{_header(kind, made, puzzle)}\n{board}"


def _new(kind: AnyKind, args: argparse.Namespace) -> str:
    hook = _hook(kind)
    text = hook.params(args.params, args) if hook else args.params
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    return _puzzle_text(kind, kind.generate(kind.parse_params(text), seed), args.json)


def _generated(kind: AnyKind, code: str, args: argparse.Namespace) -> Generated:
    parts = parse_code(code)
    hook = _hook(kind)
    made = hook.generate(parts.params, parts.seed, args) if hook else None
    return made or kind.generate(kind.parse_params(parts.params), parts.seed)


def _show(kind: AnyKind, args: argparse.Namespace) -> str:
    return _puzzle_text(kind, _generated(kind, args.code, args), args.json)


def _state(kind: AnyKind, made: Generated, puzzle: Any, text: str) -> Any:
    """A state's text read for a puzzle; a text that is none, or not one of this board, is
    refused with an example."""
    try:
        state = kind.decode_state(text.strip())
        kind.status(puzzle, state)
        _board(kind, puzzle, state)
    except (ValueError, IndexError, KeyError):
        example = quote(kind.encode_state(kind.initial_state(puzzle)), 40)
        raise Refused(
            f"{quote(text)} is not a state of {_shown_code(made)}: its start is {example}."
        ) from None
    return state


def _check(kind: AnyKind, args: argparse.Namespace, stdin: str | None) -> str:
    hook = _hook(kind)
    if args.code is None:
        if hook is None:
            raise Refused("Name the puzzle's code: check CODE [STATE] [--moves MOVES].")
        return hook.check(sys.stdin.read() if stdin is None else stdin, args)
    made = _generated(kind, args.code, args)
    puzzle = kind.load(made)
    text = args.state if args.state is not None else args.state_option
    if text is None and args.moves is None:
        text = sys.stdin.read() if stdin is None else stdin
    if text is None or not text.strip():
        state = kind.initial_state(puzzle)
    else:
        state = _state(kind, made, puzzle, text)
    counted = 0
    if args.moves:
        applied = kind.apply(puzzle, state, kind.parse_moves(puzzle, state, args.moves))
        state, counted = applied.state, applied.counted
    status = kind.status(puzzle, state)
    if args.json:
        return json.dumps(
            {
                "code": made.code,
                "outcome": status.outcome,
                "solved": status.outcome == "solved",
                "points": status.points,
                "counted": counted,
                "state": kind.encode_state(state),
            }
        )
    points = f" · {status.points} points" if status.points is not None else ""
    return "\n".join(
        [
            _header(kind, made, puzzle),
            _board(kind, puzzle, state),
            f"state {kind.encode_state(state)}",
            f"{status.outcome}{points}",
        ]
    )


def main(argv: list[str] | None = None, stdin: str | None = None) -> int:
    """Entry point of ``python -m puzzle``: 0 when it printed, 2 with one sentence on stderr
    when it refused."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if not argv:
            raise Refused(f"Name a command: {', '.join(COMMANDS)} (see {PROG} --help).")
        kind, args = _parse(argv)
        if args.command == "new":
            out = _new(kind, args)
        elif args.command == "show":
            out = _show(kind, args)
        else:
            out = _check(kind, args, stdin)
    except ValueError as error:
        print(str(error), file=sys.stderr)
        return 2
    try:
        print(out, flush=True)
    except BrokenPipeError:  # a reader that stopped early (``| head``) refuses nothing
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0

"""A small interpreter for exactly the Minecraft commands the data pack uses, to prove its
logic without Minecraft. It refuses any command it does not implement (``Unsupported``)
instead of skipping it.

Implemented: scoreboard objectives add; scoreboard players set/add/remove/operation/enable/
get, and reset of every holder (``*``); execute as/if/unless (score matches, score
comparison, data storage: a path, or a compound its root matches)/store result or success
(score, storage)/run; data modify storage (set/append/prepend/insert, value or from
storage); data remove/get storage; function (plain, ``with storage``, inline compound);
``$`` macro lines; return (value or run); tellraw and dialog show (recorded).
``tests/mcworld.py`` adds blocks, chunks, entities and positions for the maze pack, through
the hooks ``_as``, ``_subcommand`` and ``_other_condition`` and commands of its own.

``commands`` counts what Minecraft counts against ``maxCommandChainLength`` (65,536 per
top-level execution), on the safe side where the model is unsure: 1 per command run, 1 more
per function call, and 1 per ``execute`` sub-command before ``run`` — all of them, even after
a condition that failed — in every context an ``as`` forks into.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

from datapack.snbt import Byte, ByteArray, dumps


class Unsupported(Exception):
    """A command (or form of one) this interpreter does not implement."""


class CommandError(Exception):
    """A command that Minecraft would reject at run time."""


class Failed(CommandError):
    """A command that runs and fails in Minecraft (``forceload add`` of a chunk already
    forced …): ``execute store success`` stores 0 for it; anywhere else a test stops."""


class _Return(Exception):
    def __init__(self, value: int) -> None:
        self.value = value


# -- SNBT -----------------------------------------------------------------------------------

_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([bBsSlLfFdD]?)")
_BARE = re.compile(r"[A-Za-z0-9_\-.+]+")


def parse_snbt(text: str, pos: int = 0) -> tuple[object, int]:
    """One SNBT value from ``text[pos:]``; returns (value, end)."""
    pos = _ws(text, pos)
    ch = text[pos]
    if ch == "{":
        pairs, pos = _sequence(text, pos + 1, "}", _entry)
        return dict(pairs), pos
    if ch == "[":
        if text[pos + 1 : pos + 3] == "B;":
            values, pos = _sequence(text, pos + 3, "]", parse_snbt)
            return ByteArray(int(v) for v in values), pos
        return _sequence(text, pos + 1, "]", parse_snbt)
    if ch in "\"'":
        return _string(text, pos)
    match = _NUMBER.match(text, pos)
    if match and (match.end() == len(text) or not _BARE.match(text[match.end()])):
        digits, suffix = match.group(1), match.group(2).lower()
        value = float(match.group(0)[:-1] if suffix else match.group(0))
        if suffix == "b":
            return Byte(int(value)), match.end()
        if suffix in ("f", "d") or "." in digits:
            return value, match.end()
        return int(value), match.end()
    match = _BARE.match(text, pos)
    if not match:
        raise CommandError(f"cannot read SNBT at {pos} in {text!r}")
    word = match.group(0)
    return ({"true": Byte(1), "false": Byte(0)}.get(word, word)), match.end()


def _ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] == " ":
        pos += 1
    return pos


def _key(text: str, pos: int) -> tuple[str, int]:
    if text[pos] in "\"'":
        return _string(text, pos)
    match = _BARE.match(text, pos)
    if not match:
        raise CommandError(f"bad key at {pos} in {text!r}")
    return match.group(0), match.end()


def _string(text: str, pos: int) -> tuple[str, int]:
    quote, out, pos = text[pos], [], pos + 1
    while text[pos] != quote:
        if text[pos] == "\\":
            nxt = text[pos + 1]
            out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
            pos += 2
        else:
            out.append(text[pos])
            pos += 1
    return "".join(out), pos + 1


def _entry(text: str, pos: int) -> tuple[tuple[str, object], int]:
    key, pos = _key(text, pos)
    pos = _ws(text, pos)
    if text[pos] != ":":
        raise CommandError(f"expected ':' at {pos} in {text!r}")
    value, pos = parse_snbt(text, pos + 1)
    return (key, value), pos


def _sequence(text: str, pos: int, close: str, read) -> tuple[list, int]:
    """Comma-separated items read by ``read`` up to ``close``."""
    items: list = []
    pos = _ws(text, pos)
    if text[pos] == close:
        return items, pos + 1
    while True:
        item, pos = read(text, pos)
        items.append(item)
        pos = _ws(text, pos)
        if text[pos] == close:
            return items, pos + 1
        if text[pos] != ",":
            raise CommandError(f"expected ',' or {close!r} at {pos} in {text!r}")
        pos += 1


# -- NBT paths ------------------------------------------------------------------------------

_STEP = re.compile(r"\.?([A-Za-z0-9_]+)|\[(-?\d+)\]")


def parse_path(path: str) -> list[str | int]:
    steps, pos = [], 0
    while pos < len(path):
        match = _STEP.match(path, pos)
        if not match or match.end() == pos:
            raise Unsupported(f"NBT path {path!r}")
        steps.append(match.group(1) if match.group(1) is not None else int(match.group(2)))
        pos = match.end()
    return steps


def _matches(pattern: object, value: object) -> bool:
    """Whether NBT ``value`` matches ``pattern`` as a path's compound does: every key of a
    compound pattern present and matching, anything else equal."""
    if isinstance(pattern, dict):
        return isinstance(value, dict) and all(
            key in value and _matches(want, value[key]) for key, want in pattern.items()
        )
    if isinstance(pattern, list):
        raise Unsupported("a list in a compound to match")
    return pattern == value and type(pattern) is type(value)


def _step(container: object, step: str | int) -> object:
    if isinstance(step, str):
        if not isinstance(container, dict) or step not in container:
            raise KeyError(step)
        return container[step]
    if not isinstance(container, list) or not -len(container) <= step < len(container):
        raise KeyError(step)
    return container[step]


# -- the interpreter ------------------------------------------------------------------------

#: The ``execute`` sub-commands the pack uses, up to ``run``.
_SUBCOMMANDS = frozenset(("as", "if", "unless", "store"))
_RANGE = re.compile(r"^(-?\d+)?(\.\.)?(-?\d+)?$")


def _in_range(value: int, text: str) -> bool:
    match = _RANGE.match(text)
    if not match:
        raise Unsupported(f"range {text!r}")
    low, dots, high = match.groups()
    if not dots:
        return value == int(low)
    return (low is None or value >= int(low)) and (high is None or value <= int(high))


@dataclass
class Interpreter:
    """Runs ``pipes:`` functions against scores, storage and one player. An executor is a
    player's name here; ``tests/mcworld.py`` puts the commands in a world of blocks and
    entities through the hooks below (its executors carry a position)."""

    #: Words of ``execute`` sub-commands, counted when a failed condition skips them.
    SUBCOMMANDS = _SUBCOMMANDS

    functions: dict[str, list[str]]
    players: list[str] = field(default_factory=lambda: ["Steve"])
    scores: dict[tuple[str, str], int] = field(default_factory=dict)
    objectives: dict[str, str] = field(default_factory=dict)
    storage: dict[str, dict] = field(default_factory=dict)
    shown: list[tuple[str, object]] = field(default_factory=list)  # (player, dialog)
    said: list[tuple[str, object]] = field(default_factory=list)  # (target, tellraw JSON)
    commands: int = 0

    def function(self, name: str, executor: Any = None, args: dict | None = None) -> int:
        """Run a function (``pipes:start`` or ``start``); returns its return value."""
        self.commands += 1  # the call, besides the command that made it
        key = name.split(":", 1)[1] if ":" in name else name
        if key not in self.functions:
            raise CommandError(f"unknown function {name}")
        try:
            for line in self.functions[key]:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                if line.startswith("$"):
                    if args is None:
                        raise CommandError(f"macro line in {name} run without arguments")
                    line = re.sub(r"\$\((\w+)\)", lambda m: self._macro(args, m.group(1)), line[1:])
                self.command(line, executor)
        except _Return as done:
            return done.value
        return 0

    @staticmethod
    def _macro(args: dict, key: str) -> str:
        if key not in args:
            raise CommandError(f"macro argument {key} missing")
        value = args[key]
        return value if isinstance(value, str) else dumps(value)

    # -- commands -------------------------------------------------------------------------

    def command(self, line: str, executor: Any) -> int:
        words = line.split(" ")
        head = words[0]
        if head != "execute":  # execute counts its sub-commands instead
            self.commands += 1
        if head == "scoreboard":
            return self._scoreboard(words, executor)
        if head == "execute":
            return self._execute(line[len("execute ") :], executor)
        if head == "data":
            return self._data(line, words)
        if head == "function":
            return self._function_command(line, executor)
        if head == "return" and len(words) == 2:
            raise _Return(int(words[1]))
        if head == "return" and words[1] == "run":
            raise _Return(self.command(line[len("return run ") :], executor))
        if head == "tellraw":
            target, _, text = line[len("tellraw ") :].partition(" ")
            for player in self._targets(target, executor):
                self.said.append((player, json.loads(text)))
            return 1
        if head == "dialog" and words[1] == "show":
            target = words[2]
            value, end = parse_snbt(line, len(" ".join(words[:3])) + 1)
            if line[end:].strip():
                raise CommandError(f"trailing text after dialog: {line[end:]!r}")
            for player in self._targets(target, executor):
                self.shown.append((player, value))
            return 1
        raise Unsupported(line)

    def _holder(self, name: str, executor: Any) -> str:
        if name == "@s":
            if executor is None:
                raise CommandError("@s without an executing player")
            return executor
        if name.startswith("@"):
            raise Unsupported(f"score holder {name}")
        return name

    def _get(self, holder: str, objective: str) -> int:
        if objective not in self.objectives:
            raise CommandError(f"unknown objective {objective}")
        if (holder, objective) not in self.scores:
            raise CommandError(f"{holder} has no score in {objective}")
        return self.scores[holder, objective]

    def _set(self, holder: str, objective: str, value: int) -> None:
        if objective not in self.objectives:
            raise CommandError(f"unknown objective {objective}")
        self.scores[holder, objective] = ((value + 2**31) % 2**32) - 2**31

    def _scoreboard(self, words: list[str], executor: Any) -> int:
        if words[1:3] == ["objectives", "add"] and len(words) == 5:
            if words[4] not in ("dummy", "trigger"):
                raise Unsupported(f"criterion {words[4]}")
            self.objectives.setdefault(words[3], words[4])
            return 1
        if words[1] != "players":
            raise Unsupported(" ".join(words))
        action = words[2]
        if action == "reset" and len(words) == 5 and words[3] == "*":
            for key in [k for k in self.scores if k[1] == words[4]]:
                del self.scores[key]
            return 1
        if action in ("set", "add", "remove") and len(words) == 6:
            holder, objective, amount = self._holder(words[3], executor), words[4], int(words[5])
            old = self.scores.get((holder, objective), 0)
            new = {"set": amount, "add": old + amount, "remove": old - amount}[action]
            self._set(holder, objective, new)
            return new
        if action == "get" and len(words) == 5:
            return self._get(self._holder(words[3], executor), words[4])
        if action == "enable" and len(words) == 5:
            if self.objectives.get(words[4]) != "trigger":
                raise CommandError(f"{words[4]} is not a trigger objective")
            for player in self._targets(words[3], executor):
                self.scores.setdefault((player, words[4]), 0)
            return 1
        if action == "operation" and len(words) == 8 and words[6].startswith("@a"):
            # A selector as the source: the operation with each of its scores in turn.
            done = 0
            for player in self._targets(words[6], executor):
                if (player, words[7]) in self.scores:
                    done += 1
                    self._scoreboard([*words[:6], player, words[7]], executor)
            return done
        if action == "operation" and len(words) == 8:
            target, objective = self._holder(words[3], executor), words[4]
            op, source = words[5], self._get(self._holder(words[6], executor), words[7])
            value = self.scores.get((target, objective), 0)
            if op == "=":
                value = source
            elif op == "+=":
                value += source
            elif op == "-=":
                value -= source
            elif op == "*=":
                value *= source
            elif op == "/=":
                value = value // source if source else value
            elif op == "%=":
                value = value % source if source else value
            elif op == "<":
                value = min(value, source)
            elif op == ">":
                value = max(value, source)
            else:
                raise Unsupported(f"operation {op}")
            self._set(target, objective, value)
            return value
        raise Unsupported(" ".join(words))

    def _targets(self, selector: str, executor: Any) -> list[str]:
        if selector == "@s":
            return [self._holder("@s", executor)]
        if selector == "@a":
            return list(self.players)
        match = re.fullmatch(r"@a\[scores=\{([\w.]+)=([-\d.]+)\}\]", selector)
        if match:
            objective, wanted = match.groups()
            return [
                p
                for p in self.players
                if (p, objective) in self.scores and _in_range(self.scores[p, objective], wanted)
            ]
        raise Unsupported(f"selector {selector}")

    def _execute(self, rest: str, executor: Any) -> int:
        words = rest.split(" ")
        k = 0
        store = None  # ("result" or "success", the setter)
        while k < len(words):
            word = words[k]
            if word != "run":
                self.commands += 1  # one per sub-command before run
            if word == "run":
                try:
                    result = self.command(" ".join(words[k + 1 :]), executor)
                except Failed:
                    if store is None or store[0] != "success":
                        raise
                    store[1](0)  # a command that failed stores success 0
                    return 0
                if store is not None:
                    store[1](result if store[0] == "result" else 1)
                return result
            if word == "as":
                executors = self._as(words[k + 1], executor)
                tail = " ".join(words[k + 2 :])
                results = [self._execute(tail, each) for each in executors]
                return len(results)
            if word in ("if", "unless"):
                passed, k = self._condition(words, k + 1, executor)
                if passed != (word == "if"):
                    # Count the sub-commands that did not run too (the safe side).
                    end = words.index("run", k) if "run" in words[k:] else len(words)
                    self.commands += sum(1 for w in words[k:end] if w in self.SUBCOMMANDS)
                    return 0
                continue
            if word == "store" and words[k + 1] in ("result", "success"):
                what = words[k + 1]
                if words[k + 2] == "score":
                    holder, objective = self._holder(words[k + 3], executor), words[k + 4]
                    store = (what, lambda v, h=holder, o=objective: self._set(h, o, int(v)))
                    k += 5
                    continue
                if words[k + 2] == "storage" and words[k + 5 : k + 7] == ["int", "1"]:
                    target, path = words[k + 3], parse_path(words[k + 4])
                    store = (what, lambda v, t=target, p=path: self._put(t, p, int(v)))
                    k += 7
                    continue
            moved = self._subcommand(words, k, executor)
            if moved is not None:
                if store is not None:
                    raise Unsupported(f"store before {word}: {rest}")
                executors, k = moved
                tail = " ".join(words[k:])
                if len(executors) == 1:
                    return self._execute(tail, executors[0])
                return len([self._execute(tail, each) for each in executors])
            raise Unsupported(f"execute {rest}")
        raise Unsupported(f"execute without run: {rest}")

    # -- hooks for a world around the commands (tests/mcworld.py) -------------------------

    def _as(self, selector: str, executor: Any) -> list:
        """The executors ``execute as <selector>`` runs as: here, players' names."""
        return self._targets(selector, executor)

    def _subcommand(self, words: list[str], k: int, executor: Any) -> tuple[list, int] | None:
        """An ``execute`` sub-command this interpreter does not know at ``words[k]``: the
        executors it leads to and the index after it, or None (refused)."""
        return None

    def _other_condition(self, words: list[str], k: int, executor: Any) -> tuple[bool, int]:
        raise Unsupported(f"condition {words[k]}")

    def _condition(self, words: list[str], k: int, executor: Any) -> tuple[bool, int]:
        kind = words[k]
        if kind == "score":
            holder, objective = self._holder(words[k + 1], executor), words[k + 2]
            present = (holder, objective) in self.scores
            if words[k + 3] == "matches":
                return present and _in_range(self.scores[holder, objective], words[k + 4]), k + 5
            other = self._holder(words[k + 4], executor), words[k + 5]
            if not present or other not in self.scores:
                return False, k + 6
            a, b = self.scores[holder, objective], self.scores[other]
            compare = {"<": a < b, "<=": a <= b, "=": a == b, ">=": a >= b, ">": a > b}
            if words[k + 3] not in compare:
                raise Unsupported(f"comparison {words[k + 3]}")
            return compare[words[k + 3]], k + 6
        if kind == "data" and words[k + 1] == "storage":
            if words[k + 3].startswith("{"):  # a compound the storage's root must match
                pattern, end = parse_snbt(words[k + 3])
                if end != len(words[k + 3]):
                    raise Unsupported(f"NBT path {words[k + 3]!r}")
                return _matches(pattern, self.storage.get(words[k + 2], {})), k + 4
            try:
                self._resolve(words[k + 2], parse_path(words[k + 3]))
            except KeyError:
                return False, k + 4
            return True, k + 4
        return self._other_condition(words, k, executor)

    # -- storage --------------------------------------------------------------------------

    def _resolve(self, target: str, path: list[str | int]) -> object:
        value: object = self.storage.setdefault(target, {})
        for step in path:
            value = _step(value, step)
        return value

    def _parent(self, target: str, path: list[str | int], create: bool) -> object:
        value: object = self.storage.setdefault(target, {})
        for step in path[:-1]:
            if create and isinstance(step, str) and isinstance(value, dict):
                value = value.setdefault(step, {})
            else:
                value = _step(value, step)
        return value

    def _put(self, target: str, path: list[str | int], value: object) -> None:
        parent = self._parent(target, path, create=True)
        last = path[-1]
        if isinstance(last, str):
            if not isinstance(parent, dict):
                raise CommandError(f"cannot set {last} on {type(parent).__name__}")
            parent[last] = value
        else:
            _step(parent, last)
            parent[last] = Byte(value) if isinstance(parent, ByteArray) else value

    def _data(self, line: str, words: list[str]) -> int:
        if words[1:3] == ["modify", "storage"]:
            target, path = words[3], parse_path(words[4])
            mode, k = words[5], 6
            index = None
            if mode == "insert":
                index, k = int(words[6]), 7
            source_kind = words[k]
            if source_kind == "value":
                value, end = parse_snbt(line, len(" ".join(words[: k + 1])) + 1)
                if line[end:].strip():
                    raise CommandError(f"trailing text: {line[end:]!r}")
            elif source_kind == "from" and words[k + 1] == "storage" and len(words) == k + 4:
                try:
                    value = copy.deepcopy(self._resolve(words[k + 2], parse_path(words[k + 3])))
                except KeyError:
                    raise CommandError(f"nothing at {words[k + 3]}") from None
            else:
                raise Unsupported(line)
            if mode == "set":
                self._put(target, path, value)
                return 1
            try:
                collection = self._resolve(target, path)
            except KeyError:
                collection = []
                self._put(target, path, collection)
            if not isinstance(collection, list):
                raise CommandError(f"{words[4]} is not a list")
            if mode == "append":
                collection.append(value)
            elif mode == "prepend":
                collection.insert(0, value)
            elif mode == "insert":
                collection.insert(index, value)
            else:
                raise Unsupported(line)
            return 1
        if words[1:3] == ["remove", "storage"] and len(words) == 5:
            path = parse_path(words[4])
            try:
                parent = self._parent(words[3], path, create=False)
                _step(parent, path[-1])
            except KeyError:
                return 0
            del parent[path[-1]]  # type: ignore[index]
            return 1
        if words[1:3] == ["get", "storage"] and len(words) == 5:
            try:
                value = self._resolve(words[3], parse_path(words[4]))
            except KeyError:
                raise CommandError(f"nothing at {words[4]}") from None
            if isinstance(value, bool | int | float):
                return int(value)
            return len(value)  # type: ignore[arg-type]
        raise Unsupported(line)

    def _function_command(self, line: str, executor: Any) -> int:
        words = line.split(" ")
        name = words[1]
        if len(words) == 2:
            return self.function(name, executor)
        if words[2] == "with" and words[3] == "storage" and len(words) in (5, 6):
            args = self._resolve(words[4], parse_path(words[5]) if len(words) == 6 else [])
            if not isinstance(args, dict):
                raise CommandError("macro arguments must be a compound")
            return self.function(name, executor, copy.deepcopy(args))
        if words[2].startswith("{"):
            args, end = parse_snbt(line, len(" ".join(words[:2])) + 1)
            if line[end:].strip() or not isinstance(args, dict):
                raise CommandError(f"bad macro arguments in {line!r}")
            return self.function(name, executor, args)
        raise Unsupported(line)

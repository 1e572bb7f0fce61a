"""A typed slash command read as Discord's client reads one, before anything is sent.

- ``name:`` starts an option, and its value runs up to the next ``name:`` of the command
  (``cells:B3 C4x2 D1ccw``, ``time:9:30 pm``); a word whose ``name:`` is no option of the
  command is part of a value (``9:30``) or, standing alone, refused with the options there are.
- Words before any ``name:`` fill the options not named, in order; the last one takes the
  rest (``/pipes new 6x6``, ``/pipes rotate B3 C4x2``). Quotes keep a value together and end it.
- Values are checked as Discord's client checks them: declared choices (picked by name or
  value in any case, as its picker lets you pick them; the choice's value is sent), whole
  numbers and numbers within their range, true or false, the length of text, and users, roles
  and channels of the page's server (sent with the ``resolved`` data Discord adds).

Everything here comes from the command itself (``Command.parameters``): the playground keeps
no list of commands, options or choices of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from discord import AppCommandOptionType, ChannelType
from discord.app_commands import Choice, Command, Parameter

#: How a typed true/false option may be written.
BOOLEANS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
#: Quotes that keep a value together, and the quote that closes each.
QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’"}
#: Discord's integers stop here (JavaScript's safe integers).
LARGEST = 2**53
_OPENING = re.compile(r"(?:([-\w]+):)?([\"'“‘])")
_NAME = re.compile(r"[-\w]+")
#: A ``name:`` that reads as an option's name (not a time like ``9:30`` or ``B3:``).
_LOOKS_NAMED = re.compile(r"[a-z][a-z_]*")
_WHOLE = re.compile(r"[+-]?[0-9]+")
Resolved = dict[str, dict[str, dict[str, Any]]]


@dataclass(frozen=True)
class Word:
    """One typed word: its text (quotes taken off), and the ``name:`` it starts with, if any."""

    text: str
    name: str | None = None
    value: str = ""
    quoted: bool = False


def words(text: str) -> list[Word]:
    """The words of a command line. A quote opens at the start of a word or right after its
    ``name:`` and runs to its closing quote; elsewhere (``Bob's``) it is an ordinary letter."""
    found: list[Word] = []
    at, end = 0, len(text)
    while True:
        while at < end and text[at].isspace():
            at += 1
        if at >= end:
            return found
        opening = _OPENING.match(text, at)
        if opening:
            closing = text.find(QUOTES[opening[2]], opening.end())
            if closing < 0:
                raise ValueError("Close your quotes.")
            value = text[opening.end() : closing]
            at = closing + 1
            while at < end and not text[at].isspace():  # "a b"c reads as one word
                value += text[at]
                at += 1
            name = opening[1]
            found.append(Word(f"{name}:{value}" if name else value, name, value, quoted=True))
            continue
        start = at
        while at < end and not text[at].isspace():
            at += 1
        raw = text[start:at]
        name, colon, value = raw.partition(":")
        if colon and _NAME.fullmatch(name):
            found.append(Word(raw, name, value))
        else:
            found.append(Word(raw, value=raw))


@dataclass(frozen=True)
class Member:
    """Someone an option can name, and their user as Discord sends it."""

    id: int
    name: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class Role:
    id: int
    name: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class Channel:
    id: int
    name: str
    type: ChannelType
    payload: dict[str, Any]


@dataclass(frozen=True)
class Server:
    """Who and what the page's server has for user, role and channel options."""

    members: Sequence[Member]
    roles: Sequence[Role]
    channels: Sequence[Channel]


def read(
    command: Command[Any, ..., Any], text: str, server: Server
) -> tuple[dict[str, Any], Resolved]:
    """The options of ``/<command> text`` as Discord would send them: name -> a string, or
    (option type, value), and the ``resolved`` users, members, roles and channels they name.
    ValueError with one sentence for the page when Discord's client would not send them."""
    parameters = {p.display_name: p for p in command.parameters}
    usage = f"/{command.qualified_name}"
    given: dict[str, list[str]] = {}
    loose: list[str] = []
    typed_into: str | None = None  # the option whose value the next words continue
    for word in words(text):
        name = word.name.lower() if word.name is not None else None
        if name in parameters:
            if name in given:
                raise ValueError(f"{name} is given twice: give each option once.")
            given[name] = [word.value] if word.value or word.quoted else []
            typed_into = None if word.quoted else name
        elif typed_into is not None:
            given[typed_into].append(word.text)
        elif name is not None and not word.quoted and _LOOKS_NAMED.fullmatch(name):
            known = ", ".join(parameters) or "none"
            raise ValueError(f"{usage} has no option {name}: its options are {known}.")
        else:
            loose.append(word.text)
    values = {name: " ".join(parts) for name, parts in given.items()}
    free = [name for name in parameters if name not in values]
    for k, name in enumerate(free):
        if not loose:
            break
        if k == len(free) - 1:  # the last one takes the rest: /pipes rotate B3 C4x2
            values[name], loose = " ".join(loose), []
        else:
            values[name] = loose.pop(0)
    if loose:
        raise ValueError(f"Too many values: {' '.join(loose)}")
    for name, parameter in parameters.items():
        if parameter.required and name not in values:
            raise ValueError(f"{usage} needs {name}:…")
    options: dict[str, Any] = {}
    resolved: Resolved = {}
    for name, parameter in parameters.items():
        if name in values:
            options[name] = _value(parameter, values[name], server, resolved)
    return options, resolved


def _value(parameter: Parameter, text: str, server: Server, resolved: Resolved) -> Any:
    """One option's value as sent (a string, or (option type, value)); ``resolved`` gets
    what it names."""
    name, kind = parameter.display_name, parameter.type
    if not text:
        raise ValueError(f"{name} needs a value (or leave it out).")
    if parameter.choices:
        return (kind.value, _choice(name, parameter.choices, text))
    if kind is AppCommandOptionType.string:
        _length(name, text, parameter.min_value, parameter.max_value)
        return text
    if kind is AppCommandOptionType.integer:
        if not _WHOLE.fullmatch(text) or abs(int(text)) > LARGEST:
            raise ValueError(f"{name} must be a whole number, not {text}.")
        return (kind.value, _within(name, int(text), parameter, "a whole number"))
    if kind is AppCommandOptionType.number:
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{name} must be a number, not {text}.") from None
        if number != number or abs(number) == float("inf"):  # nan, inf
            raise ValueError(f"{name} must be a number, not {text}.")
        return (kind.value, _within(name, number, parameter, "a number"))
    if kind is AppCommandOptionType.boolean:
        if text.lower() not in BOOLEANS:
            raise ValueError(f"{name} must be true or false, not {text}.")
        return (kind.value, BOOLEANS[text.lower()])
    if kind is AppCommandOptionType.user:
        member = _member(server, text)
        if member is None:
            names = [m.name for m in server.members]
            raise ValueError(f"No player called {text}: pick {_listed(names, 'or')}.")
        return (kind.value, _resolve_member(member, resolved))
    if kind is AppCommandOptionType.role:
        role = _role(server, text)
        if role is None:
            raise ValueError(f"No role called {text}: this server has {_roles(server)}.")
        return (kind.value, _resolve_role(role, resolved))
    if kind is AppCommandOptionType.mentionable:
        found = _member(server, text)
        if found is not None:
            return (kind.value, _resolve_member(found, resolved))
        role = _role(server, text)
        if role is None:
            raise ValueError(f"No player or role called {text}.")
        return (kind.value, _resolve_role(role, resolved))
    if kind is AppCommandOptionType.channel:
        allowed = [c for c in server.channels if c.type in (parameter.channel_types or [c.type])]
        channel = _named(allowed, text, "#", "<#")
        if channel is None:
            listed = ", ".join(f"#{c.name}" for c in allowed) or "no channel for it"
            raise ValueError(f"No channel called {text} for {name}: this server has {listed}.")
        resolved.setdefault("channels", {})[str(channel.id)] = channel.payload
        return (kind.value, str(channel.id))
    raise ValueError(f"{name} takes a file, which the playground cannot send.")


def _choice(name: str, choices: Sequence[Choice[Any]], text: str) -> Any:
    """The value of the choice typed by its name or value (any case), as Discord's picker
    lets people pick one; ValueError listing the choices otherwise."""
    typed = text.strip().casefold()
    for choice in choices:
        if typed in (choice.name.casefold(), str(choice.value).casefold()):
            return choice.value
    raise ValueError(f"{name} must be one of: {', '.join(c.name for c in choices)}.")


def _length(name: str, text: str, shortest: float | None, longest: float | None) -> None:
    if longest is not None and len(text) > longest:
        raise ValueError(
            f"{name} can be at most {int(longest)} characters long (this is {len(text)})."
        )
    if shortest is not None and len(text) < shortest:
        raise ValueError(f"{name} must be at least {int(shortest)} characters long.")


def _within(name: str, number: float, parameter: Parameter, what: str) -> Any:
    low, high = parameter.min_value, parameter.max_value
    if (low is not None and number < low) or (high is not None and number > high):
        if low is not None and high is not None:
            span = f"from {low} to {high}"
        else:
            span = f"of at least {low}" if low is not None else f"of at most {high}"
        raise ValueError(f"{name} must be {what} {span}.")
    return number


def _named(found: Sequence[Any], text: str, sigil: str, mention: str) -> Any:
    """The one of ``found`` that ``text`` names: by id, mention, whole name or the start of
    one name, in any case and with or without its sigil (``@Alice``, ``#puzzles``)."""
    typed = text.strip()
    if typed.startswith(mention) and typed.endswith(">"):
        typed = typed[len(mention) : -1]
    typed = typed.removeprefix(sigil).casefold()

    def bare(item: Any) -> str:
        return str(item.name).removeprefix(sigil).casefold()

    for item in found:
        if typed in (str(item.id), bare(item)):
            return item
    starting = [item for item in found if bare(item).startswith(typed)]
    return starting[0] if typed and len(starting) == 1 else None


def _member(server: Server, text: str) -> Member | None:
    member: Member | None = _named(server.members, text, "@", "<@")
    return member


def _role(server: Server, text: str) -> Role | None:
    role: Role | None = _named(server.roles, text, "@", "<@&")
    return role


def _listed(names: Sequence[str], last: str) -> str:
    """``a, b or c`` (``none`` when there is none)."""
    if len(names) < 2:
        return names[0] if names else "none"
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def _roles(server: Server) -> str:
    return _listed([f"@{r.name.removeprefix('@')}" for r in server.roles], "and")


def _resolve_member(member: Member, resolved: Resolved) -> str:
    """A user as Discord sends one picked in a server: the user and their membership."""
    key = str(member.id)
    resolved.setdefault("users", {})[key] = member.payload
    resolved.setdefault("members", {})[key] = {
        "roles": [],
        "joined_at": datetime.now(UTC).isoformat(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": "0",
    }
    return key


def _resolve_role(role: Role, resolved: Resolved) -> str:
    resolved.setdefault("roles", {})[str(role.id)] = role.payload
    return str(role.id)

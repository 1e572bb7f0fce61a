"""Every option value checked where it arrives. discord.py does not check incoming values
against the declared choices, ranges, lengths and types, nor that a user, role or channel
option names one Discord resolved; a stale client after a command update sends exactly such
values. A value that fails is refused in one sentence before any command runs."""

from __future__ import annotations

import re
from typing import Any

from discord import AppCommandOptionType as Type
from discord import app_commands

from play import UserError

#: What each option type takes, in words.
TAKES = {
    Type.string: "text",
    Type.integer: "a whole number",
    Type.number: "a number",
    Type.boolean: "true or false",
    Type.user: "a member",
    Type.role: "a role",
    Type.channel: "a channel",
    Type.mentionable: "a member or a role",
}
#: Where Discord sends what an option of each type names.
RESOLVED = {
    Type.user: ("users",),
    Type.role: ("roles",),
    Type.channel: ("channels",),
    Type.mentionable: ("users", "roles"),
}
SNOWFLAKE = re.compile(r"[0-9]{1,20}")
REOPEN = "reopen the command in Discord and try again"


class BadInput(app_commands.CheckFailure, UserError):
    """An option value the command does not take; the message is the one sentence said."""


def check_options(
    parameters: list[app_commands.Parameter],
    options: list[dict[str, Any]],
    resolved: dict[str, Any],
) -> None:
    """Refuse (``BadInput``) the first option value the command's parameters do not take."""
    declared = {p.display_name: p for p in parameters}
    given = {str(option.get("name")): option for option in options}
    for name in given:
        if name not in declared:
            raise BadInput(f"This command has no `{name}` option any more: {REOPEN}.")
    for name, parameter in declared.items():
        if name in given:
            _check(parameter, given[name], resolved)
        elif parameter.required:
            raise BadInput(f"`{name}` is needed: reopen the command in Discord and fill it in.")


def as_typed(
    parameters: list[app_commands.Parameter], options: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """An autocomplete request's options (half typed) as the command takes them: only those
    it has, of their declared types; a focused value of another type reads as nothing typed
    yet (it gets the suggestions an empty option gets), any other such value as not given."""
    declared = {p.display_name: p for p in parameters}
    taken = []
    for option in options:
        parameter = declared.get(str(option.get("name")))
        if parameter is None:
            continue
        kind = parameter.type
        if option.get("type") == kind.value and _of_type(kind, option.get("value")):
            taken.append(option)
        elif option.get("focused"):
            taken.append({**option, "type": kind.value, "value": ""})
    return taken


def _check(
    parameter: app_commands.Parameter, option: dict[str, Any], resolved: dict[str, Any]
) -> None:
    name, kind = parameter.display_name, parameter.type
    value: Any = option.get("value")
    if option.get("type") != kind.value or not _of_type(kind, value):
        raise BadInput(f"`{name}` takes {TAKES.get(kind, 'something else')}: {REOPEN}.")
    if parameter.choices and value not in {choice.value for choice in parameter.choices}:
        names = ", ".join(choice.name for choice in parameter.choices)
        raise BadInput(f"`{name}` must be one of: {names}.")
    low, high = parameter.min_value, parameter.max_value
    if kind in (Type.string, Type.integer, Type.number):
        measure = len(value) if kind is Type.string else value
        if (low is not None and measure < low) or (high is not None and measure > high):
            unit = " characters long" if kind is Type.string else ""
            raise BadInput(f"`{name}` must be from {low} to {high}{unit}.")
    if kind in RESOLVED and not any(str(value) in resolved.get(k, {}) for k in RESOLVED[kind]):
        raise BadInput(f"`{name}` names {TAKES[kind]} Discord did not send: {REOPEN}.")


def _of_type(kind: Type, value: Any) -> bool:
    if kind is Type.string:
        return isinstance(value, str)
    if kind is Type.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is Type.number:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is Type.boolean:
        return isinstance(value, bool)
    return isinstance(value, str | int) and SNOWFLAKE.fullmatch(str(value)) is not None

"""The storage's own refusals; their messages are written for people."""

from __future__ import annotations


class StorageError(Exception):
    """A request the storage refuses; the message is written for people."""


class StorageUnusable(StorageError):
    """The storage cannot be opened: a damaged or unwritable file, an unreachable server.
    The message says what is wrong, for whoever runs the bot."""

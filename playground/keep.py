"""What the playground keeps beside its data, so that a restart on the same database shows
the same channel on the same date: the days its clock was stepped and the channel's messages
(who may see each private one, and their attachments). The bot's own data is in the
database; this is only what Discord would have kept for it.

``pipes.sqlite3`` keeps ``pipes.playground.json`` beside it, and the attachments in
``pipes.playground-files/``, each file once under the hash of its bytes (the JSON stays
small). With a PostgreSQL URL they go to ``./data/``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
#: The shape of the JSON file; a file of another shape is set aside, not read.
VERSION = 1
#: Where the playground keeps its channel when the data is in PostgreSQL.
URL_FOLDER = Path("data")


def kept_beside(database: str) -> Path:
    """The JSON file the playground of a database keeps its channel and clock in."""
    if "://" in database:
        return URL_FOLDER / "playground.json"
    path = Path(database)
    return path.with_name(f"{path.stem}.playground.json")


@dataclass
class Kept:
    """The channel as the page shows it, and the page's clock."""

    days: int = 0  # how far the clock was stepped
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    visible_to: dict[int, int] = field(default_factory=dict)  # private message -> its user
    files: dict[int, list[tuple[str, bytes]]] = field(default_factory=dict)


class Keeper:
    """Reads and writes a playground's ``Kept`` channel at ``path`` (files in a folder beside)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.folder = path.with_name(path.name.removesuffix(".json") + "-files")

    def load(self) -> Kept:
        """The channel kept, or an empty one (a missing or unreadable file is left aside)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("version") != VERSION:
                raise ValueError(f"version {data.get('version')!r}, not {VERSION}")
            channel = Kept(
                days=int(data["days"]),
                messages={int(k): v for k, v in data["messages"].items()},
                visible_to={int(k): int(v) for k, v in data["visible_to"].items()},
            )
            for key, files in data["files"].items():
                channel.files[int(key)] = [
                    (name, (self.folder / blob).read_bytes()) for name, blob in files
                ]
        except FileNotFoundError:
            return Kept()
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            log.warning("the playground's channel in %s is not read (%s)", self.path, error)
            return Kept()
        return channel

    def save(self, channel: Kept) -> None:
        """Write the channel: new attachments first, then the JSON file in one step."""
        files: dict[str, list[tuple[str, str]]] = {}
        for key, attached in channel.files.items():
            files[str(key)] = [(name, self._blob(name, data)) for name, data in attached]
        data = {
            "version": VERSION,
            "days": channel.days,
            "messages": {str(k): v for k, v in channel.messages.items()},
            "visible_to": {str(k): v for k, v in channel.visible_to.items()},
            "files": files,
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(partial, self.path)
        used = {blob for attached in files.values() for _, blob in attached}
        self._drop(lambda blob: blob.name not in used)  # pictures of edited boards

    def forget(self) -> None:
        """Remove what was kept (its database was made afresh)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._drop(lambda _: True)

    def _drop(self, unwanted: Callable[[Path], bool]) -> None:
        if self.folder.is_dir():
            for blob in self.folder.iterdir():
                if unwanted(blob):
                    blob.unlink(missing_ok=True)

    def _blob(self, name: str, data: bytes) -> str:
        """The file holding ``data`` (written once)."""
        blob = hashlib.sha256(data).hexdigest()[:32] + Path(name).suffix
        path = self.folder / blob
        if not path.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(blob + ".partial")
            partial.write_bytes(data)
            os.replace(partial, path)
        return blob

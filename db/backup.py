"""``python -m db.backup SOURCE DEST``: a consistent copy of a SQLite database, taken with
SQLite's online backup API, safe while the bot runs (in WAL mode readers and the one writer
do not block each other; the copy is one snapshot of every committed transaction).

The copy is one file (no -wal beside it), written beside ``DEST`` and renamed onto it when
complete, so ``DEST`` is never half written. Prints one line; exit code 2 with one line when
it cannot.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
from pathlib import Path


def backup(source: str | Path, dest: str | Path) -> int:
    """Copy the database at ``source`` to ``dest`` (replacing it); returns its pages."""
    if not Path(source).is_file():
        raise FileNotFoundError(f"There is no SQLite database at {source}.")
    partial = Path(f"{dest}.partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            contextlib.closing(sqlite3.connect(source)) as reader,
            contextlib.closing(sqlite3.connect(partial)) as writer,
        ):
            reader.backup(writer)  # in one step: one snapshot
            # One self-contained file (the bot turns WAL back on when it opens it).
            writer.execute("PRAGMA journal_mode = DELETE")
            pages: int = writer.execute("PRAGMA page_count").fetchone()[0]
        os.replace(partial, dest)
    finally:
        partial.unlink(missing_ok=True)
    return pages


def main(argv: list[str] | None = None) -> int:
    """Back up, print one line; exit code 2 with one line when it cannot."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m db.backup SOURCE.sqlite3 DEST.sqlite3", file=sys.stderr)
        return 2
    source, dest = args
    try:
        pages = backup(source, dest)
    except (OSError, sqlite3.Error) as error:
        print(f"error: no backup was made: {error}", file=sys.stderr)
        return 2
    print(f"Backed up {source} to {dest} ({pages} pages, {Path(dest).stat().st_size} bytes).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

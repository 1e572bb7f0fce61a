"""``python -m play.copy SOURCE.sqlite3 postgresql://…``: copy a SQLite deployment into an
empty PostgreSQL database (stop the bot first, then set ``DATABASE_URL`` to the URL).

Prints the rows copied per table; on any failure one line saying why, exit code 2, and
nothing copied. The URL's password is never printed.
"""

from __future__ import annotations

import asyncio
import sys

from db import is_postgres_url, without_password
from db.copy import CopyRefused, copy_sqlite_to_postgres

from .legacy import legacy_puzzle

USAGE = "usage: python -m play.copy SOURCE.sqlite3 postgresql://user:password@host/database"


def main(argv: list[str] | None = None) -> int:
    """Copy, print the counts; exit code 2 with one line when nothing was copied."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or not is_postgres_url(args[1]):
        print(USAGE, file=sys.stderr)
        return 2
    source, url = args
    try:
        copied = asyncio.run(copy_sqlite_to_postgres(source, url, legacy=legacy_puzzle))
    except CopyRefused as refused:
        print(f"error: {without_password(str(refused), url)}", file=sys.stderr)
        return 2
    except Exception as error:  # a connection, a file, an upgrade: one line, not a traceback
        why = without_password(str(error) or type(error).__name__, url)
        print(f"error: nothing was copied: {why}", file=sys.stderr)
        return 2
    for table, count in copied.items():
        print(f"{table}: {count} rows")
    print(f"Copied {source} into {without_password(url, url)}: set DATABASE_URL to it.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

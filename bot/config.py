"""Settings from the environment, with ``.env`` filling in what the environment lacks."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from db import without_password
from play.stock import STOCK_SIZE

DEFAULT_DATABASE = "./data/pipes.sqlite3"
DEFAULT_ACTIVITY_PORT = 8766
DISCORD_API = "https://discord.com/api/v10"


def default_processes() -> int:
    """Drawing processes by default: one per core beside the event loop's (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True)
class Settings:
    """What the bot needs to run. The token is never logged or shown in repr."""

    token: str = ""
    database_path: str = DEFAULT_DATABASE
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    #: The secret daily seeds are made with (empty: made on first start, kept with the data).
    daily_secret: str = ""
    #: Processes that draw boards (plus one that generates puzzles); 0: threads instead.
    workers: int = field(default_factory=default_processes)
    #: Fresh puzzles kept ready per preset for ``new`` without a seed (0: none, each new
    #: board is generated when asked for).
    stock: int = STOCK_SIZE
    #: Whether boards keep to each kind's Discord size limit (the playground shows larger
    #: ones, up to each engine's limit).
    limit_sides: bool = True
    #: A PostgreSQL database (``postgresql://…``) shared by every process; empty: the
    #: SQLite file at ``database_path``.
    database_url: str = ""
    #: Discord's shards of the whole bot (None: as many as Discord recommends), and those
    #: this process runs and posts dailies for (None: all of them).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: The application's OAuth2 client id and secret: with both, the Activity is on (the
    #: secret is never logged or shown in repr).
    client_id: str = ""
    client_secret: str = ""
    #: The port the Activity's web app listens on, beside the bot.
    activity_port: int = DEFAULT_ACTIVITY_PORT
    #: Discord's HTTP API, where the Activity exchanges codes for tokens (tests point it at
    #: a fake on loopback).
    discord_api: str = DISCORD_API

    @property
    def activity(self) -> bool:
        """Whether the Activity is on: the application's client id and secret are set."""
        return bool(self.client_id and self.client_secret)

    @property
    def database(self) -> str:
        """Where the data lives: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def database_setting(self) -> str:
        """The name of the setting that says where the data lives."""
        return "DATABASE_URL" if self.database_url else "DATABASE_PATH"

    def __repr__(self) -> str:
        return (
            f"Settings(token={'set' if self.token else 'missing'}, "
            f"daily_secret={'set' if self.daily_secret else 'kept with the data'}, "
            f"database={without_password(self.database, self.database)!r}, "
            f"log_level={self.log_level!r}, "
            f"dev_guild_id={self.dev_guild_id}, workers={self.workers}, stock={self.stock}, "
            f"limit_sides={self.limit_sides}, shard_count={self.shard_count}, "
            f"shard_ids={self.shard_ids}, activity={self.activity}, "
            f"activity_port={self.activity_port})"
        )


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT, the number of shards of the bot.")
        return None, None
    if not count_text.isdigit() or not 1 <= int(count_text) <= 100_000:
        raise ConfigError(f"SHARD_COUNT must be a number of shards from 1, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, None
    words = [word.strip() for word in ids_text.split(",")]
    if not all(word.isdigit() and int(word) < count for word in words):
        raise ConfigError(
            f"SHARD_IDS must be shard numbers from 0 to {count - 1}, separated by commas, "
            f"not {ids_text!r}."
        )
    return count, tuple(sorted({int(word) for word in words}))


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of a .env file (comments, blanks and quotes handled)."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip().removeprefix("export ").strip()] = value
    return values


def load_settings(environ: dict[str, str] | None = None, dotenv: Path = Path(".env")) -> Settings:
    """Settings from ``environ`` (default: os.environ) over the ``.env`` file."""
    merged = {**read_dotenv(dotenv), **(os.environ if environ is None else environ)}
    guild = merged.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
    workers = merged.get("WORKERS", "").strip() or str(default_processes())
    if not workers.isdigit() or int(workers) > 64:
        raise ConfigError(f"WORKERS must be a number of processes from 0 to 64, not {workers!r}.")
    stock = merged.get("STOCK", "").strip() or str(STOCK_SIZE)
    if not stock.isdigit() or int(stock) > 20:
        raise ConfigError(f"STOCK must be a number of puzzles from 0 to 20, not {stock!r}.")
    url = merged.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError("DATABASE_URL must be a postgresql:// URL (or empty for SQLite).")
    shard_count, shard_ids = _shards(merged.get("SHARD_COUNT", ""), merged.get("SHARD_IDS", ""))
    client_id = merged.get("DISCORD_CLIENT_ID", "").strip()
    if client_id and not client_id.isdigit():
        raise ConfigError(
            f"DISCORD_CLIENT_ID must be an application id (digits), not {client_id!r}."
        )
    port = merged.get("ACTIVITY_PORT", "").strip() or str(DEFAULT_ACTIVITY_PORT)
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ConfigError(f"ACTIVITY_PORT must be a port number from 1 to 65535, not {port!r}.")
    return Settings(
        token=merged.get("DISCORD_TOKEN", "").strip(),
        daily_secret=merged.get("DAILY_SECRET", "").strip(),
        database_path=merged.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
        log_level=(merged.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        dev_guild_id=int(guild) if guild else None,
        workers=int(workers),
        stock=int(stock),
        database_url=url,
        shard_count=shard_count,
        shard_ids=shard_ids,
        client_id=client_id,
        client_secret=merged.get("DISCORD_CLIENT_SECRET", "").strip(),
        activity_port=int(port),
        discord_api=(merged.get("DISCORD_API", "").strip() or DISCORD_API).rstrip("/"),
    )

"""The Activity: every kind's whole board in Discord, played in place.

An aiohttp app beside the bot serves the web client (``activity/web``, bundled with esbuild
around Discord's Embedded App SDK) and a small JSON API over the game service (``play``):
the same moves, rules, records and fair daily as the buttons and commands."""

from .app import CSP, create_app

__all__ = ["CSP", "create_app"]

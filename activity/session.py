"""Who plays: a session token the backend signs for a Discord user once Discord vouched for
them (``POST api/token``), and tickets that let a picture's URL stand for its owner.

Tokens are signed, not stored: every process that shares the application's secret reads
them, and nothing is kept per session. The key is derived from the client secret, so it is
never written anywhere."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

#: How long a session lasts; the client signs in again after (an Activity is reopened daily).
SESSION_SECONDS = 12 * 3600


@dataclass(frozen=True, slots=True)
class Player:
    """A Discord user playing in the Activity: their id and the name they show."""

    id: int
    name: str


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sessions:
    """Signs and reads session tokens and picture tickets with one key."""

    def __init__(self, secret: str, clock: Callable[[], float] = time.time) -> None:
        self._key = hmac.new(secret.encode(), b"daily-pipes activity", hashlib.sha256).digest()
        self._clock = clock

    def _sign(self, text: str) -> str:
        return _encode(hmac.new(self._key, text.encode(), hashlib.sha256).digest())

    def issue(self, player: Player) -> str:
        """A token naming ``player`` until it expires."""
        expires = int(self._clock()) + SESSION_SECONDS
        body = _encode(json.dumps({"u": str(player.id), "n": player.name, "e": expires}).encode())
        return f"{body}.{self._sign(body)}"

    def player(self, token: str) -> Player | None:
        """The player a token names, or None if it is forged, malformed or expired."""
        body, _, signature = token.partition(".")
        if not hmac.compare_digest(signature.encode(), self._sign(body).encode()):
            return None
        try:
            data = json.loads(_decode(body))
            player, expires = Player(int(data["u"]), str(data["n"])), int(data["e"])
        except (ValueError, KeyError, TypeError):
            return None
        return player if self._clock() < expires else None

    def ticket(self, owner_id: int, game_id: int, version: int) -> str:
        """What a picture's URL carries instead of a header: it stands for that owner, game
        and version only."""
        return self._sign(f"picture:{owner_id}:{game_id}:{version}")[:22]

    def valid_ticket(self, ticket: str, owner_id: int, game_id: int, version: int) -> bool:
        return hmac.compare_digest(
            ticket.encode(), self.ticket(owner_id, game_id, version).encode()
        )

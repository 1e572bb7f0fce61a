"""A race's lobby message: its text and buttons as the race stands — the players in the
lobby, live progress while it runs, then the final standings — and ``Lobbies``, which keeps
each lobby message up to date: at most one edit per ``EVERY`` seconds per message, updates
coalesced, the newest state always shown last."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import db
from db import Game
from play import load
from play.races import CAP, RACE, Races, Runner, Standing
from puzzle import KINDS

from . import custom_ids, texts

#: Seconds between two edits of one lobby message (Discord limits edits per message).
EVERY = 3.0
MEDALS = ("🥇", "🥈", "🥉")
NO_MENTIONS = discord.AllowedMentions.none()


def lobby_text(standing: Standing) -> str:
    """The lobby message: the race, its host, and its players as they stand."""
    race = standing.race
    kind = KINDS[race.puzzle.kind]
    name = f"{kind.title} {kind.label(load(race.puzzle))}"
    head = f"🏁 **Race: {name}** · host <@{race.host_id}>"
    players = standing.runners
    if race.state == "lobby":
        lines = [
            head,
            f"{len(players)}/{CAP} players: press **Join**; the host's **Start** begins the race "
            f"(it starts by itself with {CAP}). Everyone gets the same fresh board, never "
            "ranked on the leaderboards.",
            *(f"• <@{r.user_id}>" for r in players),
        ]
        return "\n".join(lines)
    assert race.started_at is not None
    if race.state == "running":
        intro = (
            f"Started <t:{int(race.started_at.timestamp())}:R>: press **My board** for yours; "
            "every time counts from the start."
        )
        return "\n".join([head, intro, *(_runner(n, r) for n, r in enumerate(players))])
    finished = [r for r in players if r.time is not None]
    others = [r for r in players if r.time is None]
    lines = [head, "**Final standings**" if finished else "**Race over**: nobody finished."]
    lines += [_runner(n, r) for n, r in enumerate(finished)]
    if others:
        lines.append("Did not finish: " + ", ".join(_unfinished(r) for r in others))
    return "\n".join(lines)


def _runner(place: int, runner: Runner) -> str:
    who = f"<@{runner.user_id}>"
    moves = f"{runner.moves} move{'s' if runner.moves != 1 else ''}"
    if runner.time is not None:
        medal = MEDALS[place] if place < len(MEDALS) else f"{place + 1}."
        hints = f" (💡 {runner.hints})" if runner.hints else ""
        return f"{medal} {who} ✅ {texts.duration(runner.time.total_seconds())}{hints} · {moves}"
    if runner.outcome == "lost":
        return f"• {who} 💥 out · {moves}"
    return f"• {who} {runner.progress:.0%} · {moves}"


def _unfinished(runner: Runner) -> str:
    return (
        f"<@{runner.user_id}> ({'out' if runner.outcome == 'lost' else f'{runner.progress:.0%}'})"
    )


def lobby_view(standing: Standing) -> Any:
    """The lobby's buttons: Join, Leave and Start in the lobby, My board while it runs,
    none once it is over."""
    race = standing.race
    view = discord.ui.View(timeout=None)
    buttons: list[tuple[str, str, discord.ButtonStyle]] = []
    if race.state == "lobby":
        buttons = [
            ("join", "Join", discord.ButtonStyle.success),
            ("leave", "Leave", discord.ButtonStyle.secondary),
            ("start", "Start", discord.ButtonStyle.primary),
        ]
    elif race.state == "running":
        buttons = [("board", "My board", discord.ButtonStyle.success)]
    for action, label, style in buttons:
        view.add_item(
            discord.ui.Button(label=label, style=style, custom_id=custom_ids.race(race.id, action))
        )
    return view if buttons else None


class Lobbies:
    """The lobby messages kept up to date: ``touch`` asks for an edit of a race's message;
    one edit runs at a time per message, at most one per ``every`` seconds, each showing the
    race as it stands when it is made, so the last one shows the newest state."""

    def __init__(
        self,
        races: Races,
        channel: Callable[[int], discord.PartialMessageable],
        clock: db.Clock,
        log_error: Callable[[BaseException], None],
    ) -> None:
        self.races = races
        self._channel = channel
        self._clock = clock
        self._log_error = log_error
        self.every = EVERY
        #: The wait between two edits of one message.
        self.pause: Callable[[], Awaitable[None]] = lambda: asyncio.sleep(self.every)
        self._asked: set[int] = set()
        self._editing: dict[int, asyncio.Task[None]] = {}

    def touch(self, race_id: int) -> None:
        """Edit the race's lobby message soon (at once when none was edited lately)."""
        self._asked.add(race_id)
        if race_id not in self._editing:
            self._editing[race_id] = asyncio.create_task(self._edits(race_id))

    def moved(self, game: Game) -> None:
        """A move was played on a game: its race's lobby, if it is a race's, is edited."""
        if game.mode == RACE:
            asyncio.create_task(self._moved(game))  # noqa: RUF006 — it ends by itself

    async def _moved(self, game: Game) -> None:
        race = await self.races.of_game(game)
        if race is not None:
            self.touch(race.id)

    async def _edits(self, race_id: int) -> None:
        try:
            while race_id in self._asked:
                self._asked.discard(race_id)
                try:
                    await self._edit(race_id)
                except Exception as error:  # the next touch tries again
                    self._log_error(error)
                await self.pause()
        finally:
            del self._editing[race_id]

    async def _edit(self, race_id: int) -> None:
        race = await self.races.race(race_id)
        standing = await self.races.settle(race)
        await self.show(standing)

    async def show(self, standing: Standing) -> None:
        """Edit a race's lobby message to show it as it stands."""
        race = standing.race
        if race.message_id is None:
            return
        channel = self._channel(race.channel_id)
        with contextlib.suppress(discord.NotFound):  # deleted: nothing left to show it on
            await channel.get_partial_message(race.message_id).edit(
                content=lobby_text(standing),
                view=lobby_view(standing),
                allowed_mentions=NO_MENTIONS,
            )

    async def end_overdue(self) -> int:
        """End the races running longer than ``play.races.LENGTH`` and show their final
        standings; how many ended."""
        ended = await self.races.end_overdue(self._clock())
        for standing in ended:
            try:
                await self.show(standing)
            except Exception as error:  # one lobby's failure never stops another's
                self._log_error(error)
        return len(ended)

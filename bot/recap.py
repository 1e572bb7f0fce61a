"""The day's recap on Discord: sending what ``play.recap`` claims, from the daily post's tick.
One message in the channel of that day's post: the words (``texts.recap``, pinging nobody)
and one picture of every kind's daily solved: each face's picture of its solution where it
draws one apart (as for a given-up board), else of the board solved by the kind's hints
(behind a spoiler: the same daily may still run in a server further west)."""

from __future__ import annotations

import io
from datetime import date, datetime

import discord

from db import GuildSettings
from play.recap import RecapDue, solved_board
from renderer.sheet import sheet

from . import texts
from .board_message import NO_MARKS
from .channel_posts import find_own, post_nonce
from .client import PipesClient
from .deadline import with_retries
from .kinds import FACES
from .replies import NO_MENTIONS


def recap_file(day: date) -> str:
    """The name of a recap's picture (as Discord stores it: a spoiler's)."""
    return f"SPOILER_recap-{day.isoformat()}.png"


class RecapSender:
    """Sends each server's recap once its day ended."""

    def __init__(self, bot: PipesClient) -> None:
        self.bot = bot

    async def guarded(self, settings: GuildSettings, now: datetime) -> bool:
        """Send a server's recap if it is due; a failure (the channel gone, Discord refusing)
        is the service's to log, and the recap is tried again later. True if one was sent."""
        recaps = self.bot.recaps
        try:
            due = await recaps.claim(settings, now)
            if due is None:
                return False
            # An earlier try may have reached Discord and lost only its answer.
            message = await self._find(due) or await self.send(due)
        except Exception as error:
            recaps.failed(settings.guild_id, error)
            return False
        await recaps.sent(due, message.id)
        return True

    async def send(self, due: RecapDue) -> discord.Message:
        """The recap's message, its picture the solutions of every kind's daily."""
        workers, pictures = self.bot.workers, []
        for one in due.kinds:
            board, face = await workers.generate(solved_board, one.daily), FACES[one.kind]
            if face.solution is not None:  # the kind's own picture of its solution
                png = (await face.solution(workers, board))[0]
            else:
                png, _ = await face.draw(workers, board, None, NO_MARKS)
            pictures.append((f"{board.kind.title} {board.game.width}×{board.game.height}", png))
        drawn = await workers.draw(sheet, pictures) if pictures else None
        alt = f"The solutions of the daily puzzles of {due.day.isoformat()}: " + ", ".join(
            label for label, _ in pictures
        )

        def files() -> list[discord.File]:  # made again for each try: a send reads them
            if drawn is None:
                return []
            return [discord.File(io.BytesIO(drawn), recap_file(due.day), description=alt)]

        channel = self.bot.get_partial_messageable(due.channel_id)
        nonce = post_nonce(due.guild_id, due.day, "recap")
        message: discord.Message = await with_retries(
            lambda: channel.send(
                texts.recap(due.day, due.kinds, FACES),
                nonce=nonce,
                allowed_mentions=NO_MENTIONS,
                files=files(),
            )
        )
        return message

    async def _find(self, due: RecapDue) -> discord.Message | None:
        """Our recap of the date among the channel's recent messages, if it is there."""
        name = recap_file(due.day)
        return await find_own(
            self.bot, due.channel_id, lambda m: any(a.filename == name for a in m.attachments)
        )

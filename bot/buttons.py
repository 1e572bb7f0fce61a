"""A board's buttons and the daily post's Play button: ``DynamicItem``s whose custom_id
carries the game, the action, the window and the click mode, so they survive restarts.
Every board button goes the one way a move goes (``replying.move``); a tile button's move
text comes from the face of the board's kind."""

from __future__ import annotations

import re
from typing import Any

import discord

from db import Game
from play import GameService, Played, UserError
from puzzle import Marks

from . import custom_ids, texts
from .client import PipesClient
from .face import Face
from .kinds import FACES
from .launch import activity_here, launch
from .race import pressed
from .replies import guarded
from .replying import Clicked, move, send_board
from .strays import unasked

Interaction = discord.Interaction[PipesClient]


class _Action(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pipes:never"):
    """A button whose custom_id (matched by the subclass's template) says what to do.
    ``handle`` does it; any failure gets a private answer and the click is logged."""

    def __init__(self, button: discord.ui.Button[Any], match: re.Match[str] | None = None) -> None:
        super().__init__(button)
        self.match = match

    @property
    def fields(self) -> re.Match[str]:
        assert self.match is not None, "a button made for sending has no callback"
        return self.match

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> _Action:
        # Another control with one of our ids (a select menu …) is never acted on: ``strays``.
        button = item if isinstance(item, discord.ui.Button) else None
        return cls(button or discord.ui.Button(custom_id=match.string), match)

    async def interaction_check(self, interaction: Interaction) -> bool:  # type: ignore[override]
        """Only a button press that names its user is acted on (``strays`` answers others)."""
        return unasked(interaction) is None

    async def callback(self, interaction: Interaction) -> None:  # type: ignore[override]
        await guarded(interaction, self.handle(interaction))

    async def handle(self, interaction: Interaction) -> None:
        raise NotImplementedError


class _BoardAction(_Action, template=r"pipes:never"):
    """A button on a board: ``act`` plays as the user called ``name`` there (or raises
    UserError), then the board message is updated in place, its window and mode kept."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user: int, name: str
    ) -> Played:
        raise NotImplementedError

    @property
    def mode(self) -> str | None:
        """The click mode of the message (None: an id from before modes, the first)."""
        return self.fields["mode"]

    def mode_on(self, face: Face) -> str:
        """The click mode this button plays in on a board of ``face`` (its first for an id
        without one); another kind's mode is refused, as a button out of date."""
        if self.mode is not None and self.mode not in face.modes:
            raise UserError("That button is out of date: nothing was changed.")
        return self.mode or face.first_mode

    async def handle(self, interaction: Interaction) -> None:
        game_id = int(self.fields["game"])
        service = interaction.client.service

        async def act() -> Played:
            user = interaction.user
            return await self.act(service, game_id, interaction.id, user.id, user.display_name)

        await move(interaction, game_id, act, self.clicked, self.said)

    def said(self, played: Played) -> str | None:
        """What the click did, said under the board's text (None: the board says it)."""
        return None

    def clicked(self, played: Played) -> Clicked:
        """The window and mode of the message this button was on."""
        game = played.board.game
        face = FACES[game.kind]
        grid = face.windows(game.width, game.height)
        window = grid.named(int(self.fields["vx"]), int(self.fields["vy"]))
        mode = self.mode if self.mode in face.modes else face.first_mode
        return Clicked(window, mode)


class TileButton(_BoardAction, template=custom_ids.TILE):
    """A click on a cell: the move the kind's face makes of it in the click mode."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user: int, name: str
    ) -> Played:
        cell = int(self.fields["cell"])

        def pressed(game: Game) -> str:
            if not 0 <= cell < game.width * game.height:
                raise UserError("That button points outside the board; nothing was changed.")
            face = FACES[game.kind]
            return face.press(game, cell, self.mode_on(face))

        return await service.play(game_id, user, pressed, interaction_id, name)


class ActionButton(_BoardAction, template=custom_ids.ACTION):
    """One of the kind's own controls: the move its face makes of the action."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user: int, name: str
    ) -> Played:
        action = self.fields["action"]

        def acted(game: Game) -> str:
            face = FACES[game.kind]
            mode = self.mode_on(face)
            if face.act is None or action not in {token for _, token in face.controls}:
                raise UserError("That button is out of date: nothing was changed.")
            return face.act(game, action, mode)

        return await service.play(game_id, user, acted, interaction_id, name)


class NavButton(_BoardAction, template=custom_ids.NAV):
    """Show another window of tile buttons, the one its id names (looking is free: nothing
    is stored); ◀ Prev / Next ▶ of older messages named theirs too, on the old layout."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user: int, name: str
    ) -> Played:
        game = await service.own_game(game_id, user)
        return Played(await service.board(game), Marks(), applied=False)


class ModeButton(NavButton, template=custom_ids.SWITCH):
    """Switch the click mode (nothing is stored)."""

    @property
    def mode(self) -> str | None:
        return self.fields["to"]


class HintButton(_BoardAction, template=custom_ids.HINT):
    """The kind's hint (counted as a hint); the window follows it."""

    async def act(
        self, service: GameService, game_id: int, interaction_id: int, user: int, name: str
    ) -> Played:
        return await service.hint(game_id, user, interaction_id, name)

    def said(self, played: Played) -> str:
        """What the hint did, as the typed hint says it."""
        return texts.hinted(FACES[played.board.game.kind], played.moves)


class PlayButton(_Action, template=custom_ids.PLAY):
    """The daily post's Play button: the clicker's own board of that puzzle, or the
    Activity opened on it (``launch``)."""

    @staticmethod
    def button(daily_id: int, label: str = "▶ Play") -> discord.ui.Button[Any]:
        """The Play button of a daily."""
        return discord.ui.Button(
            label=label, style=discord.ButtonStyle.success, custom_id=custom_ids.play(daily_id)
        )

    async def handle(self, interaction: Interaction) -> None:
        service = interaction.client.service
        if await activity_here(interaction):
            daily = await service.daily_here(int(self.fields["daily"]), interaction.guild_id)
            await launch(interaction, daily.puzzle.kind, daily.id)
            return
        await send_board(
            interaction,
            service.play_daily(
                int(self.fields["daily"]),
                interaction.user.id,
                interaction.guild_id,
                interaction.channel_id,
                interaction.id,
            ),
            ephemeral=True,
        )


class RaceButton(_Action, template=custom_ids.RACE):
    """A race's lobby button: Join, Leave, Start (the host's), or My board once started."""

    async def handle(self, interaction: Interaction) -> None:
        await pressed(interaction, int(self.fields["race"]), self.fields["action"])


class ConfirmButton(_Action, template=custom_ids.CONFIRM):
    """The button of the question asked before a typed action that could end a daily
    attempt: it plays the moves (or gives up) on the board at the version asked about, and
    the answer takes the question's place."""

    @staticmethod
    def button(custom_id: str, label: str) -> discord.ui.Button[Any]:
        """A question's button."""
        return discord.ui.Button(label=label, style=discord.ButtonStyle.danger, custom_id=custom_id)

    async def handle(self, interaction: Interaction) -> None:
        service, user = interaction.client.service, interaction.user
        game_id, version = int(self.fields["game"]), int(self.fields["version"])
        moves = self.fields["moves"]

        async def act() -> Played:
            if moves is None:
                return await service.give_up(game_id, user.id, interaction.id, version)
            return await service.play(
                game_id, user.id, moves, interaction.id, user.display_name, version
            )

        await move(interaction, game_id, act, confirmed=True)


_KNOWN = (
    TileButton, ActionButton, NavButton, ModeButton, HintButton, PlayButton, RaceButton,
    ConfirmButton,
)  # fmt: skip
# Every id of ours that no button above reads (forged, cut, or from an older version).
_UNKNOWN = "(?s)(?!(?:{}))pipes:.*".format(
    "|".join(
        re.sub(r"\(\?P<\w+>", "(?:", item.__discord_ui_compiled_template__.pattern) + r"\Z"
        for item in _KNOWN
    )
)


class UnknownButton(_Action, template=_UNKNOWN):
    """A button id of ours that none of the buttons reads: a short private answer."""

    async def handle(self, interaction: Interaction) -> None:
        raise UserError("This button is out of date or broken; nothing was changed.")


class ForeignButton(UnknownButton, template=r"(?s)(?!pipes:).*"):
    """Any other id that reaches the bot (cut, forged, or never ours): the same answer."""


DYNAMIC_ITEMS = (*_KNOWN, UnknownButton, ForeignButton)

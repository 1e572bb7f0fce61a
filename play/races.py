"""Races: players of a server's channel join a lobby, and at its start each gets a game of
the same fresh puzzle, their clocks all counted from that one instant. A race's games are
in the mode 'race': like one's own boards they store no daily result (never ranked, no
streak), and unlike them they are not counted in stats. Wording is the front end's."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from db import Game, Race
from puzzle import KINDS

from .boards import Board, load
from .errors import UserError
from .scoring import penalty
from .service import GameService

#: The mode of a race's games.
RACE = "race"
#: Players a lobby holds at most: the race starts by itself once it is full.
CAP = 10
#: A race still running this long after its start ends with those who finished.
LENGTH = timedelta(minutes=30)


@dataclass(frozen=True, slots=True)
class Runner:
    """A player of a race as it stands: moves made, hints taken, progress (0 to 1, the
    kind's measure), and, once finished, the outcome and the time from the race's start
    with the hints' penalty, as every ranked time has it."""

    user_id: int
    moves: int = 0
    progress: float = 0.0
    outcome: str = "playing"
    time: timedelta | None = None
    hints: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    """A race and its players: the solvers first in the order they finished, then the others
    furthest first (in the lobby: in the order they joined)."""

    race: Race
    runners: tuple[Runner, ...]

    @property
    def done(self) -> bool:
        """Whether every player has finished their game."""
        return all(r.outcome != "playing" for r in self.runners)


class Races:
    """Races over a game service."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.storage = service.storage

    async def open(
        self,
        kind: str,
        params: str,
        host_id: int,
        guild_id: int,
        channel_id: int,
        limit: int | None,
    ) -> Standing:
        """A new race's lobby of a fresh puzzle of the kind's parameters (from the stock, or
        generated; never a daily's), its host joined."""
        text, _ = self.service.check_new(kind, params, None, limit)
        stock = self.service.stock
        stored = None if stock is None else await stock.take(kind, text)
        if stored is None:
            stored = await self.service.stored_puzzle(kind, text, secrets.token_hex(3))
        race = await self.storage.create_race(stored.id, host_id, guild_id, channel_id)
        return await self.standing(race)

    async def race(self, race_id: int) -> Race:
        """The race with that id; UserError if there is none."""
        race = await self.storage.race(race_id)
        if race is None:
            raise UserError("That race does not exist.")
        return race

    async def join(self, race_id: int, user_id: int) -> tuple[Standing, bool]:
        """The player joins the lobby (once, however often they ask); the standing, and
        whether this join filled it and so started the race."""
        race = await self.race(race_id)
        if race.state != "lobby":
            raise UserError("This race has started already: join the next one.")
        if user_id in race.players:
            raise UserError("You are in this race already.")
        if not await self.storage.join_race(race_id, user_id, CAP):
            race = await self.race(race_id)
            if user_id in race.players:
                raise UserError("You are in this race already.")
            if race.state != "lobby":
                raise UserError("This race has started already: join the next one.")
            raise UserError(f"This race is full ({CAP} players): join the next one.")
        race = await self.race(race_id)
        if len(race.players) >= CAP and await self.storage.start_race(race_id):
            return await self._begin(race_id), True
        return await self.standing(race), False

    async def leave(self, race_id: int, user_id: int) -> Standing:
        """A player other than the host leaves the lobby."""
        race = await self.race(race_id)
        if race.state != "lobby":
            raise UserError("This race has started already: it goes on without you.")
        if user_id == race.host_id:
            raise UserError("The host cannot leave the race: start it, or let it be.")
        if not await self.storage.leave_race(race_id, user_id):
            raise UserError("You are not in this race.")
        return await self.standing(await self.race(race_id))

    async def start(self, race_id: int, user_id: int) -> Standing:
        """The host starts the race: every player's game is made, all at this instant."""
        race = await self.race(race_id)
        if user_id != race.host_id:
            raise UserError("Only the host can start this race.")
        if race.state != "lobby" or not await self.storage.start_race(race_id):
            raise UserError("This race has started already.")
        return await self._begin(race_id)

    async def _begin(self, race_id: int) -> Standing:
        race = await self.race(race_id)
        for player in race.players:
            await self._game(race, player)
        return await self.standing(race)

    async def _game(self, race: Race, user_id: int) -> Board:
        """The player's game of the race (made once, whoever asks first)."""
        for game in await self.storage.race_games(race.puzzle.id):
            if game.owner_id == user_id:
                await self.storage.open_game(game.id)
                return await self.service.board(game)
        board: Board = await self.service.start_game(
            race.puzzle, user_id, RACE, race.guild_id, race.channel_id, None, None
        )
        return board

    async def board(self, race_id: int, user_id: int) -> Board:
        """The player's own board of a race that has started."""
        race = await self.race(race_id)
        if user_id not in race.players:
            raise UserError("You are not in this race: join the next one.")
        if race.state == "lobby":
            raise UserError("The race has not started yet: the host's Start begins it.")
        return await self._game(race, user_id)

    async def of_game(self, game: Game) -> Race | None:
        """The race a game is played in (None: not a race's game)."""
        return await self.storage.race_of_puzzle(game.puzzle.id) if game.mode == RACE else None

    async def standing(self, race: Race) -> Standing:
        """Where the race stands: each player's moves, progress and finish."""
        if race.started_at is None:
            return Standing(race, tuple(Runner(p) for p in race.players))
        games = {g.owner_id: g for g in await self.storage.race_games(race.puzzle.id)}
        engine, puzzle = KINDS[race.puzzle.kind], load(race.puzzle)
        runners = []
        for player in race.players:
            game = games.get(player)
            if game is None:
                runners.append(Runner(player))
                continue
            time = None
            if game.outcome == "solved" and game.finished_at is not None:
                time = game.finished_at - race.started_at + timedelta(seconds=penalty(game.hints))
            share = engine.progress(puzzle, game.state)
            runners.append(Runner(player, game.turns, share, game.outcome, time, game.hints))
        return Standing(race, tuple(sorted(runners, key=_order)))

    async def settle(self, race: Race) -> Standing:
        """The race's standing after a move, ended once every player has finished."""
        standing = await self.standing(race)
        if race.state == "running" and standing.done and await self.storage.end_race(race.id):
            standing = await self.standing(await self.race(race.id))
        return standing

    async def end_overdue(self, now: datetime) -> list[Standing]:
        """End the races running longer than ``LENGTH``: their final standings."""
        ended = []
        for race in await self.storage.races_running(now - LENGTH):
            if await self.storage.end_race(race.id):
                ended.append(await self.standing(await self.race(race.id)))
        return ended


def _order(runner: Runner) -> tuple[int, float]:
    """Solvers by time, then those still playing furthest first, then those who lost."""
    if runner.time is not None:
        return 0, runner.time.total_seconds()
    return (1, -runner.progress) if runner.outcome == "playing" else (2, -runner.progress)

"""The Activity's backend under test: the bot (a harness, the real dispatch) and its web app
on a loopback port, players signed in as the backend signs them, and a way to solve any
kind's board by pressing cells alone."""

import uuid

from aiohttp.test_utils import TestClient, TestServer
from botkit import Harness, make_bot

from activity import create_app
from activity.app import API
from activity.session import Player
from bot.kinds import FACES
from play import UserError, load
from puzzle import KINDS

CLIENT_ID, CLIENT_SECRET = "1234567890", "the-client-secret"


class Activity:
    """A harness's bot with its Activity served; ``call`` speaks for a player."""

    def __init__(self, harness: Harness, client: TestClient) -> None:
        self.harness, self.client = harness, client
        self.api = client.server.app[API]

    def session(self, user: int, name: str = "Alice") -> str:
        return self.api.sessions.issue(Player(user, name))

    async def call(self, method, path, user=None, body=None, token=None):
        """(status, JSON) of an API call as ``user`` (or with ``token``, or anonymously)."""
        headers = {}
        if token is None and user is not None:
            token = self.session(user)
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        answer = await self.client.request(method, path, json=body, headers=headers)
        return answer.status, await answer.json()

    async def new(self, user, kind="pipes", params="5x4"):
        status, body = await self.call(
            "POST", "/api/boards", user, {"kind": kind, "params": params}
        )
        assert status == 200, body
        return body["view"]

    async def press(self, user, view, cell, mode=None, request=None, version=None):
        body = {
            "request": request or uuid.uuid4().hex,
            "version": view["version"] if version is None else version,
            "cell": cell,
            "mode": mode or view["mode"],
        }
        return await self.call("POST", f"/api/boards/{view['id']}/moves", user, body)


async def start_activity(tmp_path, clock, **settings):
    """A set-up bot with the Activity on, and its app on loopback."""
    harness = Harness(
        make_bot(tmp_path, clock, client_id=CLIENT_ID, client_secret=CLIENT_SECRET, **settings)
    )
    await harness.start()
    client = TestClient(TestServer(create_app(harness.bot)))
    await client.start_server()
    return Activity(harness, client)


async def solving_press(activity, game_id):
    """The press (a cell and a mode, or a control and a mode) that plays the kind's hint on
    the game as stored, and how many times (a hint may turn a tile twice): found by trying
    every press and comparing the states they reach."""
    game = await activity.harness.bot.storage.game(game_id)
    kind, face = KINDS[game.kind], FACES[game.kind]
    puzzle = load(game.puzzle)
    hint = kind.hint(puzzle, game.state)
    assert not isinstance(hint, str), hint
    wanted = kind.apply(puzzle, game.state, [hint]).state
    presses = []
    for mode in face.modes:
        for cell in range(game.width * game.height):
            presses.append(
                ({"cell": cell, "mode": mode}, lambda c=cell, m=mode: face.press(game, c, m))
            )
        for _, token in face.controls if face.act is not None else ():
            presses.append(
                ({"control": token, "mode": mode}, lambda t=token, m=mode: face.act(game, t, m))
            )
    for times in (1, 2, 3):
        for press, written in presses:
            state = game.state
            try:
                text = written()
                for _ in range(times):
                    state = kind.apply(puzzle, state, kind.parse_moves(puzzle, state, text)).state
            except (ValueError, UserError):  # not a move there
                continue
            if state == wanted:
                return press, times
    raise AssertionError(f"no press plays the hint {kind.format_move(puzzle, hint)}")

"""A Pipes board solved by clicking its tiles, for Pipes' tests and for the generic tests
that play Pipes through the real dispatch."""

from botkit import ALICE

from kinds.pipes.engine import turns_between
from play import load


async def solve_by_clicks(harness, message_id, game, user=ALICE):
    solution = load(game.puzzle).solution
    made = []
    for cell, (tile, target) in enumerate(zip(game.state.tiles, solution, strict=True)):
        for _ in range(turns_between(tile, target)):
            made = await harness.click(message_id, f"pipes:t:{game.id}:{cell}:0:0:c", user)
    return made

"""The commands the page suggests, each one that works as typed: for every kind a board of
its own (its first preset, a set seed, so the board is known), a move on that board in the
kind's own notation (what its hint would play there, typed with the verb that reads it),
the kind's daily; and the help."""

from __future__ import annotations

from collections.abc import Mapping

from bot.face import Face, Verb

#: The seed of the suggested boards.
SEED = "try"
#: Stands for the typed words when a verb is asked what move text it makes of them.
_WORDS = "@"


def suggestions(faces: Mapping[str, Face]) -> list[str]:
    """What to suggest for the kinds the bot has (``faces``, by command group)."""
    found = []
    for name, face in faces.items():
        preset = face.kind.presets[0]
        # The daily first: a move suggested for the new board goes to the board last opened.
        found.append(f"/{name} daily")
        found.append(f"/{name} new {preset} seed:{SEED}")
        move = first_move(face, preset)
        if move is not None:
            found.append(f"/{name} {move}")
    return [*found, f"/{next(iter(faces))} help"]


def first_move(face: Face, preset: str) -> str | None:
    """The verb and words that play the hint of the fresh board of ``preset`` and the seed
    (``rotate B3x2``), or None when it has no hint or no verb reads it."""
    kind = face.kind
    puzzle = kind.load(kind.generate(kind.parse_params(preset), SEED))
    hint = kind.hint(puzzle, kind.initial_state(puzzle))
    if isinstance(hint, str):
        return None
    move = kind.format_move(puzzle, hint)
    # The verb that says most of the move itself (``flag B1`` rather than ``open B1f``).
    for verb in sorted(face.verbs, key=lambda verb: -len(verb.moves(_WORDS))):
        words = typed(verb, move)
        if words is not None:
            return f"{verb.name} {words}"
    return None


def typed(verb: Verb, move: str) -> str | None:
    """What to type after ``verb`` for it to play ``move``, if it can."""
    before, _, after = verb.moves(_WORDS).partition(_WORDS)
    if not (move.startswith(before) and move.endswith(after)):
        return None
    words = move[len(before) : len(move) - len(after)]
    return words if words and verb.moves(words) == move else None

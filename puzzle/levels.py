"""Difficulty levels, shared by the kinds that have them: their names, easiest first; the
letter that ends a parameter text (``8x8e`` easy, ``8x8`` normal, ``8x8h`` hard); and a
daily's level choice, a word after its board (``8x8 hard``), ``weekly`` being easier early in
the week."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from .codes import quote
from .grid import parse_size

LEVELS = ("easy", "normal", "hard")
#: The letter a parameter text ends with for each level (normal has none).
LETTERS = {"easy": "e", "normal": "", "hard": "h"}
#: The daily's level choice that changes with the weekday, and its levels, Monday first.
WEEKLY = "weekly"
WEEK_LEVELS = ("easy", "easy", "normal", "normal", "normal", "hard", "hard")
DAILY_LEVELS = (WEEKLY, *LEVELS)
#: Each daily level choice in words.
CHOICE_WORDS = {
    WEEKLY: "easy on Monday and Tuesday, normal Wednesday to Friday, hard at the weekend",
    "easy": "always easy",
    "normal": "always normal",
    "hard": "always hard",
}
_CHOICE = re.compile(r"^\s*(\S+?)\s*(?:\s(\w+))?\s*$")
_SIZE_LEVEL = re.compile(r"^([0-9]{1,3}x[0-9]{1,3})([eh]?)$")


@dataclass(frozen=True, slots=True)
class SizeLevel:
    """A board's size and level: the parameters of a kind that has nothing else to choose."""

    width: int
    height: int
    level: str = "normal"


def parse_size_level(text: str, title: str, sides: tuple[int, int]) -> SizeLevel:
    """'6x6', '6x6e', '7x5h', '6x6 hard' -> SizeLevel, each side within ``sides``; ValueError
    with one sentence naming the kind (``title``)."""
    board, word = split_choice(text) or ("", None)
    match = _SIZE_LEVEL.match(board.lower())
    if match is None or word not in (None, *LEVELS) or (word and match[2]):
        raise ValueError(
            f"{quote(text)} is not a {title} board: write width×height, like 6x6, and a "
            "level if you like (6x6e or 6x6 easy, 6x6h or 6x6 hard)."
        )
    width, height = parse_size(match[1], smallest=sides[0], largest=sides[1])
    return SizeLevel(width, height, word or from_letter(match[2]))


def format_size_level(params: SizeLevel) -> str:
    """The canonical text: '6x6', '6x6e', '6x6h'."""
    return f"{params.width}x{params.height}{LETTERS[params.level]}"


def from_letter(letter: str) -> str:
    """The level a parameter text's last letter names: 'e' easy, 'h' hard, none normal."""
    return {"e": "easy", "h": "hard"}.get(letter.lower(), "normal")


def split_choice(text: str) -> tuple[str, str | None] | None:
    """A board and the word after it, lower case (``8 × 8 Hard`` → ``('8x8', 'hard')``,
    ``8x8`` → ``('8x8', None)``); None if the text is no such thing."""
    match = _CHOICE.match(re.sub(r"\s*[x×*]\s*", "x", text or "", flags=re.IGNORECASE))
    if match is None:
        return None
    return match[1], match[2].lower() if match[2] else None


def on_day(choice: str, day: date) -> str:
    """The level a daily level choice gives on a date."""
    return WEEK_LEVELS[day.weekday()] if choice == WEEKLY else choice

"""Difficulty levels, shared by the kinds that have them: their names, easiest first; the
letter that ends a parameter text (``8x8e`` easy, ``8x8`` normal, ``8x8h`` hard); and a
daily's level choice, a word after its board (``8x8 hard``), ``weekly`` being easier early in
the week."""

from __future__ import annotations

import re
from datetime import date

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

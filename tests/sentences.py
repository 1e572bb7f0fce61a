"""What people read when something is refused: one sentence."""

import re

#: Abbreviations whose dot ends no sentence.
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf)\. ")
#: Input quoted back (``puzzle.codes.quote``): its dots are the typist's, not the sentence's.
_QUOTED = re.compile(r"“[^”]*”")


def assert_one_sentence(text: str) -> None:
    """Ends with a full stop, has no line break and no '. ' inside (abbreviations and quoted
    input aside)."""
    inside = _ABBREVIATION.sub("", _QUOTED.sub("“…”", text))
    assert text.endswith(".") and "\n" not in text and ". " not in inside, text

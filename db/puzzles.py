"""Stored puzzles kept in memory by id: a puzzle never changes once stored, so a change reads
only its game's row and takes the puzzle from here (one read on first use)."""

from __future__ import annotations

from collections import OrderedDict

from .models import PuzzleRecord

#: Puzzles kept, the least recently used dropped first.
KEPT = 4096


class Puzzles:
    """The puzzles read lately, by id (least recently used dropped past ``KEPT``)."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._by_id: OrderedDict[int, PuzzleRecord] = OrderedDict()

    def get(self, puzzle_id: int) -> PuzzleRecord | None:
        """The puzzle with that id if it is kept, or None."""
        found = self._by_id.get(puzzle_id)
        if found is not None:
            self._by_id.move_to_end(puzzle_id)
        return found

    def keep(self, puzzle: PuzzleRecord) -> PuzzleRecord:
        """Keep a puzzle just read; it is handed back."""
        self._by_id[puzzle.id] = puzzle
        self._by_id.move_to_end(puzzle.id)
        if len(self._by_id) > self._kept:
            self._by_id.popitem(last=False)
        return puzzle

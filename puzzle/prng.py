"""Portable random streams seeded from text: a puzzle code must give the same puzzle on every
platform and Python version forever.

``Rng`` is SplitMix64 in Python (generator ``pipes/1``). ``Stream`` is the faster one: Python's
Mersenne Twister, used only through what the ``random`` module promises never to change
("Notes on Reproducibility": ``random()`` keeps its sequence for a seed given to the
compatible seeder, here ``seed(text, version=2)``); its other methods (``randrange``,
``shuffle`` …) may change between versions and are not used.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence
from typing import Any

_MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64 (Steele, Lea & Flood 2014): 64-bit state, full period, passes BigCrush."""

    __slots__ = ("_state",)

    def __init__(self, seed: str) -> None:
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        self._state = int.from_bytes(digest[:8], "little")

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates / Knuth)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Stream:
    """Uniform draws from ``random.Random`` seeded with text (see the module's note)."""

    __slots__ = ("draw",)

    def __init__(self, seed: str) -> None:
        generator = random.Random()
        generator.seed(seed, version=2)
        #: A uniform float in [0, 1): the one method whose sequence Python keeps.
        self.draw = generator.random

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (bias below n / 2**53)."""
        if n <= 0:
            raise ValueError("n must be positive")
        return int(self.draw() * n)

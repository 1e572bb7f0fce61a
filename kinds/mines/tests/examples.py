"""Small examples of the kind for the conformance suites (tests/conformance)."""

from conformance.example import Example

EXAMPLE = Example(("5x5m3", "9x9", "7x5"), ("", "f", "c"))

"""Small examples of the kind for the conformance suites (tests/conformance)."""

from conformance.example import Example

EXAMPLE = Example(("3x3", "5x5", "6x4"), ("",))

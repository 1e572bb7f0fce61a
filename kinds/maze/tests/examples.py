"""Small examples of the kind for the conformance suites (tests/conformance)."""

from conformance.example import Example

EXAMPLE = Example(("5x5", "7x5h", "6x8k", "5x6e"), ("",))

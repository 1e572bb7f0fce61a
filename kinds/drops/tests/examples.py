"""Small examples of the kind for the conformance suites (tests/conformance)."""

from conformance.example import Example

EXAMPLE = Example(("6x6", "7x6e"), ("",))

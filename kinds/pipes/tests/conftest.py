"""Pipes' own fixtures."""

import pytest

from kinds.pipes.tests import tatham_oracle


@pytest.fixture(scope="session")
def tatham_solver(tmp_path_factory):
    """Tatham's net_solver, compiled (see tatham_oracle.py)."""
    binary = tatham_oracle.build(tmp_path_factory.mktemp("tatham"))
    if binary is None:
        pytest.skip("no C compiler (cc or gcc): Tatham's solver cannot be built as an oracle")
    return binary

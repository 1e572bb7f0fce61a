"""The template kind, Lights Out (``lights/``): a folder shaped exactly as a kind's in
``kinds/``, which a new kind copies (docs/adding-a-kind.md). It is registered by the tests
alone, for one test at a time (``register``, ``register_face``), and its own tests register it
for every test under this folder (``conftest.py``); nothing in the product lists it.

Import it as ``template.lights.<module>`` (``tests/`` is on the path, see the root
``conftest.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

    from bot.face import Face
    from puzzle import Kind


def register(monkeypatch: pytest.MonkeyPatch) -> Kind[Any, Any, Any, Any]:
    """Lights Out in ``puzzle.KINDS`` for one test (pytest's ``monkeypatch`` undoes it), as
    its line in ``puzzle/registry.py`` would list it."""
    from puzzle import KINDS

    from .lights.engine import KIND

    monkeypatch.setitem(KINDS, KIND.name, KIND)
    return KIND


def register_face(monkeypatch: pytest.MonkeyPatch) -> Face:
    """Lights Out in ``puzzle.KINDS`` and ``bot.kinds.FACES`` for one test, as its lines in
    both registries would list it; a bot made afterwards has ``/lights``."""
    from bot.kinds import FACES

    from .lights.face import FACE

    register(monkeypatch)
    monkeypatch.setitem(FACES, FACE.name, FACE)
    return FACE

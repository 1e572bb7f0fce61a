"""The template kind's own tests run as a registered kind's do: Lights Out is in both
registries for every test under this folder (before any bot is made), as the registries'
lines list a real kind."""

import pytest

from template import register_face


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    register_face(monkeypatch)

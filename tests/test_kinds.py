"""One list of kinds: the folders in ``kinds/`` are exactly the kinds the registries list
(``puzzle.KINDS`` for the engines, ``bot.kinds.FACES`` for the faces), and every folder holds
what a kind is: its engine, picture, face, small examples, tests and page."""

import importlib
from pathlib import Path

import pytest

from bot.kinds import FACES
from puzzle import KINDS

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = sorted(p.name for p in (ROOT / "kinds").iterdir() if (p / "__init__.py").is_file())


def test_every_folder_is_registered_and_every_registered_kind_has_a_folder():
    unregistered = [f"kinds/{f}/ is in neither registry" for f in FOLDERS if f not in KINDS]
    homeless = [f"{k} is registered but kinds/{k}/ is missing" for k in KINDS if k not in FOLDERS]
    faceless = [f"{k} has no face in bot.kinds.FACES" for k in KINDS if k not in FACES]
    strays = [f"the face {k} has no engine in puzzle.KINDS" for k in FACES if k not in KINDS]
    assert unregistered + homeless + faceless + strays == []
    assert list(FACES) == list(KINDS)  # one order: posts, help and menus agree


def _has(folder: Path, role: str) -> bool:
    return (folder / f"{role}.py").is_file() or (folder / role / "__init__.py").is_file()


@pytest.mark.parametrize("name", FOLDERS)
def test_a_kind_folder_holds_the_whole_kind(name):
    folder = ROOT / "kinds" / name
    missing = [role for role in ("engine", "picture", "face") if not _has(folder, role)]
    missing += [] if (folder / "README.md").is_file() else ["README.md (its page)"]
    missing += [] if list((folder / "tests").glob("test_*.py")) else ["tests/test_*.py"]
    missing += [] if (folder / "tests" / "examples.py").is_file() else ["tests/examples.py"]
    assert missing == [], f"kinds/{name}/ lacks {', '.join(missing)}"


@pytest.mark.parametrize("name", FOLDERS)
def test_the_registries_list_the_folders_own_engine_and_face(name):
    engine = importlib.import_module(f"kinds.{name}.engine")
    face = importlib.import_module(f"kinds.{name}.face")
    assert KINDS[name] is engine.KIND and KINDS[name].name == name
    assert FACES[name] is face.FACE

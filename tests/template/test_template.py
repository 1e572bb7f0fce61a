"""The template kind is a kind's folder to copy: shaped as ``kinds/<kind>/`` is, each role
importing only what that role may in a kind's folder (tests/test_layers.py's rules), its own
modules reached by relative imports alone (so a copy needs no import renamed), and
registered by the tests alone, one test at a time."""

import ast
from pathlib import Path

from test_layers import PACKAGES, ROLES

from bot.kinds import FACES
from puzzle import KINDS
from template import register, register_face
from template.lights.engine import KIND
from template.lights.face import FACE

FOLDER = Path(__file__).parent / "lights"
ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """What a module imports: absolute modules, and its own folder's roles (relative)."""
    absolute, own = set(), set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            absolute |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level:
            depth = len(path.relative_to(FOLDER).parts) - 1  # 0: a role module, 1: in tests/
            assert node.level == depth + 1, f"{path.name} reaches out of its folder"
            own |= {node.module.split(".")[0]} if node.module else set()
        elif isinstance(node, ast.ImportFrom):
            absolute.add(node.module or "")
    return absolute, own


def test_the_template_is_shaped_as_a_kinds_folder():
    present = {p.name for p in FOLDER.iterdir() if not p.name.startswith("__pycache__")}
    assert {"__init__.py", "engine.py", "picture.py", "face.py", "tests", "README.md"} <= present
    assert {p.name for p in (FOLDER / "tests").glob("test_*.py")} == {
        "test_engine.py", "test_bot.py",
    }  # fmt: skip
    assert (FOLDER / "tests" / "examples.py").is_file()  # its small boards, for conformance


def test_each_role_of_the_template_imports_only_what_a_kinds_may():
    wrong = []
    for path in FOLDER.rglob("*.py"):
        role = path.relative_to(FOLDER).parts[0].removesuffix(".py")
        absolute, own = _imports(path)
        tops = {name.split(".")[0] for name in absolute}
        wrong += [f"{path.name} imports the template by name" for t in tops if t == "template"]
        if role in ROLES:
            shared, roles = ROLES[role]
            wrong += [f"{path.name} imports {t}" for t in tops & set(PACKAGES) - shared]
            wrong += [f"{path.name} imports its {r}" for r in own - roles]
            if role != "face" and "discord" in tops:
                wrong.append(f"{path.name} imports discord")
    assert wrong == []


def test_register_adds_the_kind_and_its_face_for_one_test_only(monkeypatch):
    """This folder's conftest registers Lights Out for each test here; elsewhere a test asks
    for it. Undone, it is in no registry."""
    assert register(monkeypatch) is KIND and KINDS["lights"] is KIND
    assert register_face(monkeypatch) is FACE and FACES["lights"] is FACE
    monkeypatch.undo()
    assert "lights" not in KINDS and "lights" not in FACES

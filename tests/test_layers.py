"""The layers of DESIGN.md, read from the source: which package may import which, who may
import discord, and no import cycle between modules (imports inside functions and under
TYPE_CHECKING count too)."""

import ast
import re
from pathlib import Path

import networkx as nx

from puzzle import KINDS as REGISTERED

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("puzzle", "renderer", "datapack", "db", "play", "bot", "playground")
#: What each package may import of ours (besides itself).
ALLOWED = {
    "puzzle": set(),
    "renderer": {"puzzle"},
    "datapack": {"puzzle", "renderer"},
    "db": set(),
    "play": {"puzzle", "db"},
    "bot": {"puzzle", "renderer", "datapack", "db", "play"},
    "playground": {"bot", "db"},
}
DISCORD_USERS = {"bot", "playground"}


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved, at any depth of the file.
    ``from . import texts`` imports ``bot.texts``; the package itself only when a name that
    is not a module is taken from it."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            submodules = {f"{target}.{alias.name}" for alias in node.names}
            modules = {m for m in submodules if _is_module(m)}
            found.update(modules)
            if len(modules) < len(submodules):
                found.add(target)
    return found


def _graph() -> nx.DiGraph:
    files = [f for p in PACKAGES for f in (ROOT / p).rglob("*.py")]
    modules = {_module_name(f): f for f in files}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name, imports=_imports(path))
        for target in _imports(path):
            if target in modules and target != name:
                graph.add_edge(name, target)
    return graph


GRAPH = _graph()


def test_packages_import_only_the_layers_below_them():
    wrong = []
    for name, data in GRAPH.nodes(data=True):
        package = name.split(".")[0]
        for target in data["imports"]:
            top = target.split(".")[0]
            if top in PACKAGES and top != package and top not in ALLOWED[package]:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def test_only_the_bot_and_its_offline_driver_import_discord():
    users = {
        name
        for name, data in GRAPH.nodes(data=True)
        if any(t.split(".")[0] == "discord" for t in data["imports"])
    }
    assert users and {u.split(".")[0] for u in users} <= DISCORD_USERS


def test_storage_imports_no_engine_and_the_app_no_discord():
    for name, data in GRAPH.nodes(data=True):
        tops = {t.split(".")[0] for t in data["imports"]}
        package = name.split(".")[0]
        if package == "db":
            assert not tops & {"puzzle", "play", "bot"}, name
        if package in ("play", "puzzle", "db"):
            assert "discord" not in tops, name


def test_no_import_cycles():
    assert list(nx.simple_cycles(GRAPH)) == []
    edges = {(a.split(".")[0], b.split(".")[0]) for a, b in GRAPH.edges}
    packages = nx.DiGraph((a, b) for a, b in edges if a != b)
    assert list(nx.simple_cycles(packages)) == []


#: The kinds: the packages of ``puzzle``.
KINDS = {p.name for p in (ROOT / "puzzle").iterdir() if (p / "__init__.py").is_file()}


def _ours(module: str) -> set[str]:
    """The modules of ours that ``module`` imports."""
    return {t for t in GRAPH.nodes[module]["imports"] if t.split(".")[0] in PACKAGES}


def test_no_kind_imports_another_kind():
    """What kinds share lives beside them in ``puzzle`` (grid, codes, kind), in no kind."""
    wrong = []
    for name, data in GRAPH.nodes(data=True):
        own = name.split(".")[1] if name.startswith("puzzle.") else None
        if own in KINDS:
            for target in data["imports"]:
                parts = target.split(".")
                if parts[0] == "puzzle" and len(parts) > 1 and parts[1] in KINDS - {own}:
                    wrong.append(f"{name} imports {target}")
    assert {"pipes", "mines"} <= KINDS and wrong == []


def test_the_canvas_is_every_kinds():
    """renderer.canvas names no kind and draws on the generic layout, theme and grid only; the
    Minesweeper pictures use it, not the Pipes modules."""
    shared = {"puzzle.grid", "renderer.layout", "renderer.theme"}
    assert _ours("renderer.canvas") <= shared
    text = (ROOT / "renderer" / "canvas.py").read_text().lower()
    assert [kind for kind in KINDS if kind in text] == []
    assert _ours("renderer.mines") <= shared | {"renderer.canvas"}


#: Kind names and titles generic code must not spell (any case, as a word of any string or
#: imported name), and the packages that hold each kind's own code.
KIND_WORDS = {
    "pipes", "mines", "maze", "drops", "choco", "lights", "minesweeper", *KINDS,
    *(kind.title.lower() for kind in REGISTERED.values()),
}  # fmt: skip
KIND_PACKAGES = ("puzzle", "renderer", "bot.kinds", "datapack")
#: The bot's own names, after its first puzzle: Daily Pipes, its custom-id prefix, its setup
#: command and its database file. Not a kind.
NAMESPACE = re.compile(r"pipes:|pipes-setup|daily pipes|pipes\.sqlite3")
#: Generic code: it drives every kind through the kind interface and the faces.
GENERIC = (
    "db", "play", "bot", "playground", "renderer.canvas", "renderer.layout", "puzzle.kind",
    "puzzle.grid",
)  # fmt: skip
#: History, the one exception: migrations and the upgrade of schema-1 Pipes codes.
HISTORY = {"db.schema", "db.postgres_schema", "play.legacy"}


def _generic(name: str) -> bool:
    inside = any(name == g or name.startswith(g + ".") for g in GENERIC)
    own = name == "bot.kinds" or name.startswith("bot.kinds.")
    return inside and not own and name not in HISTORY


def _kind_module(target: str) -> bool:
    """Whether an import names one kind's own module (``puzzle.pipes``, ``bot.kinds.mines``,
    any ``datapack`` module: Pipes' pack at the top, other kinds' in ``datapack.<kind>``, and
    what they share beside them, which generic code has no use for either)."""
    parts = target.split(".")
    return parts[0] == "datapack" or any(
        parts[: len(p.split(".")) + 1] == [*p.split("."), kind]
        for p in KIND_PACKAGES
        for kind in KIND_WORDS
    )


def _kind_words(text: str) -> set[str]:
    """The kind names among the words of a text (the bot's namespace aside)."""
    return set(re.findall(r"[a-z]+", NAMESPACE.sub("", text.lower()))) & KIND_WORDS


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of a module's docstring nodes (prose may give a kind as an example)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _spelled(source: str, name: str) -> list[str]:
    """Kind names a module's code spells: in its strings and in the names it imports."""
    tree = ast.parse(source)
    prose, found = _docstrings(tree), []
    for node in ast.walk(tree):
        if id(node) in prose:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += [f"{name}:{node.lineno} says {w!r}" for w in _kind_words(node.value)]
        elif isinstance(node, ast.ImportFrom | ast.Import):
            for alias in node.names:
                found += [f"{name}:{node.lineno} imports {w!r}" for w in _kind_words(alias.name)]
    return found


def _offences(path: Path, name: str) -> list[str]:
    kind_imports = [f"{name} imports {t}" for t in _imports(path) if _kind_module(t)]
    return _spelled(path.read_text(), name) + kind_imports


def test_generic_code_names_no_kind():
    """No generic module spells a kind's name or title, imports a kind's own module, or
    imports a name of one (``render_mines_png``): a new kind is its own folders and one
    registry line. Only history (migrations, the legacy upgrade) may."""
    files = [f for p in PACKAGES for f in (ROOT / p).rglob("*.py")]
    offenders = [
        o for f in files if _generic(_module_name(f)) for o in _offences(f, _module_name(f))
    ]
    page = (ROOT / "playground" / "static" / "playground.html").read_text()
    offenders += [f"playground.html says {w!r}" for w in _kind_words(page)]
    assert offenders == []


def test_the_guard_sees_kinds_in_disguise():
    assert _kind_module("puzzle.pipes.notation") and _kind_module("bot.kinds.mines")
    assert _kind_module("datapack") and _kind_module("datapack.maze")
    assert _kind_module("datapack.packing") and not _kind_module("puzzle.grid")
    assert not _kind_module("bot.kinds") and not _kind_module("renderer.canvas")
    assert _generic("play.service") and _generic("bot.replying") and _generic("bot.kindsmenu")
    assert not _generic("bot.kinds.pipes") and not _generic("play.legacy")
    disguised = (
        'X = "Minesweeper"\nY = f"/pipes new {1}"\nfrom renderer import render_mines_png\n'
        'Z = "pipes:t:1:2"\n'
    )
    found = _spelled(disguised, "disguised")
    assert len(found) == 3 and not any("pipes:t" in o for o in found)

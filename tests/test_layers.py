"""The layers of DESIGN.md, read from the source: which shared package may import which,
what each role of a kind's folder may import (engine, picture, pack, face), who may import
discord, that no kind imports another, that generic code names no kind, and no import cycle
between modules (imports inside functions and under TYPE_CHECKING count too)."""

import ast
import re
from pathlib import Path

import networkx as nx
from template.lights.engine import KIND as TEMPLATE

from bot.kinds import FACES
from puzzle import KINDS as REGISTERED

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (
    "puzzle", "kinds", "renderer", "datapack", "db", "play", "bot", "activity", "playground",
)  # fmt: skip
#: The registries, one per front end: the only shared modules that import the kinds.
REGISTRIES = {"puzzle.registry", "bot.kinds"}
#: What each shared package may import of ours (besides itself and the registries).
ALLOWED = {
    "puzzle": set(),
    "renderer": {"puzzle"},
    "datapack": {"puzzle", "renderer"},
    "db": set(),
    "play": {"puzzle", "db"},
    "bot": {"puzzle", "renderer", "datapack", "db", "play"},
    "activity": {"puzzle", "renderer", "db", "play", "bot"},
    "playground": {"bot", "db", "activity"},
}
#: The process's entry point, which starts the front ends side by side (the bot and its
#: Activity): it may import them all.
ENTRY = {"bot.__main__"}
#: What each role of a kind's folder may import: shared packages, and roles of its own kind.
ROLES = {
    "engine": ({"puzzle"}, {"engine"}),
    "picture": ({"puzzle", "renderer"}, {"engine", "picture"}),
    "pack": ({"puzzle", "renderer", "datapack"}, {"engine", "picture", "pack"}),
    "face": (
        {"puzzle", "renderer", "datapack", "db", "play", "bot"},
        {"engine", "picture", "pack", "face"},
    ),
}
#: Test tooling in a kind's folder: it may use anything shared and its own kind.
TOOLING = {"tests", "bench"}
#: Who may import discord: the bot, its offline driver, and the faces of the kinds.
DISCORD_USERS = {"bot", "activity", "playground"}


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


def _product_files() -> list[Path]:
    """Every product module: the shared packages and the kinds' folders, without the kinds'
    test tooling."""
    files = [f for p in PACKAGES for f in (ROOT / p).rglob("*.py")]
    return [f for f in files if _role(_module_name(f)) not in TOOLING]


def _graph(files: list[Path]) -> nx.DiGraph:
    modules = {_module_name(f): f for f in files}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name, imports=_imports(path))
        for target in _imports(path):
            if target in modules and target != name:
                graph.add_edge(name, target)
    return graph


def _kind_of(module: str) -> str | None:
    """The kind whose folder holds a module (``kinds.maze.engine.rules`` → ``maze``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "kinds" and len(parts) > 1 else None


def _role(module: str) -> str | None:
    """The role of a module in its kind's folder: ``engine``, ``picture``, ``pack``, ``face``,
    ``tests``, ``bench`` (or None: the folder's own ``__init__`` or a shared module)."""
    parts = module.split(".")
    return parts[2] if parts[0] == "kinds" and len(parts) > 2 else None


GRAPH = _graph(_product_files())
#: The kinds' folders.
FOLDERS = {p.name for p in (ROOT / "kinds").iterdir() if (p / "__init__.py").is_file()}


def test_shared_packages_import_only_the_layers_below_them():
    wrong = []
    for name, data in GRAPH.nodes(data=True):
        package = name.split(".")[0]
        if package == "kinds" or name in REGISTRIES | HISTORY | ENTRY:
            continue
        for target in data["imports"]:
            top = target.split(".")[0]
            if top in PACKAGES and top != package and top not in ALLOWED[package]:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def _role_offences(name: str, imports: set[str]) -> list[str]:
    role, kind = _role(name), _kind_of(name)
    shared, own = ROLES.get(role, (set(), set())) if role else (set(), set())
    wrong = []
    for target in imports:
        top = target.split(".")[0]
        if top == "kinds":
            if _kind_of(target) != kind:
                wrong.append(f"{name} imports another kind: {target}")
            elif _role(target) not in own:
                wrong.append(f"{name} ({role}) imports {target}")
        elif top in PACKAGES and (top not in shared or target in REGISTRIES):
            wrong.append(f"{name} ({role}) imports {target}")
    return wrong


def test_each_role_of_a_kind_imports_only_what_it_may():
    """An engine imports only the core and itself; a picture adds the shared canvas and its
    engine; a pack the shared pack building; a face the bot and the service. No kind imports
    another kind or a registry."""
    wrong = []
    for name, data in GRAPH.nodes(data=True):
        if name.startswith("kinds.") and _role(name) in ROLES:
            wrong += _role_offences(name, data["imports"])
    roles = {_role(n) for n in GRAPH if n.startswith("kinds.")}
    assert {"engine", "picture", "face", "pack"} <= roles and wrong == []


def test_a_kinds_tests_and_benchmarks_use_no_other_kind():
    """Removing a kind is its folder and its names in the registries: nothing in another
    kind's folder, tests included, imports it."""
    tooling = [f for f in (ROOT / "kinds").rglob("*.py") if _role(_module_name(f)) in TOOLING]
    wrong = [
        f"{_module_name(f)} imports {target}"
        for f in tooling
        for target in _imports(f)
        if _kind_of(target) not in (None, _kind_of(_module_name(f)))
    ]
    assert tooling and wrong == []


def test_only_the_bot_its_activity_its_offline_driver_and_the_faces_import_discord():
    users = {
        name
        for name, data in GRAPH.nodes(data=True)
        if any(t.split(".")[0] == "discord" for t in data["imports"])
    }
    faces = {u for u in users if _role(u) == "face"}
    assert faces and {u.split(".")[0] for u in users - faces} <= DISCORD_USERS


def test_no_import_cycles():
    """No cycle between modules; none between packages either, but for the registries and
    history, whose kinds use the package they sit in (a face uses ``bot``, ``bot.kinds`` lists
    it; ``play.legacy`` upgrades the first kind's old codes for ``play``)."""
    assert list(nx.simple_cycles(GRAPH)) == []
    exceptions = REGISTRIES | HISTORY | ENTRY
    edges = {(a.split(".")[0], b.split(".")[0]) for a, b in GRAPH.edges if a not in exceptions}
    packages = nx.DiGraph((a, b) for a, b in edges if a != b)
    assert list(nx.simple_cycles(packages)) == []


def _ours(module: str) -> set[str]:
    """The modules of ours that ``module`` imports."""
    return {t for t in GRAPH.nodes[module]["imports"] if t.split(".")[0] in PACKAGES}


def test_the_canvas_is_every_kinds():
    """renderer.canvas draws on the generic layout, theme and grid only, and the kinds'
    pictures draw on it."""
    shared = {"puzzle.grid", "renderer.layout", "renderer.theme"}
    assert _ours("renderer.canvas") <= shared
    users = {n for n in GRAPH if "renderer.canvas" in _ours(n)}
    assert {_kind_of(n) for n in users if _role(n) == "picture"} == FOLDERS


#: Names of kinds generic code must not spell (any case, as a word of any string or imported
#: name): every registered kind's and face's name, the template kind's, each kind's folder.
KIND_NAMES = {*REGISTERED, *FACES, TEMPLATE.name, *FOLDERS}
#: Their titles ("Ten Drops"), spelled anywhere in a string.
KIND_TITLES = {kind.title.lower() for kind in (*REGISTERED.values(), TEMPLATE)}
#: The bot's own names, after its first puzzle: Daily Pipes, its custom-id prefix, its setup
#: command and its database file. Not a kind.
NAMESPACE = re.compile(r"pipes:|pipes-setup|daily pipes|pipes\.sqlite3")
#: History, the one exception: migrations, the upgrade of schema-1 codes of the first kind,
#: and the kind a code without one has always meant.
HISTORY = {"db.schema", "db.postgres_schema", "play.legacy", "puzzle.codes"}


def _generic(name: str) -> bool:
    """Generic code: every shared module but the registries and history."""
    return name.split(".")[0] != "kinds" and name not in REGISTRIES | HISTORY


def _kind_module(target: str) -> bool:
    """Whether an import names one kind's own module: anything in a kind's folder."""
    return _kind_of(target) is not None


def _kind_words(text: str) -> set[str]:
    """The kind names and titles in a text (the bot's namespace aside)."""
    text = NAMESPACE.sub("", text.lower())
    words = set(re.findall(r"[a-z]+", text)) & KIND_NAMES
    return words | {title for title in KIND_TITLES if re.search(rf"\b{title}\b", text)}


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
    imports a name of one (``render_mines_png``): a new kind is its folder and one line in
    each registry. Only history (migrations, the legacy upgrade) may."""
    files = [f for p in PACKAGES for f in (ROOT / p).rglob("*.py")]
    offenders = [
        o for f in files if _generic(_module_name(f)) for o in _offences(f, _module_name(f))
    ]
    page = (ROOT / "playground" / "static" / "playground.html").read_text()
    offenders += [f"playground.html says {w!r}" for w in _kind_words(page)]
    assert offenders == []


def test_the_guard_sees_kinds_in_disguise():
    some = sorted(FOLDERS)[0]
    assert _kind_module(f"kinds.{some}.engine.notation") and _kind_module(f"kinds.{some}.face")
    assert not _kind_module("kinds") and not _kind_module("renderer.canvas")
    assert not _kind_module("puzzle.grid") and not _kind_module("datapack.packing")
    assert _generic("play.service") and _generic("bot.replying") and _generic("bot.kindsmenu")
    assert not _generic(f"kinds.{some}.face") and not _generic("play.legacy")
    assert not _generic("bot.kinds") and not _generic("puzzle.registry")
    disguised = (
        f'X = "{TEMPLATE.title}"\nY = f"/{some} new {{1}}"\n'
        f"from renderer import render_{some}_png\n"
        'Z = "pipes:t:1:2"\n'
    )
    found = _spelled(disguised, "disguised")
    assert {o.split()[0] for o in found} == {"disguised:1", "disguised:2", "disguised:3"}
    wrong = _role_offences(
        f"kinds.{some}.engine.rules",
        {"discord", "renderer.canvas", f"kinds.{some}.face", "kinds.other.engine", "puzzle.grid"},
    )
    assert len(wrong) == 3 and not any("puzzle.grid" in w for w in wrong)

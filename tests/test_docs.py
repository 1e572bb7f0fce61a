"""The pages say what the bot does: every command and option they name exists in its command
tree, every relative link and picture is there, README.md stays a short page, and the
command reference of docs/playing.md is the one the bot's tree gives.

To write the reference again: ``python -m bot.commands_doc --write docs/playing.md``, or run
this file with ``WRITE_DOCS=1`` in the environment."""

import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from botkit import make_bot
from template import register_face

from bot import commands_doc
from bot.kinds import FACES
from puzzle import KINDS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PLAYING = ROOT / "docs" / "playing.md"
#: At most ~8 KB: the owner's page, not the registry of everything.
README_LIMIT = 8192
#: Commands the pages name that are not the bot's: Minecraft's, typed in the game's chat.
MINECRAFT = {"reload", "function", "trigger"}
#: ``/<kind> …`` in prose stands for every kind's group.
ANY_KIND = "<kind>"


def _pages() -> list[Path]:
    """README.md, docs/*.md, the tests' page, the template's page and every kind's page (from
    the registry; a kind without a page is reported by the test that reads the pages)."""
    extra = [ROOT / "tests" / "README.md", ROOT / "tests" / "template" / "lights" / "README.md"]
    return [README, *sorted((ROOT / "docs").glob("*.md")), *extra, *_kind_pages()]


def _kind_pages() -> list[Path]:
    return [ROOT / "kinds" / name / "README.md" for name in KINDS]


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """Every top-level command as Discord is sent it, by name, with the template kind
    registered (its page names its commands)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        register_face(monkeypatch)
        bot = make_bot(tmp_path_factory.mktemp("docs"), lambda: datetime.now(UTC))
        return {c["name"]: c for c in commands_doc.payloads(bot.tree)}


def _spans(text: str):
    """(line number, text) of each inline code span outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            for match in re.finditer(r"(`+)(.+?)\1", line):
                yield number, match.group(2).strip()


def _option_names(words: list[str]) -> list[str]:
    """The options a command's words name: ``name:value``, ``[name]``, ``<name>``; bare
    words are values (Discord's client and the playground fill options in order)."""
    named = []
    for word in words:
        bracket = re.fullmatch(r"[\[<]([a-z_][a-z0-9_-]*)[\]>]", word)
        colon = re.match(r"([a-z_][a-z0-9_-]*):", word)
        if bracket:
            named.append(bracket.group(1))
        elif colon:
            named.append(colon.group(1))
    return named


def _unknown(span: str, tree: dict) -> list[str]:
    """What a ``/command …`` span names that the bot's tree lacks (empty: all of it exists,
    or the span is no slash command of ours)."""
    words = span.split()
    head = words[0][1:]
    if head in MINECRAFT:
        return []
    groups = sorted(FACES) if head == ANY_KIND else [head]
    wrong = []
    for name in groups:
        command = tree.get(name)
        if command is None:
            wrong.append(f"no command /{name}")
            continue
        rest, options = words[1:], command.get("options", [])
        path = f"/{name}"
        subcommands = {o["name"]: o for o in options if o["type"] in (1, 2)}
        while subcommands and rest and rest[0] not in ("…", "..."):
            sub = subcommands.get(rest[0])
            if sub is None:
                wrong.append(f"{path} has no subcommand {rest[0]!r}")
                break
            path, rest, options = f"{path} {rest[0]}", rest[1:], sub.get("options", [])
            subcommands = {o["name"]: o for o in options if o["type"] in (1, 2)}
        else:
            takes = {o["name"] for o in options if o["type"] not in (1, 2)}
            wrong += [f"{path} has no option {o!r}" for o in _option_names(rest) if o not in takes]
    return wrong


def test_every_command_and_option_the_pages_name_exists(tree):
    found, unknown = 0, []
    for page in _pages():
        if not page.is_file():
            continue  # test_every_kind_has_its_page names it
        for line, span in _spans(page.read_text()):
            if re.match(r"/(<kind>|[a-z][a-z0-9_-]*)(\s|$)", span):
                found += 1
                where = f"{page.relative_to(ROOT)}:{line}: `{span}`"
                unknown += [f"{where}: {w}" for w in _unknown(span, tree)]
    assert unknown == []
    assert found > 100  # the parser does see the pages' commands


def test_the_parser_catches_what_does_not_exist(tree):
    group = sorted(FACES)[0]
    assert _unknown(f"/{group} leaderboard [date]", tree) == [
        f"/{group} leaderboard has no option 'date'"
    ]
    assert _unknown(f"/{group} leaderboard period:week day:2026-11-22", tree) == []
    assert _unknown(f"/{group} new size:8x8 colour:blue", tree) == [
        f"/{group} new has no option 'colour'"
    ]
    assert _unknown("/pipes-setup daily time:9:30 pm timezone:Europe/Berlin", tree) == []
    assert _unknown("/pipes-setup kind kind:<kind> [on] [params]", tree) == []
    assert _unknown("/pipes-setup nothing", tree) == ["/pipes-setup has no subcommand 'nothing'"]
    assert _unknown("/<kind> daily", tree) == []
    assert len(_unknown("/<kind> fly", tree)) == len(FACES)
    assert _unknown("/nokind new", tree) == ["no command /nokind"]
    assert _unknown("/function x:start", tree) == []


def test_the_readme_is_a_short_page():
    assert README.stat().st_size <= README_LIMIT, f"README.md: {README.stat().st_size} bytes"


def _targets(text: str):
    """(line number, target) of each markdown link and picture."""
    for number, line in enumerate(text.splitlines(), 1):
        for match in re.finditer(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", line):
            yield number, match.group(1)


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces
    as hyphens)."""
    found = set()
    for line in page.read_text().splitlines():
        heading = re.match(r"#+\s+(.*)", line)
        if heading:
            words = re.sub(r"[^\w\- ]", "", heading.group(1).lower())
            found.add(words.replace(" ", "-"))
    return found


def test_every_relative_link_and_picture_is_there():
    missing = []
    for page in _pages():
        if not page.is_file():
            continue
        for line, target in _targets(page.read_text()):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            there = page.parent / path if path else page
            if not there.exists():
                missing.append(f"{page.relative_to(ROOT)}:{line}: {target}")
            elif anchor and there.suffix == ".md" and anchor not in _anchors(there):
                missing.append(f"{page.relative_to(ROOT)}:{line}: {target} (no such heading)")
    assert missing == []


def test_the_command_reference_is_current():
    expected = commands_doc.reference()
    page = PLAYING.read_text()
    if os.environ.get("WRITE_DOCS"):
        PLAYING.write_text(commands_doc.written(page, expected))
        page = PLAYING.read_text()
    assert commands_doc.between_markers(page) == expected.strip("\n") + "\n", (
        "docs/playing.md's command reference is not the bot's: run "
        "python -m bot.commands_doc --write docs/playing.md"
    )

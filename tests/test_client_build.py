"""tasks.py builds the Activity's client only when its sources changed, and says in one line
why it could not. Built in a copy of ``activity/web`` sharing its installed packages."""

import shutil

import pytest

import tasks


@pytest.fixture
def web(tmp_path, monkeypatch, activity_bundle):
    web = tmp_path / "web"
    for name in ("package.json", "package-lock.json", "index.html"):
        (web / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(tasks.WEB / name, web / name)
    shutil.copytree(tasks.WEB / "src", web / "src")
    (web / "node_modules").symlink_to(tasks.WEB / "node_modules")
    monkeypatch.setattr(tasks, "WEB", web)
    monkeypatch.setattr(tasks, "BUNDLE", web / "dist" / "app.js")
    return web


def test_the_client_is_built_again_only_when_a_source_changes(web, monkeypatch):
    tasks.build_client()
    bundle = (web / "dist" / "app.js").read_text()
    assert "frame_id query param is not defined" in bundle  # the real SDK is inside
    run = tasks.subprocess.run

    def no_npm(*args, **kwargs):
        raise AssertionError("built again with nothing changed")

    monkeypatch.setattr(tasks.subprocess, "run", no_npm)
    tasks.build_client()
    (web / "src" / "extra.js").write_text("export const x = 1;\n")  # any new source counts
    with pytest.raises(AssertionError, match="built again"):
        tasks.build_client()
    monkeypatch.setattr(tasks.subprocess, "run", run)
    tasks.build_client()


def test_a_broken_source_is_said_in_one_line(web):
    (web / "src" / "main.js").write_text('import { startApp } from "./ui/missing.js";\n')
    with pytest.raises(tasks.BuildFailed) as failed:
        tasks.build_client()
    said = str(failed.value)
    assert "\n" not in said
    assert said.startswith("The Activity's web client could not be built (npm run):")
    assert "./ui/missing.js" in said
    assert not (web / "dist" / ".built").exists()

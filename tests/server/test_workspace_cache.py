"""The server resolves the workspace again only when its files change (server/workspace_cache.py):
requests over an unchanged workspace share one resolution, and a changed, new or removed file, or
a file the resolution looked for, shows on the next request. Counted in resolutions, never timed."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swarmkit.server.app import create_app
from swarmkit.server.workspace_cache import SETTLED_NS
from tests.server.seed import TOKEN
from tests.support.server import BASE

AN_HOUR_AGO = time.time() - 3600


def age(root: Path, when: float = AN_HOUR_AGO) -> None:
    """Every file of the workspace last modified at `when`: well settled, as a workspace is between
    edits."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in files:
            os.utime(Path(folder) / name, (when, when))


def write(path: Path, text: str, when: float = AN_HOUR_AGO + 60) -> None:
    """Write `text`, dated `when` (by default a minute after the workspace's own time: the change
    shows in the modification time too, and the file is long settled)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (when, when))


@pytest.fixture
def app(root):
    age(root)
    return create_app(root, token=TOKEN)


@pytest.fixture
def cached(app):
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def resolutions(app) -> int:
    return app.state.workspaces.resolved


def workspace_name(client) -> str:
    response = client.get("/memory/status")
    assert response.status_code == 200, response.text
    return response.json()["workspace"]["name"]


def renamed(root: Path, name: str) -> str:
    text = (root / "workspace.yaml").read_text(encoding="utf-8")
    changed = re.sub(r"(?m)^  name: .*$", f"  name: {name}", text, count=1)
    assert changed != text
    return changed


def test_requests_over_an_unchanged_workspace_resolve_it_once(app, cached):
    for path in (
        "/memory/status",
        "/memory/entries",
        "/portal/memory",
        "/portal/timeline",
        "/memory/entries?q=deploy",
    ):
        assert cached.get(path).status_code == 200, path
    assert resolutions(app) == 1


def test_a_write_to_memory_does_not_resolve_the_workspace_again(app, cached):
    cached.get("/memory/status")
    response = cached.post(
        "/memory/entries", json={"text": "I live in Lisbon"}, headers={"X-Swarmkit-Token": TOKEN}
    )
    assert response.status_code == 200, response.text
    cached.get("/memory/entries")
    assert resolutions(app) == 1


def test_a_changed_file_shows_on_the_next_request(app, cached, root):
    assert workspace_name(cached) != "Renamed"
    write(root / "workspace.yaml", renamed(root, "Renamed"))
    assert workspace_name(cached) == "Renamed"
    assert workspace_name(cached) == "Renamed"
    assert resolutions(app) == 2


def test_a_change_of_the_same_size_and_time_shows_through_the_inode(app, cached, root):
    """An editor that saves by writing a new file and renaming it over the old one."""
    path = root / "workspace.yaml"
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    name = workspace_name(cached)
    changed = text.replace(f"\n  name: {name}\n", f"\n  name: {name[::-1]}\n", 1)
    assert len(changed) == len(text) and changed != text
    (root / "saved.tmp").write_text(changed, encoding="utf-8")
    os.utime(root / "saved.tmp", ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(root / "saved.tmp", path)
    assert workspace_name(cached) == name[::-1]


def test_a_new_file_and_its_removal_show(app, cached, root):
    assert cached.get("/memory/status").status_code == 200
    broken = root / "skills" / "broken.yaml"
    write(broken, "apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {id: broken}\ncategory: [\n")
    response = cached.get("/memory/status")
    assert (response.status_code, response.json()["error"]["code"]) == (409, "workspace_invalid")
    assert "skills/broken.yaml" in response.json()["error"]["message"]
    page = cached.get("/portal/memory")
    assert page.status_code == 409 and "skills/broken.yaml" in page.text
    broken.unlink()
    assert cached.get("/memory/status").status_code == 200
    assert resolutions(app) == 3


def test_a_file_the_resolution_looked_for_shows_when_it_appears(app, cached, root):
    """A topology's output_schema names a file outside the workspace's YAML folders: created after
    the resolution that missed it, it is read on the next request."""
    assert cached.get("/memory/status").status_code == 200
    topology = root / "topologies" / "main.yaml"
    text = topology.read_text(encoding="utf-8")
    assert "    role: root\n" in text
    write(
        topology,
        text.replace("    role: root\n", "    role: root\n    output_schema: schemas/answer.json\n", 1),
    )
    response = cached.get("/memory/status")
    assert response.status_code == 409
    assert "schemas/answer.json" in response.json()["error"]["message"]
    assert cached.get("/memory/status").status_code == 409
    assert resolutions(app) == 1 + 1  # the missing file's resolution is kept while nothing changes
    write(root / "topologies" / "schemas" / "answer.json", '{"type": "object"}')
    assert cached.get("/memory/status").status_code == 200, "the schema file now exists"
    write(root / "topologies" / "schemas" / "answer.json", '{"type": 3}')
    assert cached.get("/memory/status").status_code == 409, "the schema file changed and is no schema"
    assert resolutions(app) == 4


def test_a_file_written_this_moment_is_resolved_again_until_it_settles(app, cached, root):
    """A file modified within SETTLED of the resolution could change again unseen within one tick of
    its modification time: its resolution serves the request that made it and is not kept."""
    # dated a minute ahead: as new as a file just saved for every request below, however slowly
    # this machine runs them (the test counts resolutions; it never depends on how long they take)
    write(root / "workspace.yaml", renamed(root, "Fresh"), when=time.time() + 60)
    assert workspace_name(cached) == "Fresh"
    assert workspace_name(cached) == "Fresh"
    assert resolutions(app) == 2
    settled = time.time() - 2 * SETTLED_NS / 1e9
    os.utime(root / "workspace.yaml", (settled, settled))
    assert workspace_name(cached) == "Fresh"
    assert workspace_name(cached) == "Fresh"
    assert resolutions(app) == 3


def test_an_editors_own_files_do_not_resolve_it_again(app, cached, root):
    assert cached.get("/memory/status").status_code == 200
    write(root / "skills" / ".summarize.yaml.swp", "swap")
    write(root / "skills" / "summarize.yaml~", "backup")
    write(root / "skills" / "notes.txt", "not an artifact")
    assert cached.get("/memory/status").status_code == 200
    assert resolutions(app) == 1


def test_a_linked_skill_shows_when_its_link_is_pointed_elsewhere(app, cached, root):
    """A file reached through a link is watched through it: a link turned to another file changes
    what is read, though no file of the workspace changed."""
    shared = root / "shared"
    skill = (root / "skills" / "summarize.yaml").read_text(encoding="utf-8")
    write(shared / "one.yaml", skill)
    write(shared / "two.yaml", skill.replace("summarize", "condense"))
    (root / "skills" / "summarize.yaml").unlink()
    (root / "skills" / "summarize.yaml").symlink_to(shared / "one.yaml")
    assert cached.get("/memory/status").status_code == 200
    link = root / "skills" / "summarize.yaml"
    link.unlink()
    link.symlink_to(shared / "two.yaml")
    response = cached.get(
        "/memory/status"
    )  # the skill is condense now: summarize, which a topology names, is gone
    assert response.status_code == 409, response.text
    assert resolutions(app) == 2

"""Two views whose ids differ only in punctuation or case see nothing of each other's, over the API and
the portal (memory, search, status, runs); an import from a person's view is held for them and never
reads another memory folder's personal files."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swarmkit.runtime.records import save_run
from swarmkit.server.app import create_app
from tests.server.seed import TOKEN, record
from tests.support.memory_files import another_memory_folder
from tests.support.server import BASE, post

PEOPLE = ("ana.smith", "Ana.Smith", "ana_smith")  # one file and one set of runs under the old mapping


def served_as(root, user):
    return TestClient(create_app(root, token=TOKEN, user=user), base_url=BASE)


@pytest.fixture
def facts(root):
    """Each person's private fact (written through their own view) and a run of theirs."""
    out = {}
    for n, user in enumerate(PEOPLE):
        fact = f"Locker code word is mango{n}"
        with served_as(root, user) as view:
            written = post(view, "/memory/entries", {"text": fact, "kind": "identity"})
            assert written.status_code == 200 and written.json()["status"] == "written", written.text
        run_id = f"r-0000aa0{n}"
        save_run(root, record(run_id, f"2026-12-01T10:0{n}:00Z", user=user, input=f"What is {user}'s code?"))
        out[user] = (fact, run_id, written.json()["ref"].split("#")[0])
    return out


def test_each_view_sees_only_its_own_file_search_and_runs(root, facts):
    assert len({file for _, _, file in facts.values()}) == len(PEOPLE)
    for user, (fact, run_id, file) in facts.items():
        others = [v for u, v in facts.items() if u != user]
        with served_as(root, user) as view:
            status = view.get("/memory/status").json()
            assert status["user"] == user and status["user_file"] == file
            assert [f for f in status["counts"]["files"] if f.startswith("users/")] == [file]
            listed = {e["text"] for e in view.get("/memory/entries").json()["entries"]}
            assert fact in listed and not {f for f, _, _ in others} & listed
            for scope in ("user", "all", "both"):
                found = view.get("/memory/entries", params={"q": "locker code word", "scope": scope}).json()
                assert [e["text"] for e in found["entries"]] == [fact], (user, scope)
            runs = view.get("/runs").json()
            assert [r["id"] for r in runs["runs"]] == [run_id]
            page = view.get("/portal/memory").text
            assert fact in page and not any(f in page for f, _, _ in others)
            runs_page = view.get("/portal/runs").text
            assert run_id in runs_page and not any(r in runs_page for _, r, _ in others)
            for _, other_run, other_file in others:
                assert view.get(f"/runs/{other_run}").status_code == 404
                assert view.get(f"/portal/runs/{other_run}").status_code == 404
                denied = view.get("/memory/entries", params={"file": other_file})
                assert denied.status_code == 403 and denied.json()["error"]["code"] == "not_yours"


@pytest.fixture
def other_memory(tmp_path) -> Path:
    return another_memory_folder(tmp_path / "other")


def test_an_import_from_a_persons_view_is_held_for_them(root, other_memory):
    with served_as(root, "bob") as bob:
        result = post(bob, "/memory/import", {"path": str(other_memory)})
        assert result.status_code == 200, result.text
        assert (result.json()["imported"], result.json()["skipped_files"]) == (
            1,
            [
                {"path": "me.md", "reason": "a personal file of another memory folder"},
                {"path": "users/carol.md", "reason": "a personal file of another memory folder"},
            ],
        )
        held = bob.get("/memory/inbox").json()["entries"]
        assert [(e["text"], e["metadata"]["for"]) for e in held if "for" in e["metadata"]] == [
            ("Release trains leave on Tuesdays", "users/bob.md")  # held for bob; the rest is the seed's
        ]
    inbox = (root / ".swarmkit" / "memory" / "inbox.md").read_text()
    assert "PIN" not in inbox and "Weiss" not in inbox
    for user in (None, "Bob", "bob."):
        with served_as(root, user) as view:
            texts = {e["text"] for e in view.get("/memory/inbox").json()["entries"]}
            assert "Release trains leave on Tuesdays" not in texts, user
            page = view.get("/portal/memory").text
            assert "Release trains leave on Tuesdays" not in page, user

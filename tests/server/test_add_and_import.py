"""POST /memory/entries and POST /memory/import (token-guarded writes), one person's view per server,
and the page's Add form and import control."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.store import MemoryStore
from swarmkit.server.app import create_app
from tests.server.conftest import BASE, post
from tests.server.gitlog import commit_count, commits
from tests.server.seed import TOKEN
from tests.server.test_openapi import response_schema, validate


def folder_of(root):
    return root / ".swarmkit" / "memory"


@pytest.fixture
def spec(client):
    return client.get("/openapi.json").json()


def test_adding_an_entry_is_one_commit_and_says_what_it_wrote(client, root, spec):
    before = commit_count(folder_of(root))
    body = {"text": "I live in Munich"}
    validate(
        spec,
        spec["paths"]["/memory/entries"]["post"]["requestBody"]["content"]["application/json"]["schema"],
        body,
    )
    response = post(client, "/memory/entries", body)
    assert response.status_code == 200, response.text
    result = response.json()
    validate(spec, response_schema(spec, "/memory/entries", "post", 200), result)
    assert result | {"commit": None} == {
        "status": "written",
        "ref": f"me.md#{text_digest('I live in Munich')}",
        "stable_ref": f"me.md#{text_digest('I live in Munich')}",
        "text": "I live in Munich",
        "old": None,
        "reason": None,
        "commit": None,
        "warnings": [],
    }
    assert (
        commit_count(folder_of(root)) == before + 1
        and commits(folder_of(root))[0] == "Remember: I live in Munich"
    )
    again = post(client, "/memory/entries", {"text": "I'm based in Berlin", "to": "me"}).json()
    assert (again["status"], again["old"]) == ("replaced", "I live in Munich")
    lesson = post(client, "/memory/entries", {"text": "Releases ship on Tuesdays", "kind": "rule"}).json()
    assert lesson["ref"] == f"lessons.md#{text_digest('Releases ship on Tuesdays')}"
    listed = client.get("/memory/entries", params={"file": "me.md"}).json()["entries"]
    assert [e["stable_ref"] for e in listed][-1] == again["stable_ref"]


@pytest.mark.parametrize(
    "body, status, code, message",
    [
        ({"text": "   "}, 400, "invalid_entry", "the text is empty; nothing was written"),
        (
            {"text": "ghp_" + "a1B2c3D4e5" * 4},
            400,
            "invalid_entry",
            "the text is nothing but a secret, and memory never keeps secrets; nothing was written",
        ),
        (
            {"text": "x" * 501},
            400,
            "invalid_entry",
            "the text is 501 characters, and an entry holds at most 500; nothing was written",
        ),
        ({"text": "Fine text", "kind": "mood"}, 400, "invalid_entry", "unknown memory kind 'mood'"),
        (
            {"text": "Fine text", "to": "inbox"},
            400,
            "invalid_entry",
            "entries you add are yours, not for review: the inbox holds entries that wait for you",
        ),
        (
            {"text": "Fine text", "to": "users/bob.md"},
            403,
            "not_yours",
            "users/bob.md is bob's personal file, and this view is the owner's; nothing was shown or changed",
        ),
        ({}, 400, "invalid_request", "the field 'text' is required"),
        ({"text": 3}, 400, "invalid_request", "the field 'text' must be a string"),
    ],
)
def test_bad_entries_are_refused_and_nothing_is_written(client, root, spec, body, status, code, message):
    before = commit_count(folder_of(root)), (folder_of(root) / "me.md").read_bytes()
    response = post(client, "/memory/entries", body)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code and response.json()["error"]["message"] == message
    validate(spec, response_schema(spec, "/memory/entries", "post", status), response.json())
    assert (commit_count(folder_of(root)), (folder_of(root) / "me.md").read_bytes()) == before


@pytest.mark.parametrize(
    "path, body", [("/memory/entries", {"text": "I live in Munich"}), ("/memory/import", {"path": "/tmp"})]
)
def test_both_writes_need_the_token_and_the_same_origin(client, root, path, body):
    before = commit_count(folder_of(root))
    assert post(client, path, body, token=None).json()["error"]["code"] == "token_required"
    assert post(client, path, body, Origin="https://evil.example").json()["error"]["code"] == "cross_origin"
    assert commit_count(folder_of(root)) == before


def test_importing_a_folder_into_the_inbox(client, root, spec, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("- Pager rotates weekly\n- Our release train leaves every Tuesday\n")
    response = post(client, "/memory/import", {"path": str(notes)})
    assert response.status_code == 200, response.text
    result = response.json()
    validate(spec, response_schema(spec, "/memory/import", "post", 200), result)
    assert (result["imported"], result["duplicates"], result["skipped"]) == (1, 1, 0)
    assert "Pager rotates weekly" in (folder_of(root) / "inbox.md").read_text()
    for bad, message in (
        (str(tmp_path / "nope"), "does not exist"),
        ("notes", "import needs an absolute path"),
        (str(folder_of(root)), "memory folder"),
    ):
        refused = post(client, "/memory/import", {"path": bad})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_import", bad
        assert message in refused.json()["error"]["message"], refused.json()
        validate(spec, response_schema(spec, "/memory/import", "post", 400), refused.json())


@pytest.fixture
def people(root):
    """ana's and bob's facts in the seeded workspace, next to the owner's me.md."""
    folder = folder_of(root)
    MemoryStore(folder, "demo", user="ana").remember("Lives in Porto", "identity", subject="user.location")
    MemoryStore(folder, "demo", user="bob").remember("Lives in Braga", "identity", subject="user.location")
    return folder


def served_as(root, user):
    return TestClient(create_app(root, token=TOKEN, user=user), base_url=BASE)


def test_a_person_sees_their_own_file_and_never_anyone_elses(root, people):
    with served_as(root, "ana") as ana:
        status = ana.get("/memory/status").json()
        assert status["user"] == "ana" and status["user_file"] == "users/ana.md"
        assert "users/ana.md" in status["counts"]["files"] and status["counts"]["others"] == 2
        assert "me.md" not in status["counts"]["files"] and "users/bob.md" not in status["counts"]["files"]
        files = {e["file"] for e in ana.get("/memory/entries").json()["entries"]}
        assert "users/ana.md" in files and not files & {"me.md", "users/bob.md"}
        for scope in ("all", "both", "user"):
            hits = ana.get("/memory/entries", params={"q": "lives", "scope": scope, "threshold": "0"}).json()
            assert {h["text"] for h in hits["entries"]} == {"Lives in Porto"}, scope
        denied = ana.get("/memory/entries", params={"file": "users/bob.md"})
        assert denied.status_code == 403 and denied.json()["error"] == {
            "code": "not_yours",
            "message": "users/bob.md is bob's personal file, and this view is ana's; nothing was shown or changed",
            "hint": "a person's facts are only shown to them: serve their view with swarmkit serve --user NAME",
        }
        page = ana.get("/portal/memory").text
        assert (
            "Lives in Porto" in page
            and "Lives in Braga" not in page
            and "Prefers concise answers" not in page
        )
        assert "Viewing ana&#x27;s memory (users/ana.md); 2 other people&#x27;s files not shown" in page
    with served_as(root, None) as owner:
        page = owner.get("/portal/memory").text
        assert (
            "Prefers concise answers" in page
            and "Lives in Porto" not in page
            and "Lives in Braga" not in page
        )


def test_the_page_has_the_add_form_and_the_import_control(client):
    page = client.get("/portal/memory").text
    assert (
        '<form method="post" action="/memory/entries" class="inline" id="add-form" data-post="/memory/entries">'
        in page
    )
    assert '<input type="text" name="text" required maxlength="500" aria-label="Fact to remember"' in page
    assert "<h3>Import notes from a folder…</h3>" in page
    assert (
        '<form method="post" action="/memory/import" class="inline" id="import-form" data-post="/memory/import">'
        in page
    )

"""PUT, DELETE and GET .../history of one entry by its ref (`memory edit`, `forget`, `history` over
HTTP), against a real `swarmkit serve` on loopback: token-guarded, one commit each, errors in the
server's family."""

from __future__ import annotations

from urllib.parse import quote

import httpx
import pytest

from swarmkit.memory.folder.entries import text_digest
from tests.server.launch import serving
from tests.server.seed import TOKEN
from tests.support.git import commit_count


def folder_of(root):
    return root / ".swarmkit" / "memory"


def entry_url(served, ref: str, tail: str = "") -> str:
    return served.url + "memory/entries/" + quote(ref, safe="") + tail


@pytest.fixture
def served(root):
    with serving(root) as server:
        yield server


def put(served, ref: str, body, token: str | None = "served", **kwargs) -> httpx.Response:
    headers = {} if token is None else {"X-Swarmkit-Token": served.token if token == "served" else token}
    return httpx.put(entry_url(served, ref), json=body, headers=headers, timeout=30, **kwargs)


def delete(served, ref: str, token: str | None = "served", **params) -> httpx.Response:
    headers = {} if token is None else {"X-Swarmkit-Token": served.token if token == "served" else token}
    return httpx.delete(entry_url(served, ref), params=params, headers=headers, timeout=30)


def test_an_edit_replaces_the_text_in_one_commit_and_the_entry_becomes_the_persons(served, root, refs):
    folder = folder_of(root)
    before = commit_count(folder)
    response = put(served, refs["lesson"], {"text": "Deploys go through staging, then canary"})
    assert response.status_code == 200, response.text
    new_ref = f"lessons.md#{text_digest('Deploys go through staging, then canary')}"
    assert response.json() | {"commit": None} == {
        "status": "edited",
        "ref": new_ref,
        "reason": None,
        "commit": None,
        "text": "Deploys go through staging, then canary",
        "old": "Deploys go through staging first",
        "stable_ref": new_ref,
        "warnings": [],
    }
    assert commit_count(folder) == before + 1
    listed = httpx.get(served.url + "memory/entries", params={"file": "lessons.md"}, timeout=10).json()
    (entry,) = [e for e in listed["entries"] if e["ref"] == new_ref]
    assert (entry["by"], entry["text"]) == ("user", "Deploys go through staging, then canary")
    assert refs["lesson"] not in {e["ref"] for e in listed["entries"]}


def test_forget_removes_the_entry_in_one_commit(served, root, refs):
    folder = folder_of(root)
    ref = refs["fact"]
    listed = httpx.get(served.url + "memory/entries", timeout=10).json()["entries"]
    digest = next(e["digest"] for e in listed if e["ref"] == ref)
    before = commit_count(folder)
    response = delete(served, ref, expect=digest)
    assert response.status_code == 200, response.text
    assert response.json() | {"commit": None} == {
        "status": "forgotten",
        "ref": ref,
        "reason": None,
        "commit": None,
        "text": "Deploy target is eu-west-1",
        "old": None,
        "stable_ref": ref,
        "warnings": [],
    }
    assert commit_count(folder) == before + 1
    assert "Deploy target is eu-west-1" not in (folder / "workspaces" / "demo.md").read_text()
    again = delete(served, ref)  # it went: the ref names nothing now
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"


def test_history_of_an_edited_entry_names_each_change_newest_first(served, refs):
    edited = put(served, refs["lesson"], {"text": "Deploys go through staging, then canary"}).json()
    history = httpx.get(entry_url(served, edited["ref"], "/history"), timeout=10)
    assert history.status_code == 200, history.text
    data = history.json()
    assert data["entry"] == edited["ref"]
    assert [(c["change"], c["old"], c["text"]) for c in data["changes"]] == [
        ("changed", "Deploys go through staging first", "Deploys go through staging, then canary"),
        ("added", None, "Deploys go through staging first"),
    ]
    assert data["changes"][0]["commit"] == edited["commit"]
    missing = httpx.get(entry_url(served, "lessons.md", "/history"), timeout=10)
    assert (missing.status_code, missing.json()["error"]["code"]) == (400, "invalid_ref")


def test_writes_need_the_token_and_change_nothing_without_it(served, root, refs):
    folder = folder_of(root)
    before = commit_count(folder)
    lessons = (folder / "lessons.md").read_text()
    for response in (
        put(served, refs["lesson"], {"text": "Changed"}, token=None),
        delete(served, refs["lesson"], token=None),
        put(served, refs["lesson"], {"text": "Changed"}, token="wrong-token"),
        delete(served, refs["lesson"], token="wrong-token"),
    ):
        assert response.status_code == 403
        assert response.json()["error"]["code"] in ("token_required", "token_invalid")
    assert commit_count(folder) == before and (folder / "lessons.md").read_text() == lessons


def test_refused_edits_and_forgets_say_why_in_the_servers_error_family(served, root, refs):
    folder = folder_of(root)
    before = commit_count(folder)
    cases = [
        (
            put(served, "not a ref", {"text": "x"}),
            400,
            {
                "code": "invalid_ref",
                "message": "'not a ref' is not an entry ref",
                "hint": "refs look like me.md#3f9a1c2b (or a line, me.md#L3), with # sent as %23; "
                "GET /memory/entries lists them",
            },
        ),
        (
            put(served, refs["lesson"], {"words": "x"}),
            400,
            {"code": "invalid_request", "message": "unknown field 'words'", "hint": "fields: text"},
        ),
        (
            put(served, refs["lesson"], {"text": "My password is hunter2hunter2"}),
            400,
            {
                "code": "invalid_entry",
                "message": "the text is nothing but a secret, and memory never keeps secrets; nothing was changed",
                "hint": "write down where the secret is kept (a vault, an environment variable), not the secret",
            },
        ),
        (
            delete(served, "lessons.md#00000000"),
            409,
            {
                "code": "conflict",
                "message": "lessons.md#00000000: no entry in lessons.md has this text any more: it changed or "
                "went since it was listed; nothing was changed",
                "hint": "`swarmkit memory list` shows every entry with its current ref",
            },
        ),
        (
            delete(served, refs["lesson"], expect="12345678"),
            409,
            {
                "code": "conflict",
                "message": f"{refs['lesson']} changed since it was listed; nothing was changed",
                "hint": "list the entries again and retry with the ref shown now",
            },
        ),
        (
            delete(served, refs["lesson"], expected="x"),
            400,
            {
                "code": "invalid_request",
                "message": "unknown query parameter 'expected'",
                "hint": "this endpoint takes: expect",
            },
        ),
    ]
    for response, status, error in cases:
        assert (response.status_code, response.json()) == (status, {"error": error}), response.text
    assert commit_count(folder) == before


def test_a_put_with_a_body_that_is_not_json_is_refused(served, refs):
    response = httpx.put(
        entry_url(served, refs["lesson"]),
        content=b"text=x",
        headers={"X-Swarmkit-Token": served.token, "Content-Type": "application/x-www-form-urlencoded"},
        timeout=10,
    )
    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"


def test_another_persons_entry_is_not_theirs_to_edit_forget_or_read_the_history_of(root, refs):
    with serving(root, "--user", "ana") as served:
        response = put(served, refs["me"], {"text": "Prefers long answers"})
        assert response.status_code == 403, response.text
        assert response.json()["error"]["code"] == "not_yours"
        history = httpx.get(entry_url(served, refs["me"], "/history"), timeout=10)
        assert (history.status_code, history.json()["error"]["code"]) == (403, "not_yours")
        gone = delete(served, refs["me"])
        assert (gone.status_code, gone.json()["error"]["code"]) == (403, "not_yours")


def test_an_edit_over_the_models_max_length_is_refused_by_the_model_and_changes_nothing(client, root, refs):
    """EntryEdit declares text max_length=500 (in the OpenAPI document too); the route enforces it
    before the store is called, in the store's own words, on the text as sent."""
    schema = client.get("/openapi.json").json()["components"]["schemas"]["EntryEdit"]
    assert schema["properties"]["text"]["maxLength"] == 500
    folder = folder_of(root)
    before = commit_count(folder)
    url = "/memory/entries/" + quote(refs["lesson"], safe="")
    headers = {"X-Swarmkit-Token": TOKEN}
    too_long = {
        "error": {
            "code": "invalid_entry",
            "message": "the text is 501 characters, and an entry holds at most 500; nothing was changed",
            "hint": "shorten it, or split it into several entries",
        }
    }
    response = client.put(url, json={"text": "x" * 501}, headers=headers)
    assert (response.status_code, response.json()) == (400, too_long)
    # 501 characters as sent, though the store would keep them as one line of 251: the model's limit
    # is the text of the request, as the document says
    response = client.put(url, json={"text": "x" * 250 + " " * 250 + "y"}, headers=headers)
    assert (response.status_code, response.json()) == (400, too_long)
    response = client.put(url, json={"text": 5}, headers=headers)
    assert (response.status_code, response.json()["error"]["message"]) == (
        400,
        "the field 'text' must be a string",
    )
    assert commit_count(folder) == before
    listed = client.get("/memory/entries", params={"file": "lessons.md"}).json()["entries"]
    assert refs["lesson"] in [entry["ref"] for entry in listed]

    text = "Deploys go through staging, then canary. " + "z" * (500 - 41)
    assert len(text) == 500
    response = client.put(url, json={"text": text}, headers=headers)
    assert response.status_code == 200, response.text
    assert response.json()["text"] == text
    assert commit_count(folder) == before + 1

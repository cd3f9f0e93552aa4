"""The inbox: listing with digests, and keep / pin / delete, each one commit, guarded by the digest."""

from __future__ import annotations

import pytest

from swarmkit.memory.folder.entries import text_digest
from tests.server.conftest import post
from tests.server.gitlog import commit_count, commits, files_in_last_commit


def folder_of(root):
    return root / ".swarmkit" / "memory"


def inbox(client) -> list[dict]:
    response = client.get("/memory/inbox")
    assert response.status_code == 200
    return response.json()["entries"]


def test_the_inbox_lists_unreviewed_entries_with_digests(client, refs):
    entries = inbox(client)
    assert [e["ref"] for e in entries] == [refs["inbox"], refs["hostile"]]
    assert entries[0]["text"] == "Our release train leaves every Tuesday"
    assert entries[0]["metadata"]["import"] == "folder:notes"
    assert all(len(e["digest"]) == 8 for e in entries)


def test_keep_moves_the_entry_to_me_md_as_the_users_in_one_commit(client, root):
    folder = folder_of(root)
    before = commit_count(folder)
    entry = inbox(client)[0]
    response = post(
        client, "/memory/inbox/keep", {"ref": entry["ref"], "expect": entry["digest"], "to": "me"}
    )
    assert response.status_code == 200, response.text
    result = response.json()
    kept = f"me.md#{text_digest('Our release train leaves every Tuesday')}"
    assert result["status"] == "kept" and result["ref"] == kept and len(result["commit"]) == 40
    me = (folder / "me.md").read_text().splitlines()
    assert me[3].startswith("- Our release train leaves every Tuesday [by: user;")
    assert "Our release train" not in (folder / "inbox.md").read_text()
    assert commit_count(folder) == before + 1
    assert files_in_last_commit(folder) == ["inbox.md", "me.md"]
    listed = next(
        e
        for e in client.get("/memory/entries", params={"file": "me.md"}).json()["entries"]
        if e["ref"] == kept
    )
    assert listed["by"] == "user" and listed["line"] == 4


def test_keep_defaults_to_me_and_can_go_to_lessons_or_the_workspace_file(client, root):
    first, second = inbox(client)
    assert (
        post(client, "/memory/inbox/keep", {"ref": first["ref"], "expect": first["digest"]})
        .json()["ref"]
        .startswith("me.md#")
    )
    second = inbox(client)[0]  # lines moved up: list again, as the page does after each action
    result = post(
        client, "/memory/inbox/keep", {"ref": second["ref"], "expect": second["digest"], "to": "workspace"}
    )
    assert result.json()["ref"].startswith("workspaces/demo.md#")
    assert inbox(client) == []


def test_pin_moves_the_entry_above_the_index_in_memory_md(client, root):
    entry = inbox(client)[0]
    response = post(client, "/memory/inbox/pin", {"ref": entry["ref"], "expect": entry["digest"]})
    assert response.status_code == 200
    assert response.json()["status"] == "pinned"
    memory = (folder_of(root) / "MEMORY.md").read_text().splitlines()
    pinned = next(i for i, line in enumerate(memory) if "Our release train" in line)
    assert pinned < memory.index("## Index")
    assert "by: user" in memory[pinned]


def test_delete_removes_the_entry_in_one_commit(client, root):
    folder = folder_of(root)
    entry = inbox(client)[0]
    response = post(client, "/memory/inbox/delete", {"ref": entry["ref"], "expect": entry["digest"]})
    assert response.json()["status"] == "deleted"
    assert "Our release train" not in (folder / "inbox.md").read_text()
    assert commits(folder)[0].startswith("Delete from inbox: Our release train")


def test_an_entry_changed_since_it_was_listed_is_not_touched(client, root):
    folder = folder_of(root)
    entry = inbox(client)[0]
    path = folder / "inbox.md"
    path.write_text(path.read_text().replace("every Tuesday", "every Wednesday"))
    before = (path.read_bytes(), (folder / "me.md").read_bytes())
    response = post(client, "/memory/inbox/keep", {"ref": entry["ref"], "expect": entry["digest"]})
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "conflict"
    assert error["message"] == (  # its text changed: its ref (the digest of its text) names nothing now
        f"{entry['ref']}: no entry in inbox.md has this text any more: it changed or went since it was "
        "listed; nothing was changed"
    )
    # named by its line, the `expect` digest (of the whole line) refuses it
    line_ref = f"inbox.md#L{entry['line']}"
    response = post(client, "/memory/inbox/keep", {"ref": line_ref, "expect": entry["digest"]})
    assert response.status_code == 409
    assert (
        response.json()["error"]["message"] == f"{line_ref} changed since it was listed; nothing was changed"
    )
    assert (path.read_bytes(), (folder / "me.md").read_bytes()) == before


@pytest.mark.parametrize("action", ["keep", "pin", "delete"])
def test_a_ref_outside_the_inbox_is_refused(client, refs, action):
    response = post(client, f"/memory/inbox/{action}", {"ref": refs["me"], "expect": "00000000"})
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "invalid_ref",
        "message": f"'{refs['me']}' is not an inbox ref",
        "hint": "inbox refs look like inbox.md#3f9a1c2b (or a line, inbox.md#L5); GET /memory/inbox lists them",
    }


@pytest.mark.parametrize(
    "body, message",
    [
        ({"ref": "inbox.md#L4"}, "the field 'expect' is required"),
        ({"expect": "x"}, "the field 'ref' is required"),
        ({"ref": "inbox.md#L4", "expect": "x", "to": "elsewhere"}, "cannot keep an entry in 'elsewhere'"),
        ({"ref": "inbox.md#L4", "expect": "x", "force": "yes"}, "unknown field 'force'"),
        ({"ref": 4, "expect": "x"}, "the field 'ref' must be a string"),
        (["inbox.md#L4"], "the body must be a JSON object"),
    ],
)
def test_a_bad_body_is_400_and_writes_nothing(client, root, body, message):
    before = commit_count(folder_of(root))
    response = post(client, "/memory/inbox/keep", body)
    assert response.status_code == 400
    assert response.json()["error"]["message"] == message
    assert commit_count(folder_of(root)) == before


def test_a_body_that_is_not_json(client):
    from tests.server.seed import TOKEN

    headers = {"X-Swarmkit-Token": TOKEN}
    response = client.post(
        "/memory/inbox/keep",
        content=b"ref=inbox.md#L4",
        headers=headers | {"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"
    json_headers = headers | {"Content-Type": "application/json"}
    response = client.post("/memory/inbox/keep", content=b"{nope", headers=json_headers)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_json"
    response = client.post(
        "/memory/inbox/keep",
        content=b" " * (64 * 1024 + 1),
        headers=headers | {"Content-Type": "application/json"},
    )
    assert response.status_code == 413


def test_an_action_while_git_is_busy_is_a_409_that_says_why(client, root):
    """Issue 9: HEAD on no branch (a commit there is lost at the next checkout) refuses every write."""
    import subprocess

    from swarmkit.memory.folder.gitops import clean_env

    folder = folder_of(root)
    subprocess.run(["git", "checkout", "-q", "--detach"], cwd=folder, env=clean_env(), check=True)
    before, inbox_text = commit_count(folder), (folder / "inbox.md").read_text()
    entry = inbox(client)[0]
    response = post(client, "/memory/inbox/keep", {"ref": entry["ref"], "expect": entry["digest"]})
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "conflict" and "cannot be written: HEAD is not on a branch" in error["message"]
    assert error["hint"].startswith("in that folder, check out the branch first")
    assert commit_count(folder) == before and (folder / "inbox.md").read_text() == inbox_text
    assert client.get("/memory/status").json()["git"]["state"].startswith("HEAD is not on a branch")

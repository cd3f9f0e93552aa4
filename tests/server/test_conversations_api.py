"""The conversations API (GET /conversations[/{id}], POST /conversations) and the runs list's
filters, paging and delete: the view's own only, writes token-guarded."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from swarmkit.server.app import create_app
from tests.server.seed import OLD_RUN_ID, RUN_ID, TOKEN
from tests.support.server import BASE, post


def test_a_turn_said_through_the_api_is_a_conversation_and_a_run(client):
    said = post(client, "/conversations", {"text": "I live in Oslo."})
    assert said.status_code == 200, said.text
    data = said.json()
    conversation = data["conversation"]
    assert (data["status"], conversation["turns"], conversation["title"]) == ("ok", 1, "I live in Oslo.")
    assert data["output"].startswith("lead: Thank you for telling me. I will remember that: lives in Oslo.")
    assert [w["text"] for w in data["turn"]["wrote"]] == ["Lives in Oslo"]
    again = post(client, "/conversations", {"text": "Where do I live?", "conversation": conversation["id"]})
    turn = again.json()["turn"]
    assert "Lives in Oslo" in again.json()["output"]
    assert "Lives in Oslo" in [hit["text"] for hit in turn["recalled"]]
    listed = client.get("/conversations").json()
    assert listed["total"] == 1 and listed["conversations"][0]["turns"] == 2
    shown = client.get(f"/conversations/{conversation['id']}").json()
    assert [t["input"] for t in shown["turns"]] == ["I live in Oslo.", "Where do I live?"]
    run = client.get(f"/runs/{turn['run']}").json()
    assert run["conversation"] == {"id": conversation["id"], "turn": 2, "history_turns": 1, "cut_turns": 0}


def test_saying_needs_the_token_and_a_body(client):
    refused = post(client, "/conversations", {"text": "I live in Oslo."}, token=None)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "token_required"
    assert client.get("/conversations").json()["total"] == 0
    empty = post(client, "/conversations", {"text": "  "})
    assert empty.status_code == 400 and empty.json()["error"]["message"] == "text is empty"
    unknown = post(client, "/conversations", {"text": "hi", "conversation": "c-00000000"})
    assert unknown.status_code == 404
    assert (
        unknown.json()["error"]["message"] == "no conversation c-00000000 among the owner's in this workspace"
    )
    command = post(client, "/conversations", {"text": "/memory"})
    assert command.status_code == 400
    assert (
        command.json()["error"]["message"]
        == "/memory is a command of `swarmkit chat` on a terminal, not a message"
    )
    bad = post(client, "/conversations", {"text": "hi", "conversation": "nope"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_conversation_id"


def test_a_persons_view_sees_only_its_own_conversations(root, client):
    mine = post(client, "/conversations", {"text": "I live in Oslo."}).json()["conversation"]["id"]
    with TestClient(create_app(root, token=TOKEN, user="bob"), base_url=BASE) as bob:
        assert bob.get("/conversations").json() == {"total": 0, "conversations": [], "warnings": []}
        assert bob.get(f"/conversations/{mine}").status_code == 404
        # bob cannot go on with the owner's conversation either
        assert (
            post(bob, "/conversations", {"text": "Where do I live?", "conversation": mine}).status_code == 404
        )
        said = post(bob, "/conversations", {"text": "Where do I live?"}).json()
        assert said["turn"]["recalled"] == []  # the owner's me.md is never bob's
        assert said["conversation"]["user"] == "bob"
    assert client.get("/conversations").json()["total"] == 1


@pytest.mark.parametrize(
    "params, ids",
    [
        ({}, [RUN_ID, OLD_RUN_ID]),
        ({"status": "ok"}, [RUN_ID]),
        ({"status": "failed"}, [OLD_RUN_ID]),
        ({"q": "deploy"}, [RUN_ID]),
        ({"q": "deplo"}, []),  # whole words, not parts of them
        ({"q": "WHERE deploy"}, [RUN_ID]),
        ({"q": "staging first"}, [RUN_ID, OLD_RUN_ID]),
        ({"since": "2026-11-30"}, [RUN_ID]),
        ({"until": "2026-11-29"}, [OLD_RUN_ID]),
        ({"limit": 1, "offset": 1}, [OLD_RUN_ID]),
    ],
)
def test_runs_are_searched_filtered_and_paged(client, params, ids):
    data = client.get("/runs", params=params).json()
    assert [r["id"] for r in data["runs"]] == ids
    assert data["total"] == (2 if set(params) <= {"limit", "offset"} else len(ids))  # total: all that match


def test_bad_run_filters_are_refused(client):
    bad = client.get("/runs", params={"status": "great"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"] == "status 'great' is not one of: ok, failed, rejected, interrupted"
    assert client.get("/runs", params={"since": "yesterday"}).json()["error"]["message"] == (
        "since 'yesterday' is not a date"
    )


def test_a_run_is_deleted_with_the_token_only(root, client, refs):
    refused = client.delete(f"/runs/{RUN_ID}")
    assert refused.status_code == 403
    deleted = client.delete(f"/runs/{RUN_ID}", headers={"X-Swarmkit-Token": TOKEN})
    assert deleted.status_code == 200, deleted.text
    assert deleted.json() == {"status": "deleted", "id": RUN_ID, "swarm": f"swarms/{refs['swarm']}"}
    assert client.get(f"/runs/{RUN_ID}").status_code == 404
    assert not (root / ".swarmkit" / "memory" / "swarms" / refs["swarm"]).exists()
    with TestClient(create_app(root, token=TOKEN, user="bob"), base_url=BASE) as bob:
        other = bob.delete(f"/runs/{OLD_RUN_ID}", headers={"X-Swarmkit-Token": TOKEN})
        assert other.status_code == 404  # the owner's run is no run to bob's view
    assert client.get(f"/runs/{OLD_RUN_ID}").status_code == 200


def test_the_owners_view_lists_a_persons_runs_and_everyones_a_persons_view_only_its_own(root, client):
    from swarmkit.runtime.records import RunRecord, save_run

    save_run(root, RunRecord(id="r-0000a0a1", user="ana", status="ok", started_at="2026-11-30T11:00:00Z"))
    assert [r["id"] for r in client.get("/runs").json()["runs"]] == [RUN_ID, OLD_RUN_ID]
    assert [r["id"] for r in client.get("/runs", params={"person": "ana"}).json()["runs"]] == ["r-0000a0a1"]
    assert [r["id"] for r in client.get("/runs", params={"person": "*"}).json()["runs"]] == [
        "r-0000a0a1",
        RUN_ID,
        OLD_RUN_ID,
    ]
    assert client.get("/runs/r-0000a0a1").status_code == 404  # the owner's runs, unless asked
    assert client.get("/runs/r-0000a0a1", params={"person": "ana"}).json()["user"] == "ana"
    page = client.get("/portal/runs", params={"person": "*"}).text
    assert 'href="/portal/runs/r-0000a0a1?person=ana"' in page and '<option value="ana">ana</option>' in page
    with TestClient(create_app(root, token=TOKEN, user="ana"), base_url=BASE) as ana:
        refused = ana.get("/runs", params={"person": "*"})
        assert refused.status_code == 403
        assert refused.json()["error"]["message"] == "this view shows its own person's runs only"
        assert [r["id"] for r in ana.get("/runs", params={"person": "ana"}).json()["runs"]] == ["r-0000a0a1"]
        assert ana.get(f"/runs/{RUN_ID}", params={"person": "*"}).status_code == 404
        assert 'name="person"' not in ana.get("/portal/runs").text

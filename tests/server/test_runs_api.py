"""GET /runs and GET /runs/{id}: the records `swarmkit run` writes, newest first."""

from __future__ import annotations

import json

import pytest

from swarmkit.runtime.records import runs_dir
from swarmkit.workspace.state_files import StateWarning
from tests.server.seed import OLD_RUN_ID, RUN_ID


def test_runs_are_listed_newest_first_as_summaries(client, refs):
    data = client.get("/runs").json()
    assert data["total"] == 2
    assert [r["id"] for r in data["runs"]] == [RUN_ID, OLD_RUN_ID]
    newest, oldest = data["runs"]
    assert newest == {
        "id": RUN_ID,
        "workspace": "demo",
        "topology": "main",
        "status": "ok",
        "started_at": "2026-11-30T10:00:00Z",
        "finished_at": "2026-11-30T10:00:00Z",
        "duration_ms": 143.5,
        "provider": "mock",
        "user": None,
        "input": "Where do we deploy?",
        "agents": 2,
        "swarm": refs["swarm"],
        "error": None,
        "conversation": None,
    }
    assert oldest["status"] == "failed"
    assert len(oldest["input"]) == 200 and oldest["input"].endswith("…")


def test_limit(client):
    data = client.get("/runs", params={"limit": 1}).json()
    assert data["total"] == 2 and [r["id"] for r in data["runs"]] == [RUN_ID]


def test_one_run_is_its_whole_record(client, root):
    response = client.get(f"/runs/{RUN_ID}")
    assert response.status_code == 200
    assert response.json() == json.loads((runs_dir(root) / f"{RUN_ID}.json").read_text())


@pytest.mark.parametrize(
    "run_id, status, code",
    [
        ("r-99999999", 404, "run_not_found"),
        ("not-a-run", 400, "invalid_run_id"),
        ("r-1A2B3C4D", 400, "invalid_run_id"),
    ],
)
def test_a_bad_or_missing_run(client, run_id, status, code):
    response = client.get(f"/runs/{run_id}")
    assert response.status_code == status
    assert response.json()["error"]["code"] == code


def test_an_unreadable_record(client, root):
    (runs_dir(root) / "r-0badf00d.json").write_text("{ half a record")
    with pytest.warns(StateWarning, match=r"r-0badf00d\.json is skipped: it is not valid JSON"):
        listed = client.get("/runs").json()
    assert [r["id"] for r in listed["runs"]] == [RUN_ID, OLD_RUN_ID]  # skipped in the list
    response = client.get("/runs/r-0badf00d")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "run_unreadable"


def test_runs_need_no_valid_workspace(client, root):
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory: {enabled: maybe}\n")
    assert client.get("/memory/status").status_code == 409
    assert client.get("/runs").json()["total"] == 2


def test_no_runs_yet(client, root):
    for path in runs_dir(root).iterdir():
        path.unlink()
    assert client.get("/runs").json() == {"total": 0, "runs": [], "warnings": []}


def test_odd_records_never_crash_the_list_or_the_pages(client, root):
    odd = {
        "id": "r-0000000b",
        "started_at": "2026-12-02T00:00:00Z",
        "agents": 5,
        "memory": "on",
        "decisions": {"not": "a list"},
        "input": None,
    }
    (runs_dir(root) / "r-0000000b.json").write_text(json.dumps(odd))
    assert [r["id"] for r in client.get("/runs").json()["runs"]] == ["r-0000000b", RUN_ID, OLD_RUN_ID]
    assert client.get("/portal/runs").status_code == 200
    assert client.get("/portal/runs/r-0000000b").status_code == 200


def test_a_record_that_is_not_an_object(client, root):
    (runs_dir(root) / "r-0000000a.json").write_text("[1, 2]")
    response = client.get("/runs/r-0000000a")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "run_unreadable"
    assert "All runs" in client.get("/portal/runs/r-0000000a").text

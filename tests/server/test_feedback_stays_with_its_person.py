"""Feedback stays with its person, and the Timeline links only runs its viewer can open (issue 33:
`memory --user ana feedback RUN` wrote ana's correction into the shared workspace file, recalled in
the owner's runs, and the owner's Timeline linked ana's run, which answered 404)."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from swarmkit.memory.store import MemoryStore
from swarmkit.scaffold import create_workspace
from swarmkit.server.app import create_app
from tests.support.runs import run_once as run_only
from tests.support.server import BASE

REASON = "It used the deprecated v1 endpoint instead of v2"


def run_once(root, text: str, user: str | None = None):
    """A run, kept as `swarmkit run` keeps it (its record saved)."""
    from swarmkit.runtime.records import RunRecord, save_run

    record, provider = run_only(root, text, user=user)
    save_run(root, RunRecord.from_json(record, record["id"]))
    return record, provider


def workspace(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    return root


def test_a_persons_feedback_is_their_correction_never_the_shared_files(tmp_path, cli):
    root = workspace(tmp_path)
    ana_run, _ = run_once(root, "Plan the migration of the billing service", user="ana")
    code, out, err = cli(
        "memory", "-w", str(root), "--user", "ana", "feedback", ana_run["id"], "--reason", REASON
    )
    assert code == 0, err
    assert out.startswith("written users/ana.md#")
    folder = root / ".swarmkit" / "memory"
    holding = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.md") if REASON in p.read_text())
    assert holding == ["users/ana.md"]
    ana = MemoryStore(folder, "demo", "ana")
    (entry,) = [e for e in ana.entries() if e.text == REASON]
    assert entry.file == "users/ana.md" and entry.kind == "correction" and entry.by == "user"
    # the owner never reads it, nor recalls it; ana does
    assert REASON not in json.dumps(json.loads(cli("memory", "-w", str(root), "list", "--format", "json")[1]))
    owners, _ = run_once(root, "Which endpoint should the billing migration use, v1 or v2?")
    assert not [hit for hit in owners["recalled"] if hit["text"] == REASON]
    anas, _ = run_once(root, "Which endpoint should the billing migration use, v1 or v2?", user="ana")
    assert {hit["ref"] for hit in anas["recalled"] if hit["text"] == REASON} == {entry.ref}


def test_the_owners_feedback_still_goes_to_the_workspace_file(tmp_path, cli):
    root = workspace(tmp_path)
    run, _ = run_once(root, "Plan the migration of the billing service")
    code, out, _ = cli("memory", "-w", str(root), "feedback", run["id"], "--reason", REASON)
    assert code == 0 and out.startswith("written workspaces/demo.md#")


def test_the_timeline_links_only_the_runs_its_viewer_can_open(tmp_path):
    root = workspace(tmp_path)
    ana_run, _ = run_once(root, "Plan the migration of the billing service", user="ana")
    owner_run, _ = run_once(root, "Plan the release of the billing service")
    folder = root / ".swarmkit" / "memory"
    owner = MemoryStore(folder, "demo")
    # a shared fact written by ana's run, and one by the owner's
    owner.remember("Billing deploys go through staging", "rule", "agent", target="auto", run_id=ana_run["id"])
    owner.remember(
        "Billing releases happen on Tuesdays", "rule", "agent", target="auto", run_id=owner_run["id"]
    )
    with TestClient(create_app(root, token="t"), base_url=BASE) as client:
        events = {e["text"]: e["run"] for e in client.get("/memory/timeline").json()["events"]}
        page = client.get("/portal/timeline").text
        assert client.get(f"/portal/runs/{ana_run['id']}").status_code == 404
    assert events["Billing deploys go through staging"] is None
    assert events["Billing releases happen on Tuesdays"] == owner_run["id"]
    assert ana_run["id"] not in page
    assert f'href="/portal/runs/{owner_run["id"]}"' in page
    with TestClient(create_app(root, token="t", user="ana"), base_url=BASE) as client:
        events = {e["text"]: e["run"] for e in client.get("/memory/timeline").json()["events"]}
        page = client.get("/portal/timeline").text
    assert events["Billing deploys go through staging"] == ana_run["id"]
    assert events["Billing releases happen on Tuesdays"] is None
    assert f'href="/portal/runs/{ana_run["id"]}"' in page and owner_run["id"] not in page

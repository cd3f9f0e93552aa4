"""A fresh init workspace remembers and recalls with no memory wiring; memory off forgets."""

from __future__ import annotations

import re

from tests.support.git import git
from tests.support.memory_files import ref_of
from tests.support.runs import QUESTION, REMEMBER, RecordingMock, run_once


def me_md(root) -> list[str]:
    text = (root / ".swarmkit" / "memory" / "me.md").read_text()
    return [
        re.sub(r"; added: \d{4}-\d\d-\d\d", "", line) for line in text.splitlines() if line.startswith("- ")
    ]


def test_run_one_writes_both_facts_and_run_two_recalls_them(init_ws):
    root = init_ws()
    first, _ = run_once(root, REMEMBER)
    assert first["status"] == "ok"
    run_id = first["id"]
    assert me_md(root) == [
        f"- Lives in Lisbon [by: agent; kind: identity; subject: user.location; source: swarmkit://runs/{run_id}; "
        "origin: memory-writer]",
        f"- Editor is Helix [by: agent; kind: preference; subject: user.editor; source: swarmkit://runs/{run_id}; "
        "origin: memory-writer]",
    ]
    assert [(w["status"], w["ref"]) for w in first["memory_writes"]] == [
        ("written", ref_of("me.md", "Lives in Lisbon")),
        ("written", ref_of("me.md", "Editor is Helix")),
    ]

    second, provider = run_once(root, QUESTION)
    assert second["status"] == "ok"
    assert {r["ref"] for r in second["recalled"]} == {
        ref_of("me.md", "Lives in Lisbon"),
        ref_of("me.md", "Editor is Helix"),
    }
    assert "Lives in Lisbon" in second["output"] and "Editor is Helix" in second["output"]
    answer = next(r for r in provider.requests if r.agent == "lead" and r.purpose == "answer")
    system = answer.messages[0]["content"]
    assert "<saved-memory>\nSaved memory from earlier runs." in system
    assert (
        f"- Lives in Lisbon ({ref_of('me.md', 'Lives in Lisbon')})" in system and "</saved-memory>" in system
    )


def test_one_extra_model_call_when_the_output_clears_min_output_length(init_ws):
    root = init_ws()
    record, _ = run_once(root, REMEMBER)
    purposes = [c["purpose"] for c in record["model_calls"]]
    assert len(record["output"]) >= 100
    assert purposes == ["answer", "answer", "extract"]  # researcher, lead, then one extraction
    assert [c["agent"] for c in record["model_calls"]] == ["researcher", "lead", "lead"]


def test_no_extra_call_and_no_write_for_a_short_output(init_ws):
    root = init_ws()
    record, _ = run_once(root, "hi")
    assert len(record["output"]) < 100
    assert [c["purpose"] for c in record["model_calls"]] == ["answer", "answer"]
    assert record["memory_writes"] == []
    writer = [d for d in record["decisions"] if d["skill"] == "memory-writer"]
    assert writer == [
        {
            "agent": "lead",
            "skill": "memory-writer",
            "trigger": "post_output",
            "origin": "auto",
            "required": False,
            "verdict": "pass",
            "detail": f"skipped: output {len(record['output'])} < 100 chars",
        }
    ]


def test_min_output_length_is_the_cost_knob(init_ws):
    root = init_ws(workspace_yaml_extra="memory:\n  writer: {min_output_length: 10000}\n")
    record, _ = run_once(root, REMEMBER)
    assert "extract" not in [c["purpose"] for c in record["model_calls"]]
    assert not (root / ".swarmkit" / "memory" / "me.md").exists()


def test_the_writer_never_sees_the_saved_memory_block(init_ws):
    root = init_ws()
    run_once(root, REMEMBER)
    provider = RecordingMock()
    run_once(
        root,
        "Please remind me where I live and tell me about the editor I prefer, in a full paragraph.",
        provider,
    )
    extraction = [r for r in provider.requests if r.purpose == "extract"]
    assert len(extraction) == 1
    prompt = "\n".join(m["content"] for m in extraction[0].messages)
    assert "saved-memory" not in prompt


def test_memory_off_forgets(init_ws):
    root = init_ws()
    run_once(root, REMEMBER)
    with open(root / "workspace.yaml", "a") as handle:
        handle.write("memory:\n  enabled: false\n")
    record, provider = run_once(root, QUESTION)
    assert record["recalled"] == [] and record["memory_writes"] == []
    assert "Lisbon" not in record["output"]
    assert [c["purpose"] for c in record["model_calls"]] == ["answer", "answer"]
    assert all("saved-memory" not in m["content"] for r in provider.requests for m in r.messages)
    assert record["memory"] == {"enabled": False, "sentence": "Memory: off (memory.enabled: false)"}


def test_memory_off_writes_no_memory_folder(init_ws):
    root = init_ws(workspace_yaml_extra="memory: {enabled: false}\n")
    run_once(root, REMEMBER)
    assert not (root / ".swarmkit" / "memory").exists()


def test_named_users_keep_their_own_facts(init_ws):
    root = init_ws(workspace_yaml_extra="memory:\n  reader: {search_scope: both}\n")
    run_once(
        root, "Something to remember about me, please: I live in Porto and my editor is Vim.", user="ana"
    )
    ana = (root / ".swarmkit" / "memory" / "users" / "ana.md").read_text()
    assert "- Lives in Porto" in ana
    record, _ = run_once(root, QUESTION, user="bob")
    assert record["recalled"] == []  # scope both: the user's file and shared files, never another user's
    record, _ = run_once(root, QUESTION, user="ana")
    assert {r["ref"] for r in record["recalled"]} == {
        ref_of("users/ana.md", "Lives in Porto"),
        ref_of("users/ana.md", "Editor is Vim"),
    }


def test_a_broken_memory_store_costs_the_memory_never_the_run(init_ws):
    root = init_ws()
    (root / ".swarmkit").mkdir()
    (root / ".swarmkit" / "memory").write_text("a file where the memory folder should be\n")
    record, _ = run_once(root, REMEMBER)
    assert record["status"] == "ok" and record["output"]
    # nothing written, and what would have been is kept in the record (for `memory add`)
    assert record["memory_writes"] and {w["status"] for w in record["memory_writes"]} == {"not written"}
    assert record["warnings"] and record["warnings"][0].startswith("memory: could not ")


def test_a_topology_binding_without_config_reads_the_memory_block(init_ws):
    """The workspace switches its reader off; a topology binds it again: the block still applies."""
    root = init_ws(
        workspace_yaml_extra="memory:\n  reader: {max_results: 1}\n"
        "governance:\n  provider: mock\n  decision_skills:\n"
        "    - {id: memory-reader, trigger: pre_input, enabled: false}\n"
    )
    run_once(root, REMEMBER)
    first, _ = run_once(root, QUESTION)
    assert first["recalled"] == []
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology
        + "governance:\n  decision_skills:\n    - {id: memory-reader, trigger: pre_input, scope: lead}\n"
    )
    second, _ = run_once(root, QUESTION)
    assert len(second["recalled"]) == 1  # max_results 1 from the block, not the schema default 5


def test_a_run_recalls_only_its_exact_persons_file_old_ones_included(init_ws):
    """users/ana-smith.md written by the old mapping for "Ana Smith": her runs recall it in place;
    runs for ana-smith, ANA SMITH or ana.smith (one file under the old mapping) recall nothing."""

    from swarmkit.memory.store import MemoryStore
    from swarmkit.resolver import resolve

    root = init_ws(workspace_yaml_extra="memory:\n  reader: {search_scope: all}\n")
    ws = resolve(root).workspace
    folder = ws.memory.folder
    MemoryStore(folder, ws.id).remember("Deploys go through staging first", "rule")
    (folder / "users").mkdir()
    (folder / "users" / "ana-smith.md").write_text(
        "# About Ana Smith\n\n- Lives in Lisbon [by: user; kind: identity; subject: user.location]\n"
        "- Editor is Helix [by: user; kind: preference; subject: user.editor]\n"
    )
    git(folder, "add", "users")
    git(folder, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "old file")
    for other in ("ana-smith", "ANA SMITH", "ana.smith"):
        record, _ = run_once(root, QUESTION, user=other)
        assert not [r for r in record["recalled"] if r["ref"].startswith("users/")], other
        assert "Lisbon" not in record["output"], other
    record, _ = run_once(root, QUESTION, user="Ana Smith")
    assert {r["ref"] for r in record["recalled"]} >= {
        ref_of("users/ana-smith.md", "Lives in Lisbon"),
        ref_of("users/ana-smith.md", "Editor is Helix"),
    }
    assert record["user"] == "Ana Smith"


def test_after_a_forget_of_an_earlier_line_the_run_record_names_the_same_facts(init_ws, cli):
    """A record's refs are digest refs: forgetting the line above moves a fact up, and the record still
    names it (a line ref, me.md#L4, would name nothing, or whatever moved onto that line)."""
    import json
    import warnings

    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

    from swarmkit.server.app import create_app

    root = init_ws()
    code, out, _ = cli("run", str(root), "--input", REMEMBER, "--format", "json")
    assert code == 0
    run_id = json.loads(out)["id"]
    lisbon, helix = ref_of("me.md", "Lives in Lisbon"), ref_of("me.md", "Editor is Helix")
    code, out, _ = cli("memory", "--workspace", str(root), "forget", lisbon)
    assert code == 0 and out.startswith(f"forgotten {lisbon}: Lives in Lisbon (commit ")
    code, out, _ = cli("runs", "--workspace", str(root), "show", run_id, "--format", "json")
    assert [(w["status"], w["ref"]) for w in json.loads(out)["memory_writes"]] == [
        ("written", lisbon),
        ("written", helix),
    ]
    code, out, _ = cli("memory", "--workspace", str(root), "show", helix)
    assert (code, out.splitlines()[0]) == (0, f"{helix} (me.md#L3): Editor is Helix")  # moved up a line
    code, _, err = cli("memory", "--workspace", str(root), "show", lisbon)
    assert code == 1 and "no entry in me.md has this text any more" in err  # gone: never another fact
    with TestClient(create_app(root, token="t" * 32), base_url="http://127.0.0.1:8741") as client:
        record = client.get(f"/runs/{run_id}").json()
        assert [w["ref"] for w in record["memory_writes"]] == [lisbon, helix]
        page = client.get(f"/portal/runs/{run_id}").text
        assert f'<td data-label="ref">{helix}</td>' in page and "me.md#L" not in page

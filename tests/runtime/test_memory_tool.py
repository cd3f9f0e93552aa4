"""Memory as a tool mid-run: memory_search reads what memory-reader would (the run's person, the
reader's scope and privacy), and remember_fact proposes through the governed path; the run record
shows each call."""

from __future__ import annotations

import json

from tests.support.runs import REMEMBER, RecordingMock, run_once


def search_script(tmp_path, query: str) -> str:
    steps = [
        {
            "when": {"agent": "researcher", "purpose": "answer"},
            "tool_calls": [{"name": "memory_search", "arguments": {"query": query}}],
        }
    ]
    path = tmp_path / f"search-{len(list(tmp_path.iterdir()))}.json"
    path.write_text(json.dumps(steps), encoding="utf-8")
    return str(path)


def test_memory_search_finds_the_persons_own_facts_and_never_anothers(init_ws, tmp_path):
    root = init_ws()
    kept, _ = run_once(root, REMEMBER, user="ana")
    assert any(w["status"] == "written" and "Lisbon" in w["text"] for w in kept["memory_writes"])

    ana, provider = run_once(
        root, "Plan my week", RecordingMock(search_script(tmp_path, "where do I live Lisbon")), user="ana"
    )
    (call,) = ana["tool_calls"]
    assert call["name"] == "memory_search" and call["arguments"] == {"query": "where do I live Lisbon"}
    texts = [hit["text"] for hit in call["result"]["results"]]
    assert "Lives in Lisbon" in texts
    assert all(hit["ref"] and isinstance(hit["score"], float) for hit in call["result"]["results"])
    researcher = next(a for a in ana["agents"] if a["id"] == "researcher")
    assert (
        "Tool results: memory_search:" in researcher["output"] and "Lives in Lisbon" in researcher["output"]
    )
    # every agent is offered it: reading needs no grant
    assert all(
        "memory_search" in [t["function"]["name"] for t in r.tools]
        for r in provider.requests
        if r.purpose == "answer"
    )

    bob, _ = run_once(
        root, "Plan my week", RecordingMock(search_script(tmp_path, "where do I live Lisbon")), user="bob"
    )
    (call,) = bob["tool_calls"]
    assert all("Lisbon" not in hit["text"] for hit in call["result"]["results"])


def test_memory_search_is_not_offered_when_memory_is_off(init_ws, tmp_path):
    root = init_ws()
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  enabled: false\n")
    record, provider = run_once(root, "hello", RecordingMock(search_script(tmp_path, "Lisbon")))
    assert all(r.tools == [] for r in provider.requests)
    assert record["tool_calls"][0]["result"] == {"error": "researcher has no tool memory_search"}


def test_a_governed_memory_agent_proposes_a_fact_mid_run(init_ws, tmp_path):
    root = init_ws()
    topology = root / "topologies" / "main.yaml"
    topology.write_text(
        topology.read_text(encoding="utf-8").replace(
            "skills_additional: [summarize]", "skills_additional: [summarize, governed-memory]"
        ),
        encoding="utf-8",
    )
    fact = {
        "subject": "project",
        "attribute": "deadline",
        "value": "the 3rd of March",
        "type": "project_fact",
    }
    steps = [
        {
            "when": {"agent": "researcher", "purpose": "answer"},
            "tool_calls": [{"name": "remember_fact", "arguments": fact}],
        }
    ]
    path = tmp_path / "propose.json"
    path.write_text(json.dumps(steps), encoding="utf-8")
    record, provider = run_once(root, "When is the deadline?", RecordingMock(str(path)))
    (call,) = record["tool_calls"]
    assert call["name"] == "remember_fact" and call["result"]["status"] == "new", call
    (write,) = [w for w in record["memory_writes"] if w.get("kind") == "curated"]
    assert write["text"] == "project.deadline = the 3rd of March"
    offered = next(r for r in provider.requests if r.agent == "researcher" and r.purpose == "answer").tools
    assert [t["function"]["name"] for t in offered] == ["memory_search", "swarm_note", "remember_fact"]

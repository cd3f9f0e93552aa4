"""A run's page: what each agent was sent (recalled entries marked), tool calls and tokens."""

from __future__ import annotations

from starlette.testclient import TestClient

from swarmkit.memory.folder.entries import text_digest
from swarmkit.runtime.records import RunRecord, save_run
from swarmkit.scaffold import create_workspace
from swarmkit.server.app import create_app
from tests.runtime.conftest import QUESTION, REMEMBER, run_once
from tests.server.conftest import BASE


def test_the_prompt_each_agent_was_sent_with_its_recalled_entries_marked(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    run_once(root, REMEMBER)
    record, _ = run_once(root, QUESTION)
    save_run(root, RunRecord.from_json(record))
    lead = next(a for a in record["agents"] if a["id"] == "lead")
    assert [m["role"] for m in lead["prompt"]] == ["system", "user"]
    assert lead["prompt"][1]["content"].startswith(QUESTION)
    with TestClient(create_app(root, token="t"), base_url=BASE) as client:
        html = client.get(f"/portal/runs/{record['id']}").text
    lisbon = f"me.md#{text_digest('Lives in Lisbon')}"
    assert f'<mark class="recalled">- Lives in Lisbon ({lisbon})</mark>' in html
    assert "<summary>lead (root): 2 messages, 2 recalled</summary>" in html
    assert '<section id="tool-calls"><h2>Tool calls</h2>' in html


def test_tool_calls_and_tokens_are_shown_and_an_old_record_says_it_kept_no_prompt(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    old = RunRecord(
        id="r-0000000a",
        status="ok",
        agents=[{"id": "lead", "role": "root", "parent": None, "output": "hi"}],
        tool_calls=[
            {"agent": "lead", "name": "memory_search", "arguments": {"query": "x"}, "result": {"hits": []}}
        ],
        model_calls=[
            {
                "agent": "lead",
                "purpose": "answer",
                "model": "m",
                "duration_ms": 3.0,
                "tokens": {"total_tokens": 50},
            }
        ],
    )
    save_run(root, old)
    with TestClient(create_app(root, token="t"), base_url=BASE) as client:
        html = client.get("/portal/runs/r-0000000a").text
    assert "This run&#x27;s record does not keep what its agents were sent." in html
    assert '<td data-label="name">memory_search</td>' in html
    assert '<td data-label="tokens">50 total</td>' in html and "<th>time (ms)</th>" in html

"""Decision skills at their triggers, curated facts through governed-memory, swarm notes."""

from __future__ import annotations

import json

import pytest

from tests.support.runs import RecordingMock, run_once
from tests.support.workspaces import write_overlay

CHECK = """apiVersion: swarmkit/v1
kind: Skill
metadata: {{id: {id}, name: Check, description: A check of the text.}}
category: decision
implementation: {{type: llm_prompt, prompt: "Judge whether the text is polite."}}
outputs: {{type: object, properties: {{verdict: {{type: string}}, reasoning: {{type: string}}}}}}
provenance: {{authored_by: human, version: 1.0.0}}
"""


def with_check(root, binding: str, skill_id: str = "polite") -> None:
    text = (root / "workspace.yaml").read_text()
    write_overlay(
        root,
        {
            f"skills/{skill_id}.yaml": CHECK.format(id=skill_id),
            "workspace.yaml": text + f"governance:\n  provider: mock\n  decision_skills:\n    - {binding}\n",
        },
    )


def script(tmp_path, steps: list[dict]) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(steps))
    return str(path)


def test_a_required_pre_input_check_that_fails_rejects_the_input(init_ws, tmp_path):
    root = init_ws()
    with_check(root, "{id: polite, trigger: pre_input, scope: lead}")
    steps = [{"when": {"purpose": "decide"}, "reply": '{"verdict": "fail", "reason": "rude"}'}]
    record, _ = run_once(root, "do it now", RecordingMock(script(tmp_path, steps)))
    assert record["status"] == "rejected" and record["output"] is None
    assert record["error"] == "polite says fail for lead's input: rude"
    assert [c["purpose"] for c in record["model_calls"]] == ["decide"]  # nothing ran after the rejection


def test_an_advisory_check_never_blocks(init_ws, tmp_path):
    root = init_ws()
    with_check(root, "{id: polite, trigger: pre_input, required: false}")
    steps = [{"when": {"purpose": "decide"}, "reply": '{"verdict": "fail", "reason": "rude"}'}] * 2
    record, _ = run_once(root, "do it now", RecordingMock(script(tmp_path, steps)))
    assert record["status"] == "ok"
    verdicts = [(d["agent"], d["verdict"]) for d in record["decisions"] if d["skill"] == "polite"]
    assert verdicts == [("lead", "fail"), ("researcher", "fail")]


def test_a_required_post_output_check_asks_for_a_revision(init_ws, tmp_path):
    root = init_ws()
    with_check(root, "{id: polite, trigger: post_output, scope: lead}")
    steps = [
        {"when": {"purpose": "decide"}, "reply": '{"verdict": "needs-revision", "reason": "say please"}'}
    ]
    record, provider = run_once(root, "do it now", RecordingMock(script(tmp_path, steps)))
    assert record["status"] == "ok"
    assert record["output"] == "lead (revised): do it now"
    assert [c["purpose"] for c in record["model_calls"]] == ["answer", "answer", "decide", "revise", "decide"]
    revise = next(r for r in provider.requests if r.purpose == "revise")
    assert (
        revise.messages[-1]["content"]
        == "The check polite asked for a revision: say please\nRevise your answer."
    )


def test_revisions_are_bounded(init_ws, tmp_path):
    root = init_ws()
    with_check(root, "{id: polite, trigger: post_output, scope: lead}")
    steps = [{"when": {"purpose": "decide"}, "reply": '{"verdict": "fail", "reason": "still rude"}'}] * 5
    record, _ = run_once(root, "do it now", RecordingMock(script(tmp_path, steps)))
    assert record["status"] == "failed"
    assert record["error"] == "polite still says fail for lead's answer after 2 revisions: still rude"
    assert [c["purpose"] for c in record["model_calls"]].count("revise") == 2


def test_checkpoint_and_pre_synthesis_are_recorded_points(init_ws):
    root = init_ws()
    with_check(root, "{id: polite, trigger: checkpoint}")
    text = (root / "workspace.yaml").read_text()
    (root / "workspace.yaml").write_text(
        text + "    - {id: facts, trigger: pre_synthesis, required: false}\n"
    )
    write_overlay(root, {"skills/facts.yaml": CHECK.format(id="facts")})
    record, _ = run_once(root, "do it now")
    points = [
        (d["agent"], d["skill"], d["trigger"], d["verdict"])
        for d in record["decisions"]
        if d["skill"] in ("polite", "facts")
    ]
    assert points == [("lead", "polite", "checkpoint", "pass"), ("lead", "facts", "pre_synthesis", "pass")]


def test_only_agents_granted_governed_memory_get_the_fact_tool(init_ws, tmp_path):
    root = init_ws()
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology.replace("skills_additional: [summarize]", "skills_additional: [summarize, governed-memory]")
    )
    call = {
        "name": "remember_fact",
        "arguments": {
            "subject": "deploy",
            "attribute": "region",
            "value": "eu-west-1",
            "type": "project_fact",
        },
    }
    steps = [{"when": {"agent": "researcher", "purpose": "answer"}, "reply": "", "tool_calls": [call]}]
    record, provider = run_once(root, "where do we deploy?", RecordingMock(script(tmp_path, steps)))
    tools_by_agent = {
        r.agent: [t["function"]["name"] for t in r.tools] for r in provider.requests if r.purpose == "answer"
    }
    assert "remember_fact" in tools_by_agent["researcher"] and "remember_fact" not in tools_by_agent["lead"]
    curated = [w for w in record["memory_writes"] if w["kind"] == "curated"]
    assert [(w["agent"], w["status"], w["text"]) for w in curated] == [
        ("researcher", "new", "deploy.region = eu-west-1")
    ]
    lessons = (root / ".swarmkit/memory/lessons.md").read_text()
    assert "eu-west-1" in lessons and "subject: deploy.region" in lessons


def test_a_changed_curated_value_goes_through_memory_reconcile(init_ws, tmp_path):
    root = init_ws()
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology.replace("skills_additional: [summarize]", "skills_additional: [summarize, governed-memory]")
    )

    def fact(value):
        return {
            "name": "remember_fact",
            "arguments": {"subject": "deploy", "attribute": "region", "value": value, "type": "project_fact"},
        }

    run_once(
        root,
        "x",
        RecordingMock(
            script(
                tmp_path,
                [{"when": {"agent": "researcher", "purpose": "answer"}, "tool_calls": [fact("eu-west-1")]}],
            )
        ),
    )
    record, _ = run_once(
        root,
        "x",
        RecordingMock(
            script(
                tmp_path,
                [{"when": {"agent": "researcher", "purpose": "answer"}, "tool_calls": [fact("us-east-2")]}],
            )
        ),
    )
    assert "reconcile" in [c["purpose"] for c in record["model_calls"]]
    assert [w["status"] for w in record["memory_writes"] if w["kind"] == "curated"] == ["update"]
    assert "us-east-2" in (root / ".swarmkit/memory/lessons.md").read_text()

    contradict = '{"verdict": "pass", "op": "contradict", "merged_value": "us-east-2", "confidence": 0.9, "reasoning": "both claimed"}'
    record, _ = run_once(
        root,
        "x",
        RecordingMock(
            script(
                tmp_path,
                [
                    {
                        "when": {"agent": "researcher", "purpose": "answer"},
                        "tool_calls": [fact("ap-south-1")],
                    },
                    {"when": {"purpose": "reconcile"}, "reply": contradict},
                ],
            )
        ),
    )
    assert [w["status"] for w in record["memory_writes"] if w["kind"] == "curated"] == ["contradict"]
    assert "ap-south-1" in (root / ".swarmkit/memory/inbox.md").read_text()
    assert "ap-south-1" not in (root / ".swarmkit/memory/lessons.md").read_text()


def test_swarm_notes_reach_the_other_members_and_read_only_agents_cannot_write(init_ws, tmp_path):
    root = init_ws()
    topology = (root / "topologies/main.yaml").read_text()
    topology = topology.replace(
        "        skills_additional: [summarize]\n",
        "        skills_additional: [summarize]\n      - id: verifier\n        role: worker\n"
        "        archetype: assistant\n        iam: {base_scope: [swarm:read]}\n",
    )
    (root / "topologies/main.yaml").write_text(topology)
    note = {
        "name": "swarm_note",
        "arguments": {
            "kind": "finding",
            "text": "The cache hit rate is 93% (grafana)",
            "sources": ["grafana"],
        },
    }
    steps = [
        {"when": {"agent": "researcher", "purpose": "answer"}, "tool_calls": [note]},
        {
            "when": {"agent": "verifier", "purpose": "answer"},
            "tool_calls": [dict(note, arguments={"kind": "finding", "text": "x y z"})],
        },
    ]
    record, provider = run_once(root, "How is the cache doing?", RecordingMock(script(tmp_path, steps)))
    slug = record["swarm"]
    assert slug == f"main-{record['id'][2:]}"  # all 8 hex digits of r-xxxxxxxx
    findings = (root / ".swarmkit/memory/swarms" / slug / "findings.md").read_text()
    assert "The cache hit rate is 93% (grafana)" in findings and "author: researcher" in findings
    assert (root / ".swarmkit/memory/swarms" / slug / "README.md").read_text().count(
        "How is the cache doing?"
    ) == 1
    tools = {
        r.agent: [t["function"]["name"] for t in r.tools] for r in provider.requests if r.purpose == "answer"
    }
    assert tools["verifier"] == ["memory_search"]  # reading needs no grant
    assert tools["researcher"] == ["memory_search", "swarm_note"]
    lead_prompt = next(r for r in provider.requests if r.agent == "lead" and r.purpose == "answer").messages[
        0
    ]["content"]
    assert "The cache hit rate is 93% (grafana) (researcher)" in lead_prompt
    assert "never instructions" in lead_prompt


@pytest.mark.parametrize("reply", ["not json at all", '{"verdict": "maybe"}'])
def test_an_unreadable_verdict_is_recorded_not_crashed(init_ws, tmp_path, reply):
    root = init_ws()
    with_check(root, "{id: polite, trigger: pre_input, scope: lead, required: false}")
    record, _ = run_once(
        root, "x", RecordingMock(script(tmp_path, [{"when": {"purpose": "decide"}, "reply": reply}]))
    )
    decision = next(d for d in record["decisions"] if d["skill"] == "polite")
    assert decision["verdict"] == "error" and decision["detail"].startswith("the reply gave no verdict")
    assert record["status"] == "ok"


def test_agents_see_their_skills_with_how_to_do_them(init_ws):
    root = init_ws()
    _, provider = run_once(root, "hi")
    researcher = next(r for r in provider.requests if r.agent == "researcher").messages[0]["content"]
    assert (
        "Your skills:\n- summarize: Summarises notes into a short brief.\n  How: Summarise what you are given"
        in researcher
    )
    lead = next(r for r in provider.requests if r.agent == "lead").messages[0]["content"]
    assert "Your skills:" not in lead


def test_tool_calls_are_recorded_including_refused_ones(init_ws, tmp_path):
    root = init_ws()
    note = {
        "name": "remember_fact",
        "arguments": {"subject": "a", "attribute": "b", "value": "c", "type": "rule"},
    }
    record, _ = run_once(
        root,
        "x",
        RecordingMock(
            script(tmp_path, [{"when": {"agent": "researcher", "purpose": "answer"}, "tool_calls": [note]}])
        ),
    )
    assert record["tool_calls"] == [
        {
            "agent": "researcher",
            "name": "remember_fact",
            "arguments": note["arguments"],
            "result": {"error": "researcher has no tool remember_fact"},
        }
    ]


def test_run_records_keep_no_secret_of_a_memory_write(init_ws, tmp_path):
    """Even a write the folder refuses (nothing but a secret) leaves only the redacted text in the record."""
    root = init_ws()
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    note = {"name": "swarm_note", "arguments": {"kind": "finding", "text": f"token {secret}"}}
    extract = {
        "when": {"purpose": "extract"},
        "reply": json.dumps({"facts": [{"text": f"Api key is {secret}", "kind": "rule"}]}),
    }
    record, _ = run_once(
        root,
        "a long enough input to make the lead's answer clear the writer's threshold, surely",
        RecordingMock(
            script(
                tmp_path,
                [{"when": {"agent": "researcher", "purpose": "answer"}, "tool_calls": [note]}, extract],
            )
        ),
    )
    saved = json.dumps(record)
    assert secret not in saved
    assert "[REDACTED_SECRET]" in json.dumps(record["memory_writes"]) and "[REDACTED_SECRET]" in json.dumps(
        record["tool_calls"]
    )


def test_reconcile_values_are_substituted_once():
    from swarmkit.runtime.prompts import reconcile_messages

    system = reconcile_messages(
        "known: {known_value} / new: {proposed_value} / why: {evidence}",
        "deploy",
        "region",
        "staging {evidence}",
        "eu-west-1",
        "run r-1",
    )[0]["content"]
    assert system == "known: staging {evidence} / new: eu-west-1 / why: run r-1"

"""swarmkit/v1 semantics upstream has: the loader, abstract skills, executors, triggers, MCP servers."""

from __future__ import annotations

import json

import pytest

from swarmkit.resolver import resolve
from swarmkit.workspace import yaml_text

SKILL = (
    "apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {{id: {id}, name: {id}, description: A skill for the tests.}}\n"
    "category: {category}\nimplementation: {implementation}\nprovenance: {{authored_by: human, version: 1.0.0}}\n"
)
LLM = "{type: llm_prompt, prompt: Do it.}"


def skill(skill_id: str, category: str = "capability", implementation: str = LLM) -> str:
    return SKILL.format(id=skill_id, category=category, implementation=implementation)


def archetype(skills: str, extra: str = "") -> str:
    return (
        "apiVersion: swarmkit/v1\nkind: Archetype\nmetadata: {id: assistant, name: Assistant, "
        f"description: A careful assistant.}}\nrole: worker\n{extra}defaults:\n"
        f"  model: {{provider: mock, name: swarmkit-mock}}\n  skills: {skills}\n"
        "provenance: {authored_by: human, version: 1.0.0}\n"
    )


def codes(root) -> list[str]:
    return [d.code for d in resolve(root).diagnostics if d.is_error]


class CountingYAML:
    def __init__(self, real):
        self.real, self.loads = real, 0

    def load(self, text):
        self.loads += 1
        return self.real.load(text)

    def compose(self, text):
        return self.real.compose(text)


@pytest.fixture
def pure_parser(monkeypatch):
    """Counts how often the pure-Python parser is asked to load a file."""
    counting = CountingYAML(yaml_text.safe_yaml(pure=True))
    real = yaml_text.safe_yaml
    monkeypatch.setattr(yaml_text, "safe_yaml", lambda pure=False: counting if pure else real(False))
    return counting


def test_the_pure_parser_reads_only_what_the_c_parser_refuses(workspace, pure_parser):
    root = workspace()
    assert resolve(root).valid and pure_parser.loads == 0  # the common case keeps the C parser's speed
    (root / "skills/scoped.yaml").write_text(
        skill("scoped").replace(
            "provenance:", "iam: {required_scopes: [knowledge:read, repo:read]}\nprovenance:"
        )
    )
    resolution = resolve(root)
    assert pure_parser.loads == 1
    assert not [d for d in resolution.diagnostics if d.is_error]
    assert resolution.workspace.skills["scoped"].model.iam.required_scopes[0].root == "knowledge:read"


def test_a_file_too_large_for_the_pure_parser_gets_the_c_parsers_verdict_with_a_hint(
    workspace, pure_parser, cli
):
    from swarmkit.workspace.limits import MAX_PURE_PARSE_BYTES

    lines = "".join(f"x{i}: [a:b, {i}]\n" for i in range(MAX_PURE_PARSE_BYTES // 10))
    root = workspace({"skills/big.yaml": "apiVersion: swarmkit/v1\nkind: Skill\n" + lines})
    status, out, _ = cli("validate", str(root))
    assert status == 1 and pure_parser.loads == 0  # seconds of pure parsing are never spent on it
    assert out.startswith(
        "ws/skills/big.yaml:3:7: error[yaml.syntax] YAML syntax error: a value holding ':' inside [ ] or { } in a "
        "file over 64 KiB\n"
        '  hint: put the value in quotes, as in ["knowledge:read"], or split the file\n'
    )


def test_abstract_skills_resolve_by_category_and_capability(workspace):
    root = workspace(
        {
            "archetypes/assistant.yaml": archetype("[{abstract: {category: capability, capability: summ}}]"),
            "skills/judge.yaml": skill("judge-summary", "decision").replace(
                "provenance:", "outputs: {type: object, properties: {reasoning: {type: string}}}\nprovenance:"
            ),
        }
    )
    ws = resolve(root).workspace
    assert ws.topology("main").agents["lead"].skills == (
        "summarize",
    )  # the decision skill is another category
    assert ws.topology("main").agents["researcher"].skills == ("summarize",)  # once, with skills_additional


def test_an_abstract_entry_an_agent_replaces_is_never_resolved(workspace):
    root = workspace(
        {"archetypes/assistant.yaml": archetype("[{abstract: {category: persistence, capability: x}}]")}
    )
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology.replace(
            "    archetype: assistant\n    prompt:", "    archetype: assistant\n    skills: []\n    prompt:"
        ).replace("        skills_additional: [summarize]", "        skills: [summarize]")
    )
    assert codes(root) == []


@pytest.mark.parametrize(
    ("executor", "expected"),
    [
        ("executor: {kind: model}\n", []),
        ("executor: {kind: harness, ref: claude-code}\n", []),
        ("executor: {kind: opencode}\n", []),
        ("executor: {kind: harness}\n", ["ref.unknown-executor"]),
        ("executor: {kind: harness, ref: my-agent}\n", ["ref.unknown-executor"]),
    ],
)
def test_executors_name_a_bundled_or_workspace_adapter(workspace, executor, expected):
    root = workspace({"archetypes/assistant.yaml": archetype("[]", executor)})
    assert codes(root) == expected


def test_a_workspace_adapter_can_be_named(workspace):
    from tests.compat.seeds import SEEDS

    adapter = dict(
        SEEDS["ExecutorAdapter"],
        metadata={"id": "my-agent", "name": "Mine", "description": "My own harness."},
    )
    root = workspace(
        {
            "archetypes/assistant.yaml": archetype("[]", "executor: {kind: harness, ref: my-agent}\n"),
            "adapters/my-agent.yaml": json.dumps(adapter),
        }
    )
    assert codes(root) == []
    assert resolve(root).workspace.topology("main").agents["lead"].executor == "my-agent"


def test_triggers_target_topologies_and_events(workspace):
    trigger = (
        "apiVersion: swarmkit/v1\nkind: Trigger\nmetadata: {{id: t, name: T}}\ntype: manual\n"
        "targets: [{targets}]\n"
    )
    root = workspace({"schedules/t.yaml": trigger.format(targets="main, {pipeline: ci, emit: build.ready}")})
    ws = resolve(root).workspace
    assert dict(ws.triggers) == {"t": ("main", "event ci/build.ready")}
    (root / "schedules/t.yaml").write_text(trigger.format(targets="main, nightly"))
    assert codes(root) == ["ref.unknown-topology"]


@pytest.mark.parametrize(
    ("server", "message"),
    [
        ("{id: tracker, transport: http}", 'mcp_servers[0] is missing the required field "endpoint"'),
        ("{id: files, transport: stdio}", 'mcp_servers[0] is missing the required field "command"'),
    ],
)
def test_an_mcp_server_needs_its_address(workspace, server, message):
    root = workspace()
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write(f"mcp_servers:\n  - {server}\n")
    (problem,) = [d for d in resolve(root).diagnostics if d.is_error]
    assert (problem.code, problem.message) == ("schema.required", message)


def test_bulk_grants_expand_to_the_skills_they_name(workspace):
    root = workspace(
        {
            "skills/issues.yaml": skill(
                "issues", implementation="{type: mcp_tool, server: tracker, tool: list}"
            ),
            "skills/pulls.yaml": skill(
                "pulls", implementation="{type: mcp_tool, server: tracker, tool: prs}"
            ),
        }
    )
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("mcp_servers:\n  - {id: tracker, transport: http, endpoint: 'http://127.0.0.1:9/mcp'}\n")
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology.replace("[summarize]", "[summarize, 'server:tracker']")
    )
    agent = resolve(root).workspace.topology("main").agents["researcher"]
    assert agent.skills == ("summarize", "issues", "pulls")


def test_model_and_prompt_merge_key_by_key_as_upstream(workspace):
    root = workspace()
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology.replace(
            "    archetype: assistant\n    prompt:",
            "    archetype: assistant\n    model: {temperature: 0.3}\n    prompt:",
        )
    )
    lead = resolve(root).workspace.topology("main").agents["lead"]
    assert dict(lead.model) == {"provider": "mock", "name": "swarmkit-mock", "temperature": 0.3}

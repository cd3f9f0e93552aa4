"""Checks swarmkit makes and upstream swarmkit does not: warnings, errors under `validate --require`.

Upstream's validator accepts a workspace whose skills name an undeclared MCP server, command pack
or topology, whose bindings name no skill or bind one twice, or whose topology binds memory while
memory is off. Here each is a warning with its place and a hint, `--require` makes it an error,
and `swarmkit run` goes on without what it names, saying so in the run record and the summary.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.compat.corpus import upstream_validate

SKILL = (
    "apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {{id: {id}, name: {id}, description: A skill for the tests.}}\n"
    "category: {category}\nimplementation: {implementation}\n{outputs}provenance: {{authored_by: human, version: 1.0.0}}\n"
)
OUTPUTS = "outputs: {type: object, properties: {reasoning: {type: string}}}\n"


def skill(skill_id: str, implementation: str, category: str = "capability") -> str:
    outputs = OUTPUTS if category == "decision" else ""
    return SKILL.format(id=skill_id, category=category, implementation=implementation, outputs=outputs)


WORKSPACE_TAIL = """memory:
  enabled: false
command_packs:
  - id: tools
    commands:
      - {id: lint, argv: [ruff, check, .], effects: read}
governance:
  provider: mock
  decision_skills:
    - {id: tone-check, trigger: post_output}
"""
TOPOLOGY_TAIL = """governance:
  decision_skills:
    - {id: judge, trigger: post_output, required: false}
    - {id: judge, trigger: pre_synthesis, required: false}
    - {id: memory-writer, trigger: post_output}
"""


def overlay(root: Path) -> dict[str, str]:
    """Every strict finding at once, on an init workspace."""
    workspace = (root / "workspace.yaml").read_text(encoding="utf-8")
    topology = (root / "topologies/main.yaml").read_text(encoding="utf-8")
    return {
        "workspace.yaml": workspace + WORKSPACE_TAIL,
        "topologies/main.yaml": topology.replace(
            "skills_additional: [summarize]", "skills_additional: [summarize, issues, fix, deploy, delegate]"
        )
        + TOPOLOGY_TAIL,
        "skills/issues.yaml": skill("issues", "{type: mcp_tool, server: github, tool: list_issues}"),
        "skills/fix.yaml": skill("fix", "{type: command, pack: tools, command: fix}"),
        "skills/deploy.yaml": skill("deploy", "{type: command, pack: ops, command: ship}"),
        "skills/delegate.yaml": skill("delegate", "{type: agent, topology: reviewer}"),
        "skills/judge.yaml": skill(
            "judge", "{type: llm_prompt, prompt: Check that it is polite.}", "decision"
        ),
    }


WARNINGS = """\
ws/skills/delegate.yaml:5:41: warning[ref.unknown-topology] unknown topology "reviewer"
  hint: name a topology of this workspace (its metadata.name)
ws/skills/deploy.yaml:5:39: warning[ref.unknown-command] unknown command pack "ops"
  hint: declare it in workspace.yaml under command_packs
ws/skills/fix.yaml:5:55: warning[ref.unknown-command] command pack "tools" has no command "fix"
  hint: commands: lint
ws/skills/issues.yaml:5:42: warning[ref.unknown-mcp-server] unknown MCP server "github"
  hint: declare it in workspace.yaml under mcp_servers
ws/topologies/main.yaml:31:12: warning[binding.duplicate] "judge" is bound twice in this list (first at item 1)
  hint: keep one binding per skill in a list; the later one applies, as upstream
ws/topologies/main.yaml:32:7: warning[memory.disabled-but-bound] memory-writer is bound here, but memory.enabled is false
  hint: remove this binding, or set memory.enabled: true; until then it does nothing
ws/workspace.yaml:42:12: warning[ref.unknown-decision-skill] unknown decision skill "tone-check"
  hint: bind memory-reader, memory-writer or a skill defined under skills/
"""


def strict_workspace(workspace) -> Path:
    root = workspace()
    from tests.support.workspaces import write_overlay

    write_overlay(root, overlay(root))
    return root


def test_each_is_a_warning_with_its_place_and_hint(workspace, cli):
    root = strict_workspace(workspace)
    status, out, err = cli("validate", str(root))
    assert (status, err) == (0, "")
    assert out == WARNINGS + (
        'Workspace "demo" (Demo) is valid (7 warnings)\n'
        "  1 topology, 2 agents, 1 archetype, 6 skills, 2 decision-skill bindings\n"
        "Memory: off (memory.enabled: false)\n"
    )


def test_require_makes_each_an_error(workspace, cli):
    root = strict_workspace(workspace)
    status, out, _ = cli("validate", str(root), "--require")
    assert status == 1
    assert out == WARNINGS.replace(": warning[", ": error[") + (
        "7 errors in 6 files: the workspace is not valid\n"
    )
    status, out, _ = cli("validate", str(root), "--require", "--format", "json")
    document = json.loads(out)
    assert status == 1 and document["valid"] is False
    assert {d["severity"] for d in document["diagnostics"]} == {"error"}
    status, out, _ = cli("validate", str(root), "--format", "json")
    assert status == 0 and {d["severity"] for d in json.loads(out)["diagnostics"]} == {"warning"}


def test_a_run_goes_on_without_what_they_name_and_says_so(workspace, cli):
    root = strict_workspace(workspace)
    status, out, err = cli("run", str(root), "--input", "Is the release ready?", "--provider", "mock")
    assert status == 0 and out
    assert err.splitlines()[-1].endswith(
        "; memory off; skipped features: mcp tools, command packs, agent skills, decision skills, "
        "memory bindings"
    )
    status, out, _ = cli(
        "run", str(root), "--input", "Is the release ready?", "--provider", "mock", "--format", "json"
    )
    record = json.loads(out)
    assert status == 0 and record["status"] == "ok"
    assert record["skipped"] == [
        {
            "feature": "mcp tools",
            "where": "agent researcher",
            "detail": 'skill issues names an MCP server the workspace does not declare (unknown MCP server "github") and is not offered',
        },
        {
            "feature": "command packs",
            "where": "agent researcher",
            "detail": 'skill fix runs local commands (command pack "tools" has no command "fix") '
            "and is not offered",
        },
        {
            "feature": "command packs",
            "where": "agent researcher",
            "detail": 'skill deploy runs local commands (unknown command pack "ops") and is not offered',
        },
        {
            "feature": "agent skills",
            "where": "agent researcher",
            "detail": 'skill delegate calls another agent (unknown topology "reviewer") and is not offered',
        },
        {
            "feature": "decision skills",
            "where": "decision skill tone-check",
            "detail": "no skill of the workspace has this id; its verdict is recorded as skipped",
        },
        {
            "feature": "memory bindings",
            "where": "decision skill memory-writer",
            "detail": "memory.enabled is false, so topology main's binding does nothing",
        },
        {
            "feature": "command packs",
            "where": "workspace.yaml",
            "detail": "command_packs tools are not run: swarmkit run runs no local commands",
        },
    ]
    verdicts = [
        (d["agent"], d["skill"], d["trigger"], d["verdict"], d["detail"]) for d in record["decisions"]
    ]
    assert verdicts == [
        ("researcher", "tone-check", "post_output", "skipped", "no skill of the workspace has this id"),
        # bound twice: the later binding applies, as upstream
        ("lead", "judge", "pre_synthesis", "pass", "the mock provider passes any non-empty text"),
        ("lead", "tone-check", "post_output", "skipped", "no skill of the workspace has this id"),
    ]
    assert record["recalled"] == [] and record["memory_writes"] == []  # memory stays off


def test_upstream_accepts_what_they_warn_about(upstream, workspace, tmp_path):
    root = strict_workspace(workspace)
    result = upstream_validate(upstream, tmp_path / root, tmp_path / "upstream")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_trigger_aimed_at_no_topology_stays_an_error(workspace, cli):
    """Upstream checks trigger targets, so the same code is an error there."""
    root = workspace(
        {
            "triggers/nightly.yaml": "apiVersion: swarmkit/v1\nkind: Trigger\nmetadata: {id: nightly, name: Nightly}\n"
            "type: cron\ntargets: [reviewer]\nconfig: {expression: '0 2 * * *'}\n"
        }
    )
    status, out, _ = cli("validate", str(root))
    assert status == 1
    assert out.startswith(
        'ws/triggers/nightly.yaml:5:11: error[ref.unknown-topology] trigger "nightly" targets unknown topology '
        '"reviewer"\n'
    )

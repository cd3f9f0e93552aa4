"""What upstream acts on and `swarmkit run` does not: each one a workspace uses is in the run record.

One case per feature docs/compatibility.md marks skipped, on an init workspace with the block added;
the record's `skipped` list holds exactly the entry, and the summary line names the feature.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SKILL = (
    "apiVersion: swarmkit/v1\nkind: Skill\n"
    "metadata: {{id: {id}, name: {id}, description: A skill for the tests.}}\n"
    "category: capability\nimplementation: {implementation}\n"
    "provenance: {{authored_by: human, version: 1.0.0}}\n"
)
COMPOSED = "{type: composed, composes: [summarize, issues], strategy: parallel-consensus}"
RESEARCHER = "        skills_additional: [summarize]\n"


def researcher(*lines: str) -> dict[str, str]:
    """Topology edit: lines added to the researcher agent (after its skills_additional)."""
    return {"topologies/main.yaml": RESEARCHER + "".join(f"        {line}\n" for line in lines)}


CASES = {
    "composed strategies": (
        # a command that is nowhere: the run tries it, and the record says it could not start
        "mcp_servers:\n  - {id: github, transport: stdio, command: [swarmkit-test-no-such-server]}\n",
        {
            "topologies/main.yaml": RESEARCHER.replace("[summarize]", "[summarize, review]"),
            "skills/review.yaml": SKILL.format(id="review", implementation=COMPOSED),
            "skills/issues.yaml": SKILL.format(
                id="issues", implementation="{type: mcp_tool, server: github, tool: list_issues}"
            ),
        },
        [
            {
                "feature": "composed strategies",
                "where": "agent researcher",
                "detail": "skill review's strategy parallel-consensus is not applied; its parts run in order",
            },
            {
                "feature": "mcp permissions",
                "where": "mcp server github",
                "detail": "permission cautious not applied: every tool an agent holds is called unchecked, "
                "as permission open",
            },
        ],
    ),
    "storage": (
        "storage:\n  memory_folder: .swarmkit/memory\n"
        "  checkpoints: {backend: sqlite, path: ./.swarmkit/state}\n  audit: {backend: sqlite}\n",
        {},
        [
            {"feature": "storage", "where": "workspace.yaml", "detail": "storage.checkpoints is not applied"},
            {"feature": "storage", "where": "workspace.yaml", "detail": "storage.audit is not applied"},
        ],
    ),
    "iam scopes": (
        "",
        researcher("iam: {base_scope: [swarm:read, repo:read, kb:write], elevated_scopes: [deploy:prod]}"),
        [
            {
                "feature": "iam scopes",
                "where": "agent researcher",
                "detail": "iam.base_scope repo:read, kb:write is not enforced; only swarm:read and swarm:write act",
            },
            {
                "feature": "iam scopes",
                "where": "agent researcher",
                "detail": "iam.elevated_scopes deploy:prod are never granted; no step asks for approval",
            },
        ],
    ),
    "intent monitoring": (
        "",
        researcher("intent_monitoring: {enabled: true, threshold: 0.7, on_drift: nudge}"),
        [
            {
                "feature": "intent monitoring",
                "where": "agent researcher",
                "detail": "intent_monitoring is not applied",
            }
        ],
    ),
    "credentials": (
        "credentials:\n  gh-token: {source: env, config: {env: GITHUB_TOKEN}}\n",
        {},
        [
            {
                "feature": "credentials",
                "where": "workspace.yaml",
                "detail": "credentials gh-token are not read: no MCP server names them, and command packs do not run",
            }
        ],
    ),
    "command packs": (
        "command_packs:\n  - id: tools\n    commands:\n      - {id: lint, argv: [ruff, check, .], effects: read}\n",
        {},
        [
            {
                "feature": "command packs",
                "where": "workspace.yaml",
                "detail": "command_packs tools are not run: swarmkit run runs no local commands",
            }
        ],
    ),
    "authoring": (
        "authoring: {expose: true}\n",
        {},
        [{"feature": "authoring", "where": "workspace.yaml", "detail": "authoring is not applied"}],
    ),
}


def _apply(root: Path, edits: dict[str, str]) -> None:
    for rel, text in edits.items():
        path = root / rel
        if rel == "topologies/main.yaml":
            original = path.read_text(encoding="utf-8")
            assert RESEARCHER in original
            text = original.replace(RESEARCHER, text)
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("feature", list(CASES))
def test_a_skipped_feature_is_in_the_record_and_the_summary(feature, init_ws, cli):
    workspace_yaml, edits, expected = CASES[feature]
    root = init_ws(workspace_yaml_extra=workspace_yaml)
    _apply(root, edits)
    status, out, _ = cli("run", str(root), "--provider", "mock", "-i", "hello there", "--json")
    assert status == 0
    record = json.loads(out)
    assert record["status"] == "ok"
    assert record["skipped"] == expected
    status, _, err = cli("run", str(root), "--provider", "mock", "-i", "hello there")
    assert status == 0
    names = ", ".join(dict.fromkeys(item["feature"] for item in expected))
    assert err.splitlines()[-1].endswith(f"; skipped features: {names}")


def test_a_sequential_composed_skill_and_the_memory_folder_are_not_skipped(init_ws, cli):
    """Parts in order is what the run does, and storage.memory_folder is where memory goes."""
    root = init_ws(workspace_yaml_extra="storage:\n  memory_folder: .swarmkit/memory\n")
    _apply(
        root,
        {
            "topologies/main.yaml": RESEARCHER.replace("[summarize]", "[summarize, review]"),
            "skills/review.yaml": SKILL.format(
                id="review", implementation="{type: composed, composes: [summarize], strategy: sequential}"
            ),
        },
    )
    status, out, _ = cli("run", str(root), "--provider", "mock", "-i", "hello there", "--json")
    assert status == 0 and json.loads(out)["skipped"] == []

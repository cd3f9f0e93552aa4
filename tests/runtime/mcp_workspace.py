"""Workspaces that declare MCP servers, for the MCP tests: an init workspace, its researcher holding
the given mcp_tool skills, and the servers in workspace.yaml."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from swarmkit.scaffold import create_workspace

FIXTURE_SERVER = Path(__file__).resolve().parents[1] / "fixtures" / "mcp" / "fixture_server.py"
SKILL = (
    "apiVersion: swarmkit/v1\nkind: Skill\n"
    "metadata: {{id: {id}, name: {id}, description: {description}}}\n"
    "category: {category}\nimplementation: {{type: mcp_tool, server: {server}, tool: {tool}}}\n"
    "provenance: {{authored_by: human, version: 1.0.0}}\n"
)
DECISION_OUTPUTS = (
    "outputs:\n  type: object\n  required: [verdict, confidence, reasoning]\n  properties:\n"
    "    verdict: {type: string, enum: [pass, fail]}\n    confidence: {type: number}\n"
    "    reasoning: {type: string}\n"
)


def python_server(*args: str) -> list[str]:
    """A stdio command that runs with this interpreter (the one the SDK and the servers are in)."""
    return [sys.executable, *args]


def mcp_workspace(root: Path, servers: list[dict], skills: dict[str, tuple], extra_yaml: str = "") -> Path:
    """`skills`: id -> (server, tool[, category]); capability skills go to the researcher."""
    create_workspace(root, "Demo")
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("mcp_servers:\n" if servers else "")
        for server in servers:
            handle.write(f"  - {json.dumps(server)}\n")
        handle.write(extra_yaml)
    held = []
    for skill_id, (server, tool, *category) in skills.items():
        kind = category[0] if category else "capability"
        (root / "skills" / f"{skill_id}.yaml").write_text(
            SKILL.format(
                id=skill_id, description=f"The {tool} tool.", category=kind, server=server, tool=tool
            )
            + (DECISION_OUTPUTS if kind == "decision" else ""),
            encoding="utf-8",
        )
        if kind == "capability":
            held.append(skill_id)
    topology = root / "topologies" / "main.yaml"
    text = topology.read_text(encoding="utf-8")
    topology.write_text(
        text.replace("skills_additional: [summarize]", f"skills_additional: [summarize, {', '.join(held)}]"),
        encoding="utf-8",
    )
    return root


def script(path: Path, steps: list[dict]) -> str:
    path.write_text(json.dumps(steps), encoding="utf-8")
    return str(path)


def git_repository(path: Path, message: str = "The first commit of the test repository") -> str:
    """A real git repository with one commit; its full sha."""
    path.mkdir(parents=True)
    env = {"GIT_AUTHOR_NAME": "Ana", "GIT_AUTHOR_EMAIL": "ana@example.org"}
    env |= {"GIT_COMMITTER_NAME": "Ana", "GIT_COMMITTER_EMAIL": "ana@example.org", "PATH": "/usr/bin:/bin"}
    env |= {k: v for k, v in os.environ.items() if k == "SYSTEMROOT"}  # Windows programs need it
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    (path / "README.md").write_text("hello\n", encoding="utf-8")
    subprocess.run(["git", "-C", str(path), "add", "README.md"], check=True, env=env)
    subprocess.run(["git", "-C", str(path), "commit", "-qm", message], check=True, env=env)
    return subprocess.run(
        ["git", "-C", str(path), "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()


def running_with(marker: str) -> list[str]:
    """The command lines of live processes that name `marker` (to check servers stopped)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = next(
                (line for line in (proc / "status").read_text().splitlines() if line.startswith("State:")), ""
            )
        except OSError:
            continue
        if marker in cmdline and "zombie" not in state:
            found.append(cmdline)
    return found

"""Upstream's hello-swarm calls its say-hello tool for real: its server is `uv run python
hello_world_server.py`; where uv is absent the record says the server could not start (the test
makes it absent: a PATH that holds git alone), and a copy whose command is this interpreter runs it
and the answer holds the greeting."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from tests.compat.corpus import copy_workspace, needs_corpus

pytest.importorskip("mcp")

GREET = [
    {
        "when": {"agent": "greeter", "purpose": "answer"},
        "tool_calls": [{"name": "greet", "arguments": {"audience": "the swarmkit team"}}],
    }
]


def hello(tmp_path):
    root = copy_workspace(needs_corpus() / "examples/hello-swarm/workspace", tmp_path / "ws")
    script = tmp_path / "greet.json"
    script.write_text(json.dumps(GREET), encoding="utf-8")
    return root, str(script)


def run(cli, root, script):
    status, out, err = cli(
        "run", str(root), "--input", "Greet the team", "--provider", "mock", "--script", script, "--json"
    )
    return status, json.loads(out), err


def test_without_uv_the_record_says_the_server_could_not_start(cli, tmp_path, monkeypatch):
    root, script = hello(tmp_path)
    # whether this machine has uv or not: the run's PATH holds git (memory commits) and nothing else
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "git").symlink_to(shutil.which("git"))
    monkeypatch.setenv("PATH", str(bin_dir))
    status, record, err = run(cli, root, script)
    assert status == 0 and record["status"] == "ok"  # the greeter answers without its tool
    (server,) = record["mcp_servers"]
    assert server == {
        "id": "hello-world",
        "transport": "stdio",
        "status": "failed",
        "start_ms": server["start_ms"],
        "tools": [],
        "detail": "could not start: the command uv was not found",
    }
    assert (
        "warning: mcp: server hello-world could not start: could not start: the command uv was not found"
        in err
    )
    assert record["tool_calls"][0]["result"] == {"error": "greeter has no tool greet"}


def test_with_this_python_the_say_hello_tool_answers(cli, tmp_path):
    root, script = hello(tmp_path)
    workspace = root / "workspace.yaml"
    text = workspace.read_text(encoding="utf-8")
    command = '["uv", "run", "python", "hello_world_server.py"]'
    assert command in text
    workspace.write_text(
        text.replace(command, json.dumps([sys.executable, "hello_world_server.py"])), "utf-8"
    )
    # upstream's server is written for mcp 1 (FastMCP); mcp 2 renamed it MCPServer, same decorator
    server = root / "hello_world_server.py"
    source = server.read_text(encoding="utf-8")
    assert "from mcp.server.fastmcp import FastMCP" in source
    server.write_text(
        source.replace(
            "from mcp.server.fastmcp import FastMCP", "from mcp.server.mcpserver import MCPServer as FastMCP"
        ),
        encoding="utf-8",
    )
    status, record, err = run(cli, root, script)
    assert status == 0 and record["status"] == "ok", err
    assert [(s["id"], s["status"], s["tools"]) for s in record["mcp_servers"]] == [
        ("hello-world", "started", ["greet"])
    ]
    (call,) = record["tool_calls"]
    assert (call["skill"], call["server"], call["tool"], call["status"]) == (
        "say-hello",
        "hello-world",
        "greet",
        "ok",
    )
    assert call["result"]["content"] == "Hello, the swarmkit team! Welcome to SwarmKit."
    greeter = next(a for a in record["agents"] if a["id"] == "greeter")
    assert "Hello, the swarmkit team! Welcome to SwarmKit." in greeter["output"]

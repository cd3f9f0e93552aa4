"""`swarmkit mcp` driven by the MCP Inspector's CLI mode (npm @modelcontextprotocol/inspector), a
client no one here wrote: tools listed, a fact remembered then recalled, another person's fact
never returned. CI installs the Inspector (.ci/run) and sets SWARMKIT_MCP_INSPECTOR to it, and
then this test must run; elsewhere it runs where that variable or the CI cache has it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from swarmkit.scaffold import create_workspace  # noqa: E402
from tests.memory_mcp.test_memory_mcp_server import TOOLS  # noqa: E402

CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "swarmkit" / "npm"


def inspector() -> str:
    for candidate in (os.environ.get("SWARMKIT_MCP_INSPECTOR"), CACHE / "node_modules/.bin/mcp-inspector"):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    if os.environ.get("SWARMKIT_REQUIRE_INSPECTOR"):
        pytest.fail("SWARMKIT_REQUIRE_INSPECTOR is set but the MCP Inspector is not installed (see .ci/run)")
    pytest.skip(
        "the MCP Inspector is not installed (npm install --prefix ~/.cache/swarmkit/npm @modelcontextprotocol/inspector)"
    )


def inspect(root: Path, user: str, *method: str) -> dict:
    command = [
        inspector(),
        "--cli",
        sys.executable,
        "-m",
        "swarmkit",
        "mcp",
        str(root),
        "--user",
        user,
        *method,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def call(root: Path, user: str, tool: str, **arguments: str) -> dict:
    args = [f"{key}={value}" for key, value in arguments.items()]
    result = inspect(
        root, user, "--method", "tools/call", "--tool-name", tool, *sum((["--tool-arg", a] for a in args), [])
    )
    assert result["isError"] is False, result
    return json.loads(result["content"][0]["text"])


def test_the_inspector_lists_remembers_and_recalls(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    listed = inspect(root, "ana", "--method", "tools/list")
    assert {tool["name"] for tool in listed["tools"]} == TOOLS
    kept = call(root, "ana", "remember", text="I live in Porto")
    assert kept["status"] == "written" and kept["ref"].startswith("users/ana.md#")
    found = call(root, "ana", "recall", query="where do I live Porto")
    assert any(hit["text"] == "I live in Porto" for hit in found["results"])
    theirs = call(root, "bob", "recall", query="where do I live Porto")
    assert all("Porto" not in hit["text"] for hit in theirs["results"])

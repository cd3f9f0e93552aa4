"""`swarmkit mcp` driven by the official SDK's client, over stdio and over streamable HTTP: the tools
are listed, a fact remembered is recalled, another person's fact is never returned, and each result
is the document `swarmkit memory ... --format json` prints."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from swarmkit.scaffold import create_workspace  # noqa: E402
from tests.support.git import commit_count

TOOLS = {"recall", "remember", "list", "show", "history", "forget", "inbox", "review"}


def swarmkit(*args: str, root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "swarmkit", *args, "-w", str(root)],
        capture_output=True,
        text=True,
        timeout=120,
    )


async def session(root: Path, user: str | None, work):
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    args = ["-m", "swarmkit", "mcp", str(root)] + (["--user", user] if user else [])
    params = StdioServerParameters(command=sys.executable, args=args, cwd=str(root), env=dict(os.environ))
    async with Client(stdio_client(params)) as client:
        return await work(client)


async def call(client, name: str, **arguments) -> dict:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


def run(coroutine):
    return asyncio.run(coroutine)


@pytest.fixture
def root(tmp_path) -> Path:
    path = tmp_path / "ws"
    create_workspace(path, "Demo")
    return path


def test_stdio_tools_remember_recall_and_privacy(root):
    first = swarmkit("memory", "add", "The team meets on Mondays", "--to", "lessons", root=root)
    assert first.returncode == 0, first.stderr  # the folder exists: a remember is then one commit

    async def ana(client):
        tools = {tool.name for tool in (await client.list_tools()).tools}
        before = commit_count(root / ".swarmkit" / "memory")
        kept = await call(client, "remember", text="I live in Porto and I work on the harbour bridge")
        after = commit_count(root / ".swarmkit" / "memory")
        found = await call(client, "recall", query="where do I live Porto")
        listing = await call(client, "list")
        shown = await call(client, "show", ref=kept["stable_ref"])
        resources = [str(r.uri) for r in (await client.list_resources()).resources]
        return tools, kept, after - before, found, listing, shown, resources

    tools, kept, new_commits, found, listing, shown, resources = run(session(root, "ana", ana))
    assert TOOLS <= tools
    assert kept["status"] == "written" and kept["ref"].startswith("users/ana.md#")
    assert new_commits == 1
    assert any("Porto" in hit["text"] for hit in found["results"])
    assert shown["text"] == kept["text"] and shown["stable_ref"] == kept["stable_ref"]
    assert any(entry["stable_ref"] == kept["stable_ref"] for entry in listing["entries"])
    assert "memory://MEMORY.md" in resources

    # the same documents as the CLI's --format json
    cli = swarmkit(
        "memory", "search", "where do I live Porto", "--user", "ana", "--format", "json", root=root
    )
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout) == found
    cli = swarmkit("memory", "show", kept["stable_ref"], "--user", "ana", "--format", "json", root=root)
    assert json.loads(cli.stdout) == shown

    async def bob(client):
        await call(client, "remember", text="I live in Oslo")
        mine = await call(client, "recall", query="where do I live Oslo")
        theirs = await call(client, "recall", query="where do I live Porto harbour bridge")
        listing = await call(client, "list")
        refused = await client.call_tool("show", {"ref": kept["stable_ref"]})
        return mine, theirs, listing, refused

    mine, theirs, listing, refused = run(session(root, "bob", bob))
    assert any("Oslo" in hit["text"] for hit in mine["results"])
    assert all("Porto" not in hit["text"] for hit in theirs["results"])  # ana's fact, never bob's
    assert all(not entry["file"].startswith("users/ana") for entry in listing["entries"])
    assert refused.is_error and "Porto" not in refused.content[0].text

    async def ana_again(client):
        return await call(client, "recall", query="Oslo")

    assert all("Oslo" not in hit["text"] for hit in run(session(root, "ana", ana_again))["results"])


def test_stdio_screens_a_secret_and_reviews_the_inbox(root):
    from swarmkit.memory.store import MemoryStore
    from swarmkit.resolver import resolve

    ws = resolve(root).workspace
    held = MemoryStore(ws.memory.folder, ws.id).remember(
        "Prefers dark mode in every editor",
        kind="preference",
        by="agent",
        target="inbox",
        origin="memory-writer",
    )
    assert held.status == "written"

    async def work(client):
        kept = await call(
            client, "remember", text="My API key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD"
        )
        inbox = await call(client, "inbox")
        (entry,) = inbox["entries"]
        reviewed = await call(
            client, "review", ref=entry["stable_ref"], action="keep", expect=entry["digest"]
        )
        return kept, entry, reviewed, await call(client, "inbox")

    kept, entry, reviewed, after = run(session(root, None, work))
    assert "abcdefghijklmnop" not in json.dumps(kept)
    assert entry["text"] == "Prefers dark mode in every editor"
    assert reviewed["status"] == "kept" and reviewed["ref"].startswith("me.md#")
    assert after == {"format_version": 1, "entries": []}


def test_streamable_http_needs_the_token(root):
    env = dict(os.environ, SWARMKIT_MCP_TOKEN="tok-for-the-test-0123456789")
    process = subprocess.Popen(
        [sys.executable, "-m", "swarmkit", "mcp", str(root), "--http", "--port", "0", "--user", "ana"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = process.stdout.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+/mcp)$", line.strip())
        assert match, line + process.stderr.read()
        url = match.group(1)

        async def work(token: str | None):
            import httpx2
            from mcp import Client
            from mcp.client.streamable_http import streamable_http_client

            headers = {"Authorization": f"Bearer {token}"} if token else {}
            async with httpx2.AsyncClient(headers=headers) as http:
                async with Client(streamable_http_client(url, http_client=http)) as client:
                    await call(client, "remember", text="I live in Braga")
                    return await call(client, "recall", query="where do I live Braga")

        found = run(work("tok-for-the-test-0123456789"))
        assert any("Braga" in hit["text"] for hit in found["results"])
        import httpx2

        refused = httpx2.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "token_required"
        wrong = httpx2.post(url, json={}, headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "token_invalid"
    finally:
        process.terminate()
        process.wait(10)


def test_the_readme_client_snippet_starts_a_server_the_sdk_lists(root):
    """The README's mcpServers snippet, as a client would run it (the workspace path and user filled in)."""
    text = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(\{\n  \"mcpServers\".*?)```", text, flags=re.S)
    assert block, "the README shows an mcpServers snippet"
    entry = json.loads(block.group(1))["mcpServers"]["swarmkit-memory"]
    assert entry["command"] == "swarmkit"
    args = [str(root) if arg == "/path/to/workspace" else arg for arg in entry["args"]]

    async def work():
        from mcp import Client, StdioServerParameters
        from mcp.client.stdio import stdio_client

        # `swarmkit` is this interpreter's: the command a pipx install puts on PATH
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "swarmkit", *args], env=dict(os.environ)
        )
        async with Client(stdio_client(params)) as client:
            return {tool.name for tool in (await client.list_tools()).tools}

    assert run(work()) == TOOLS

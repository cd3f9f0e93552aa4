"""The MCP client of runs against real MCP software: the reference servers from PyPI
(mcp-server-time, mcp-server-git) over stdio, and a streamable-HTTP server built with the SDK."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

pytest.importorskip("mcp")
pytest.importorskip("mcp_server_time")
pytest.importorskip("mcp_server_git")

from swarmkit.runtime.mcp.toolbox import McpSettings  # noqa: E402
from tests.runtime.mcp_workspace import (  # noqa: E402
    git_repository,
    mcp_workspace,
    python_server,
    running_with,
    script,
)
from tests.support.runs import RecordingMock  # noqa

SETTINGS = McpSettings(start_timeout=30, call_timeout=30)


def run_with(root, provider, settings=SETTINGS, text="What time is it in Lisbon, and what changed?"):
    from swarmkit.resolver import resolve
    from swarmkit.runtime.engine import Run

    resolution = resolve(root)
    assert resolution.valid, resolution.diagnostics
    ws = resolution.workspace
    the_run = Run(ws, ws.topology(), provider, mcp=settings)
    return the_run.execute(text).to_json()


def test_the_reference_time_and_git_servers_answer_a_mock_run(tmp_path):
    repo = tmp_path / "ws" / "project"
    root = tmp_path / "ws"
    root.mkdir()
    sha = git_repository(repo)
    mcp_workspace(
        root,
        [
            {
                "id": "time",
                "transport": "stdio",
                "command": python_server("-m", "mcp_server_time", "--local-timezone", "UTC"),
                "permission": "open",
            },
            {
                "id": "git",
                "transport": "stdio",
                # relative to the workspace root: servers run there
                "command": python_server("-m", "mcp_server_git", "--repository", "project"),
                "permission": "open",
            },
        ],
        {"current-time": ("time", "get_current_time"), "git-log": ("git", "git_log")},
    )
    steps = [
        {
            "when": {"agent": "researcher", "purpose": "answer"},
            "tool_calls": [
                {"name": "get_current_time", "arguments": {"timezone": "Europe/Lisbon"}},
                {"name": "git_log", "arguments": {"repo_path": str(repo)}},
            ],
        }
    ]
    provider = RecordingMock(script(tmp_path / "script.json", steps))
    record = run_with(root, provider)

    assert record["status"] == "ok", record["error"]
    assert [(s["id"], s["status"]) for s in record["mcp_servers"]] == [
        ("time", "started"),
        ("git", "started"),
    ]
    assert "get_current_time" in record["mcp_servers"][0]["tools"]
    assert "git_log" in record["mcp_servers"][1]["tools"]
    calls = {call["name"]: call for call in record["tool_calls"]}
    time_call, git_call = calls["get_current_time"], calls["git_log"]
    assert (time_call["server"], time_call["tool"], time_call["status"]) == ("time", "get_current_time", "ok")
    assert '"timezone": "Europe/Lisbon"' in time_call["result"]["content"]
    assert time_call["result"]["structured"]["timezone"] == "Europe/Lisbon"
    assert git_call["status"] == "ok" and sha in git_call["result"]["content"]
    assert "The first commit of the test repository" in git_call["result"]["content"]
    # the model was offered each tool with the server's own description and input schema
    answer_request = next(r for r in provider.requests if r.agent == "researcher" and r.purpose == "answer")
    offered = {spec["function"]["name"]: spec["function"] for spec in answer_request.tools}
    assert offered["git_log"]["parameters"]["required"][0] == "repo_path"
    assert "timezone" in offered["get_current_time"]["parameters"]["properties"]
    # the answer holds the real results, and the researcher is marked as having read tool output
    researcher = next(a for a in record["agents"] if a["id"] == "researcher")
    assert (
        "Tool results: get_current_time:" in researcher["output"] and "Europe/Lisbon" in researcher["output"]
    )
    assert sha in researcher["output"]
    assert "MCP tool" in record["tainted"]["researcher"]
    # every server stopped with the run
    assert running_with(str(root)) == []
    assert record["skipped"] == []


def test_a_streamable_http_server_gets_its_bearer_token_and_answers(tmp_path, monkeypatch):
    import uvicorn
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("swarmkit-test-http")
    seen: list[str] = []

    @server.tool()
    def shout(text: str) -> str:
        """Say it louder."""
        return text.upper() + "!"

    app = server.streamable_http_app()

    async def recording(scope, receive, send):
        if scope["type"] == "http":
            seen.append(dict(scope["headers"]).get(b"authorization", b"").decode())
        await app(scope, receive, send)

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(recording, log_level="error", lifespan="on")
    web = uvicorn.Server(config)
    thread = threading.Thread(target=web.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(500):
        if web.started:
            break
        time.sleep(0.01)
    try:
        monkeypatch.setenv("SWARMKIT_TEST_MCP_TOKEN", "tok-loopback-1234")
        root = mcp_workspace(
            tmp_path / "ws",
            [
                {
                    "id": "web",
                    "transport": "http",
                    "endpoint": f"http://127.0.0.1:{port}/mcp",
                    "credentials_ref": "web-token",
                    "permission": "open",
                }
            ],
            {"shout-it": ("web", "shout")},
            "credentials:\n  web-token: {source: env, config: {env: SWARMKIT_TEST_MCP_TOKEN}}\n",
        )
        steps = [
            {
                "when": {"agent": "researcher", "purpose": "answer"},
                "tool_calls": [{"name": "shout", "arguments": {"text": "hello over http"}}],
            }
        ]
        record = run_with(root, RecordingMock(script(tmp_path / "s.json", steps)))
    finally:
        web.should_exit = True
        thread.join(10)
    assert record["status"] == "ok"
    assert record["mcp_servers"][0] | {"start_ms": None} == {
        "id": "web",
        "transport": "http",
        "status": "started",
        "start_ms": None,
        "tools": ["shout"],
        "detail": None,
    }
    (call,) = record["tool_calls"]
    # the SDK's server gives a str result as structured content too
    assert call["result"] == {"content": "HELLO OVER HTTP!", "structured": {"result": "HELLO OVER HTTP!"}}
    assert set(seen) == {"Bearer tok-loopback-1234"}
    assert "HELLO OVER HTTP!" in next(a["output"] for a in record["agents"] if a["id"] == "researcher")
    assert record["skipped"] == []  # the credential is read: it is not skipped


def test_the_openai_provider_calls_mcp_tools_by_function_calling(tmp_path):
    from swarmkit.runtime.providers.openai import OpenAIProvider
    from tests.runtime.test_openai_provider import FakeEndpoint

    root = mcp_workspace(
        tmp_path / "ws",
        [
            {
                "id": "time",
                "transport": "stdio",
                "command": python_server("-m", "mcp_server_time"),
                "permission": "open",
            }
        ],
        {"current-time": ("time", "get_current_time")},
    )
    endpoint = FakeEndpoint()
    first_call = {
        "choices": [
            {
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {
                                "name": "get_current_time",
                                "arguments": '{"timezone": "Asia/Tokyo"}',
                            },
                        }
                    ],
                }
            }
        ]
    }
    answered = []

    def answer(request):
        if any(m["role"] == "tool" for m in request["messages"]):
            answered.append(request)
            return {"choices": [{"message": {"role": "assistant", "content": "It is late in Tokyo."}}]}
        names = [t["function"]["name"] for t in request.get("tools", [])]
        if "get_current_time" in names and not answered:
            return first_call
        return FakeEndpoint.answer(request)

    endpoint.answer = answer  # type: ignore[method-assign]
    try:
        record = run_with(root, OpenAIProvider(endpoint.url, "sk-test", timeout=10))
    finally:
        endpoint.close()
    assert record["status"] == "ok", record["error"]
    (call,) = [c for c in record["tool_calls"] if c["name"] == "get_current_time"]
    assert call["status"] == "ok" and "Asia/Tokyo" in call["result"]["content"]
    (request,) = answered
    tool_message = next(m for m in request["messages"] if m["role"] == "tool")
    assert tool_message["tool_call_id"] == "call_1"
    assert "Asia/Tokyo" in json.loads(tool_message["content"])["content"]
    assert next(a["output"] for a in record["agents"] if a["id"] == "researcher") == "It is late in Tokyo."

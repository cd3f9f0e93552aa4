"""A broken MCP server never hangs or crashes a run: each case ends within its timeout (small here)
with a clear record, and costs bounded CPU (never wall-clock: CI is loaded). A server's tool as a
decision skill gives a real verdict, and a server that cannot start fails only what needs it."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("mcp")

from swarmkit.runtime.mcp.toolbox import McpSettings  # noqa: E402
from tests.runtime.mcp_workspace import FIXTURE_SERVER, mcp_workspace, python_server, running_with, script  # noqa: E402
from tests.runtime.test_mcp_client import run_with  # noqa: E402
from tests.support.runs import RecordingMock  # noqa

FAST = McpSettings(start_timeout=3, call_timeout=3)
# A server that works must be let start however loaded the machine is (a Python MCP server took over
# 3 s to start beside a full test run on 2 cores): only the timeout a case is about stays short.
STARTS = McpSettings(start_timeout=120, call_timeout=120)
ANSWERS_LATE = McpSettings(start_timeout=120, call_timeout=3)
CPU_BOUND = 20.0  # seconds of this process's CPU a broken server may cost a run, at most


def researcher_calls(name: str, arguments: dict) -> list[dict]:
    return [
        {
            "when": {"agent": "researcher", "purpose": "answer"},
            "tool_calls": [{"name": name, "arguments": arguments}],
        }
    ]


def broken_run(tmp_path, command, tool="judge", arguments=None, settings=FAST):
    root = mcp_workspace(
        tmp_path / "ws",
        [{"id": "broken", "transport": "stdio", "command": command, "permission": "open"}],
        {"broken-tool": ("broken", tool)},
    )
    steps = researcher_calls(tool, arguments or {"text": "hi"})
    cpu = time.process_time()
    record = run_with(root, RecordingMock(script(tmp_path / "s.json", steps)), settings)
    assert time.process_time() - cpu < CPU_BOUND
    assert running_with(str(root)) == [] and running_with(str(FIXTURE_SERVER)) == []
    assert record["status"] == "ok", record["error"]  # the run itself goes on
    return record


def test_a_server_that_exits_at_once(tmp_path):
    record = broken_run(
        tmp_path, python_server("-c", "import sys; print('bye', file=sys.stderr); sys.exit(3)")
    )
    (server,) = record["mcp_servers"]
    assert server["status"] == "failed" and server["tools"] == []
    assert server["detail"].startswith("could not start: ")
    assert "its standard error ends: bye" in server["detail"]
    assert record["tool_calls"][0]["result"] == {"error": "researcher has no tool judge"}
    assert f"mcp: server broken could not start: {server['detail']}" in record["warnings"]
    assert (
        "mcp: agent researcher answered without skill broken-tool: server broken is not running"
        in record["warnings"]
    )


def test_a_command_that_is_not_there(tmp_path):
    record = broken_run(tmp_path, ["swarmkit-test-no-such-command", "--flag"])
    assert record["mcp_servers"][0]["detail"] == (
        "could not start: the command swarmkit-test-no-such-command was not found"
    )


def test_a_server_that_hangs_at_start(tmp_path):
    record = broken_run(tmp_path, python_server("-c", "import time; time.sleep(600)"))
    assert record["mcp_servers"][0]["detail"] == "did not finish starting within 3 s"


def test_a_server_that_writes_garbage(tmp_path):
    record = broken_run(tmp_path, python_server(str(FIXTURE_SERVER), "garbage"))
    detail = record["mcp_servers"][0]["detail"]
    assert detail.startswith("did not finish starting within 3 s; wrote a line that is not JSON-RPC: ")
    assert "this is not JSON-RPC, line 0" in detail


def test_a_tool_that_never_answers(tmp_path):
    command = python_server(str(FIXTURE_SERVER), "slow")
    record = broken_run(tmp_path, command, "slow", {"seconds": 600}, ANSWERS_LATE)
    (call,) = record["tool_calls"]
    assert call["status"] == "failed"
    assert call["result"] == {"error": "MCP server broken failed: did not answer within 3 s"}


def test_a_50_mb_result_is_dropped_as_it_streams_past(tmp_path):
    # the server needs a while to build and send 100 MB of JSON (the text and its structured copy)
    slow_to_send = McpSettings(start_timeout=30, call_timeout=120)
    command = python_server(str(FIXTURE_SERVER), "big")
    record = broken_run(tmp_path, command, "big", {"megabytes": 50}, slow_to_send)
    (call,) = record["tool_calls"]
    assert call["status"] == "failed"
    error = call["result"]["error"]
    assert error.startswith(
        "MCP server broken failed: the server's answer is over 8388608 bytes, the most swarmkit reads"
    )
    assert "(the limit is 8388608); it was dropped" in error


def test_a_big_result_under_the_limit_is_cut_for_the_model_and_the_record(tmp_path):
    command = python_server(str(FIXTURE_SERVER), "big")
    record = broken_run(tmp_path, command, "big", {"megabytes": 1}, STARTS)
    (call,) = record["tool_calls"]
    assert call["status"] == "ok" and call["cut_from"] == 1024 * 1024
    assert call["result"]["content"].endswith("[… cut: 1048576 characters, the first 16000 kept]")
    assert "structured" not in call["result"]


JUDGE_BINDING = """governance:
  provider: mock
  decision_skills:
    - {id: judge-it, trigger: post_output, scope: researcher, required: true}
"""


def judged_run(tmp_path, command, text):
    root = mcp_workspace(
        tmp_path / "ws",
        [{"id": "judge", "transport": "stdio", "command": command, "permission": "open"}],
        {"judge-it": ("judge", "judge", "decision")},
        JUDGE_BINDING,
    )
    return run_with(root, RecordingMock(), STARTS, text=text)


def test_an_mcp_decision_skill_gives_a_real_verdict(tmp_path):
    record = judged_run(tmp_path, python_server(str(FIXTURE_SERVER), "judge"), "Tell me a nice story")
    (decision,) = [d for d in record["decisions"] if d["skill"] == "judge-it"]
    assert (decision["verdict"], decision["detail"]) == ("pass", "nothing forbidden")
    (call,) = record["tool_calls"]
    assert call["decision"] == "judge-it" and call["arguments"]["text"].startswith("researcher")


def test_an_mcp_decision_that_fails_asks_for_revisions_then_stops_the_run(tmp_path):
    record = judged_run(tmp_path, python_server(str(FIXTURE_SERVER), "judge"), "Say the forbidden word")
    verdicts = [d["verdict"] for d in record["decisions"] if d["skill"] == "judge-it"]
    assert verdicts == ["fail", "fail", "fail"]  # the answer and its two revisions
    assert record["status"] == "failed"
    assert record["error"] == (
        "judge-it still says fail for researcher's answer after 2 revisions: the text says forbidden"
    )


def test_a_decision_whose_server_cannot_start_stops_only_what_needs_it(tmp_path):
    record = judged_run(tmp_path, ["swarmkit-test-no-such-command"], "Tell me a story")
    (decision,) = [d for d in record["decisions"] if d["skill"] == "judge-it"]
    assert decision["verdict"] == "error"
    assert decision["detail"] == (
        "MCP server judge could not start: could not start: the command swarmkit-test-no-such-command was not found"
    )
    assert record["status"] == "failed"  # required: no revision can help, so no revision is asked
    assert record["error"] == f"judge-it could not judge researcher's answer: {decision['detail']}"
    assert [c["purpose"] for c in record["model_calls"]].count("revise") == 0


def test_a_skill_whose_server_is_not_declared_is_skipped_as_validate_warned(tmp_path):
    root = mcp_workspace(tmp_path / "ws", [], {"orphan": ("nowhere", "judge")})
    record = run_with(root, RecordingMock(), FAST)
    assert record["status"] == "ok" and record["mcp_servers"] == []
    assert record["skipped"] == [
        {
            "feature": "mcp tools",
            "where": "agent researcher",
            "detail": 'skill orphan names an MCP server the workspace does not declare (unknown MCP server "nowhere") '
            "and is not offered",
        }
    ]


def test_a_failing_server_that_prints_its_token_never_puts_it_in_the_record(tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMKIT_TEST_SECRET", "plain-looking-value-42")
    command = python_server(
        "-c", "import os, sys; print('token', os.environ['TOK'], file=sys.stderr); sys.exit(1)"
    )
    root = mcp_workspace(
        tmp_path / "ws",
        [
            {
                "id": "leaky",
                "transport": "stdio",
                "command": command,
                "env": {"TOK": "${SWARMKIT_TEST_SECRET}"},
            }
        ],
        {"leaky-tool": ("leaky", "judge")},
    )
    record = run_with(root, RecordingMock(), FAST)
    detail = record["mcp_servers"][0]["detail"]
    assert "its standard error ends: token [redacted]" in detail
    assert "plain-looking-value-42" not in str(record)


def test_an_http_server_that_is_not_there(tmp_path):
    import socket

    with socket.socket() as sock:  # a port nobody listens on once it is closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    root = mcp_workspace(
        tmp_path / "ws",
        [{"id": "gone", "transport": "http", "endpoint": f"http://127.0.0.1:{port}/mcp"}],
        {"gone-tool": ("gone", "judge")},
    )
    cpu = time.process_time()
    record = run_with(root, RecordingMock(), FAST)
    assert time.process_time() - cpu < CPU_BOUND
    assert record["status"] == "ok"
    (server,) = record["mcp_servers"]
    assert server["status"] == "failed"
    assert (
        server["detail"]
        == f"could not start: All connection attempts failed (at http://127.0.0.1:{port}/mcp)"
    )

"""Issue 29 (hostile): `swarmkit mcp` answers every malformed request with a JSON-RPC error. The SDK's
stdio transport dropped a line its model refused (a `tools/call` whose params are an array, a
`remember` whose text holds a lone surrogate, an id that is a float, null or an object) without a
word, and the client waited forever. Raw lines of our own, written to the real command's stdin; each
request must get its answer (matched by id, or id null when it has none), and the server must go
on answering afterwards."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading

import pytest

pytest.importorskip("mcp")

from swarmkit.memory_mcp.wire import INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, answer  # noqa: E402
from swarmkit.scaffold import create_workspace  # noqa: E402

INIT = {
    "jsonrpc": "2.0",
    "id": "init",
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}
# (what it is, the raw line, the id its answer carries, the error code)
MALFORMED = [
    (
        "params an array",
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":["remember",{"text":"x"}]}',
        2,
        INVALID_PARAMS,
    ),
    (
        "params a string",
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":"remember"}',
        3,
        INVALID_PARAMS,
    ),
    ("params a number", '{"jsonrpc":"2.0","id":4,"method":"tools/list","params":7}', 4, INVALID_PARAMS),
    (
        "resources params array",
        '{"jsonrpc":"2.0","id":5,"method":"resources/read","params":["memory://MEMORY.md"]}',
        5,
        INVALID_PARAMS,
    ),
    (
        "a lone surrogate in remember's text",
        '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"remember","arguments":{"text":"I like \\ud800 tea"}}}',
        6,
        INVALID_PARAMS,
    ),
    (
        "a low surrogate in a query",
        '{"jsonrpc":"2.0","id":"q7","method":"tools/call","params":{"name":"recall","arguments":{"query":"\\udfff"}}}',
        "q7",
        INVALID_PARAMS,
    ),
    (
        "a surrogate in a key",
        '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"list","arguments":{"\\ud83d":1}}}',
        8,
        INVALID_PARAMS,
    ),
    (
        "a surrogate in the tool name",
        '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"rem\\udc00"}}',
        9,
        INVALID_PARAMS,
    ),
    ("id a float", '{"jsonrpc":"2.0","id":2.5,"method":"ping"}', None, INVALID_REQUEST),
    ("id null", '{"jsonrpc":"2.0","id":null,"method":"ping"}', None, INVALID_REQUEST),
    ("id true", '{"jsonrpc":"2.0","id":true,"method":"ping"}', None, INVALID_REQUEST),
    ("id an object", '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', None, INVALID_REQUEST),
    ("id a surrogate", '{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}', None, INVALID_REQUEST),
    ("jsonrpc 1.0", '{"jsonrpc":"1.0","id":10,"method":"ping"}', 10, INVALID_REQUEST),
    ("no jsonrpc", '{"id":11,"method":"ping"}', 11, INVALID_REQUEST),
    ("method a number", '{"jsonrpc":"2.0","id":12,"method":42}', 12, INVALID_REQUEST),
    ("no method", '{"jsonrpc":"2.0","id":13}', 13, INVALID_REQUEST),
    ("not JSON", '{"jsonrpc":"2.0","id":14,', None, PARSE_ERROR),
    ("too deep to read", "[" * 100_000, None, PARSE_ERROR),
    ("a batch", '[{"jsonrpc":"2.0","id":15,"method":"ping"}]', None, INVALID_REQUEST),
    ("an empty batch", "[]", None, INVALID_REQUEST),
    ("a string", '"ping"', None, INVALID_REQUEST),
]


class Wire:
    """The real `swarmkit mcp` over pipes: raw lines in, JSON answers out (read by a thread)."""

    def __init__(self, root):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "swarmkit", "mcp", str(root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.answers.put(json.loads(line))

    def send(self, raw: str | bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((raw.encode() if isinstance(raw, str) else raw) + b"\n")
        self.proc.stdin.flush()

    def next(self, timeout: float = 120) -> dict:
        return self.answers.get(timeout=timeout)

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(timeout=120)


@pytest.fixture
def wire(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Wire")
    server = Wire(root)
    server.send(json.dumps(INIT))
    assert server.next()["id"] == "init"
    server.send('{"jsonrpc":"2.0","method":"notifications/initialized"}')
    yield server
    if server.proc.poll() is None:
        server.proc.kill()


def test_every_malformed_request_is_answered_and_the_server_goes_on(wire):
    for what, raw, ident, code in MALFORMED:
        wire.send(raw)
        wire.send(json.dumps({"jsonrpc": "2.0", "id": f"after {what}", "method": "ping"}))
        first, second = wire.next(), wire.next()
        assert first.get("id") == ident and first.get("error", {}).get("code") == code, (what, first)
        assert second == {"jsonrpc": "2.0", "id": f"after {what}", "result": {}}, (what, second)
    # a notification is never answered, however malformed; a blank line is no message
    for raw in ('{"jsonrpc":"2.0","method":"notifications/x","params":[1]}', "", "   "):
        wire.send(raw)
    wire.send('{"jsonrpc":"2.0","id":"last","method":"ping"}')
    assert wire.next() == {"jsonrpc": "2.0", "id": "last", "result": {}}
    # a well-formed call still works, bytes that are not UTF-8 read as U+FFFD
    wire.send(
        b'{"jsonrpc":"2.0","id":"kept","method":"tools/call","params":{"name":"remember",'
        b'"arguments":{"text":"The team meets on Mondays in caf\xe9 Lumen"}}}'
    )
    kept = wire.next()
    assert kept["id"] == "kept" and not kept["result"].get("isError"), kept
    assert wire.close() == 0  # the end of stdin ends the server


def test_the_gate_passes_what_the_sdk_reads_and_answers_what_it_would_drop():
    assert answer(json.dumps(INIT)) is None
    assert answer('{"jsonrpc":"2.0","id":1,"result":{}}') is None  # a client's response
    assert answer('{"jsonrpc":"2.0","method":"notifications/initialized"}') is None
    assert answer('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list"}}') is None
    assert (
        answer(
            '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"t":"\\ud83d\\ude00"}}}'
        )
        is None
    )
    error = answer(
        '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"remember","arguments":{"text":"\\ud800"}}}'
    )
    assert error == {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {
            "code": INVALID_PARAMS,
            "message": "Invalid params: the request holds a lone surrogate (\\ud800), which is no Unicode "
            "character; send text as UTF-8, or as an escaped surrogate pair",
        },
    }


def test_streamable_http_answers_what_the_sdk_would_take_for_a_notification(tmp_path):
    """Over HTTP the SDK answered most malformed requests itself, but took an id that is a float or
    null for a notification (202, no answer ever comes) and a lone surrogate for a parse error
    without the request's id."""
    import os
    import re

    import httpx2

    root = tmp_path / "ws"
    create_workspace(root, "Wire")
    token = "tok-for-the-test-0123456789"
    process = subprocess.Popen(
        [sys.executable, "-m", "swarmkit", "mcp", str(root), "--http", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, SWARMKIT_MCP_TOKEN=token),
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+/mcp)$", line.strip())
        assert match, line
        url = match.group(1)
        headers = {
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        with httpx2.Client(headers=headers, timeout=60) as http:
            started = http.post(url, content=json.dumps(INIT))
            assert started.status_code == 200, started.text
            headers = {
                "mcp-session-id": started.headers["mcp-session-id"],
                "mcp-protocol-version": "2025-06-18",
            }
            for what, raw, ident, code in MALFORMED:
                response = http.post(url, content=raw.encode(), headers=headers)
                assert response.status_code == 400, (what, response.status_code, response.text)
                error = response.json()
                assert error["id"] == ident and error["error"]["code"] == code, (what, error)
            pong = http.post(url, content=b'{"jsonrpc":"2.0","id":"p","method":"ping"}', headers=headers)
            assert pong.status_code == 200 and '"id":"p"' in pong.text
    finally:
        process.terminate()
        process.wait(10)

"""`swarmkit mcp` over stdio: every malformed request gets a JSON-RPC error, never silence.

The SDK's stdio transport reads each line with its JSON-RPC model and, for a line the model rejects
(params that are an array, text holding a lone surrogate, which its JSON reader refuses, an id that
is neither a string nor an integer, a batch), hands the reader an exception that it logs and drops:
the client waits forever for its answer. A gate in front of it reads each line first (Python's
JSON reader takes what the SDK's refuses, so the id is known) and answers what the SDK would drop
with the error JSON-RPC 2.0 names, on the SDK's own write stream (one writer: no torn lines); every
other line goes on to the SDK as it came. A notification (no id) is never answered, as JSON-RPC
says, and a blank line is no message.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602


def _lone_surrogate(value: Any, depth: int = 0) -> str | None:
    """The first lone surrogate in a parsed JSON value (keys included), as `\\udXXX`; None if none."""
    if isinstance(value, str):
        for char in value:
            if "\ud800" <= char <= "\udfff":
                return f"\\u{ord(char):04x}"
        return None
    if depth > 200:
        return None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _lone_surrogate(key, depth + 1) or _lone_surrogate(item, depth + 1)
        if found:
            return found
    return None


def _valid_id(value: Any) -> bool:
    """An MCP request id: a string (of Unicode text) or an integer, never null, a number with a
    fraction, a boolean or a structure."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, str) and _lone_surrogate(value) is None)


def answer(line: str) -> dict | None:
    """The JSON-RPC error to send for a line the SDK would drop unanswered, or None: the line goes
    on to the SDK (a well-formed message, a notification, a blank line, a client's response)."""
    if not line.strip():
        return None
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return _error(None, PARSE_ERROR, "Parse error: the line is not JSON")
    if isinstance(message, list):
        return _error(None, INVALID_REQUEST, "Invalid request: send one JSON-RPC message a line, not a batch")
    if not isinstance(message, dict):
        return _error(None, INVALID_REQUEST, "Invalid request: a JSON-RPC message is a JSON object")
    has_id = "id" in message
    ident = message.get("id")
    reply_to = ident if _valid_id(ident) else None
    method = message.get("method")
    if method is None and ("result" in message or "error" in message):
        return None  # a client's response to the server: the SDK's to read
    if not has_id and isinstance(method, str):
        return None  # a notification is never answered, well-formed or not
    if message.get("jsonrpc") != "2.0":
        return _error(reply_to, INVALID_REQUEST, 'Invalid request: "jsonrpc" must be "2.0"')
    if not isinstance(method, str) or not method:
        return _error(reply_to, INVALID_REQUEST, 'Invalid request: "method" must be a string')
    if not _valid_id(ident):
        return _error(None, INVALID_REQUEST, 'Invalid request: "id" must be a string or an integer')
    params = message.get("params")
    if params is not None and not isinstance(params, dict):
        return _error(
            reply_to, INVALID_PARAMS, f'Invalid params: "params" must be an object, not {_kind(params)}'
        )
    surrogate = _lone_surrogate(message)
    if surrogate is not None:
        return _error(
            reply_to,
            INVALID_PARAMS,
            f"Invalid params: the request holds a lone surrogate ({surrogate}), which is no Unicode "
            "character; send text as UTF-8, or as an escaped surrogate pair",
        )
    try:
        from mcp_types import jsonrpc_message_adapter

        jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValueError as exc:  # pydantic's ValidationError: whatever else the SDK's model refuses
        first = str(exc).splitlines()[1:2]
        return _error(
            reply_to, INVALID_REQUEST, "Invalid request" + (f": {first[0].strip()}" if first else "")
        )
    return None


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}.get(
        type(value), "null"
    )


def _error(ident: Any, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}


class _Gate:
    """The lines of the wire the SDK reads (an async iterator of str), each checked first; the
    errors for those it would drop go out on its write stream (`reply`, set once the server runs)."""

    def __init__(self, source) -> None:
        import anyio

        self.source = source
        self.ready = anyio.Event()
        self.reply: Any = None

    def __aiter__(self):
        return self

    async def __anext__(self) -> str:
        from mcp.shared.message import SessionMessage
        from mcp_types import JSONRPCError

        await self.ready.wait()
        while True:
            line = await self.source.readline()
            if not line:
                self.reply.close()  # the SDK's writer ends once every sender has
                raise StopAsyncIteration
            error = answer(line)
            if error is None:
                return line
            await self.reply.send(SessionMessage(JSONRPCError.model_validate(error)))


@contextmanager
def _protocol_stdin() -> Iterator[Any]:
    """Standard input as the protocol's own binary stream, fd 0 pointed at the null device while it
    is served (a child process, git, reads nothing of the protocol), as the SDK's transport does."""
    try:
        wire = os.dup(0)
        null = os.open(os.devnull, os.O_RDONLY)
    except OSError:  # no descriptor to spare: read standard input where it is
        yield sys.stdin.buffer
        return
    try:
        os.dup2(null, 0)
    except OSError:
        os.close(null)
        os.close(wire)
        yield sys.stdin.buffer
        return
    os.close(null)
    try:
        with os.fdopen(wire, "rb", closefd=False) as stream:
            yield stream
    finally:
        os.dup2(wire, 0)
        os.close(wire)


def serve_stdio(server) -> None:
    """Run the MCPServer over stdio with the gate in front of the SDK's reader."""
    import io

    import anyio
    from mcp.server.stdio import stdio_server

    async def serve(stream) -> None:
        gate = _Gate(anyio.wrap_file(io.TextIOWrapper(stream, encoding="utf-8", errors="replace")))
        async with stdio_server(stdin=gate) as (read_stream, write_stream):  # type: ignore[arg-type]
            gate.reply = write_stream.clone()
            gate.ready.set()
            lowlevel = server._lowlevel_server  # noqa: SLF001 (what MCPServer.run_stdio_async runs)
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())

    with _protocol_stdin() as stream:
        anyio.run(serve, stream)

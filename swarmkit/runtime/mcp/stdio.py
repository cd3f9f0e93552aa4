"""A stdio transport for the SDK's client whose cost is linear in what the server writes.

Why not the SDK's stdio_client: it joins each chunk of a line onto the text read so far, which is
quadratic in the line's length (a 50 MB result took 90 s of CPU). This one keeps one bytearray per
line, drops a line over `max_message` bytes as it streams past (answering its request with an
error naming the size, so the call ends at once), and stops the server's whole process group when
the run is done: stdin closed, then SIGTERM, then SIGKILL, each wait bounded. Windows has neither
process groups nor SIGKILL: there the server itself is ended (TerminateProcess) after stdin closes.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import IO

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage

from swarmkit.runtime.mcp.servers import ServerSpec

EXIT_WAIT = 1.0  # seconds a server has to exit after its stdin closes, and again after SIGTERM
OVERSIZE_CODE = -32000
_ID = re.compile(rb'"id"\s*:\s*("([^"\\]{1,200})"|(-?\d{1,20}))')
# What a server inherits of swarmkit's environment besides what its declaration sets (as the SDK
# does): enough to find its interpreter and its home, not the user's tokens.
INHERITED = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "TMPDIR", "VIRTUAL_ENV")
if sys.platform == "win32":  # as the SDK's list: Python itself will not start without SYSTEMROOT
    INHERITED += (
        "APPDATA",
        "HOMEDRIVE",
        "HOMEPATH",
        "LOCALAPPDATA",
        "PATHEXT",
        "PROCESSOR_ARCHITECTURE",
        "SYSTEMDRIVE",
        "SYSTEMROOT",
        "TEMP",
        "TMP",
        "USERNAME",
        "USERPROFILE",
    )


def server_environment(spec: ServerSpec) -> dict[str, str]:
    base = {key: os.environ[key] for key in INHERITED if key in os.environ}
    return base | dict(spec.env)


@asynccontextmanager
async def bounded_stdio(spec: ServerSpec, errlog: IO, max_message: int, notes: list[str]) -> AsyncIterator:
    process = await anyio.open_process(
        list(spec.command),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=errlog,
        cwd=spec.cwd or None,
        env=server_environment(spec),
        start_new_session=True,  # its own process group: stopping it stops what it started
    )
    to_session, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](16)
    write_stream, from_session = anyio.create_memory_object_stream[SessionMessage](16)

    async def deliver(line: bytes) -> None:
        if not line.strip():
            return
        try:
            message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        except ValueError as exc:
            if len(notes) < 5:
                notes.append(f"wrote a line that is not JSON-RPC: {line[:80]!r}")
            await to_session.send(exc)
            return
        await to_session.send(SessionMessage(message))

    async def oversize(head: bytes, size: int) -> None:
        notes.append(f"sent a message of more than {size} bytes (the limit is {max_message}); it was dropped")
        found = _ID.search(head)
        if found is None:
            return
        request_id: str | int = found.group(2).decode() if found.group(2) else int(found.group(3))
        error = types.JSONRPCError(
            jsonrpc="2.0",
            id=request_id,
            error=types.ErrorData(
                code=OVERSIZE_CODE,
                message=f"the server's answer is over {max_message} bytes, the most swarmkit reads",
            ),
        )
        await to_session.send(SessionMessage(error))

    async def read_stdout() -> None:
        assert process.stdout is not None
        line = bytearray()
        dropped = 0  # bytes of the line being dropped; 0 while reading one
        head = b""
        with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream, OSError):
            async with to_session:
                async for chunk in process.stdout:
                    start = 0
                    while start <= len(chunk):
                        end = chunk.find(b"\n", start)
                        piece = chunk[start:] if end < 0 else chunk[start:end]
                        if dropped:
                            dropped += len(piece)
                        else:
                            line += piece
                            if len(line) > max_message:
                                head, dropped = bytes(line[:4096]), len(line)
                                line = bytearray()
                        if end < 0:
                            break
                        if dropped:
                            await oversize(head, dropped)
                            dropped = 0
                        else:
                            await deliver(bytes(line))
                            line = bytearray()
                        start = end + 1

    async def write_stdin() -> None:
        assert process.stdin is not None
        with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            async with from_session:
                async for message in from_session:
                    data = message.message.model_dump_json(by_alias=True, exclude_unset=True)
                    await process.stdin.send((data + "\n").encode("utf-8"))

    async with anyio.create_task_group() as group:
        group.start_soon(read_stdout)
        group.start_soon(write_stdin)
        try:
            yield read_stream, write_stream
        finally:
            with anyio.CancelScope(shield=True):
                await stop_process(process)
                group.cancel_scope.cancel()


async def stop_process(process) -> None:
    """Close stdin, then SIGTERM, then SIGKILL the server's process group (on Windows, end the
    server); each wait bounded."""
    with suppress(Exception):
        if process.stdin is not None:
            await process.stdin.aclose()
    for step in (None, *_STOP_STEPS):
        if step is not None:
            with suppress(ProcessLookupError, PermissionError):
                step(process)
        with anyio.move_on_after(EXIT_WAIT):
            await process.wait()
        if process.returncode is not None:
            break
    if process.returncode is not None and sys.platform != "win32":
        with suppress(ProcessLookupError, PermissionError):  # what it started may outlive it
            os.killpg(process.pid, signal.SIGKILL)


def _signal_group(sig: int):
    return lambda process: os.killpg(process.pid, sig)


# Windows has neither process groups nor SIGKILL: the server alone is ended (TerminateProcess).
_STOP_STEPS = (
    (lambda process: process.terminate(),)
    if sys.platform == "win32"
    else (_signal_group(signal.SIGTERM), _signal_group(signal.SIGKILL))
)

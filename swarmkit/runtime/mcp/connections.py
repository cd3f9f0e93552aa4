"""The run's MCP sessions, each held open by one task on a background event loop.

The runtime is synchronous and the SDK is async: the loop runs in a daemon thread, each server's
session is entered and left by its own task (as the SDK's cancel scopes require), and the runtime
waits on futures with timeouts, so a server that hangs costs its timeout and nothing more. Waiting
blocks; it never spins.
"""

from __future__ import annotations

import asyncio
import tempfile
import threading
import time
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

from swarmkit.runtime.mcp.servers import ServerSpec

STOP_GRACE = 5.0  # seconds a server's task has to leave its session when the run ends
STDERR_TAIL = 400  # characters of a server's standard error a failure quotes


class McpFailure(Exception):
    """A server that could not start, or a call it did not answer: `message` says which and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Server:
    spec: ServerSpec
    tools: list = field(default_factory=list)
    client: Any = None
    failure: str | None = None
    start_ms: float | None = None
    notes: list[str] = field(default_factory=list)
    stderr: Any = None
    task: Any = None
    stop: Any = None


class Connections:
    def __init__(self, start_timeout: float, call_timeout: float, max_message: int) -> None:
        self.start_timeout = start_timeout
        self.call_timeout = call_timeout
        self.max_message = max_message
        self.servers: dict[str, Server] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    # ---- the loop ----------------------------------------------------------------------------
    def _run(self, coroutine, timeout: float):
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(target=self._loop.run_forever, name="swarmkit-mcp", daemon=True)
            self._thread.start()
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except FutureTimeout:
            future.cancel()
            raise McpFailure(f"did not answer within {timeout:g} s") from None

    # ---- servers -----------------------------------------------------------------------------
    def start(self, spec: ServerSpec) -> Server:
        """The server, started on first use; a failure is kept, so it is tried once per run."""
        server = self.servers.get(spec.id)
        if server is not None:
            return server
        server = self.servers[spec.id] = Server(spec)
        if spec.problem:
            server.failure = spec.problem
            return server
        started = time.perf_counter()
        try:
            self._run(self._start(server), self.start_timeout + STOP_GRACE)
        except McpFailure as failure:
            server.failure = failure.message
        server.start_ms = round((time.perf_counter() - started) * 1000, 1)
        if server.failure:
            if spec.transport == "http":
                from swarmkit.urls import without_credentials

                server.failure += f" (at {without_credentials(spec.endpoint) or spec.endpoint})"
            server.failure = _with_details(server, server.failure)
        return server

    async def _start(self, server: Server) -> None:
        ready = asyncio.Event()
        server.stop = asyncio.Event()
        server.task = asyncio.ensure_future(self._hold(server, ready))
        try:
            await asyncio.wait_for(ready.wait(), self.start_timeout)
        except TimeoutError:
            server.failure = f"did not finish starting within {self.start_timeout:g} s"
            server.task.cancel()
            await asyncio.wait({server.task}, timeout=STOP_GRACE)

    async def _hold(self, server: Server, ready: asyncio.Event) -> None:
        """Enter the session, list its tools, wait for the run to end, leave it: one task."""
        from mcp import Client

        try:
            async with Client(self._transport(server), mode="legacy") as client:
                server.tools = await _all_tools(client)
                server.client = client
                ready.set()
                await server.stop.wait()
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # noqa: B036 (an ExceptionGroup from the SDK's task groups)
            if server.client is None:
                server.failure = server.failure or f"could not start: {describe(exc)}"
            server.client = None
        finally:
            ready.set()

    def _transport(self, server: Server):
        spec = server.spec
        if spec.transport == "http":
            import httpx2
            from mcp.client.streamable_http import streamable_http_client

            http = httpx2.AsyncClient(
                headers=dict(spec.headers),
                timeout=httpx2.Timeout(self.call_timeout, connect=min(self.start_timeout, 10.0)),
            )
            return streamable_http_client(spec.endpoint, http_client=http)
        from swarmkit.runtime.mcp.stdio import bounded_stdio

        server.stderr = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")
        return bounded_stdio(spec, server.stderr, self.max_message, server.notes)

    def call(self, server: Server, tool: str, arguments: dict):
        """The tool's CallToolResult; McpFailure when the server does not answer in time or fails."""
        if server.client is None:
            raise McpFailure(server.failure or "is not running")

        async def call():
            return await asyncio.wait_for(
                server.client.call_tool(tool, arguments, read_timeout_seconds=self.call_timeout),
                self.call_timeout,
            )

        try:
            return self._run(call(), self.call_timeout + 1.0)
        except McpFailure:  # the SDK was still cancelling its request when the grace ran out
            raise McpFailure(
                _with_details(server, f"did not answer within {self.call_timeout:g} s")
            ) from None
        except TimeoutError:
            raise McpFailure(
                _with_details(server, f"did not answer within {self.call_timeout:g} s")
            ) from None
        except Exception as exc:  # the SDK's error for a failed request, a closed connection, a bad result
            raise McpFailure(_with_details(server, describe(exc))) from None

    def close(self) -> None:
        """Stop every server (bounded) and the loop."""
        if self._loop is None:
            return
        loop = self._loop

        async def stop_all():
            tasks = []
            for server in self.servers.values():
                if server.task is not None and not server.task.done():
                    server.stop.set()
                    tasks.append(server.task)
            if tasks:
                _, pending = await asyncio.wait(tasks, timeout=STOP_GRACE)
                for task in pending:
                    task.cancel()
                if pending:
                    await asyncio.wait(pending, timeout=STOP_GRACE)

        try:
            asyncio.run_coroutine_threadsafe(stop_all(), loop).result(2 * STOP_GRACE + 1)
        except (FutureTimeout, Exception):
            pass
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(STOP_GRACE)
        if not loop.is_running():
            loop.close()
        self._loop = None
        for server in self.servers.values():
            if server.stderr is not None:
                server.stderr.close()


async def _all_tools(client) -> list:
    tools, cursor = [], None
    for _ in range(100):  # a server whose pages never end cannot hang the start
        page = await client.list_tools(cursor=cursor)
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            break
    return tools


def describe(exc: BaseException) -> str:
    """One line for an exception, the first real one inside an ExceptionGroup."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    if isinstance(exc, FileNotFoundError):
        return f"the command {exc.filename or ''} was not found".replace("  ", " ")
    if isinstance(exc, PermissionError):
        return f"the command {exc.filename or ''} cannot be run (permission denied)"
    text = str(getattr(exc, "message", None) or exc).strip() or type(exc).__name__
    text = " ".join(text.split())
    return text if len(text) <= 300 else text[:299] + "…"


def _with_details(server: Server, message: str) -> str:
    """The failure with what the server said on standard error and what the transport noticed."""
    parts = [message]
    parts += server.notes[:3]
    if server.stderr is not None:
        try:
            server.stderr.flush()
            server.stderr.seek(0)
            tail = server.stderr.read()[-STDERR_TAIL:].strip()
        except (OSError, ValueError):
            tail = ""
        if tail:
            parts.append(f"its standard error ends: {' '.join(tail.split())[-STDERR_TAIL:]}")
    text = "; ".join(dict.fromkeys(parts))
    for secret in server.spec.secrets:
        text = text.replace(secret, "[redacted]")
    return text

"""The MCP server of one person's memory: tools through MemoryStore, as the CLI and the API use it.

Reads see what the person's view sees (their own file, the shared ones, never another person's);
writes are `memory add`'s (screened, deduplicated, superseding by subject, one commit each), so an
MCP client can write nothing a person could not write with the CLI. A refused write or a bad ref is
a tool error with the CLI's message and hint; nothing is half-written.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Literal

from swarmkit.errors import SwarmkitError
from swarmkit.memory_mcp import shapes

# The CLI's JSON documents' version (swarmkit/cli/options.py; the cli package imports this one, so
# not from there): tests/memory_mcp compares each tool's document with the CLI's.
FORMAT_VERSION = 1
INSTRUCTIONS = (
    "Long-term memory kept as markdown under git. Call recall before answering from what you know of "
    "the person; call remember when they tell you a fact about themselves or their work (in their own "
    "words, one fact per call). Entries are named by refs such as me.md#3f9a1c2b."
)


def build_server(store, reader, name: str = "swarmkit-memory"):
    """An MCPServer over `store` (one person's MemoryStore); `reader` the workspace's search config."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    from swarmkit import __version__

    server = MCPServer(name, instructions=INSTRUCTIONS, version=__version__)  # the client's server_info

    def tool(name: str | None = None):
        """server.tool, with the docstring on one line as the description (the SDK keeps its indents)."""

        def register(function):
            return server.tool(name=name, description=" ".join((function.__doc__ or "").split()))(function)

        return register

    lock = threading.Lock()  # one store operation at a time, whatever thread the SDK runs a tool on

    def through_store(action: Callable[[], dict]) -> dict:
        with lock:
            try:
                return {"format_version": FORMAT_VERSION, **action()}  # the CLI's JSON document
            except SwarmkitError as exc:
                raise ToolError(f"{exc.message} ({exc.hint})" if exc.hint else exc.message) from None

    @tool()
    def recall(
        query: str, max_results: int | None = None, scope: Literal["user", "all", "both"] | None = None
    ) -> dict:
        """Search memory: the saved entries that best match the query (score 0..1), as the runs'
        memory-reader recalls them, from this person's view."""
        return through_store(lambda: shapes.recall(store, reader, query, max_results, scope))

    @tool()
    def remember(
        text: str,
        kind: str | None = None,
        subject: str | None = None,
        to: Literal["me", "lessons", "workspace"] | None = None,
    ) -> dict:
        """Keep one fact the person stated (as `swarmkit memory add`): screened for secrets,
        deduplicated, replacing the older value of its subject (user.location, say), one git commit.
        Text in the first person goes to the person's own file."""
        return through_store(lambda: store.add(text, kind, subject, to).to_dict())

    @tool(name="list")
    def list_entries(file: str | None = None) -> dict:
        """Every entry this person may see, with its ref (or only one file's, e.g. lessons.md)."""
        return through_store(lambda: shapes.entries(store, file))

    @tool()
    def show(ref: str) -> dict:
        """One entry (me.md#3f9a1c2b or me.md#L3) with its metadata, or a whole file (lessons.md)."""
        return through_store(lambda: shapes.show(store, ref))

    @tool()
    def history(entry: str) -> dict:
        """Every change to one entry (a ref, a subject or its text), newest first, from git."""
        return through_store(lambda: shapes.history(store, entry))

    @tool()
    def forget(ref: str, expect: str | None = None) -> dict:
        """Remove the entry at ref (one commit); with expect, only if it still has that text or digest."""
        return through_store(lambda: store.forget(ref, expect).to_dict())

    @tool()
    def inbox() -> dict:
        """The unreviewed entries agents left for this person, with refs and digests."""
        return through_store(lambda: shapes.inbox(store))

    @tool()
    def review(
        ref: str,
        action: Literal["keep", "pin", "delete"],
        to: Literal["me", "lessons", "workspace"] = "me",
        expect: str | None = None,
    ) -> dict:
        """Review an inbox entry: keep it (into the person's files), pin it (MEMORY.md, always loaded)
        or delete it; one commit. expect: the digest the inbox tool showed (refused if it changed)."""

        def act() -> dict[str, Any]:
            if action == "keep":
                return store.inbox_keep(ref, to, expect).to_dict()
            if action == "pin":
                return store.inbox_pin(ref, expect).to_dict()
            return store.inbox_delete(ref, expect).to_dict()

        return through_store(act)

    @server.resource("memory://MEMORY.md", name="MEMORY.md", mime_type="text/markdown")
    def pinned() -> str:
        """The pinned MEMORY.md: what every run loads."""
        with lock:
            lines = store.read_lines("MEMORY.md") if store.exists() else None
        return "\n".join(lines) + "\n" if lines else ""

    return server

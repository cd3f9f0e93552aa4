"""`swarmkit mcp` tells its clients swarmkit's version (issue 33: server_info.version was empty)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("mcp")

from swarmkit import __version__  # noqa: E402
from tests.memory_mcp.test_memory_mcp_server import root, session  # noqa: E402,F401


def test_the_server_reports_swarmkits_version(root):  # noqa: F811
    async def info(client):
        return client.server_info

    server = asyncio.run(session(root, None, info))
    assert server is not None
    assert (server.name, server.version) == ("swarmkit-memory", __version__)

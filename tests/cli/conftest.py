"""CLI tests run `swarmkit` in-process (tests/conftest.py's cli) or as a process, over real workspaces."""

from __future__ import annotations

import pytest


@pytest.fixture
def root(tmp_path):
    """A workspace with memory, runs and conversations in it (tests/server/seed.py), as `swarmkit
    serve` serves it."""
    from tests.server.seed import seed

    root = tmp_path / "ws"
    seed(root)
    return root

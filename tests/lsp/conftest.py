"""An init workspace for the language server's tests (the lsp extra is in the dev install)."""

from __future__ import annotations

import pytest

from swarmkit.scaffold import create_workspace


@pytest.fixture
def team(tmp_path):
    root = tmp_path / "team"
    create_workspace(root, "Team")
    return root

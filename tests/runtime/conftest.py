"""Runtime fixtures: workspaces made with `swarmkit init` (runs and their provider: tests/support/runs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarmkit.scaffold import create_workspace


@pytest.fixture
def init_ws(tmp_path):
    def make(name: str = "ws", workspace_yaml_extra: str = "") -> Path:
        root = tmp_path / name
        create_workspace(root, "Demo")
        if workspace_yaml_extra:
            with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
                handle.write(workspace_yaml_extra)
        return root

    return make

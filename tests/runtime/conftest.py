"""Runtime test helpers: init workspaces and a provider that keeps the requests it answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarmkit.resolver import resolve
from swarmkit.runtime.engine import Run
from swarmkit.runtime.providers.mock import MockProvider
from swarmkit.scaffold import create_workspace

REMEMBER = "Two things to remember about me: I live in Lisbon and my editor is Helix."
QUESTION = "Where do I live, and which editor do I use?"


class RecordingMock(MockProvider):
    """The real mock provider, keeping each request so tests can read the exact prompts."""

    def __init__(self, script: str | None = None) -> None:
        super().__init__(script)
        self.requests = []

    def complete(self, request):
        self.requests.append(request)
        return super().complete(request)


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


def run_once(root: Path, text: str, provider=None, topology: str | None = None, user: str | None = None):
    resolution = resolve(root)
    assert resolution.valid, resolution.diagnostics
    provider = provider or RecordingMock()
    ws = resolution.workspace
    the_run = Run(ws, ws.topology(topology), provider, user=user)
    record = the_run.execute(text).to_json()  # as it is kept: a JSON object
    return record, provider

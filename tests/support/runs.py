"""Runs as tests make them: a provider that keeps the requests it answered, and one run of a workspace."""

from __future__ import annotations

from pathlib import Path

from swarmkit.resolver import resolve
from swarmkit.runtime.engine import Run
from swarmkit.runtime.providers.mock import MockProvider

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


def run_once(root: Path, text: str, provider=None, topology: str | None = None, user: str | None = None):
    resolution = resolve(root)
    assert resolution.valid, resolution.diagnostics
    provider = provider or RecordingMock()
    ws = resolution.workspace
    the_run = Run(ws, ws.topology(topology), provider, user=user)
    record = the_run.execute(text).to_json()  # as it is kept: a JSON object
    return record, provider

"""Shared helpers: build workspaces from the init template plus overlays, run the CLI in-process,
and the fixtures tests in more than one folder use (a memory store, a workspace made with `init`)."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

from swarmkit.cli.main import run
from swarmkit.memory.folder.results import MemoryWarning
from swarmkit.scaffold import create_workspace
from tests.support.platforms import skip_what_cannot_run
from tests.support.workspaces import write_overlay

FIXTURES = Path(__file__).parent / "fixtures"


def pytest_collection_modifyitems(items):
    """What cannot run on this system is skipped, with the reason (tests/support/platforms.py)."""
    skip_what_cannot_run(items)


@pytest.fixture(autouse=True)
def _no_retry_backoff(monkeypatch):
    """A provider retry in any test (in this process or a `swarmkit` it starts) waits no time."""
    monkeypatch.setenv("SWARMKIT_OPENAI_BACKOFF", "0")


@pytest.fixture(autouse=True)
def _words_only_recall(monkeypatch):
    """Recall by words, as without the semantic extra, in every test (and every `swarmkit` a test
    starts): tests/memory/recall/test_recall_semantic.py turns the packaged embedding model on."""
    monkeypatch.setenv("SWARMKIT_EMBEDDING_MODEL", "off")


@pytest.fixture(autouse=True)
def _quiet_memory_warnings():
    """Memory warnings (git missing, say) are asserted where they matter, with pytest.warns."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MemoryWarning)
        yield


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    """A factory: an init workspace at tmp_path/ws (cwd = tmp_path) with an overlay applied."""
    monkeypatch.chdir(tmp_path)

    def make(overlay: dict | None = None, name: str = "Demo") -> Path:
        root = tmp_path / "ws"
        create_workspace(root, name)
        write_overlay(root, overlay or {})
        return Path("ws")

    return make


@pytest.fixture
def cli(capsys):
    """Run `swarmkit ARGS` in-process; returns (exit code, stdout, stderr)."""

    def invoke(*args: str) -> tuple[int, str, str]:
        code = run(list(args))
        captured = capsys.readouterr()
        return int(code), captured.out, captured.err

    return invoke


@pytest.fixture
def folder(tmp_path) -> Path:
    """A memory folder's path; memory tests run against real git in tmp_path, no mocks of swarmkit."""
    return tmp_path / "memory"


@pytest.fixture
def store(folder):
    from swarmkit.memory.store import MemoryStore  # loaded by the tests that use it, not by every test

    return MemoryStore(folder, "demo")


@pytest.fixture
def init_ws(tmp_path):
    """A factory: a workspace made with `swarmkit init` (runs and their provider: tests/support/runs.py)."""

    def make(name: str = "ws", workspace_yaml_extra: str = "") -> Path:
        root = tmp_path / name
        create_workspace(root, "Demo")
        if workspace_yaml_extra:
            with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
                handle.write(workspace_yaml_extra)
        return root

    return make


def in_ci() -> bool:
    return os.environ.get("CI") == "true"

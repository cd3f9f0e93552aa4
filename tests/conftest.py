"""Shared helpers: build workspaces from the init template plus overlays, run the CLI in-process,
and the fixtures tests in more than one folder use (a memory store, a workspace made with `init`)."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from swarmkit.cli.main import run
from swarmkit.memory.folder.results import MemoryWarning
from swarmkit.scaffold import create_workspace
from tests.support.parallel import scheduler, share
from tests.support.platforms import skip_what_cannot_run
from tests.support.workspaces import write_overlay

FIXTURES = Path(__file__).parent / "fixtures"

# Hypothesis for every property test, whichever tests a run selects: no per-example deadline (a
# loaded machine's slow example is not a failure; CPU bounds are asserted where they matter), and
# `ci` (fixed examples) on CI. The fuzzers write into their own temporary folders.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True, print_blob=True)
settings.load_profile(
    "ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE", "default")
)


def pytest_collection_modifyitems(items):
    """What cannot run on this system is skipped, with the reason (tests/support/platforms.py); in
    `make test`'s two processes the longest tests go first (tests/support/parallel.py)."""
    skip_what_cannot_run(items)
    share(items)


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: a run without xdist never calls it
def pytest_xdist_make_scheduler(config, log):
    """Under `--dist loadscope` (`make test`), a process is handed a whole module, but each benchmark
    alone and tests/packaging whole (tests/support/parallel.py)."""
    return scheduler(config, log) if config.getvalue("dist") == "loadscope" else None


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

"""Memory tests run against real git in tmp_path; no mocks of swarmkit's own code."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarmkit.memory.store import MemoryStore


@pytest.fixture
def folder(tmp_path) -> Path:
    return tmp_path / "memory"


@pytest.fixture
def store(folder) -> MemoryStore:
    return MemoryStore(folder, "demo")

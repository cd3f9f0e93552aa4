"""The packaged embedding model in force for one test (conftest turns recall by meaning off for
every other test)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


def packaged_model(monkeypatch: pytest.MonkeyPatch, cache: Path) -> Iterator:
    """Yield the packaged all-MiniLM-L6-v2 as the model in force (its cache under `cache`), and
    forget the choice afterwards; fails when the packaged model is not installed."""
    from swarmkit.memory.recall import semantic

    monkeypatch.delenv(semantic.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    semantic.forget_choice()
    found = semantic.choice()
    assert isinstance(found, semantic.Model), f"the packaged model is not installed: {found}"
    yield found
    semantic.forget_choice()

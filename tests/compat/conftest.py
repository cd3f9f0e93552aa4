"""The upstream validator as a fixture: a test that compares with it skips, saying why, without it
(and fails instead where SWARMKIT_REQUIRE_UPSTREAM=1, as `make test` sets)."""

from __future__ import annotations

import pytest

from tests.compat.corpus import needs_upstream


@pytest.fixture
def upstream() -> str:
    return needs_upstream()

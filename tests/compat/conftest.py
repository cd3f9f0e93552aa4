"""The upstream validator as a fixture: tests that compare with it skip, saying why, without it."""

from __future__ import annotations

import pytest

from tests.compat.corpus import upstream_validator


@pytest.fixture
def upstream() -> str:
    command = upstream_validator()
    if command is None:
        pytest.skip(
            "upstream swarmkit-runtime is not installed here (set SWARMKIT_UPSTREAM to its swarmkit); "
            "the differential test covers the schema verdict without it"
        )
    return command

"""Server tests run the real app in-process (Starlette's TestClient) over a real workspace and git."""

from __future__ import annotations

import warnings

import pytest

# Starlette 1.x prefers the httpx2 fork for its TestClient; httpx still works and is what we install.
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")

from starlette.testclient import TestClient  # noqa: E402

from swarmkit.server.app import create_app  # noqa: E402
from tests.server.seed import TOKEN, seed  # noqa: E402
from tests.support.server import BASE  # noqa: E402


@pytest.fixture
def seeded(tmp_path):
    """(workspace root, refs of what seed() wrote)."""
    root = tmp_path / "ws"
    return root, seed(root)


@pytest.fixture
def root(seeded):
    return seeded[0]


@pytest.fixture
def refs(seeded):
    return seeded[1]


@pytest.fixture
def client(root):
    with TestClient(create_app(root, token=TOKEN), base_url=BASE) as test_client:
        yield test_client

"""GET /memory/config: upstream swarmkit's shape of the effective memory block, beside /memory/status."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from swarmkit.scaffold import create_workspace
from swarmkit.server.app import create_app
from tests.support.server import BASE

WORKSPACES = {
    "init": "",
    "tuned": "memory:\n  reader: {max_results: 3, search_scope: user}\n  writer: {min_output_length: 40}\n",
    "off": "memory:\n  enabled: false\n",
    "bound": (
        "governance:\n  provider: mock\n  decision_skills:\n"
        "    - {id: memory-reader, trigger: pre_input, scope: '*', required: false, config: {max_results: 2}}\n"
    ),
}


def config_of(tmp_path, extra: str) -> dict:
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write(extra)
    with TestClient(create_app(root, token="t"), base_url=BASE) as client:
        response = client.get("/memory/config")
    assert response.status_code == 200
    return response.json()


def test_the_init_workspace(tmp_path):
    assert config_of(tmp_path, WORKSPACES["init"]) == {
        "enabled": True,
        "reader": {"max_results": 5, "similarity_threshold": 0.15, "search_scope": "all"},
        "writer": {"min_output_length": 100},
        "explicit": [],
        "governed_store": True,
    }


def test_the_block_over_the_defaults_whatever_the_bindings(tmp_path):
    assert config_of(tmp_path, WORKSPACES["tuned"])["reader"] == {
        "max_results": 3,
        "similarity_threshold": 0.15,
        "search_scope": "user",
    }
    bound = config_of(tmp_path / "b", WORKSPACES["bound"])
    # as upstream: the block's values, and the binding named as the workspace's own
    assert (bound["reader"]["max_results"], bound["explicit"]) == (5, ["memory-reader"])


def test_memory_off_has_no_governed_store(tmp_path):
    data = config_of(tmp_path, WORKSPACES["off"])
    assert (data["enabled"], data["governed_store"]) == (False, False)


@pytest.mark.parametrize("name", sorted(WORKSPACES))
def test_the_same_json_as_upstream_where_it_is_installed(tmp_path, name):
    """Differential: upstream's own memory_config over the same workspace.yaml (swarmkit-runtime is
    not a dev dependency here: it pulls langgraph and three model SDKs)."""
    upstream = pytest.importorskip("swarmkit_runtime.memory._defaults")
    from ruamel.yaml import YAML

    ours = config_of(tmp_path, WORKSPACES[name])
    raw = YAML(typ="safe").load((tmp_path / "ws" / "workspace.yaml").read_text())
    theirs = upstream.memory_config(raw).to_dict()
    theirs["governed_store"] = theirs["enabled"]  # the bundled governed-memory skill exists when on
    assert ours == theirs

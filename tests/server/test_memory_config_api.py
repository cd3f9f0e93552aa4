"""GET /memory/config: upstream swarmkit's shape of the effective memory block, beside /memory/status."""

from __future__ import annotations

import json
import subprocess

import pytest
from starlette.testclient import TestClient

from swarmkit.scaffold import create_workspace
from swarmkit.server.app import create_app
from tests.compat.corpus import needs_upstream, upstream_python
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


# Upstream's own memory_config over a workspace.yaml, run in upstream's venv (tests/compat/corpus.py:
# swarmkit-runtime is never installed beside swarmkit); prints its JSON.
UPSTREAM_CONFIG = """
import json, sys
from ruamel.yaml import YAML
from swarmkit_runtime.memory._defaults import memory_config
raw = YAML(typ="safe").load(open(sys.argv[1], encoding="utf-8").read())
print(json.dumps(memory_config(raw).to_dict()))
"""


@pytest.mark.parametrize("name", sorted(WORKSPACES))
def test_the_same_json_as_upstream(tmp_path, name):
    """Differential: upstream's own memory_config over the same workspace.yaml."""
    python = upstream_python(needs_upstream())
    ours = config_of(tmp_path, WORKSPACES[name])
    done = subprocess.run(
        [python, "-c", UPSTREAM_CONFIG, str(tmp_path / "ws" / "workspace.yaml")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    theirs = json.loads(done.stdout)
    theirs["governed_store"] = theirs["enabled"]  # the bundled governed-memory skill exists when on
    assert ours == theirs

"""action.yml: a small composite action whose one step is `swarmkit validate --format github`."""

from __future__ import annotations

import os
import subprocess
import sys

from ruamel.yaml import YAML

from tests.support.packaging import REPO

PIPX = 'pipx run --spec "$GITHUB_ACTION_PATH" swarmkit'


def test_the_action_step_annotates_a_broken_workspace_and_passes_a_good_one(tmp_path):
    action = YAML(typ="safe").load((REPO / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    (step,) = action["runs"]["steps"]
    assert step["shell"] == "bash" and step["run"].startswith(PIPX + " validate --format github ")
    assert step["env"] == {"WORKSPACE": "${{ inputs.workspace }}", "ARGS": "${{ inputs.args }}"}
    # The step's own shell line, with this checkout's swarmkit where GitHub's runner has pipx's copy.
    line = step["run"].replace(PIPX, f"{sys.executable} -m swarmkit")
    subprocess.run(
        [sys.executable, "-m", "swarmkit", "init", "my team"], cwd=tmp_path, check=True, capture_output=True
    )

    def step_output(**inputs: str) -> tuple[int, str]:
        env = {**os.environ, "WORKSPACE": inputs.get("workspace", "."), "ARGS": inputs.get("args", "")}
        done = subprocess.run(["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True)
        return done.returncode, done.stdout

    status, out = step_output(workspace="my team", args="--require -q")
    assert status == 0 and out.startswith("swarmkit: workspace valid.")
    with open(tmp_path / "my team" / "workspace.yaml", "a") as handle:
        handle.write("memory:\n  reader:\n    search_scope: everything\n")
    status, out = step_output(workspace="my team")
    assert status == 1
    assert out.startswith("::error file=my team/workspace.yaml,line=")
    assert out.endswith("swarmkit: 1 error; the workspace is not valid\n")

"""The `swarmkit-validate` hook, run by the real pre-commit from a clone of this repository."""

from __future__ import annotations

import sys

import pytest
from ruamel.yaml import YAML

from tests.support.packaging import REPO, offline_env, run

GIT = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"]


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory):
    """One hook environment for the module's tests (pre-commit installs the clone into it once)."""
    return str(tmp_path_factory.mktemp("pre-commit-home"))


def test_the_hook_file_declares_swarmkit_validate():
    hooks = YAML(typ="safe").load((REPO / ".pre-commit-hooks.yaml").read_text())
    (hook,) = hooks
    assert hook["id"] == "swarmkit-validate"
    assert hook["entry"] == "swarmkit validate" and hook["language"] == "python"


def test_the_hook_passes_a_good_workspace_and_fails_a_broken_one(clone, pre_commit_home, tmp_path):
    project = tmp_path / "project"  # a user's repository with a workspace at its top
    project.mkdir()
    env = offline_env(PRE_COMMIT_HOME=pre_commit_home)
    run(*GIT, "init", "-q", "-b", "main", cwd=project, env=env)
    run(sys.executable, "-m", "swarmkit", "init", ".", "--name", "Team", cwd=project, env=env)
    run(*GIT, "add", "-A", cwd=project, env=env)

    def hook() -> tuple[int, str]:
        result = run(
            sys.executable,
            "-m",
            "pre_commit",
            "try-repo",
            clone,
            "swarmkit-validate",
            "--all-files",
            cwd=project,
            env=env,
            check=False,
        )
        return result.returncode, result.stdout + result.stderr

    status, out = hook()
    assert status == 0, out
    assert "swarmkit validate" in out and "Passed" in out

    workspace = project / "workspace.yaml"
    workspace.write_text(workspace.read_text() + "memory:\n  reader:\n    search_scope: everything\n")
    run(*GIT, "add", "-A", cwd=project, env=env)
    status, out = hook()
    assert status == 1, out
    assert "Failed" in out
    assert 'error[schema.enum] memory.reader.search_scope is "everything"' in out
    assert "1 error in 1 file: the workspace is not valid" in out


def test_the_hook_skips_a_commit_without_yaml(clone, pre_commit_home, tmp_path):
    project = tmp_path / "notes"
    project.mkdir()
    env = offline_env(PRE_COMMIT_HOME=pre_commit_home)
    run(*GIT, "init", "-q", "-b", "main", cwd=project, env=env)
    (project / "notes.md").write_text("# notes\n")
    run(*GIT, "add", "-A", cwd=project, env=env)
    result = run(
        sys.executable,
        "-m",
        "pre_commit",
        "try-repo",
        clone,
        "swarmkit-validate",
        "--all-files",
        cwd=project,
        env=env,
        check=False,
    )
    assert result.returncode == 0
    assert "(no files to check)Skipped" in result.stdout

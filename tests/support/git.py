"""Plain git on the test side, with the environment swarmkit uses (none of the user's hooks, signing
or GIT_* variables): the one way tests read and make a folder's git history."""

from __future__ import annotations

import subprocess
from pathlib import Path

from swarmkit.memory.folder.gitops import clean_env


def run_git(folder: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """git in `folder`, its exit status unchecked (for a test that reads the status and stderr)."""
    return subprocess.run(
        ["git", "-c", "core.hooksPath=/dev/null", *args],
        cwd=folder,
        env=clean_env() | (env or {}),
        capture_output=True,
        text=True,
        check=False,
    )


def git(folder: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """git's output in `folder`; a failing command fails the test (with git's own words)."""
    done = run_git(folder, *args, env=env)
    if done.returncode:
        raise AssertionError(f"git {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def commits(folder: Path) -> list[str]:
    return git(folder, "log", "--format=%s").splitlines()


def commit_count(folder: Path) -> int:
    return int(git(folder, "rev-list", "--count", "HEAD").strip())


def files_in_last_commit(folder: Path) -> list[str]:
    return sorted(git(folder, "show", "--name-only", "--format=", "HEAD").split())


def last_body(folder: Path) -> str:
    return git(folder, "log", "-1", "--format=%an <%ae>%n%B")


def head(folder: Path) -> str:
    return git(folder, "rev-parse", "HEAD").strip()

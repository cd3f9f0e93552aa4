"""Reading a memory folder's git history from the test side (plain git, swarmkit's clean environment)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from swarmkit.memory.folder.gitops import clean_env


def git(folder: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=folder, env=clean_env(), capture_output=True, text=True, check=True
    ).stdout


def commits(folder: Path) -> list[str]:
    return git(folder, "log", "--format=%s").splitlines()


def commit_count(folder: Path) -> int:
    return int(git(folder, "rev-list", "--count", "HEAD").strip())


def files_in_last_commit(folder: Path) -> list[str]:
    return sorted(git(folder, "show", "--name-only", "--format=", "HEAD").split())


def head(folder: Path) -> str:
    return git(folder, "rev-parse", "HEAD").strip()

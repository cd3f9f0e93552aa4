"""Memory tests run against real git in tmp_path; no mocks of swarmkit's own code."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from swarmkit.memory.folder.gitops import clean_env
from swarmkit.memory.store import MemoryStore


@pytest.fixture
def folder(tmp_path) -> Path:
    return tmp_path / "memory"


@pytest.fixture
def store(folder) -> MemoryStore:
    return MemoryStore(folder, "demo")


def git(folder: Path, *args: str) -> str:
    """Plain git in the folder (test side), with the environment swarmkit uses."""
    proc = subprocess.run(
        ["git", "-c", "core.hooksPath=/dev/null", *args],
        cwd=folder,
        env=clean_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout


def commits(folder: Path) -> list[str]:
    return git(folder, "log", "--format=%s").splitlines()


def commit_count(folder: Path) -> int:
    return int(git(folder, "rev-list", "--count", "HEAD").strip())


def last_body(folder: Path) -> str:
    return git(folder, "log", "-1", "--format=%an <%ae>%n%B")


def files_in_last_commit(folder: Path) -> list[str]:
    return sorted(git(folder, "show", "--name-only", "--format=", "HEAD").split())


def lines(folder: Path, rel: str) -> list[str]:
    return (folder / rel).read_text().splitlines()


def ref_of(rel: str, text: str) -> str:
    """The ref that names an entry: its file and the digest of its text (me.md#3f9a1c2b)."""
    from swarmkit.memory.folder.entries import text_digest

    return f"{rel}#{text_digest(text)}"

"""Test-side helpers for memory folders: plain git with swarmkit's clean environment, and parsing."""

from __future__ import annotations

import subprocess
from pathlib import Path

from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.gitops import clean_env


def git(folder: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", "-c", "core.hooksPath=/dev/null", *args],
        cwd=folder,
        env=clean_env(),
        capture_output=True,
        text=True,
        check=check,
    )


def commit_count(folder: Path) -> int:
    return int(git(folder, "rev-list", "--count", "HEAD").stdout.strip())


def assert_fsck_clean(folder: Path) -> None:
    done = git(folder, "fsck", "--full", "--strict", "--no-dangling", check=False)
    assert done.returncode == 0 and not done.stdout.strip() and "error" not in done.stderr.lower(), (
        f"git fsck:\n{done.stdout}\n{done.stderr}"
    )


def assert_every_file_parses(folder: Path) -> list[E.Entry]:
    """Every markdown file is UTF-8 text ending in a newline, and every bullet line is an entry."""
    found: list[E.Entry] = []
    for path in sorted(folder.rglob("*.md")):
        if ".git" in path.parts:
            continue
        data = path.read_bytes()
        text = data.decode("utf-8")  # raises on a torn multi-byte character
        assert text.endswith("\n"), f"{path} ends without a newline: a half-written line"
        assert "\x00" not in text, f"{path} holds NUL bytes"
        rel = path.relative_to(folder).as_posix()
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith("- ") and "[by:" in line:
                entry = E.parse_line(line, rel, number)
                assert entry is not None and line.rstrip().endswith("]"), (
                    f"{rel}:{number}: torn entry {line!r}"
                )
                found.append(entry)
    return found

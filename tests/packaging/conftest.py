"""A fresh clone of this checkout, its sdist and wheel, and fresh venvs: all built offline.

The wheels the package depends on come from the folder `make test` fills (`.venv/wheelhouse`), so
pip and pre-commit install with --no-index. Without that folder these tests are skipped (and fail
in CI, where `make test` always makes it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.packaging import REPO, WHEELHOUSE, run


@pytest.fixture(scope="session")
def wheelhouse() -> Path:
    if not any(WHEELHOUSE.glob("*.whl")):
        reason = f"no wheels in {WHEELHOUSE}: `make test` makes it"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return WHEELHOUSE


@pytest.fixture(scope="session")
def clone(tmp_path_factory, wheelhouse) -> Path:
    """What a fresh clone holds: the tracked files (as they are in the work tree), in a new git repo."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout: a fresh clone cannot be made")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    target = tmp_path_factory.mktemp("clone") / "swarmkit"
    for rel in filter(None, listed.decode().split("\0")):
        source = REPO / rel
        if source.is_file():  # a tracked file deleted in the work tree is not in the clone either
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / rel)
    git = [
        "git",
        "-c",
        "user.name=test",
        "-c",
        "user.email=test@example.invalid",
        "-c",
        "commit.gpgsign=false",
    ]
    run(*git, "init", "-q", "-b", "main", cwd=target)
    run(*git, "add", "-A", cwd=target)
    run(*git, "commit", "-q", "-m", "clone", cwd=target)
    return target


@pytest.fixture(scope="session")
def dist(tmp_path_factory, clone) -> dict[str, Path]:
    """The sdist of the clone and the wheel built from that sdist (as `python -m build` does)."""
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--outdir", out, clone, cwd=clone)
    return {"sdist": next(out.glob("*.tar.gz")), "wheel": next(out.glob("*.whl"))}

"""Where the upstream compatibility corpus and the upstream validator are, when this machine has them.

The corpus (upstream swarmkit's example workspaces) is not part of the repository: it is found at
$SWARMKIT_COMPAT_CORPUS, at ../shared/compat/upstream beside the repository, or at
/work/shared/compat/upstream. Tests that need it skip, saying why, when it is absent.

Upstream swarmkit-runtime (the `upstream` dependency group) lives in a venv of its own, never ours:
it pulls langgraph, three model SDKs and mcp 1, and installs an executable named `swarmkit` too.
`make test` makes it at .venv/upstream and sets SWARMKIT_REQUIRE_UPSTREAM=1, so there a test that
compares with upstream fails instead of skipping when upstream is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).parents[2]

# The seven workspaces upstream's validator accepts; `reference` is a library, not one to run.
VALID = [
    "examples/hello-swarm/workspace",
    "examples/configurable-synthesis-roles",
    "examples/multimodal-test",
    "examples/rynko-content/workspace",
    "examples/sdlc-pipeline/workspace",
    "examples/sterling-oms/workspace",
    "reference",
]
RUNNABLE = [w for w in VALID if w != "reference"]
BROKEN = "examples/hello-swarm/workspace-broken"


def corpus_root() -> Path | None:
    candidates = [
        os.environ.get("SWARMKIT_COMPAT_CORPUS"),
        REPO.parent / "shared" / "compat" / "upstream",
        "/work/shared/compat/upstream",
    ]
    for candidate in candidates:
        if candidate and (Path(candidate) / "reference" / "workspace.yaml").is_file():
            return Path(candidate)
    return None


def needs_corpus() -> Path:
    root = corpus_root()
    if root is None:
        pytest.skip(
            "the upstream corpus is not on this machine (set SWARMKIT_COMPAT_CORPUS, or place "
            "shared/compat/upstream beside the repository)"
        )
    return root


def upstream_venv() -> Path:
    """Where `make test` installs the `upstream` group (inside .venv, which git ignores)."""
    return REPO / ".venv" / "upstream"


def upstream_validator() -> str | None:
    """Upstream swarmkit-runtime's `swarmkit` executable: $SWARMKIT_UPSTREAM (the executable or the
    venv holding bin/swarmkit), else the venv `make test` makes."""
    for candidate in (os.environ.get("SWARMKIT_UPSTREAM"), str(upstream_venv())):
        if not candidate:
            continue
        path = Path(candidate)
        if path.is_dir():
            path = path / "bin" / "swarmkit"
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


def needs_upstream() -> str:
    """Upstream's `swarmkit`; without it the test skips, saying why, or fails where CI installs it."""
    command = upstream_validator()
    if command is None:
        reason = (
            "upstream swarmkit-runtime is not installed here (`make test` installs the `upstream` group "
            f"at {upstream_venv()}; or set SWARMKIT_UPSTREAM to its swarmkit)"
        )
        if os.environ.get("SWARMKIT_REQUIRE_UPSTREAM") == "1":
            pytest.fail(f"SWARMKIT_REQUIRE_UPSTREAM=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    return command


def upstream_python(command: str) -> str:
    """The interpreter of upstream's venv (beside its `swarmkit`), to import swarmkit_runtime with."""
    return str(Path(command).parent / "python")


def copy_workspace(source: Path, target: Path) -> Path:
    """A writable copy (the corpus may be read-only; runs write records), without upstream's state."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".swarmkit"))
    for path in [target, *target.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o200)
    return target


def upstream_validate(command: str, root: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    """Upstream's `swarmkit validate` on a copy of `root` (it writes state beside what it reads)."""
    target = tmp_path / root.name
    shutil.copytree(root, target, ignore=shutil.ignore_patterns(".swarmkit"))
    return subprocess.run([command, "validate", str(target)], capture_output=True, text=True, timeout=300)

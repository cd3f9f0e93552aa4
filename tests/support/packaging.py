"""Building and installing this checkout offline: the repository, the wheelhouse `make test` fills,
pip's environment without an index, a command that fails the test with its output, a fresh venv."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).parents[2]  # tests/support/ is two below the checkout
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"


def offline_env(**extra: str) -> dict[str, str]:
    """The environment for pip (and what runs pip): the wheelhouse only, no index, no user config."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(
        PIP_NO_INDEX="1",
        PIP_FIND_LINKS=str(WHEELHOUSE),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PIP_CONFIG_FILE=os.devnull,
        PIP_NO_INPUT="1",
        **extra,
    )
    return env


def run(
    *args, cwd: Path, env: dict | None = None, check: bool = True, timeout: float = 600, **kwargs
) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env or offline_env(),
        text=True,
        capture_output=True,
        timeout=timeout,
        **kwargs,
    )
    if check and result.returncode != 0:
        pytest.fail(
            f"{' '.join(map(str, args))} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
        )
    return result


def make_venv(path: Path) -> Path:
    """A fresh venv (pip included) outside the checkout; returns its bin folder (Scripts on Windows)."""
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    return path / ("Scripts" if sys.platform == "win32" else "bin")

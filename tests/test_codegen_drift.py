"""The schema drift check (`make codegen-check`) passes on the repo and catches an unregenerated edit."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).parents[1]
VENV = Path(sys.executable).parent.parent


def _copy_project(dest: Path) -> None:
    for name in ("schema", "swarmkit/models"):
        shutil.copytree(REPO / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    # copy2 keeps modification times, so make sees the venv's install stamps as up to date.
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy2(REPO / name, dest / name)


def _codegen_check(cwd: Path) -> subprocess.CompletedProcess:
    if shutil.which("make") is None:
        pytest.fail("make is required: it runs the schema drift check")
    return subprocess.run(
        # -o: treat the install stamp as up to date, so the copy never reinstalls into this venv.
        ["make", "-s", "-o", f"{VENV}/.installed-dev", "codegen-check", f"VENV={VENV}"],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "MAKEFLAGS": ""},
    )


def test_committed_models_match_the_schemas(tmp_path):
    _copy_project(tmp_path)
    result = _codegen_check(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "codegen-check: swarmkit/models matches schema/" in result.stdout


def test_a_schema_edit_without_regeneration_is_caught(tmp_path):
    _copy_project(tmp_path)
    schema = tmp_path / "schema" / "common.schema.json"
    text = schema.read_text()
    edited = text.replace(
        '"description": "The most memories recalled for one input."',
        '"description": "The most memories recalled per input."',
    )
    assert edited != text
    schema.write_text(edited)
    result = _codegen_check(tmp_path)
    assert result.returncode != 0
    assert "swarmkit/models is out of date with schema/; run 'make codegen' and commit" in result.stderr
    assert "-    The most memories recalled per input." in result.stdout
    assert "+    The most memories recalled for one input." in result.stdout

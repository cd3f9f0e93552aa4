"""`swarmkit init` with any name, in any folder name: it writes a workspace that validates, or says
why it cannot (exit 1 or 2); never a traceback, never a workspace that its own validate refuses."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from swarmkit.cli.main import run as cli_run


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def _init_then_validate(parent: Path, folder: str, name: str | None) -> None:
    target = str(parent / folder)
    code, out, err = _cli("init", target, *(["--name", name] if name is not None else []))
    assert code in (0, 1, 2) and "Traceback" not in out + err, (code, out, err)
    if code == 0:
        code, out, err = _cli("validate", target)
        assert code == 0, out + err


@pytest.mark.parametrize("name", ["\x7f", "Team \x85 notes", "Team \x9f", "\ufffe", "Ops\u2028Team"])
def test_a_name_with_characters_yaml_forbids_unescaped_gives_a_valid_workspace(tmp_path, name):
    _init_then_validate(tmp_path, "ws", name)

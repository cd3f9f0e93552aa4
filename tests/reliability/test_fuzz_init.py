"""`swarmkit init` with any name, in any folder name: it writes a workspace that validates, or says
why it cannot (exit 1 or 2); never a traceback, never a workspace that its own validate refuses."""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarmkit.cli.main import run as cli_run
from tests.reliability.harness import examples


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


@pytest.mark.parametrize("name", ["True", "FALSE", "null", "Null", "yes", "on", "~", "1e3", "0x1F", ".inf"])
def test_a_name_whose_id_yaml_reads_as_another_type_gives_a_valid_workspace(tmp_path, name):
    _init_then_validate(tmp_path, "ws", name)


@pytest.mark.parametrize("folder", ["true", "null", "ws\x7f", " ", "  \t"])
def test_a_folder_name_becomes_a_valid_name_and_id(tmp_path, folder):
    _init_then_validate(tmp_path, folder, None)


FOLDER = st.text(
    st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)), min_size=1, max_size=30
).filter(lambda f: f not in (".", ".."))


@settings(max_examples=examples(150))
@given(name=st.one_of(st.none(), st.text(max_size=80)), folder=FOLDER)
def test_any_name_in_any_folder(name, folder):
    with tempfile.TemporaryDirectory() as tmp:
        _init_then_validate(Path(tmp), folder, name)

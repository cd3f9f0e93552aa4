"""`swarmkit init` with any name, in any folder name: it writes a workspace that validates (exit 0,
then validate's exit 0); the one name it refuses is a blank one, with exit 1 and why. Never a
traceback, never a workspace that its own validate refuses."""

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
    if name is not None and not name.strip():
        assert (code, out) == (1, ""), (code, out, err)
        assert err.startswith("error: --name is empty\n"), err
        return
    assert code == 0 and "Traceback" not in out + err, (code, out, err)
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


@pytest.mark.parametrize("name", ["", " ", "\t\n", "\u3000"])
def test_a_blank_name_is_refused_and_nothing_is_written(tmp_path, name):
    _init_then_validate(tmp_path, "ws", name)
    assert not (tmp_path / "ws").exists() or not any((tmp_path / "ws").iterdir())


FOLDER = st.text(
    st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)), min_size=1, max_size=30
).filter(lambda f: f not in (".", ".."))


@settings(max_examples=examples(150))
@given(name=st.one_of(st.none(), st.text(max_size=80)), folder=FOLDER)
def test_any_name_in_any_folder(name, folder):
    with tempfile.TemporaryDirectory() as tmp:
        _init_then_validate(Path(tmp), folder, name)

"""`swarmkit validate`: what users read, pinned by snapshots, and its exit codes."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parents[1] / "fixtures"


@pytest.fixture
def fixtures_cwd(tmp_path, monkeypatch):
    """Copies of the fixtures under a temporary cwd, so printed paths are short and stable."""
    shutil.copytree(FIXTURES, tmp_path / "fixtures")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
@pytest.mark.parametrize(
    "case",
    [
        "valid/memory-block",
        "valid/memory-off",
        "valid/strict-warnings",
        "invalid/search-scope-everything",
        "invalid/disabled-but-bound",
        "invalid/duplicate-ids",
    ],
)
def test_validate_output(snapshot, fixtures_cwd, cli, case, fmt):
    status, out, err = cli("validate", f"fixtures/{case}", "--format", fmt)
    assert status == (0 if case.startswith("valid") else 1)
    assert err == ""
    assert out == snapshot
    if fmt == "json":
        assert json.loads(out)["valid"] is case.startswith("valid")


def test_validate_tree_of_the_init_workspace(snapshot, workspace, cli):
    root = workspace()
    status, out, _ = cli("validate", str(root), "--tree")
    assert status == 0
    assert out == snapshot


def test_validate_tree_json(snapshot, fixtures_cwd, cli):
    status, out, _ = cli("validate", "fixtures/valid/explicit-reader", "--tree", "--format", "json")
    assert status == 0
    assert json.loads(out) == snapshot


def test_require_passes_a_clean_workspace_and_lists_the_auto_bindings(snapshot, workspace, cli):
    status, out, _ = cli("validate", str(workspace()), "--require")
    assert status == 0
    assert "Auto-bound memory bindings (added by swarmkit; they reach every agent):" in out
    assert out == snapshot


def test_require_fails_on_what_nothing_reaches(snapshot, workspace, cli):
    root = workspace(
        {
            "skills/spare.yaml": "apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {id: spare, name: S, description: A spare check.}\n"
            "category: decision\nimplementation: {type: llm_prompt, prompt: Judge.}\n"
            "outputs: {type: object, properties: {reasoning: {type: string}}}\nprovenance: {authored_by: human, version: 1.0.0}\n",
        }
    )
    status, out, _ = cli("validate", str(root))
    assert status == 0 and "warning[reach.unused-skill]" in out  # a warning without --require
    status, out, _ = cli("validate", str(root), "--require")
    assert status == 1
    assert out == snapshot


def test_usage_errors_exit_2_in_the_one_error_form(cli, tmp_path):
    status, _, err = cli("validate", str(tmp_path / "missing"))
    assert (status, err) == (
        2,
        f"error: invalid value for '[PATH]': Directory '{tmp_path / 'missing'}' does not "
        "exist\n  hint: `swarmkit validate --help` shows the usage\n",
    )
    status, _, err = cli("validate", "--format", "yaml")
    assert (status, err) == (
        2,
        "error: invalid value for '--format': 'yaml' is not one of 'text', 'json', 'github'\n"
        "  hint: `swarmkit validate --help` shows the usage\n",
    )
    status, _, err = cli("frobnicate")
    assert (status, err) == (
        2,
        "error: no such command 'frobnicate'\n  hint: `swarmkit --help` shows the usage\n",
    )
    status, _, err = cli("validate", "--tre")
    assert (status, err) == (
        2,
        "error: no such option '--tre'\n"
        "  hint: did you mean --tree? `swarmkit validate --help` shows the usage\n",
    )
    status, _, err = cli("memory", "stat")
    assert (status, err) == (
        2,
        "error: no such command 'stat'\n"
        "  hint: did you mean status? `swarmkit memory --help` shows the usage\n",
    )


def test_an_internal_error_exits_3_with_a_bug_report(cli, workspace, monkeypatch):
    import swarmkit.resolver

    def broken(_path):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(swarmkit.resolver, "resolve", broken)
    status, out, err = cli("validate", str(workspace()))
    assert status == 3
    assert err.startswith(
        "swarmkit: internal error: ZeroDivisionError: division by zero\n"
        "This is a bug in swarmkit; please report it with the details below.\n"
    )


def test_a_folder_without_workspace_yaml(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkdir("empty")
    status, out, _ = cli("validate", "empty")
    assert status == 1
    assert out == (
        "empty: error[workspace.not-found] no workspace.yaml in empty\n"
        "  hint: run `swarmkit init PATH` to create a workspace, or point at the folder that holds workspace.yaml\n"
        "1 error in 1 file: the workspace is not valid\n"
    )


def test_all_problems_are_reported_in_one_pass(cli, workspace):
    root = workspace(
        {
            "workspace.yaml": "apiVersion: swarmkit/v1\nkind: Workspace\nmetadata: {id: demo, name: Demo}\n"
            "memory: {reader: {search_scope: everything}, writer: {min_output_lenght: 10}}\n",
            "skills/broken.yaml": "apiVersion: swarmkit/v1\nkind: [Skill\n",
            "archetypes/assistant.yaml": "apiVersion: swarmkit/v1\nkind: Archetype\n"
            "metadata: {id: assistant, name: A, description: An assistant.}\nrole: boss\ndefaults: {}\n"
            "provenance: {authored_by: human, version: 1.0.0}\n",
        }
    )
    status, out, _ = cli("validate", str(root))
    codes = [line.split("[", 1)[1].split("]", 1)[0] for line in out.splitlines() if "error[" in line]
    assert status == 1
    assert sorted(codes) == ["schema.enum", "schema.enum", "schema.unknown-field", "yaml.syntax"]


def test_validate_never_writes_a_file(cli, workspace):
    root = workspace()
    before = {p: p.stat().st_mtime_ns for p in Path(root).rglob("*")}
    for args in ([], ["--tree"], ["--require"], ["--format", "json"]):
        cli("validate", str(root), *args)
    after = {p: p.stat().st_mtime_ns for p in Path(root).rglob("*")}
    assert after == before


def test_validate_does_not_import_pydantic_or_the_models():
    """Start-up stays lean: the schema check needs neither (see swarmkit/models_lazy.py), nor
    secret screening and its rule files."""
    import subprocess
    import sys

    code = (
        "import sys; from swarmkit.cli.main import run; from swarmkit.scaffold import create_workspace;"
        "import tempfile, os; d = tempfile.mkdtemp(); create_workspace(d + '/ws', 'X');"
        "sys.stdout = open(os.devnull, 'w'); run(['validate', d + '/ws']);"
        "sys.stderr.write(repr(sorted(m for m in sys.modules"
        " if m.startswith(('pydantic', 'swarmkit.models.', 'swarmkit.screening', 'tomllib')))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stderr == "[]"

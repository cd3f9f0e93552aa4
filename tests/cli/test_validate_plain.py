"""`swarmkit validate` read without click (swarmkit/cli/validate_plain.py): the same output and exit
status as click's reading of the same command line, and a lean start (counted in modules, not timed).
"""

from __future__ import annotations

import re
import subprocess
import sys

import click
import pytest

from swarmkit.cli import output, validate_plain
from swarmkit.cli.validate import validate as validate_command

# Command lines (after `validate`) that the plain reader reads, in a folder holding the init
# workspace ws/, an invalid one bad/ and a file afile.
PLAIN = [
    [],
    ["ws"],
    ["bad"],
    ["ws", "--tree"],
    ["bad", "--require"],
    ["ws", "--require", "--tree"],
    ["ws", "--format", "json"],
    ["bad", "--format=github"],
    ["bad", "--json"],
    ["ws", "--json", "--format", "text"],
    ["ws", "--format", "text", "--json"],
    ["bad", "-q"],
    ["ws", "--quiet"],
    ["ws", "-v"],
    ["bad", "--verbose", "--tree"],
    ["-w", "ws"],
    ["--workspace=bad"],
    ["--workspace", "ws", "ws"],
    ["ws", "-w", "bad"],
    ["-w", "nonexistent"],
    ["ws/skills"],
]
# and those it leaves to click: help, usage errors, values click refuses or reads otherwise
TO_CLICK = [
    ["--help"],
    ["-h"],
    ["nonexistent"],
    ["afile"],
    ["-w", "afile"],
    ["ws", "-qv"],
    ["ws", "-q", "-v"],
    ["ws", "--format", "yaml"],
    ["ws", "--format"],
    ["ws", "--format", "-q"],
    ["ws", "--tree", "--tree"],
    ["--", "ws"],
    ["ws", "ws"],
    ["ws", "--tre"],
    [""],
    ["-w", ""],
    ["-wws"],
]


@pytest.fixture
def places(workspace, tmp_path):
    workspace()
    with (tmp_path / "ws" / "workspace.yaml").open("a", encoding="utf-8") as f:
        f.write("bogus_key: 1\n")  # an unknown field: invalid
    (tmp_path / "ws").rename(tmp_path / "bad")
    workspace()
    (tmp_path / "afile").write_text("not a folder\n")
    return tmp_path


def test_the_reader_takes_the_plain_command_lines_and_leaves_the_rest_to_click(places):
    assert [args for args in PLAIN if validate_plain.plain_command(["validate", *args]) is None] == []
    assert [args for args in TO_CLICK if validate_plain.plain_command(["validate", *args]) is not None] == []
    assert validate_plain.plain_command(["memory", "list"]) is None
    assert validate_plain.plain_command(["-q", "validate", "ws"]) is None


def test_shell_completion_is_left_to_click(places, monkeypatch):
    monkeypatch.setenv("_SWARMKIT_COMPLETE", "bash_complete")
    assert validate_plain.plain_command(["validate", "ws"]) is None


@pytest.mark.parametrize("colour", [{}, {"FORCE_COLOR": "1"}])
@pytest.mark.parametrize("args", PLAIN + TO_CLICK, ids=lambda args: " ".join(args) or "(none)")
def test_plain_and_click_print_the_same_and_exit_alike(places, cli, monkeypatch, args, colour):
    for name, value in colour.items():
        monkeypatch.setenv(name, value)
    plain = cli("validate", *args)
    with monkeypatch.context() as patched:
        patched.setattr(validate_plain, "plain_command", lambda argv: None)
        clicked = cli("validate", *args)
    timing = re.compile(r"after \d+\.\d\d s")
    assert [timing.sub("after … s", str(part)) for part in plain] == [
        timing.sub("after … s", str(part)) for part in clicked
    ]


def test_the_reader_knows_each_option_of_the_click_command_as_click_declares_it():
    declared_flags, declared_valued = {}, {}
    for param in validate_command.params:
        if isinstance(param, click.Argument):
            assert param.name == "path" and param.nargs == 1
            assert isinstance(param.type, click.Path) and param.type.exists and not param.type.file_okay
            continue
        assert isinstance(param, click.Option)
        for opt in param.opts + param.secondary_opts:
            (declared_flags if param.is_flag else declared_valued)[opt] = param.name
        if param.name == "fmt":
            assert isinstance(param.type, click.Choice)
            assert tuple(param.type.choices) == validate_plain.FORMATS
        if param.name == "workspace_option":
            assert isinstance(param.type, click.Path) and not param.type.exists and not param.type.file_okay
    assert declared_flags == validate_plain.FLAGS
    assert declared_valued == validate_plain.VALUED


def test_the_colours_are_click_styles():
    styles = {
        "error": {"fg": "red", "bold": True},
        "bad": {"fg": "red", "bold": True},
        "warning": {"fg": "yellow", "bold": True},
        "hint": {"fg": "cyan"},
        "ok": {"fg": "green", "bold": True},
    }
    assert set(output._STYLES) == set(styles)
    for name, style in styles.items():
        assert output._STYLES[name] + "x" + output._RESET == click.style("x", **style), name


# Modules a one-shot validate must not load (a lean start: swarmkit/cli/validate_plain.py): click,
# the runtime and its providers' interface, memory's store, index and encoder, the portal, the
# language server, the generated models and what any of them pulls in.
NOT_LOADED = (
    "click",
    "numpy",
    "pydantic",
    "sqlite3",
    "httpx",
    "pygls",
    "uuid",
    "swarmkit.cli.group",
    "swarmkit.models.",
    "swarmkit.runtime.providers.base",
    "swarmkit.runtime.engine",
    "swarmkit.memory.store",
    "swarmkit.memory.folder",
    "swarmkit.memory.recall.index",
    "swarmkit.memory.recall.storage",
    "swarmkit.memory.recall.encoder",
    "swarmkit.server",
    "swarmkit.lsp",
    "swarmkit.screening",
)


def loaded_by_validate(places, *args: str) -> list[str]:
    code = (
        "import sys\nfrom swarmkit.cli.main import run\nstatus = run(sys.argv[1:])\n"
        "sys.stderr.write('\\n'.join(['status %d' % status, *sorted(sys.modules)]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "validate", *args], capture_output=True, text=True, cwd=places
    )
    lines = done.stderr.splitlines()
    assert "status 0" in lines or "status 1" in lines, done.stderr
    return lines[lines.index("status 0" if "status 0" in lines else "status 1") + 1 :]


def heavy(loaded: list[str], names: tuple[str, ...]) -> list[str]:
    return [
        m
        for m in loaded
        if any(m == name.rstrip(".") or m.startswith(name.rstrip(".") + ".") for name in names)
    ]


# jsonschema (which imports uuid) only for a document that fails the schema, for its errors
# (schema_check.py)
@pytest.mark.parametrize(
    "args, failing",
    [(["ws"], False), (["ws", "--tree", "-v"], False), (["bad", "--format", "json"], True)],
)
def test_a_one_shot_validate_starts_lean(places, args, failing):
    loaded = loaded_by_validate(places, *args)
    assert "swarmkit.resolver.build" in loaded  # it did validate
    names = tuple(n for n in NOT_LOADED if n != "uuid") if failing else (*NOT_LOADED, "jsonschema")
    assert heavy(loaded, names) == []
    assert ("jsonschema" in loaded) is failing


def test_the_lean_start_check_sees_a_heavy_module(places):
    loaded = loaded_by_validate(places, "--help", "ws")  # click reads it
    assert {"click", "click.core", "swarmkit.cli.group"} <= set(heavy(loaded, NOT_LOADED))
    assert heavy(["swarmkit.models.common_schema", "swarmkit.modelsx", "numpy"], NOT_LOADED) == [
        "swarmkit.models.common_schema",
        "numpy",
    ]

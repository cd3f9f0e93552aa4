"""One typed memory configuration: the schema holds the options and their defaults, the resolver
merges them once per binding, and run, serve and `memory` read the result as settings that hold the
generated models' fields and values (without importing pydantic on a run's path)."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from swarmkit.memory_skills import reader_defaults, writer_defaults
from swarmkit.models.common_schema import ReaderConfig, WriterConfig
from swarmkit.resolver import resolve
from swarmkit.resolver.memory_config import ReaderSettings, WriterSettings, typed
from swarmkit.schemas import load_schema

PACKAGE = Path(__file__).parents[2] / "swarmkit"
FIXTURES = Path(__file__).parents[1] / "fixtures"
DEFINITIONS = ("ReaderConfig", "WriterConfig")


def _options() -> dict[str, object]:
    """Every memory option the schema declares, with its default."""
    defs = load_schema("common")["$defs"]
    return {
        name: spec.get("default")
        for definition in DEFINITIONS
        for name, spec in defs[definition]["properties"].items()
    }


OPTIONS = _options()
# Names the code gives an option's value besides its own (recall's threshold, say).
ALIASES = {"threshold", "scope"}


def _literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is not None


def _option_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute) and node.attr in OPTIONS:
        return node.attr
    if isinstance(node, ast.Name) and node.id in OPTIONS:
        return node.id
    return None


def literal_defaults(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    """Each place in `path` (under `root`) that supplies a memory option's value from a literal of
    its own."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set(OPTIONS) | ALIASES
    floats = {v for v in OPTIONS.values() if isinstance(v, float)}
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            positional = args.posonlyargs + args.args
            pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
            pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
            found += [f"{where} default of {a.arg}" for a, d in pairs if a.arg in names and _literal(d)]
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in ("get", "setdefault") and len(node.args) == 2:
                key, default = node.args
                if isinstance(key, ast.Constant) and key.value in OPTIONS and _literal(default):
                    found.append(f"{where} .{func.attr}({key.value!r}, literal)")
            found += [
                f"{where} {k.arg}=literal" for k in node.keywords if k.arg in OPTIONS and _literal(k.value)
            ]
        elif isinstance(node, ast.IfExp):
            if (_option_of(node.body) and _literal(node.orelse)) or (
                _option_of(node.orelse) and _literal(node.body)
            ):
                found.append(f"{where} an option or a literal")
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            if any(_option_of(v) for v in node.values) and any(_literal(v) for v in node.values):
                found.append(f"{where} an option or a literal")
        elif isinstance(node, ast.Constant) and isinstance(node.value, float) and node.value in floats:
            found.append(f"{where} the literal {node.value!r}")
    return found


def product_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "models" not in p.relative_to(PACKAGE).parts[:1])


def test_the_options_and_defaults_come_from_the_schema():
    # The documented options, as a subset: a new option is a schema change, not a change here.
    documented = {
        "max_results": 5,
        "similarity_threshold": 0.15,
        "search_scope": "all",
        "min_output_length": 100,
    }
    assert {name: OPTIONS.get(name) for name in documented} == documented
    assert ReaderConfig().model_dump(mode="json") == reader_defaults()
    assert WriterConfig().model_dump(mode="json") == writer_defaults()


def test_no_memory_default_is_written_anywhere_else_in_swarmkit():
    found = [place for path in product_modules() for place in literal_defaults(path)]
    assert found == []


@pytest.mark.parametrize(
    "source, expected",
    [
        ("def recall(query, max_results=5): ...", ["default of max_results"]),
        ("def search(q, threshold: float = 0.15): ...", ["default of threshold", "the literal 0.15"]),
        ("n = config.get('max_results', 5)", [".get('max_results', literal)"]),
        ("store.recall(q, search_scope='all')", ["search_scope=literal"]),
        ("n = reader.max_results if reader else 5", ["an option or a literal"]),
        ("n = reader.min_output_length or 100", ["an option or a literal"]),
        ("def recall(query, max_results=None): ...", []),
    ],
)
def test_the_check_finds_each_shape_of_literal_default(tmp_path, source, expected):
    path = tmp_path / "probe.py"  # never in the package: a failed run would leave it there
    path.write_text(source)
    assert [place.split(" ", 1)[1] for place in literal_defaults(path, tmp_path)] == expected


def _as_model(settings) -> dict:
    """Settings as the generated model dumps them (mode json: the scope's value)."""
    return dataclasses.asdict(settings)


def test_the_settings_hold_the_generated_models_fields_exactly():
    """A field the schema (and so the generated model) gains or loses fails here until the settings
    hold it too: the run reads the same options the generated models describe."""
    assert [f.name for f in dataclasses.fields(ReaderSettings)] == list(ReaderConfig.model_fields)
    assert [f.name for f in dataclasses.fields(WriterSettings)] == list(WriterConfig.model_fields)


@pytest.mark.parametrize(
    "skill, values",
    [
        ("memory-reader", {}),
        ("memory-reader", {"max_results": 2}),
        ("memory-reader", {"max_results": 20, "similarity_threshold": 1, "search_scope": "user"}),
        ("memory-reader", {"similarity_threshold": 0, "search_scope": "both"}),
        ("memory-reader", {"max_results": 3.0, "similarity_threshold": 0.3}),  # JSON's integer 3.0
        ("memory-writer", {}),
        ("memory-writer", {"min_output_length": 0}),
        ("memory-writer", {"min_output_length": 250}),
    ],
)
def test_the_settings_read_each_value_as_the_generated_model_does(skill, values):
    defaults, model = (
        (reader_defaults(), ReaderConfig) if skill == "memory-reader" else (writer_defaults(), WriterConfig)
    )
    merged = defaults | values
    settings = typed(skill, merged)
    expected = model.model_validate(merged).model_dump(mode="json")
    assert _as_model(settings) == expected
    # and of the same types (a threshold written 1 is the float 1.0, as pydantic reads it)
    assert [type(v) for v in _as_model(settings).values()] == [type(v) for v in expected.values()]


def test_a_run_with_memory_on_never_imports_pydantic_or_the_models(tmp_path):
    """The run path reads the memory settings without building the generated models: pydantic is
    half of a one-shot run's start-up (resolver/memory_config.py). Nor does a run that writes
    nothing import what only a write or git needs (subprocess, socket, secrets: memory/folder/)."""
    from swarmkit.scaffold import create_workspace

    create_workspace(tmp_path / "ws")
    code = (
        "import os, sys; from swarmkit.cli.main import run; sys.stdout = open(os.devnull, 'w');"
        f"status = run(['run', {str(tmp_path / 'ws')!r}, '--input', 'What do we know about deploys?']);"
        "sys.stderr.write(repr((status, sorted(m for m in sys.modules"
        " if m.startswith(('pydantic', 'swarmkit.models.')) or m in ('subprocess', 'socket', 'secrets')))))"
    )
    env = {k: v for k, v in __import__("os").environ.items() if k != "SWARMKIT_EMBEDDING_MODEL"}
    env["SWARMKIT_EMBEDDING_MODEL"] = "off"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert done.stderr.splitlines()[-1] == "(0, [])"


def _workspace(name: str):
    resolution = resolve(FIXTURES / name)
    assert resolution.valid, resolution.diagnostics
    return resolution.workspace


def test_each_memory_binding_carries_its_effective_config():
    ws = _workspace("valid/memory-block")
    reader, writer = (b for b in ws.decision_skills if b.id in ("memory-reader", "memory-writer"))
    assert isinstance(reader.reader, ReaderSettings) and isinstance(writer.writer, WriterSettings)
    assert (reader.reader.max_results, reader.reader.similarity_threshold, reader.reader.search_scope) == (
        3,
        0.3,
        "both",
    )
    assert writer.writer.min_output_length == 250
    assert ws.memory.reader == reader.reader and ws.memory.writer == writer.writer


def test_an_explicit_binding_takes_what_it_leaves_out_from_the_block_and_the_defaults():
    ws = _workspace("valid/explicit-reader")
    (reader,) = (b for b in ws.decision_skills if b.id == "memory-reader")
    assert dict(reader.config) == {"max_results": 2}  # as written
    assert _as_model(reader.reader) == reader_defaults() | {"max_results": 2}


def test_memory_off_reads_no_side_but_search_still_has_the_block():
    ws = _workspace("valid/memory-off")
    assert ws.memory.reader is None and ws.memory.writer is None
    assert _as_model(ws.memory.search_reader) == reader_defaults()


def test_no_float_default_is_written_as_text_either():
    """Hints and examples name a default by reading it (f"{defaults['similarity_threshold']:g}")."""
    texts = {f"{v:g}" for v in OPTIONS.values() if isinstance(v, float)}
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{n}"
        for path in product_modules()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(text in line for text in texts)
    ]
    assert found == []


def test_the_init_template_shows_the_schema_defaults(tmp_path):
    """The commented memory block in the workspace `init` writes: documentation, checked against the schema."""
    from ruamel.yaml import YAML

    from swarmkit.scaffold import create_workspace

    create_workspace(tmp_path / "ws")
    text = (tmp_path / "ws" / "workspace.yaml").read_text(encoding="utf-8")
    lines = [
        line[1:]
        for line in text.splitlines()
        if line.startswith("#   reader:") or line.startswith("#   writer:")
    ]
    shown = YAML(typ="safe").load("\n".join(line.strip() for line in lines))
    assert shown == {"reader": reader_defaults(), "writer": writer_defaults()}

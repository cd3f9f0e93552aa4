"""docs/reliability.md names, for each promise, the test that proves it: every name must exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).parents[2]


def _named_tests() -> list[tuple[str, str]]:
    """(file, test) for every `file::test` and every `::test` (same file as the reference before it)."""
    out = []
    for row in (REPO / "docs" / "reliability.md").read_text(encoding="utf-8").splitlines():
        current = None
        for match in re.finditer(r"`(tests/[\w/]+\.py)?::(\w+)`", row):
            current = match.group(1) or current
            assert current, f"`::{match.group(2)}` without a file before it: {row}"
            out.append((current, match.group(2)))
    return out


def test_every_test_the_page_names_exists():
    named = _named_tests()
    assert len(named) >= 40
    for file, test in named:
        tree = ast.parse((REPO / file).read_text(encoding="utf-8"))
        functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        assert test in functions, f"docs/reliability.md names {file}::{test}, which does not exist"


def test_every_reliability_test_is_on_the_page():
    named = set(_named_tests())
    for path in sorted((REPO / "tests" / "reliability").glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                rel = path.relative_to(REPO).as_posix()
                assert (rel, node.name) in named, f"{rel}::{node.name} is not on docs/reliability.md"

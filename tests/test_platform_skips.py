"""tests/support/platforms.py: every entry names a test that exists, and is applied where it says."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support import platforms

REPO = Path(__file__).parents[1]


def _functions(module: Path) -> set[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


@pytest.mark.parametrize("nodeid", sorted(platforms.SKIPS))
def test_every_entry_names_a_test_that_exists(nodeid):
    module, _, rest = nodeid.partition("::")
    assert (REPO / module).is_file(), module
    if rest:
        function = rest.split("[", 1)[0]
        assert function in _functions(REPO / module), nodeid
        if "[" in rest:  # a parameter: its id is written in the module
            assert f'"{rest.split("[", 1)[1][:-1]}"' in (REPO / module).read_text(encoding="utf-8"), nodeid
    systems, why = platforms.SKIPS[nodeid]
    assert systems <= {platforms.WINDOWS, platforms.MACOS} and systems, nodeid  # Linux runs everything
    assert why and not why.endswith("."), nodeid


def test_an_entry_covers_its_module_test_and_parameter_and_nothing_else():
    fifo = "tests/test_safe_read.py::test_what_is_not_a_regular_file_is_refused_without_blocking"
    assert platforms.reason(fifo + "[fifo]", "win32") == platforms.FIFOS
    assert platforms.reason(fifo + "[folder]", "win32") is None
    assert platforms.reason(fifo + "[fifo]", "linux") is None
    assert platforms.reason(fifo + "[fifo]", "darwin") is None
    module = "tests/workspace/test_error_quality.py::test_anything[x]"
    assert platforms.reason(module, "win32") == platforms.PATHS
    assert platforms.reason(module, "darwin") is None

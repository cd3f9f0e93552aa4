"""tests/support/parallel.py: how `make test` shares the suite between its two processes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support import parallel

REPO = Path(__file__).parents[1]


def _functions(module: Path) -> set[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


@pytest.mark.parametrize("start", parallel.SLOW_FIRST + parallel.EACH_TEST + parallel.ONE_UNIT)
def test_every_entry_names_tests_that_exist(start):
    path, _, rest = start.partition("::")
    if path.endswith("/"):  # a folder: it holds test modules
        assert list((REPO / path).glob("test_*.py")), start
        return
    assert (REPO / path).is_file(), start
    function, _, parameter = rest.partition("[")
    if function:
        assert function in _functions(REPO / path), start
    if parameter.rstrip("]") and start.startswith(parallel.BENCHMARK):  # a benchmark's name
        assert (REPO / "bench" / f"bench_{parameter.rstrip(']')}.py").is_file(), start


def test_a_unit_is_a_module_but_each_benchmark_alone_and_the_packaging_tests_together():
    assert parallel.unit("tests/e2e/test_portal_browser.py::test_a") == "tests/e2e/test_portal_browser.py"
    assert parallel.unit("tests/x.py::Class::test_b[1]") == "tests/x.py"
    recall = f"{parallel.BENCHMARK}[recall]"
    assert parallel.unit(recall) == recall
    assert parallel.unit("tests/test_benchmarks.py::test_every_benchmark_is_found") == (
        "tests/test_benchmarks.py::test_every_benchmark_is_found"
    )
    assert parallel.unit("tests/packaging/test_wheel.py::test_c") == "tests/packaging/"
    assert parallel.unit("tests/packaging/test_action.py::test_d") == "tests/packaging/"


class Item:
    """What share() reads of a collected test."""

    def __init__(self, nodeid: str):
        self.nodeid = nodeid


def collected() -> list[Item]:
    return [
        Item("tests/memory/test_store.py::test_a"),
        Item("tests/e2e/test_portal_browser.py::test_b"),
        Item(f"{parallel.BENCHMARK}[validate]"),
        Item("tests/runtime/test_real_model.py::test_c"),
        Item("tests/memory/test_store.py::test_d"),
        Item(f"{parallel.BENCHMARK}[recall]"),
    ]


def test_in_one_process_the_order_is_left_alone(monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    items = collected()
    before = [item.nodeid for item in items]
    parallel.share(items)
    assert [item.nodeid for item in items] == before


def test_in_a_worker_the_longest_go_first_and_the_rest_keep_their_order(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    items = collected()
    parallel.share(items)
    assert [item.nodeid.rpartition("/")[2] for item in items] == [
        "test_real_model.py::test_c",
        "test_benchmarks.py::test_the_benchmark_runs_to_its_figures_and_meets_its_quality_targets[recall]",
        "test_benchmarks.py::test_the_benchmark_runs_to_its_figures_and_meets_its_quality_targets[validate]",
        "test_portal_browser.py::test_b",
        "test_store.py::test_a",
        "test_store.py::test_d",
    ]


def test_the_scheduler_splits_the_work_into_these_units():
    class Config:  # what xdist's scheduler reads of pytest's: the workers to start
        def getvalue(self, name):
            return {"tx": ["2*popen"]}[name]

    made = parallel.scheduler(Config(), None)
    for nodeid in ("tests/x.py::test_a", f"{parallel.BENCHMARK}[mcp]", "tests/packaging/test_wheel.py::t"):
        assert made._split_scope(nodeid) == parallel.unit(nodeid)

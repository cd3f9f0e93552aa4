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


@pytest.mark.parametrize("start", parallel.SLOW_FIRST + parallel.BY_MODULE)
def test_every_entry_names_tests_that_exist(start):
    path, _, rest = start.partition("::")
    if path.endswith("/"):  # a folder: it holds test modules
        assert list((REPO / path).glob("test_*.py")), start
        return
    assert (REPO / path).is_file(), start
    if rest:
        function, _, parameter = rest.partition("[")
        assert function in _functions(REPO / path), start
        if parameter.rstrip("]") and start.startswith(parallel.BENCHMARK):  # a benchmark's name
            assert (REPO / "bench" / f"bench_{parameter.rstrip(']')}.py").is_file(), start


@pytest.fixture(scope="module")
def made_once_a_module():
    return object()


@pytest.fixture(scope="session")
def made_once_a_session():
    return object()


def test_a_test_with_a_module_fixture_of_the_suite_is_grouped_by_its_module(request, made_once_a_module):
    assert parallel.shared_group(request.node) == "tests/test_parallel.py"


def test_a_session_fixture_of_the_suite_groups_by_the_folder_it_is_defined_in(
    request, made_once_a_module, made_once_a_session
):
    assert parallel.shared_group(request.node) == "tests"


def test_function_fixtures_and_the_plugins_shared_ones_group_nothing(request, tmp_path, tmp_path_factory):
    assert parallel.shared_group(request.node) is None


class Item:
    """What share() reads and writes of a collected test."""

    def __init__(self, nodeid: str):
        self.nodeid = nodeid
        self.marks: list[pytest.MarkDecorator] = []

    def add_marker(self, mark: pytest.MarkDecorator) -> None:
        self.marks.append(mark)


def collected() -> list[Item]:
    return [
        Item("tests/memory/test_store.py::test_a"),
        Item("tests/e2e/test_portal_browser.py::test_b"),
        Item(f"{parallel.BENCHMARK}[validate]"),
        Item("tests/runtime/test_real_model.py::test_c"),
        Item("tests/memory/test_store.py::test_d"),
        Item(f"{parallel.BENCHMARK}[recall]"),
    ]


def test_in_one_process_the_order_and_the_marks_are_left_alone(monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    items = collected()
    before = [item.nodeid for item in items]
    parallel.share(items)
    assert [item.nodeid for item in items] == before
    assert all(item.marks == [] for item in items)


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
    (browser,) = [item for item in items if "e2e" in item.nodeid]
    assert [mark.mark.args for mark in browser.marks] == [("tests/e2e/test_portal_browser.py",)]
    assert all(item.marks == [] for item in items if "e2e" not in item.nodeid)

"""How `make test` shares the suite between two pytest processes (pytest-xdist, `-n 2`).

- The unit of work a process is handed is a test module (as `--dist loadscope` has it): the
  fixtures a module shares (a model server, a browser, a workspace built once) are made once, in
  the one process that runs the module. Two exceptions: each benchmark of tests/test_benchmarks.py
  is a unit of its own (they share nothing, and together they are the longest module), and
  tests/packaging is one unit (its session fixtures make a fresh clone and build its sdist and
  wheel once). xdist's own `loadgroup` cannot be used for this: it tags node ids, which pytest 9.2
  no longer lets a plugin change.
- The longest units are handed out first (SLOW_FIRST): a long one started last would leave one
  process running it while the other has nothing left to do. Every process collects the same list
  and reorders it alike (`share`); a run in one process keeps its order.
"""

from __future__ import annotations

import os

import pytest

# Node ids (or their beginnings: a module, a folder) of what takes longest, longest first, from
# `pytest --durations` on a loaded 2-core machine (there tests/runtime/test_real_model.py took about
# 5 minutes, the recall benchmark 2, tests/packaging 2). A test not listed keeps its place after
# these. tests/test_parallel.py checks that each entry names tests that exist.
BENCHMARK = "tests/test_benchmarks.py::test_the_benchmark_runs_to_its_figures_and_meets_its_quality_targets"
SLOW_FIRST: tuple[str, ...] = (
    "tests/runtime/test_real_model.py",
    f"{BENCHMARK}[recall]",
    "tests/packaging/",
    "tests/runtime/test_chat.py",
    "tests/reliability/test_linear_time.py",
    f"{BENCHMARK}[real_model]",
    "tests/reliability/test_concurrency.py",
    f"{BENCHMARK}[mcp]",
    "tests/memory/recall/test_recall_semantic.py",
    "tests/reliability/test_secrets.py",
    f"{BENCHMARK}[",
    "tests/reliability/test_fuzz_memory_folder.py",
    "tests/reliability/test_fuzz_validate.py",
    "tests/reliability/test_crash_safety.py",
    "tests/reliability/test_swarm_privacy.py",
    "tests/e2e/",
    "tests/compat/",
)
# Each test its own unit; and a folder that is one unit.
EACH_TEST = ("tests/test_benchmarks.py::",)
ONE_UNIT = ("tests/packaging/",)


def unit(nodeid: str) -> str:
    """The unit of work a test belongs to: its module, but for the exceptions above."""
    if nodeid.startswith(EACH_TEST):
        return nodeid
    folder = next((folder for folder in ONE_UNIT if nodeid.startswith(folder)), None)
    return folder or nodeid.split("::", 1)[0]


def rank(nodeid: str) -> int:
    return next((i for i, start in enumerate(SLOW_FIRST) if nodeid.startswith(start)), len(SLOW_FIRST))


def share(items: list[pytest.Item]) -> None:
    """The longest first, in a pytest-xdist worker only (the controller collects nothing, and
    checks that every worker collected the same list, in the same order)."""
    if "PYTEST_XDIST_WORKER" in os.environ:
        items.sort(key=lambda item: rank(item.nodeid))  # stable: the rest keep their order


def scheduler(config: pytest.Config, log):
    """xdist's loadscope scheduling with `unit` as the scope (`--no-loadscope-reorder` keeps the
    order `share` made)."""
    from xdist.scheduler import LoadScopeScheduling

    class ByUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid)

    return ByUnit(config, log)

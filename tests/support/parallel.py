"""How `make test` shares the suite between two pytest processes (pytest-xdist, `--dist loadgroup`).

Applied in each worker after collection; a run in one process (`pytest tests/x`) is left as it is.

- A test that uses a shared fixture of the suite's own (scope module, class, package or session: a
  model server, a browser, a fresh clone with its sdist and wheel) runs in the worker that made it:
  the tests of its module (module or class scope), or of the fixture's folder (package or session
  scope), are one xdist group. Spread over both workers, each would make the fixture again, and a
  module's fixture would be made again each time its tests came back to a worker.
- The longest tests are handed out first (SLOW_FIRST), longest first: a long test started last
  would leave one worker running it while the other has nothing left to do.
"""

from __future__ import annotations

import inspect
import os
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent

# Node ids (or their beginnings: a module, a folder) of what takes longest, longest first, from
# `pytest --durations` (on a loaded 2-core machine: tests/runtime/test_real_model.py's four tests take
# about 5 minutes there, the recall benchmark 2, tests/packaging 2). A test not listed keeps its place
# after these. tests/test_parallel.py checks that each entry names tests that exist.
BENCHMARK = "tests/test_benchmarks.py::test_the_benchmark_runs_to_its_figures_and_meets_its_quality_targets"
SLOW_FIRST: tuple[str, ...] = (
    "tests/runtime/test_real_model.py",
    f"{BENCHMARK}[recall]",
    "tests/packaging/",
    "tests/runtime/test_chat.py::test_facts_told_in_a_chat_are_recalled_when_asked_in_other_words",
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


# Tests whose module fixture is asked for at run time (request.getfixturevalue), which collection
# cannot see: the portal's browser, launched once a module (tests/e2e/conftest.py).
BY_MODULE: tuple[str, ...] = ("tests/e2e/",)


def distributing() -> bool:
    """True in a pytest-xdist worker (the controller collects nothing)."""
    return "PYTEST_XDIST_WORKER" in os.environ


def _defined_in(fixture) -> Path | None:
    try:
        return Path(inspect.getsourcefile(fixture.func) or "").resolve()
    except TypeError:  # a fixture made by a plugin without a Python source file
        return None


def shared_group(item: pytest.Item) -> str | None:
    """The xdist group of a test that uses a shared fixture defined in tests/, or None."""
    module = item.nodeid.split("::", 1)[0]
    group = module if item.nodeid.startswith(BY_MODULE) else None
    # pytest's record of the fixtures a test uses (a private attribute: without it, no grouping,
    # which only costs time)
    info = getattr(item, "_fixtureinfo", None)
    for definitions in info.name2fixturedefs.values() if info is not None else ():
        fixture = definitions[-1]
        if fixture.scope == "function":
            continue
        source = _defined_in(fixture)
        if source is None or TESTS not in source.parents:
            continue  # a plugin's (tmp_path_factory, syrupy's): each worker has its own, cheaply
        if fixture.scope in ("package", "session"):
            return source.parent.relative_to(REPO).as_posix()
        group = module
    return group


def rank(nodeid: str) -> int:
    return next((i for i, start in enumerate(SLOW_FIRST) if nodeid.startswith(start)), len(SLOW_FIRST))


def share(items: list[pytest.Item]) -> None:
    """Group the tests that share a fixture and put the longest first, in place (in a worker only:
    every worker collects the same list, in the same order, which the controller checks)."""
    if not distributing():
        return
    for item in items:
        group = shared_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=lambda item: rank(item.nodeid))  # stable: the rest keep their order

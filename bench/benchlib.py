"""What the benchmarks share: timing one swarmkit process, percentiles, targets and how they print."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SWARMKIT = [sys.executable, "-m", "swarmkit"]


def on_path() -> None:
    """Make the repository (for `tests.…` helpers) and bench/ (for sibling benchmarks) importable."""
    for path in (str(ROOT), str(HERE)):
        if path not in sys.path:
            sys.path.insert(0, path)


@dataclass(frozen=True)
class Process:
    """One finished process: wall and CPU seconds (user + system), peak memory, exit code."""

    wall_s: float
    cpu_s: float
    peak_mib: float
    code: int


def process(command: list[str], cwd: Path | str | None = None, env: dict | None = None) -> Process:
    """Run `command` (output discarded) and measure it whole, start to exit, as a user runs it."""
    import time

    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return Process(
        wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)
    )


def swarmkit(args: list[str], cwd: Path | str | None = None, env: dict | None = None) -> Process:
    return process(SWARMKIT + args, cwd, env)


# Started by a small interpreter of its own: a child forked from the benchmark itself (which may hold
# a model and a large index) counts the benchmark's pages in its peak until it execs.
_LAUNCHER = """
import json, os, subprocess, sys, time
command, cwd = json.loads(sys.argv[1]), sys.argv[2] or None
start = time.perf_counter()
proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
_, status, usage = os.wait4(proc.pid, 0)
wall = time.perf_counter() - start
print(json.dumps([wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)]))
"""


def fresh(command: list[str], cwd: Path | str | None = None, env: dict | None = None) -> Process:
    """As process(), started from a fresh small interpreter: its peak memory is the command's own."""
    import json

    out = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, json.dumps(command), str(cwd or "")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return Process(*json.loads(out))


def percentile(values: list[float], p: float) -> float:
    """The value at fraction `p` (0..1) of the sorted values, the nearest one."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p * (len(ordered) - 1))))]


# A target's kind: "quality" is what a result is (recall, contradictions found, an exit code, a count of
# calls), checked by `make test` (tests/test_benchmarks.py runs every benchmark with --quality);
# "cost" is time, CPU or memory, which a loaded machine moves, checked by `make bench` only.
KINDS = ("quality", "cost")


def target(name: str, value, ok: bool, kind: str) -> dict:
    assert kind in KINDS, kind
    return {"name": name, "value": value, "ok": bool(ok), "kind": kind}


def targets(checks: list[tuple[str, float, float]], kind: str = "cost") -> list[dict]:
    """(name, value, limit) → the figures' `targets`: each value at most its limit."""
    return [target(name, value, value <= limit, kind) for name, value, limit in checks]


def missed(found: list[dict], quality_only: bool = False) -> list[dict]:
    """The targets missed; with quality_only, the quality ones (what `make test` holds)."""
    return [t for t in found if not t["ok"] and (t["kind"] == "quality" or not quality_only)]


def print_rows(rows: list[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


def report(rows: list[tuple[str, str]], found: list[dict]) -> None:
    """A benchmark's figures, one a line, then whether each target was met."""
    print_rows(rows)
    print_targets(found)


def print_targets(found: list[dict], digits: int = 3) -> None:
    for t in found:
        value = f"{t['value']:.{digits}f}" if isinstance(t["value"], float) else str(t["value"])
        print(f"  [{'ok' if t['ok'] else 'MISSED'}] {t['name']}: {value}")


def command_line(main: Callable[..., dict], doc: str | None, quick_help: str) -> None:
    """Run one benchmark on its own: `python bench/bench_x.py [--quick]`; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--quality", action="store_true", help="exit 1 only when a quality target is missed")
    args = parser.parse_args()
    result = main(quick=args.quick)
    sys.exit(1 if missed(result.get("targets", []), args.quality) else 0)

"""Run `swarmkit validate` in-process on a folder and judge the outcome (exit code, output, CPU time).

The time bound is CPU time of this process (time.process_time), never wall-clock: on a loaded
machine a wall-clock bound fails for reasons that have nothing to do with swarmkit (issue 9: the
10,000-deep test took 2.30 s under load). The wall-clock figure lives in bench/bench_hostile.py.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
from dataclasses import dataclass
from pathlib import Path

from swarmkit.cli.main import run

TIME_LIMIT = 2.0  # seconds of CPU per input (issue 6)


@dataclass
class Outcome:
    code: int
    out: str
    err: str
    cpu_seconds: float


def validate(root: Path, *options: str) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(["validate", str(root), *options])
    return Outcome(int(code), out.getvalue(), err.getvalue(), time.process_time() - started)


def assert_handled(outcome: Outcome, fmt: str = "text") -> None:
    """Exit 0 (valid) or 1 (invalid, with at least one diagnostic), no traceback, within the limit."""
    assert outcome.code in (0, 1), f"exit {outcome.code}\nstdout:\n{outcome.out}\nstderr:\n{outcome.err}"
    assert "Traceback" not in outcome.out + outcome.err
    assert "internal error" not in outcome.err
    if outcome.code == 1:
        marker = {"text": "error[", "json": '"severity": "error"', "github": "::error "}[fmt]
        assert marker in outcome.out, f"exit 1 without an error diagnostic:\n{outcome.out}"
    assert outcome.cpu_seconds < TIME_LIMIT, f"took {outcome.cpu_seconds:.2f} s of CPU"


def examples(count: int) -> int:
    """A fuzzer's example count; SWARMKIT_FUZZ_SCALE=10 runs ten times as many (a deeper local hunt)."""
    return count * int(os.environ.get("SWARMKIT_FUZZ_SCALE", "1"))

"""Run `swarmkit validate` in-process on a folder and judge the outcome (exit code, output, time)."""

from __future__ import annotations

import contextlib
import os
import io
import time
from dataclasses import dataclass
from pathlib import Path

from swarmkit.cli.main import run

TIME_LIMIT = 2.0  # seconds per input (issue 6)


@dataclass
class Outcome:
    code: int
    out: str
    err: str
    seconds: float


def validate(root: Path, *options: str) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(["validate", str(root), *options])
    return Outcome(int(code), out.getvalue(), err.getvalue(), time.perf_counter() - started)


def assert_handled(outcome: Outcome, fmt: str = "text") -> None:
    """Exit 0 (valid) or 1 (invalid, with at least one diagnostic), no traceback, within the limit."""
    assert outcome.code in (0, 1), f"exit {outcome.code}\nstdout:\n{outcome.out}\nstderr:\n{outcome.err}"
    assert "Traceback" not in outcome.out + outcome.err
    assert "internal error" not in outcome.err
    if outcome.code == 1:
        marker = {"text": "error[", "json": '"severity": "error"', "github": "::error "}[fmt]
        assert marker in outcome.out, f"exit 1 without an error diagnostic:\n{outcome.out}"
    assert outcome.seconds < TIME_LIMIT, f"took {outcome.seconds:.2f}s"


def examples(count: int) -> int:
    """A fuzzer's example count; SWARMKIT_FUZZ_SCALE=10 runs ten times as many (a deeper local hunt)."""
    return count * int(os.environ.get("SWARMKIT_FUZZ_SCALE", "1"))

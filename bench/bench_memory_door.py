"""Screening passes and CPU of one `memory add` and one mock `run` in a new workspace (`swarmkit init`).

Every text a write keeps and every field of a run record is screened for secrets; this counts how
often, as one process does it, start to exit:

- scans: the detectors reading a text (swarmkit.screening.secrets._find_spans), what costs;
- passes: texts handed to screening (find_spans, which answers a text it read before in this process
  from what it remembers, and calls _find_spans otherwise): each pass past the first over one text
  is a caller screening what was screened already;
- redact: calls of swarmkit.screening.screen.redact (most passes come through it).

The `memory add` adds one sentence to the person's file; the run is the mock provider's, told three
facts about the person (`wrote 3`). Figures: each count, the callers of the scans (the first frame
outside swarmkit/screening) of the passes, and the median CPU seconds (user + system) of the whole command, run
without the counters. `--quick` times 3 commands each instead of 7.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib

benchlib.on_path()

ADD = "I prefer tabs over spaces"
RUN = (
    "Three things to remember about me: I live in Lisbon, my editor is Helix, and I prefer tabs over spaces."
)
# The passes each command made before this bench (issue 31); work, so they do not vary with the load
TARGETS = {"add": 10, "run": 282}


def _child(out: str, args: list[str]) -> None:
    """Run the CLI in this process with counters on the screening functions; write them to `out`."""
    import atexit
    import time
    from collections import Counter

    sys.path.insert(0, str(benchlib.ROOT))
    import swarmkit.screening.screen as screen_module
    import swarmkit.screening.secrets as secrets

    counts: Counter[str] = Counter()
    callers: Counter[str] = Counter()  # of the passes
    cpu = [0.0]
    screening_dir = str(Path(secrets.__file__).resolve().parent.parent)

    here = str(Path(__file__).resolve())

    def caller() -> str:
        frame = sys._getframe(2)
        while frame is not None and (
            frame.f_code.co_filename.startswith(screening_dir) or frame.f_code.co_filename == here
        ):
            frame = frame.f_back
        if frame is None:
            return "?"
        path = Path(frame.f_code.co_filename)
        try:
            name = str(path.resolve().relative_to(benchlib.ROOT))
        except ValueError:
            name = path.name
        return f"{name}:{frame.f_code.co_name}"

    real_scan, real_find, real_redact = secrets._find_spans, secrets.find_spans, screen_module.redact

    def scan(text):
        counts["scans"] += 1
        start = time.process_time()
        try:
            return real_scan(text)
        finally:
            cpu[0] += time.process_time() - start

    def find(text):
        counts["passes"] += 1
        callers[caller()] += 1
        return real_find(text)

    def redact(text, found=None):
        counts["redact"] += 1
        return real_redact(text, found)

    secrets._find_spans = scan
    secrets.find_spans = find
    screen_module.redact = redact

    def write() -> None:
        figures = dict(counts) | {"scan_cpu_s": round(cpu[0], 4), "callers": dict(callers.most_common())}
        Path(out).write_text(json.dumps(figures), encoding="utf-8")

    atexit.register(write)
    sys.argv = ["swarmkit", *args]
    from swarmkit.cli.main import main

    main()


def _counted(args: list[str], cwd: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "counts.json"
        subprocess.run(
            [sys.executable, __file__, "--child", str(out), *args],
            cwd=cwd,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        figures = json.loads(out.read_text(encoding="utf-8"))
    for name in ("scans", "passes", "redact"):
        figures.setdefault(name, 0)
    return figures


def _workspace(parent: Path) -> Path:
    subprocess.run(
        benchlib.SWARMKIT + ["init", str(parent / "ws"), "-q"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return parent / "ws"


def _cpu(args: list[str], times: int) -> float:
    """Median CPU seconds of the command, each time in a new workspace (its first write)."""
    values = []
    for _ in range(times):
        with tempfile.TemporaryDirectory() as tmp:
            workspace = _workspace(Path(tmp))
            proc = benchlib.swarmkit(args, cwd=workspace)
            if proc.code != 0:
                raise SystemExit(f"swarmkit {' '.join(args)} exited {proc.code}")
            values.append(proc.cpu_s)
    return statistics.median(values)


def main(quick: bool = False) -> dict:
    os.environ.setdefault("SWARMKIT_EMBEDDING_MODEL", "off")  # recall by words, as bench/run.py times
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # timed as an install runs (see bench/run.py)
    commands = {"add": ["memory", "add", ADD], "run": ["run", "--input", RUN]}
    figures: dict = {}
    rows = []
    for name, args in commands.items():
        with tempfile.TemporaryDirectory() as tmp:
            counted = _counted(args, _workspace(Path(tmp)))
        cpu = _cpu(args, 3 if quick else 7)
        figures[name] = counted | {"cpu_s": round(cpu, 3)}
        rows += [
            (
                f"{name}: scans / passes / redact",
                f"{counted['scans']} / {counted['passes']} / {counted['redact']}",
            ),
            (f"{name}: CPU s (whole command, median)", f"{cpu:.3f}"),
            (f"{name}: CPU s in the scans", f"{counted['scan_cpu_s']:.3f}"),
        ]
        rows += [(f"  {name} passes from {where}", str(n)) for where, n in counted["callers"].items()]
    found = benchlib.targets(
        [(f"{name}: passes", figures[name]["passes"], limit) for name, limit in TARGETS.items()]
    )
    figures["targets"] = found
    benchlib.report(rows, found)
    return figures


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _child(sys.argv[2], sys.argv[3:])
    else:
        benchlib.command_line(main, __doc__, "time 3 commands each instead of 7")

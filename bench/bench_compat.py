"""Side by side: `swarmkit validate` and upstream swarmkit-runtime's, on the init workspace, by CPU time.

Upstream is found at $SWARMKIT_UPSTREAM (its `swarmkit` executable, or the folder of an install that
holds bin/swarmkit), else /tmp/rtv/bin/swarmkit. Without it the comparison is skipped and said so.
Both run on copies of the same workspace in one session, so the machine's load touches both alike.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib

SWARMKIT = [sys.executable, "-m", "swarmkit"]
# The console script, as a user runs it (and as upstream's is run); `python -m` when it is missing.
SCRIPT = (
    [str(Path(sys.executable).with_name("swarmkit"))]
    if Path(sys.executable).with_name("swarmkit").is_file()
    else SWARMKIT
)
TARGET_RATIO = 25.0


def upstream_command() -> str | None:
    configured = os.environ.get("SWARMKIT_UPSTREAM")
    for candidate in ([configured] if configured else []) + ["/tmp/rtv/bin/swarmkit"]:
        path = Path(candidate)
        if path.is_dir():
            path = path / "bin" / "swarmkit"
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


def cpu_of(command: list[str]) -> tuple[float, float, int]:
    """(CPU seconds, user + system, of the whole process; wall seconds; exit code)."""
    done = benchlib.process(command)
    return done.cpu_s, done.wall_s, done.code


def main(quick: bool = False) -> dict:
    base = Path(tempfile.mkdtemp(prefix="swarmkit-compat-"))
    figures: dict = {}
    targets = []
    try:
        ours_ws, theirs_ws = base / "ours", base / "theirs"
        subprocess.run(SWARMKIT + ["init", str(ours_ws)], check=True, stdout=subprocess.DEVNULL)
        shutil.copytree(ours_ws, theirs_ws)  # upstream may write state next to the files it reads
        upstream = upstream_command()
        ours, theirs = [], []
        # Interleaved, so a burst of load on the machine falls on both sides alike.
        for _ in range(2 if quick else 3):
            ours += [cpu_of(SCRIPT + ["validate", str(ours_ws)]) for _ in range(5)]
            if upstream is not None:
                theirs.append(cpu_of([upstream, "validate", str(theirs_ws)]))
        assert all(code == 0 for *_, code in ours), "swarmkit validate refused its own init workspace"
        ours_cpu = statistics.median(c for c, _, _ in ours)
        figures["swarmkit"] = {
            "median_cpu_s": ours_cpu,
            "median_wall_s": statistics.median(w for _, w, _ in ours),
        }
        print(f"swarmkit validate (init): median {ours_cpu * 1000:.0f} ms CPU over {len(ours)} runs")
        if upstream is None:
            print("upstream swarmkit-runtime not found (set SWARMKIT_UPSTREAM): comparison skipped")
            figures["upstream"] = None
        else:
            assert all(code == 0 for *_, code in theirs), "upstream refused the init workspace"
            theirs_cpu = statistics.median(c for c, _, _ in theirs)
            ratio = theirs_cpu / ours_cpu
            figures["upstream"] = {"command": upstream, "median_cpu_s": theirs_cpu, "ratio": ratio}
            print(
                f"upstream validate (init): median {theirs_cpu:.2f} s CPU over {len(theirs)} runs; "
                f"swarmkit is {ratio:.1f}x faster"
            )
            targets.append(
                {
                    "name": f"validate >= {TARGET_RATIO:.0f}x faster than upstream (CPU)",
                    "value": ratio,
                    "ok": ratio >= TARGET_RATIO,
                }
            )
    finally:
        shutil.rmtree(base, ignore_errors=True)
    benchlib.print_targets(targets, digits=1)
    figures["targets"] = targets
    return figures

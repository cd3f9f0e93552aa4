"""Side by side: `swarmkit validate` and upstream swarmkit-runtime's, on the init workspace, by CPU time.

Upstream is found as the tests find it (tests/compat/corpus.py: $SWARMKIT_UPSTREAM, its `swarmkit`
executable or the venv that holds bin/swarmkit, else .venv/upstream, where `make test` installs the
`upstream` group). Without it the comparison is skipped and said so. Both run on copies of the same workspace in
one session, so the machine's load touches both alike. Quality: each side accepts the workspace.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib

benchlib.on_path()
from tests.compat.corpus import upstream_validator  # noqa: E402

SWARMKIT = [sys.executable, "-m", "swarmkit"]
# The console script, as a user runs it (and as upstream's is run); `python -m` when it is missing.
SCRIPT = (
    [str(Path(sys.executable).with_name("swarmkit"))]
    if Path(sys.executable).with_name("swarmkit").is_file()
    else SWARMKIT
)
TARGET_RATIO = 25.0


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
        upstream = upstream_validator()
        ours, theirs = [], []
        # Interleaved, so a burst of load on the machine falls on both sides alike.
        for _ in range(2 if quick else 3):
            ours += [cpu_of(SCRIPT + ["validate", str(ours_ws)]) for _ in range(5)]
            if upstream is not None:
                theirs.append(cpu_of([upstream, "validate", str(theirs_ws)]))
        codes = sorted({code for *_, code in ours})
        targets.append(
            benchlib.target("swarmkit validate accepts its init workspace", codes, codes == [0], "quality")
        )
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
            codes = sorted({code for *_, code in theirs})
            targets.append(
                benchlib.target(
                    "upstream validate accepts swarmkit's init workspace", codes, codes == [0], "quality"
                )
            )
            theirs_cpu = statistics.median(c for c, _, _ in theirs)
            ratio = theirs_cpu / ours_cpu
            figures["upstream"] = {"command": upstream, "median_cpu_s": theirs_cpu, "ratio": ratio}
            print(
                f"upstream validate (init): median {theirs_cpu:.2f} s CPU over {len(theirs)} runs; "
                f"swarmkit is {ratio:.1f}x faster"
            )
            targets.append(
                benchlib.target(
                    f"validate >= {TARGET_RATIO:.0f}x faster than upstream (CPU)",
                    ratio,
                    ratio >= TARGET_RATIO,
                    "cost",
                )
            )
    finally:
        shutil.rmtree(base, ignore_errors=True)
    benchlib.print_targets(targets, digits=1)
    figures["targets"] = targets
    return figures

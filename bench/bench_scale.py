"""One-shot commands over a small and a large memory: `swarmkit memory search` and `swarmkit run`.

Two workspaces, side by side in one run: 1,000 and 100,000 entries (100 per file, words drawn as
in bench_memory). Each figure is a whole process, start to exit, as a user runs it, with the recall
index already built (its build is timed apart); the median over several queries, and the peak
memory of the search process. The bar: at 100,000 entries each command takes at most 1.5x its time
at 1,000, and a search peaks at 80 MiB or less. `--quick`: 10,000 entries, fewer runs.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import benchlib  # noqa: E402

benchlib.on_path()
ROOT = benchlib.ROOT

SWARMKIT = [sys.executable, "-m", "swarmkit"]
# Recall by words, as without the semantic extra (bench_semantic.py measures recall by meaning).
os.environ["SWARMKIT_EMBEDDING_MODEL"] = "off"
RATIO = 1.5
PEAK_MIB = 80
# Words every folder holds (the most common of bench_memory's vocabulary) and the run's task.
QUERIES = [
    "deploy staging release",
    "billing invoice customer",
    "cache latency database",
    "schema migration",
    "flaky test pipeline",
    "backup restore region",
    "alert pager owner",
    "vendor contract price",
    "token budget report",
]
TASK = "Summarise how we deploy to staging, and what the billing cache policy is."


def make_workspace(root: Path, entries: int, seed: int) -> Path:
    """A workspace from `swarmkit init` whose memory folder holds `entries` committed entries."""
    from bench_memory import generate_folder

    workspace = root / f"ws-{entries}"
    subprocess.run(SWARMKIT + ["init", str(workspace)], check=True, stdout=subprocess.DEVNULL)
    generate_folder(workspace / ".swarmkit" / "memory", entries, 100, random.Random(seed))
    return workspace


def one(args: list[str]) -> tuple[float, float]:
    """(wall seconds, peak RSS MiB) of one swarmkit process."""
    done = benchlib.swarmkit(args, cwd=ROOT)
    if done.code != 0:
        raise RuntimeError(f"swarmkit {' '.join(args)} failed")
    return done.wall_s, done.peak_mib


def prepare(workspace: Path) -> dict:
    """Build the index (timed), then one run: its first write commits the generated files."""
    start = time.perf_counter()
    one(["memory", "--workspace", str(workspace), "reindex"])
    build = time.perf_counter() - start
    one(["run", str(workspace), "--input", TASK])
    one(["memory", "--workspace", str(workspace), "search", QUERIES[0]])
    return {"index_build_s": build}


def measure(workspaces: dict[str, Path], runs: int) -> dict[str, dict]:
    """Each command alternates between the workspaces, so machine load falls on both alike."""
    searches: dict[str, list] = {name: [] for name in workspaces}
    run_times: dict[str, list] = {name: [] for name in workspaces}
    for i in range(runs):
        for name, workspace in workspaces.items():
            searches[name].append(
                one(["memory", "--workspace", str(workspace), "search", QUERIES[i % len(QUERIES)]])
            )
        for name, workspace in workspaces.items():
            run_times[name].append(one(["run", str(workspace), "--input", TASK])[0])
    return {
        name: {
            "search_median_s": statistics.median(t for t, _ in searches[name]),
            "search_peak_mib": max(m for _, m in searches[name]),
            "run_median_s": statistics.median(run_times[name]),
        }
        for name in workspaces
    }


def main(quick: bool = False) -> dict:
    small_n, large_n = 1_000, (10_000 if quick else 100_000)
    runs = 5 if quick else 9
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-scale-"))
    try:
        workspaces = {"small": make_workspace(base, small_n, 1), "large": make_workspace(base, large_n, 1)}
        built = {name: prepare(workspace) for name, workspace in workspaces.items()}
        timed = measure(workspaces, runs)
        small, large = ({**built[name], **timed[name]} for name in ("small", "large"))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    figures = {
        "small_entries": small_n,
        "large_entries": large_n,
        "small": small,
        "large": large,
        "search_ratio": large["search_median_s"] / small["search_median_s"],
        "run_ratio": large["run_median_s"] / small["run_median_s"],
    }
    print(f"  {'':<34}{small_n:>10,}{large_n:>10,}   ratio")
    print(
        f"  {'memory search, fresh process':<34}{small['search_median_s']:>9.3f}s{large['search_median_s']:>9.3f}s"
        f"   {figures['search_ratio']:.2f}x"
    )
    print(
        f"  {'run (mock provider), fresh process':<34}{small['run_median_s']:>9.3f}s{large['run_median_s']:>9.3f}s"
        f"   {figures['run_ratio']:.2f}x"
    )
    print(
        f"  {'memory search, peak memory':<34}{small['search_peak_mib']:>7.1f}MiB{large['search_peak_mib']:>7.1f}MiB"
    )
    print(
        f"  {'memory reindex (index build)':<34}{small['index_build_s']:>9.3f}s{large['index_build_s']:>9.3f}s"
    )
    checks = [
        (f"memory search at {large_n:,} <= {RATIO}x its time at {small_n:,}", figures["search_ratio"], RATIO),
        (f"run at {large_n:,} <= {RATIO}x its time at {small_n:,}", figures["run_ratio"], RATIO),
        (f"memory search at {large_n:,} peaks at <= {PEAK_MIB} MiB", large["search_peak_mib"], PEAK_MIB),
    ]
    figures["targets"] = benchlib.targets(checks, "cost")
    benchlib.print_targets(figures["targets"], digits=2)
    return figures


if __name__ == "__main__":
    benchlib.command_line(main, __doc__, "10,000 entries and fewer runs")

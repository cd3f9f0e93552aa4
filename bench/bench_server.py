"""What one request to `swarmkit serve` costs: the API's listing and search, the status, the Memory page.

Two workspaces, each with a few hundred entries (bench_memory's generator: 300 entries in 3 files,
one commit) and a few of a person's own: the init workspace, and a large one (bench_validate's
generated workspace at 0.3 scale: 300 skills, 60 archetypes, 30 topologies), where resolving the
workspace is most of what a request that resolves it costs. Each is served by `swarmkit serve`
as a real process on loopback.
Each path is asked for again and again, the paths taking turns so that machine load falls on all
of them alike. Per request: the server's CPU (its own, and its children's: the git commands it
runs), read from /proc before and after the batch, and the wall time the client saw (median, p90).
CPU is the figure to compare across machines and loads; wall time moves with whatever else runs.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import benchlib

benchlib.on_path()

ENTRIES = 300
PATHS = ("/memory/entries", "/portal/memory", "/memory/entries?q=deploy+staging", "/memory/status")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def make_workspace(root: Path, large: bool) -> Path:
    from bench_memory import generate_folder

    from swarmkit.memory.store import MemoryStore
    from swarmkit.scaffold import create_workspace

    if large:
        from bench_validate import generate

        generate(root, 0.3)
    else:
        create_workspace(root, "Bench")
    folder = root / ".swarmkit" / "memory"
    generate_folder(folder, ENTRIES, 100, random.Random(31))
    store = MemoryStore(folder, "bench")  # the generator's id; the workspace's own is not needed here
    for text in ("I live in Lisbon", "My editor is Helix", "I prefer short answers"):
        store.add(text)
    settle(root)
    return root


def settle(root: Path) -> None:
    """Date every file of the workspace an hour back, as a workspace is between edits: the server
    keeps no resolution of files saved in the last two seconds (server/workspace_cache.py), which
    would otherwise measure the moments after the generator wrote them."""
    old = time.time() - 3600
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in files:
            os.utime(Path(folder) / name, (old, old))


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(the process's own CPU, its waited-for children's CPU) in seconds, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime, cutime, cstime = (int(fields[i]) for i in (11, 12, 13, 14))
    return (utime + stime) / TICKS, (cutime + cstime) / TICKS


def measure(served, rounds: int) -> dict:
    import httpx

    walls: dict[str, list[float]] = {path: [] for path in PATHS}
    cpu: dict[str, list[float]] = {path: [0.0, 0.0] for path in PATHS}
    pid = served.process.pid
    with httpx.Client(base_url=served.url.rstrip("/"), timeout=60) as client:
        for path in PATHS:  # warm: imports, the first resolution, the recall index
            for _ in range(3):
                assert client.get(path).status_code == 200, path
        for _ in range(rounds):
            for path in PATHS:
                own, children = cpu_seconds(pid)
                started = time.perf_counter()
                response = client.get(path)
                walls[path].append(time.perf_counter() - started)
                after_own, after_children = cpu_seconds(pid)
                assert response.status_code == 200, (path, response.text[:300])
                cpu[path][0] += after_own - own
                cpu[path][1] += after_children - children
    figures = {}
    for path in PATHS:
        figures[path] = {
            "server_cpu_ms": cpu[path][0] / rounds * 1000,
            "children_cpu_ms": cpu[path][1] / rounds * 1000,
            "wall_median_ms": statistics.median(walls[path]) * 1000,
            "wall_p90_ms": benchlib.percentile(walls[path], 0.9) * 1000,
        }
    return figures


def main(quick: bool = False) -> dict:
    if not Path("/proc/self/stat").exists():
        print("no /proc on this system: the server's CPU cannot be read")
        return {"skipped": "no /proc", "targets": []}
    from tests.server.launch import serving

    os.environ.setdefault("SWARMKIT_EMBEDDING_MODEL", "off")  # recall by words, as bench/run.py has it
    rounds = 15 if quick else 60
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-server-"))
    figures: dict = {"entries": ENTRIES + 3, "rounds": rounds}
    try:
        for name in ("init", "large"):
            root = make_workspace(base / name, large=name == "large")
            with serving(root) as served:
                figures[name] = measure(served, rounds)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    rows = []
    for name in ("init", "large"):
        for path, f in figures[name].items():
            rows.append(
                (
                    f"{name} {path}",
                    f"server CPU {f['server_cpu_ms']:.1f} ms (+ git {f['children_cpu_ms']:.1f} ms); "
                    f"wall median {f['wall_median_ms']:.1f} ms, p90 {f['wall_p90_ms']:.1f} ms",
                )
            )
    init, large = figures["init"], figures["large"]
    figures["targets"] = benchlib.targets(
        [
            (
                "init, GET /memory/entries: server CPU per request (ms) <= 40",
                init["/memory/entries"]["server_cpu_ms"],
                40.0,
            ),
            (
                "init, GET /portal/memory: server CPU per request (ms) <= 120",
                init["/portal/memory"]["server_cpu_ms"],
                120.0,
            ),
            (
                "large, GET /memory/entries: server CPU per request (ms) <= 40",
                large["/memory/entries"]["server_cpu_ms"],
                40.0,
            ),
        ]
    )
    print(
        f"{figures['entries']} entries in each workspace, {rounds} requests per path, the paths taking turns:"
    )
    benchlib.report(rows, figures["targets"])
    return figures


if __name__ == "__main__":
    benchlib.command_line(main, __doc__, "15 requests per path instead of 60")

"""`swarmkit run` speed with the mock provider, process start to exit, and model calls per run.

The memory folder is filled with 1,000 entries first (as hand edits, committed by the first write).
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import benchlib

SWARMKIT = [sys.executable, "-m", "swarmkit"]
QUESTION = "Where do I live, and which editor do I use?"
REMEMBER = "Two things to remember about me: I live in Lisbon and my editor is Helix."
TOPICS = [
    "deploys",
    "reviews",
    "tests",
    "the database",
    "caching",
    "on-call",
    "releases",
    "logging",
    "the API",
    "billing",
]


def fill_memory(workspace: Path, entries: int) -> None:
    """Write `entries` entries over several files, then let one remembered fact commit them."""
    subprocess.run(
        SWARMKIT + ["run", str(workspace), "--input", REMEMBER],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    folder = workspace / ".swarmkit" / "memory"
    per_file = entries // 4
    files = {
        "lessons.md": "# Lessons\n\n",
        "workspaces/bench.md": "# Workspace bench\n\n",
        "users/ana.md": "# About ana\n\n",
        "users/bob.md": "# About bob\n\n",
    }
    n = 0
    for rel, head in files.items():
        lines = [head.rstrip("\n"), ""]
        for i in range(per_file):
            topic = TOPICS[n % len(TOPICS)]
            lines.append(
                f"- Rule {n}: for {topic}, step {i % 7} comes before step {(i + 3) % 7} "
                f"[by: agent; kind: rule; added: 2026-11-01]"
            )
            n += 1
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text("\n".join(lines) + "\n", encoding="utf-8")


def timed_runs(workspace: Path, text: str, count: int) -> list[float]:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        subprocess.run(
            SWARMKIT + ["run", str(workspace), "--input", text],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - start)
    return times


def calls(workspace: Path, text: str) -> tuple[list[str], int]:
    out = subprocess.run(
        SWARMKIT + ["run", str(workspace), "--input", text, "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    record = json.loads(out)
    return [c["purpose"] for c in record["model_calls"]], len(record["output"])


def main(quick: bool = False) -> dict:
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-run-"))
    count = 5 if quick else 15
    targets, figures = [], {}
    try:
        on, off = base / "on", base / "off"
        subprocess.run(SWARMKIT + ["init", str(on)], check=True, stdout=subprocess.DEVNULL)
        fill_memory(on, 1000)
        timed_runs(on, QUESTION, 1)  # commits the hand edits and builds the recall index once
        total = sum(
            1
            for line in (on / ".swarmkit/memory").rglob("*.md")
            for line in line.read_text().splitlines()
            if line.startswith("- ")
        )
        shutil.copytree(on, off)
        with open(off / "workspace.yaml", "a", encoding="utf-8") as handle:
            handle.write("memory:\n  enabled: false\n")

        on_times = sorted(timed_runs(on, QUESTION, count))
        off_times = sorted(timed_runs(off, QUESTION, count))
        figures["memory_entries"] = total
        figures["run_memory_on_median_s"] = statistics.median(on_times)
        figures["run_memory_off_median_s"] = statistics.median(off_times)
        print(
            f"swarmkit run, mock provider, {total} entries in memory: median "
            f"{figures['run_memory_on_median_s'] * 1000:.0f} ms (min {on_times[0] * 1000:.0f}, "
            f"max {on_times[-1] * 1000:.0f}) over {count} runs"
        )
        print(f"swarmkit run, memory off: median {figures['run_memory_off_median_s'] * 1000:.0f} ms")
        targets += benchlib.targets(
            [
                ("run with 1,000 entries median <= 0.5 s", figures["run_memory_on_median_s"], 0.5),
                ("run with memory off median <= 0.3 s", figures["run_memory_off_median_s"], 0.3),
            ],
            "cost",
        )

        short_calls, short_len = calls(on, "hi")
        long_calls, long_len = calls(on, REMEMBER)
        off_calls, _ = calls(off, REMEMBER)
        figures["calls"] = {"short_output": short_calls, "long_output": long_calls, "memory_off": off_calls}
        print(
            f"model calls: short output ({short_len} chars) {short_calls}; long output ({long_len} chars) "
            f"{long_calls}; memory off {off_calls}"
        )
        extra_long = long_calls.count("extract")
        extra_short = short_calls.count("extract")
        targets.append(
            benchlib.target(
                "exactly one extra call when the output clears min_output_length",
                extra_long,
                extra_long == 1,
                "quality",
            )
        )
        targets.append(
            benchlib.target(
                "no extra call otherwise",
                extra_short + off_calls.count("extract"),
                extra_short == 0 and "extract" not in off_calls,
                "quality",
            )
        )
    finally:
        shutil.rmtree(base, ignore_errors=True)
    benchlib.print_targets(targets)
    figures["targets"] = targets
    return figures

"""What MCP adds to a run: a server's start-up (spawn, initialize, tools/list) and each tool call.

Runs of the init workspace in this process with the mock provider, whose researcher holds one
tool of a stdio server built with the SDK (tests/fixtures/mcp/fixture_server.py) and, when it is
installed, of the reference server mcp-server-time: without the skill (the baseline), holding it
but calling nothing (the start-up), and calling it 1 and 5 times. The run record's own figures
(`mcp_servers[].start_ms`, `tool_calls[].duration_ms`) are reported beside the differences.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchlib import on_path, targets

on_path()


def _run(root: Path, steps: list[dict]) -> tuple[float, dict]:
    from swarmkit.resolver import resolve
    from swarmkit.runtime.engine import Run
    from swarmkit.runtime.mcp.toolbox import McpSettings
    from swarmkit.runtime.providers.mock import MockProvider

    script = root.parent / f"{root.name}-script.json"
    script.write_text(json.dumps(steps), encoding="utf-8")
    ws = resolve(root).workspace
    started = time.perf_counter()
    record = Run(ws, ws.topology(), MockProvider(str(script)), mcp=McpSettings(30, 30)).execute("hello")
    return time.perf_counter() - started, record.to_json()


def _calls(tool: str, arguments: dict, n: int) -> list[dict]:
    if n == 0:
        return []
    return [
        {
            "when": {"agent": "researcher", "purpose": "answer"},
            "tool_calls": [{"name": tool, "arguments": arguments}] * n,
        }
    ]


def measure(base: Path, name: str, command: list[str], tool: str, arguments: dict, count: int) -> dict:
    from tests.runtime.mcp_workspace import mcp_workspace

    plain = base / f"{name}-plain"
    from swarmkit.scaffold import create_workspace

    create_workspace(plain, "Bench")
    holding = mcp_workspace(
        base / f"{name}-mcp",
        [{"id": name, "transport": "stdio", "command": command, "permission": "open"}],
        {"the-tool": (name, tool)},
    )
    times: dict[str, list[float]] = {"baseline": [], "start": [], "one_call": [], "five_calls": []}
    starts, durations = [], []
    for _ in range(count):
        times["baseline"].append(_run(plain, [])[0])
        seconds, record = _run(holding, [])
        times["start"].append(seconds)
        starts.append(record["mcp_servers"][0]["start_ms"])
        seconds, record = _run(holding, _calls(tool, arguments, 1))
        times["one_call"].append(seconds)
        seconds, record = _run(holding, _calls(tool, arguments, 5))
        times["five_calls"].append(seconds)
        assert all(c["status"] == "ok" for c in record["tool_calls"]), record["tool_calls"]
        durations += [c["duration_ms"] for c in record["tool_calls"]]
    med = {key: statistics.median(values) for key, values in times.items()}
    added = med["start"] - med["baseline"]
    figures = {
        "run_median_s": med,
        "added_by_the_server_s": added,  # start-up and stop
        "start_s": statistics.median(starts) / 1000,  # the record's: spawn, initialize, tools/list
        "stop_s": added - statistics.median(starts) / 1000,  # the rest: the server exiting
        "call_s": statistics.median(durations) / 1000,  # the record's, as the run waits for it
        "added_per_call_s": (med["five_calls"] - med["one_call"]) / 4,  # noisy under load
    }
    print(
        f"{name}: a run {med['baseline'] * 1000:.0f} ms; holding its tool {med['start'] * 1000:.0f} ms: "
        f"+{added * 1000:.0f} ms = start-up {figures['start_s'] * 1000:.0f} ms + stop "
        f"{figures['stop_s'] * 1000:.0f} ms; a tool call {figures['call_s'] * 1000:.1f} ms "
        f"(from 1 to 5 calls: +{figures['added_per_call_s'] * 1000:.1f} ms each); medians over {count}"
    )
    return figures


def main(quick: bool = False) -> dict:
    if importlib.util.find_spec("mcp") is None:
        print("the mcp extra is not installed: nothing to measure")
        return {"skipped": "the mcp extra is not installed", "targets": []}
    from tests.runtime.mcp_workspace import FIXTURE_SERVER

    count = 3 if quick else 9
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-mcp-"))
    figures: dict = {}
    try:
        figures["sdk_server"] = measure(
            base, "sdk", [sys.executable, str(FIXTURE_SERVER), "judge"], "judge", {"text": "hello"}, count
        )
        if importlib.util.find_spec("mcp_server_time") is not None:
            figures["mcp_server_time"] = measure(
                base,
                "time",
                [sys.executable, "-m", "mcp_server_time", "--local-timezone", "UTC"],
                "get_current_time",
                {"timezone": "Europe/Lisbon"},
                count,
            )
    finally:
        shutil.rmtree(base, ignore_errors=True)
    sdk = figures["sdk_server"]
    figures["targets"] = targets(
        [
            ("a stdio server's start-up (spawn, initialize, tools/list) <= 3 s", sdk["start_s"], 3.0),
            ("its stop at the end of the run <= 2 s", sdk["stop_s"], 2.0),
            ("a tool call <= 0.1 s", sdk["call_s"], 0.1),
        ],
        "cost",
    )
    for t in figures["targets"]:
        print(f"  [{'ok' if t['ok'] else 'MISSED'}] {t['name']}: {t['value']:.3f}")
    return figures

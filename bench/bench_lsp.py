"""`swarmkit lsp` speed: a re-check after an edit in a warm server, on the init workspace and on a
300-skill workspace (bench_validate's generated workspace at 0.3 scale).

One server process, driven over stdio as an editor drives it (tests/support/jsonrpc.py), with no
debounce: each figure is the time from sending an edit (didChange) to receiving the edited file's
diagnostics, a whole re-check of the workspace in between. The edits alternate between breaking and
mending a reference, so every re-check both finds and clears a problem.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bench_validate
import benchlib

benchlib.on_path()

from tests.support.jsonrpc import JsonRpcClient  # noqa: E402

SWARMKIT = [sys.executable, "-m", "swarmkit"]


def rechecks(root: Path, rel: str, edit, watched: str, count: int) -> list[float]:
    """Seconds from each edit of `rel` (alternately edit(text) and text) to the diagnostics of
    `watched`, the file the edit breaks (the edited one, or one that names what it renames)."""
    client = JsonRpcClient(cwd=root)
    try:
        client.start(root, {"debounce_ms": 0})
        path = root / rel
        text = path.read_text()
        uri = path.as_uri()
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
        )
        client.diagnostics(uri)  # the first, cold check
        watched_uri = (root / watched).as_uri()
        times = []
        for version in range(2, count + 2):
            broken = version % 2 == 0
            start = time.perf_counter()
            client.notify(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"text": edit(text) if broken else text}],
                },
            )
            client.diagnostics(watched_uri, until=lambda found, broken=broken: bool(found) == broken)
            times.append(time.perf_counter() - start)
        return times
    finally:
        client.close()


def main(quick: bool = False) -> dict:
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-lsp-"))
    count = 6 if quick else 40
    figures: dict = {}
    rows = []
    try:
        init = base / "init"
        subprocess.run(SWARMKIT + ["init", str(init)], check=True, stdout=subprocess.DEVNULL)
        cases = {
            "init": (
                init,
                "topologies/main.yaml",
                lambda t: t.replace("[summarize]", "[summarise]"),
                "topologies/main.yaml",
            ),
        }
        large = base / "large"
        bench_validate.generate(large, 0.3)  # 300 skills, 60 archetypes, 30 topologies of 5 agents
        # renaming skill-7 breaks archetype arch-1, which lists it
        cases["300_skills"] = (
            large,
            "skills/group-7/skill-7.yaml",
            lambda t: t.replace("id: skill-7", "id: skill-7x"),
            "archetypes/arch-1.yaml",
        )
        for name, (root, rel, edit, watched) in cases.items():
            times = rechecks(root, rel, edit, watched, count)
            figures[name] = {
                "median_s": statistics.median(times),
                "p90_s": benchlib.percentile(times, 0.9),
                "edits": len(times),
            }
            rows.append(
                (
                    f"re-check after an edit ({name.replace('_', ' ')})",
                    f"median {statistics.median(times) * 1000:.1f} ms, p90 "
                    f"{benchlib.percentile(times, 0.9) * 1000:.1f} ms over {len(times)} edits",
                )
            )
    finally:
        shutil.rmtree(base, ignore_errors=True)
    targets = benchlib.targets(
        [
            ("warm re-check, init workspace, median <= 0.050 s", figures["init"]["median_s"], 0.050),
            ("warm re-check, 300 skills, median <= 0.300 s", figures["300_skills"]["median_s"], 0.300),
        ]
    )
    benchlib.report(rows, targets)
    figures["targets"] = targets
    return figures


if __name__ == "__main__":
    benchlib.command_line(main, __doc__, "fewer edits")

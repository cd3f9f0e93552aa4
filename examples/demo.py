"""The demo `make demo` runs: memory by default, end to end, offline.

A fresh `swarmkit init` workspace with no memory wiring; run 1 tells it two things; run 2 asks a
question whose answer recalls both; `swarmkit memory status` shows the configuration; then
`memory.enabled: false` and the same run 2 forgets (no recall, no write).

    python examples/demo.py [FOLDER]     # default: a new temporary folder, removed afterwards
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

RUN_1 = "Two things to remember about me: I live in Lisbon and my editor is Helix."
RUN_2 = "Where do I live, and which editor do I use?"


def swarmkit(*args: str, cwd: Path) -> None:
    shown = " ".join(f'"{a}"' if " " in a else a for a in args)
    print(f"$ swarmkit {shown}", flush=True)
    result = subprocess.run([sys.executable, "-m", "swarmkit", *args], cwd=cwd, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        sys.exit(f"demo failed: swarmkit {shown} exited {result.returncode}")
    print(flush=True)


def main(argv: list[str]) -> None:
    base = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="swarmkit-demo-"))
    base.mkdir(parents=True, exist_ok=True)
    try:
        swarmkit("init", "demo", "--name", "Demo team", cwd=base)
        swarmkit("validate", "demo", "--tree", cwd=base)
        print("# Run 1 tells it two things. Nothing about memory was configured.\n")
        swarmkit("run", "demo", "--input", RUN_1, cwd=base)
        swarmkit("memory", "--workspace", "demo", "list", cwd=base)
        print("# Run 2 asks; the answer recalls both.\n")
        swarmkit("run", "demo", "--input", RUN_2, cwd=base)
        swarmkit("memory", "--workspace", "demo", "status", cwd=base)
        print("# Switch memory off: add `memory: {enabled: false}` to demo/workspace.yaml.\n")
        with open(base / "demo" / "workspace.yaml", "a", encoding="utf-8") as handle:
            handle.write("\nmemory:\n  enabled: false\n")
        swarmkit("validate", "demo", cwd=base)
        print("# The same run 2 now forgets: no recall, no write.\n")
        swarmkit("run", "demo", "--input", RUN_2, cwd=base)
    finally:
        if not argv:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])

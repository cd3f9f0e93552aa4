"""The demo `make demo` runs: a fresh workspace from `swarmkit init`, validated, with its tree.

Memory needs no wiring: the validate output shows it on, with the auto-bound reader and writer.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def swarmkit(*args: str) -> None:
    print(f"$ swarmkit {' '.join(args)}", flush=True)
    result = subprocess.run([sys.executable, "-m", "swarmkit", *args])
    if result.returncode != 0:
        sys.exit(f"demo failed: swarmkit {' '.join(args)} exited {result.returncode}")
    print(flush=True)


def main() -> None:
    base = Path(tempfile.mkdtemp(prefix="swarmkit-demo-"))
    workspace = base / "demo"
    try:
        swarmkit("init", str(workspace), "--name", "Demo team")
        swarmkit("validate", str(workspace))
        swarmkit("validate", str(workspace), "--tree")
        swarmkit("validate", str(workspace), "--require")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()

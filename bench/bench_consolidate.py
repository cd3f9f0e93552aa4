"""Consolidation on planted findings: a folder per LoCoMo dev conversation with restated duplicates,
contradictions and junk added (bench/consolidation_data.py), and the time of one pass over a
10,000-entry folder.

Printed: the share of planted duplicates found (a copy proposed together with its original, or
with another copy of it), the precision of duplicate merges (a merge pairs the kept entry with each
other one; right when both restate the same fact, wrong otherwise, unplanted pairs included), the
contradictions found (the later entry kept), the junk found, the CPU seconds of the pass, and
recall@5 of LoCoMo's questions on the planted folders, as ranked and with restatements folded.
Bars: >= 90% of planted duplicates at >= 90% precision, every contradiction, <= 10 s lexical.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from bench_recall import data_folder  # noqa: E402
from benchlib import print_rows  # noqa: E402
from consolidation_data import FACTS_FILE, build, scaled, write  # noqa: E402

SEED = 23
SCALE = 10_000


def score(findings, truth) -> dict:
    """Planted against found, for one folder."""
    groups = [f for f in findings if f.action == "merge"]
    together: set[tuple[int, int]] = set()
    right = wrong = 0
    examples = []
    for f in groups:
        lines = [e.line for e in f.entries if e.file == FACTS_FILE]
        for a in lines:
            for b in lines:
                together.add((a, b))
        kept = f.keep.line
        for e in f.entries:
            if e is f.keep:
                continue
            same = truth.family.get(kept) is not None and truth.family.get(kept) == truth.family.get(e.line)
            right += same
            wrong += not same
            if not same and len(examples) < 5:
                examples.append([f.keep.text, e.text])
    family_lines: dict[int, list[int]] = {}
    for line, fam in truth.family.items():
        family_lines.setdefault(fam, []).append(line)
    found_dups = sum(
        any((copy, other) in together for other in family_lines[truth.family[copy]] if other != copy)
        for _, copy in truth.duplicates
    )
    supersedes = {(f.entries[0].line, f.keep.line) for f in findings if f.action == "supersede"}
    supersedes |= {
        (e.line, f.keep.line)
        for f in findings
        if f.action == "supersede"
        for e in f.entries
        if e is not f.keep
    }
    found_contra = sum(pair in supersedes for pair in truth.contradictions)
    planted_contra = set(truth.contradictions)
    extra_contra = len({p for p in supersedes if p not in planted_contra})
    dropped = {e.line for f in findings if f.action == "drop" for e in f.entries}
    missed_contra = [c for c in truth.contradictions if c not in supersedes]
    return {
        "duplicates": len(truth.duplicates),
        "duplicates_found": found_dups,
        "merge_pairs_right": right,
        "merge_pairs_wrong": wrong,
        "wrong_examples": examples,
        "contradictions": len(truth.contradictions),
        "contradictions_found": found_contra,
        "contradictions_missed": missed_contra,
        "other_supersedes": extra_contra,
        "junk": len(truth.junk),
        "junk_found": len(dropped & set(truth.junk)),
        "other_drops": len(dropped - set(truth.junk)),
    }


def recall_at_k(store, conversation: dict, truth, k: int = 5) -> tuple[int, int, int]:
    """(questions, hits at the defaults, hits with restatements folded) on the planted folder: a
    folder that says things twice is where folding should give the top k room for other facts."""
    from swarmkit.memory.recall import RecallIndex
    from swarmkit.memory.recall.diverse import diverse
    from swarmkit.memory_skills import reader_defaults

    defaults = reader_defaults()
    threshold, scope = defaults["similarity_threshold"], defaults["search_scope"]
    facts = conversation["facts"]
    index = RecallIndex(store)
    plain = folded = 0
    for question in conversation["questions"]:
        evidence = set(question["evidence"])

        def hit(found, evidence=evidence) -> bool:
            families = [truth.family.get(h.line) for h in found if h.file == FACTS_FILE]
            return any(f is not None and evidence & set(facts[f]["evidence"]) for f in families)

        plain += hit(index.search(question["question"], k, threshold, scope))
        folded += hit(diverse(lambda n, q=question["question"]: index.search(q, n, threshold, scope), k))
    index.close()
    return len(conversation["questions"]), plain, folded


def main(quick: bool = False) -> dict:
    import warnings

    from swarmkit.memory.actions.consolidate import consolidate
    from swarmkit.memory.folder.results import MemoryWarning
    from swarmkit.memory.store import MemoryStore

    warnings.simplefilter("ignore", MemoryWarning)
    data = data_folder()
    if data is None:
        print("  skipped: no LoCoMo-format data (set SWARMKIT_LOCOMO_DIR)")
        return {"skipped": "no data", "targets": []}
    paths = sorted(data.glob("conversation-*.json"))[: 2 if quick else None]
    conversations = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    work = Path(tempfile.mkdtemp(prefix="swarmkit-bench-consolidate-"))
    totals: dict = {}
    per = {}
    other: dict = {}  # the second template set (consolidation_data.STYLES["b"])
    try:
        for n, (path, conversation) in enumerate(zip(paths, conversations, strict=True)):
            lines, pinned, truth = build(conversation, random.Random(SEED + 100 + n), style="b")
            write(work / f"{path.stem}-b", lines, pinned)
            found = consolidate(MemoryStore(work / f"{path.stem}-b", "bench"), dry_run=True).findings
            for key, value in score(found, truth).items():
                if isinstance(value, int):
                    other[key] = other.get(key, 0) + value
            lines, pinned, truth = build(conversation, random.Random(SEED + n))
            folder = work / path.stem
            write(folder, lines, pinned)
            store = MemoryStore(folder, "bench")
            result = consolidate(store, dry_run=True)
            per[path.stem] = mine = score(result.findings, truth)
            mine["questions"], mine["recall_plain"], mine["recall_folded"] = recall_at_k(
                store, conversation, truth
            )
            for key, value in mine.items():
                if isinstance(value, int):
                    totals[key] = totals.get(key, 0) + value
                else:
                    totals.setdefault(key, []).extend(value)
        entries = 2_000 if quick else SCALE
        big = work / "scale"
        write(big, scaled(conversations, entries, random.Random(SEED)), [])
        store = MemoryStore(big, "bench")
        start = time.process_time()
        result = consolidate(store, dry_run=True)
        cpu = time.process_time() - start
    finally:
        shutil.rmtree(work, ignore_errors=True)
    recall = totals["duplicates_found"] / max(1, totals["duplicates"])
    pairs = totals["merge_pairs_right"] + totals["merge_pairs_wrong"]
    precision = totals["merge_pairs_right"] / max(1, pairs)
    contra = totals["contradictions_found"] / max(1, totals["contradictions"])
    other_recall = other["duplicates_found"] / max(1, other["duplicates"])
    other_pairs = other["merge_pairs_right"] + other["merge_pairs_wrong"]
    other_precision = other["merge_pairs_right"] / max(1, other_pairs)
    other_contra = other["contradictions_found"] / max(1, other["contradictions"])
    print_rows(
        [
            ("conversations", str(len(paths))),
            (
                "planted duplicates found",
                f"{totals['duplicates_found']} / {totals['duplicates']} ({recall:.3f})",
            ),
            ("merge precision", f"{totals['merge_pairs_right']} / {pairs} ({precision:.3f})"),
            (
                "contradictions found",
                f"{totals['contradictions_found']} / {totals['contradictions']} ({contra:.3f})",
            ),
            ("other supersedes (unplanted)", str(totals["other_supersedes"])),
            ("junk found", f"{totals['junk_found']} / {totals['junk']}"),
            ("other drops (unplanted)", str(totals["other_drops"])),
            (
                "second template set: duplicates, precision",
                f"{other['duplicates_found']} / {other['duplicates']} ({other_recall:.3f}), "
                f"{other['merge_pairs_right']} / {other_pairs} ({other_precision:.3f})",
            ),
            (
                "second template set: contradictions",
                f"{other['contradictions_found']} / {other['contradictions']} ({other_contra:.3f}), "
                f"{other['other_supersedes']} unplanted",
            ),
            (
                f"one pass over {result.entries} entries (lexical)",
                f"{cpu:.2f} s CPU, {len(result.findings)} found",
            ),
            (
                "recall@5 on these folders, ranked / folded",
                f"{totals['recall_plain'] / totals['questions']:.3f} / "
                f"{totals['recall_folded'] / totals['questions']:.3f} ({totals['questions']} questions)",
            ),
        ]
    )
    for a, b in totals["wrong_examples"][:5]:
        print(f"    wrong merge: {a!r} + {b!r}")
    for pair in totals["contradictions_missed"][:5]:
        print(f"    missed contradiction: lines {pair}")
    checks = [
        ("planted duplicates found >= 0.90", recall, recall >= 0.90),
        ("merge precision >= 0.90", precision, precision >= 0.90),
        ("every planted contradiction found", contra, contra == 1.0),
        ("second template set: planted duplicates found >= 0.90", other_recall, other_recall >= 0.90),
        ("second template set: merge precision >= 0.90", other_precision, other_precision >= 0.90),
        ("second template set: every planted contradiction found", other_contra, other_contra == 1.0),
        (f"CPU seconds for {result.entries} entries <= 10", cpu, cpu <= 10.0 * result.entries / SCALE),
    ]
    targets = [{"name": name, "value": value, "ok": ok} for name, value, ok in checks]
    for t in targets:
        print(f"  [{'ok' if t['ok'] else 'MISSED'}] {t['name']}: {t['value']:.3f}")
    return {
        "recall": recall,
        "second_template_set": {
            "recall": other_recall,
            "precision": other_precision,
            "contradictions": other_contra,
        },
        "precision": precision,
        "contradictions": contra,
        "cpu_s": cpu,
        "recall_at_5_ranked": totals["recall_plain"] / totals["questions"],
        "recall_at_5_folded": totals["recall_folded"] / totals["questions"],
        "scale_entries": result.entries,
        "per_conversation": per,
        "targets": targets,
    }


if __name__ == "__main__":
    from benchlib import command_line

    command_line(main, __doc__, "two conversations, a 2,000-entry folder")

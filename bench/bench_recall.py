"""Recall quality on a public conversational-memory benchmark (LoCoMo's format).

Each conversation's annotated facts become the entries of one memory file (`added:` is the
session's date); each question is a recall at the workspace defaults (schema: top 5, threshold
0.15, scope all). A question is a hit when a returned fact shares an evidence turn with it.
Printed: recall@5 at the defaults and, side by side, plain BM25 (k1 1.2, b 0.75, same terms, top 5,
no threshold), per category; and the questions that got nothing back although one of their terms
is in some entry (the bar: none).

The data is read where it lies, never copied: `--data PATH`, else $SWARMKIT_LOCOMO_DIR, else
../shared/data/locomo-dev beside the repository, else /work/shared/data/locomo-dev. Without it the
benchmark says so and is skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from collections import Counter
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _path in (str(ROOT), str(ROOT / "bench")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import benchlib  # noqa: E402

TARGET = 0.60
# With the semantic extra and a model: not below today's figure on LoCoMo dev (issue 32's floor).
# Issue 20 set 0.68, which the packaged all-MiniLM-L6-v2 does not reach (0.672; all-mpnet-base-v2
# reaches 0.684 only at weights chosen on these questions, docs/memory.md): printed beside the
# figure, not claimed as a target.
FUSED_TARGET = 0.672
FUSED_BAR_NOT_MET = 0.68
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
FACTS_FILE = "facts.md"


def data_folder(explicit: str | None = None) -> Path | None:
    candidates = [
        explicit,
        os.environ.get("SWARMKIT_LOCOMO_DIR"),
        ROOT.parent / "shared" / "data" / "locomo-dev",
        "/work/shared/data/locomo-dev",
    ]
    for candidate in candidates:
        if candidate and sorted(Path(candidate).glob("conversation-*.json")):
            return Path(candidate)
    return None


def session_date(text: str) -> str | None:
    """ "1:56 pm on 8 May, 2023" → 2023-05-08."""
    try:
        return datetime.strptime(text.split(" on ", 1)[1].strip(), "%d %B, %Y").date().isoformat()
    except (IndexError, ValueError):
        return None


def write_folder(folder: Path, facts: list[dict]) -> None:
    """One memory folder whose facts.md holds every fact, line 3 + i for fact i."""
    from swarmkit.memory.folder import entries as E
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(folder, "bench")
    store.ensure()
    lines = ["# Facts", ""]
    for fact in facts:
        meta = {"by": "agent", "added": session_date(fact.get("date", ""))}
        lines.append(E.render(fact["text"], meta))
    (folder / FACTS_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


def semantic_model():
    """The embedding model in force (the semantic extra and a model), else None."""
    try:
        from swarmkit.memory.recall import semantic
    except ImportError:
        return None
    found = semantic.choice()
    return found if isinstance(found, semantic.Model) else None


def evaluate(data: Path, work: Path, baseline: bool = True) -> dict:
    from swarmkit.memory.recall import BM25, RecallIndex, _Scan, entry_terms, terms
    from swarmkit.memory.recall.diverse import diverse
    from swarmkit.memory.store import MemoryStore
    from swarmkit.memory_skills import reader_defaults

    defaults = reader_defaults()
    k, threshold, scope = defaults["max_results"], defaults["similarity_threshold"], defaults["search_scope"]
    hits = (
        {"defaults": Counter(), "bm25": Counter(), "diverse": Counter()}
        if baseline
        else {"defaults": Counter()}
    )
    model = semantic_model() if baseline else None
    if model is not None:
        hits |= {"dense": Counter(), "fused": Counter()}
    totals: Counter = Counter()
    per_conversation: dict[str, Counter] = {}
    empty = empty_sharing = 0
    fold_data: list = []  # (conversation, words of every entry, cosines, relevant): cross-validation
    # every conversation, quick or not: the targets are claims about the whole set
    conversations = sorted(data.glob("conversation-*.json"))
    for path in conversations:
        conversation = json.loads(path.read_text(encoding="utf-8"))
        facts = conversation["facts"]
        folder = work / path.stem
        write_folder(folder, facts)
        store = MemoryStore(folder, "bench")
        index = RecallIndex(store)
        vocabulary = set()
        per_conversation[path.stem] = mine = Counter()
        for entry in store.entries(FACTS_FILE):
            vocabulary.update(entry_terms(entry.text, entry.meta))
        if model is not None:
            from swarmkit.memory.recall import semantic

            index.embed_all()
            vectors = semantic.embed([f["text"] for f in facts], model)
            held = [entry_terms(e.text, e.meta) for e in store.entries(FACTS_FILE)]
            scan = _Scan(held, list(range(1, len(held) + 1)))
        for question in conversation["questions"]:
            evidence = set(question["evidence"])
            category = question["category"]
            totals[category] += 1
            runs = {"defaults": index.search(question["question"], k, threshold, scope, semantic=False)}
            if baseline:  # the diverse step after ranking (memory/recall/diverse.py), as store.recall runs it
                runs["diverse"] = diverse(
                    lambda n, q=question["question"], i=index: i.search(
                        q, n, threshold, scope, semantic=False
                    ),
                    k,
                )
            if baseline:
                runs["bm25"] = index.search(question["question"], k, 0.0, scope, scorer=BM25())
            if model is not None:
                runs["fused"] = index.search(question["question"], k, threshold, scope)
                cosines = semantic.cosine(semantic.embed([question["question"]], model), vectors)[0]
                runs["dense"] = [_Line(3 + int(i)) for i in (-cosines).argsort(kind="stable")[:k]]
                words, share = _coverage_of_all(terms(question["question"]), held, scan)
                relevant = [bool(evidence & set(f["evidence"])) for f in facts]
                fold_data.append((path.stem, words, cosines, relevant, share))
            mine["questions"] += 1
            for name, found in runs.items():
                got = [facts[h.line - 3] for h in found if h.file == FACTS_FILE]
                hit = any(evidence & set(f["evidence"]) for f in got)
                hits[name][category] += hit
                mine[name] += hit
            if not runs["defaults"]:
                empty += 1
                empty_sharing += bool(vocabulary & set(terms(question["question"])))
        index.close()
    total = sum(totals.values())
    figures = {
        "data": str(data),
        "conversations": [p.stem for p in conversations],
        "questions": total,
        "k": k,
        "threshold": threshold,
        "scope": scope,
        "empty": empty,
        "empty_sharing_a_term": empty_sharing,
    }
    for name, counter in hits.items():
        figures[f"recall@{k}_{name}"] = sum(counter.values()) / total
        figures[f"by_category_{name}"] = {
            CATEGORIES.get(c, str(c)): counter[c] / totals[c] for c in sorted(totals)
        }
    figures["by_category_questions"] = {CATEGORIES.get(c, str(c)): totals[c] for c in sorted(totals)}
    for name in hits:
        figures[f"by_conversation_{name}"] = {
            stem: counts[name] / counts["questions"] for stem, counts in per_conversation.items()
        }
    figures["by_conversation_questions"] = {
        stem: counts["questions"] for stem, counts in per_conversation.items()
    }
    if fold_data:
        figures["cross_validation"] = cross_validation(fold_data, k, threshold)
    return figures


def _coverage_of_all(query_terms: list[str], held: list[list[str]], scan) -> tuple[list[float], float]:
    """Every entry's Coverage for the query (the same value recall's scorer gives it), and the share
    of full evidence the query's words give (fusion.words_weight / LEXICAL_WEIGHT)."""
    from swarmkit.memory.recall import Coverage
    from swarmkit.memory.recall.fusion import LEXICAL_WEIGHT, words_weight

    weights = Coverage().weights(list(dict.fromkeys(query_terms)), scan)
    total = sum(weights.values())
    share = words_weight(total, scan.n) / LEXICAL_WEIGHT
    if total <= 0:
        return [0.0] * len(held), share
    return [min(1.0, sum(w for t, w in weights.items() if t in set(h)) / total) for h in held], share


# The grid the fusion's weight and full cosine are chosen from (fusion.py: 0.4 and 0.8).
WORDS_GRID = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6)
FULL_COSINE_GRID = (0.6, 0.7, 0.8, 0.9, 1.0)


def _fused_hits(rows, words_weight: float, full_cosine: float, k: int, threshold: float) -> int:
    """Questions whose top k by `words_weight × share × words + (1 − words_weight) × min(1, cos / full)`
    hold a relevant entry (share: how much evidence the question's words give, fusion.words_weight;
    at or above the threshold, equal scores newest first, as recall orders them)."""
    import numpy as np

    found = 0
    for _, words, cosines, relevant, share in rows:
        meaning = np.minimum(1.0, np.maximum(0.0, cosines) / full_cosine)
        score = np.round(words_weight * share * np.asarray(words) + (1 - words_weight) * meaning, 9)
        newest = np.arange(len(score))
        order = np.lexsort((-newest, -score))
        top = [i for i in order if score[i] >= threshold and score[i] > 0][:k]
        found += any(relevant[i] for i in top)
    return found


def cross_validation(rows: list, k: int, threshold: float) -> dict:
    """Leave one conversation out: the grid point best on the others (ties: the nearer to the
    defaults), its recall on the one left out, beside the defaults' recall there."""
    from swarmkit.memory.recall.fusion import FULL_COSINE, LEXICAL_WEIGHT

    stems = sorted({row[0] for row in rows})
    grid = [(w, c) for w in WORDS_GRID for c in FULL_COSINE_GRID]
    folds = []
    for held_out in stems:
        train = [row for row in rows if row[0] != held_out]
        test = [row for row in rows if row[0] == held_out]
        chosen = max(
            grid,
            key=lambda p: (
                _fused_hits(train, *p, k, threshold),
                -abs(p[0] - LEXICAL_WEIGHT) - abs(p[1] - FULL_COSINE),
            ),
        )
        folds.append(
            {
                "held_out": held_out,
                "chosen": chosen,
                "recall": _fused_hits(test, *chosen, k, threshold) / len(test),
                "recall_defaults": _fused_hits(test, LEXICAL_WEIGHT, FULL_COSINE, k, threshold) / len(test),
                "questions": len(test),
            }
        )
    total = sum(f["questions"] for f in folds)
    return {
        "folds": folds,
        "recall": sum(f["recall"] * f["questions"] for f in folds) / total,
        "recall_defaults": sum(f["recall_defaults"] * f["questions"] for f in folds) / total,
    }


class _Line:
    """A dense-only hit: the line of the fact (facts.md holds fact i on line 3 + i)."""

    file = FACTS_FILE

    def __init__(self, line: int):
        self.line = line


def light_stem(word: str) -> str:
    """The suffix stripper recall used before the Snowball stemmer (for the steps table)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        return word[:-2]
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class _LightStemmer:
    def stemWord(self, word: str) -> str:  # noqa: N802 (PyStemmer's name)
        return light_stem(word)


# Each step of the scorer, in the order they were added; the table switches off every step after
# the one named, so each row shows what that step adds to the ones above it.
STEPS = (
    "absent query words weigh nothing",
    "Snowball stemmer",
    "apostrophes and contractions",
    "dates",
    "weight sqrt(idf) instead of idf",
    "ties: what the best hits share",
)


@contextmanager
def steps_off(names: set[str]):
    """Recall as it would be without the named steps (module attributes patched, then restored)."""
    import re

    from swarmkit.memory.recall import scoring
    from swarmkit.memory.recall import words as terms

    saved = []

    def patch(owner, name, value):
        # a class's own __dict__ entry: getattr would unwrap a staticmethod, restored as a method
        saved.append((owner, name, owner.__dict__[name]))
        setattr(owner, name, value)

    if "absent query words weigh nothing" in names:
        patch(
            scoring.Coverage,
            "weights",
            lambda self, query, source: {t: self.weight(source.n, source.df(t)) for t in query},
        )
    if "Snowball stemmer" in names:
        patch(terms._Stems, "_stemmer", _LightStemmer())
    if "apostrophes and contractions" in names:
        patch(terms, "_WORD", re.compile(r"[^\W_]+"))
    if "dates" in names:
        patch(terms, "_DATES", ())
        patch(terms, "_ADDED", type("NoDates", (dict,), {"__missing__": lambda self, key: []})())
    if "weight sqrt(idf) instead of idf" in names:
        patch(scoring.Coverage, "weight", staticmethod(scoring.idf))
    if "ties: what the best hits share" in names:
        patch(scoring, "by_feedback", lambda found, query, source, k: found[:k])  # equal scores newest first
    terms._STEMS.clear()
    try:
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
        terms._STEMS.clear()


def steps_table(data: Path, work: Path) -> list[dict]:
    rows = []
    for i in range(len(STEPS) + 1):
        with steps_off(set(STEPS[i:])):
            figures = evaluate(data, work / f"steps-{i}", baseline=False)
        rows.append(
            {
                "step": "before these steps" if i == 0 else f"+ {STEPS[i - 1]}",
                "recall": figures[f"recall@{figures['k']}_defaults"],
                "by_conversation": figures["by_conversation_defaults"],
            }
        )
    return rows


def main(quick: bool = False, data: str | None = None, steps: bool | None = None) -> dict:
    import warnings

    from swarmkit.memory.folder.results import MemoryWarning

    warnings.simplefilter("ignore", MemoryWarning)
    folder = data_folder(data)
    if folder is None:
        print("  skipped: no LoCoMo-format data (give --data PATH or set SWARMKIT_LOCOMO_DIR)")
        return {"skipped": "no data", "targets": []}
    work = Path(tempfile.mkdtemp(prefix="swarmkit-bench-recall-"))
    try:
        figures = evaluate(folder, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    k = figures["k"]
    ours = figures[f"recall@{k}_defaults"]
    print(
        f"  {figures['questions']} questions from {len(figures['conversations'])} conversations in {folder}"
    )
    columns = ["defaults", "bm25"] + [name for name in ("dense", "fused") if f"recall@{k}_{name}" in figures]
    titles = {"defaults": "lexical", "bm25": "bm25", "dense": "dense", "fused": "fused"}
    print(f"  {'':<14}" + "".join(f"{titles[c]:>10}" for c in columns) + "   questions")
    print(
        f"  {f'recall@{k}':<14}"
        + "".join(f"{figures[f'recall@{k}_{c}']:>10.3f}" for c in columns)
        + f"   {figures['questions']}"
    )
    for name, count in figures["by_category_questions"].items():
        print(
            f"  {name:<14}"
            + "".join(f"{figures[f'by_category_{c}'][name]:>10.3f}" for c in columns)
            + f"   {count}"
        )
    for stem, count in figures["by_conversation_questions"].items():
        print(
            f"  {stem.replace('conversation-', 'conv. '):<14}"
            + "".join(f"{figures[f'by_conversation_{c}'][stem]:>10.3f}" for c in columns)
            + f"   {count}"
        )
    if "recall@5_fused" in figures or f"recall@{k}_fused" in figures:
        print(f"  lexical: words only; dense: the embedding alone ({semantic_model().id}); fused: both")
    if "cross_validation" in figures:
        cv = figures["cross_validation"]
        print(
            "  fusion weights by cross-validation (leave one conversation out; grid words "
            f"{WORDS_GRID[0]}-{WORDS_GRID[-1]}, full cosine {FULL_COSINE_GRID[0]}-{FULL_COSINE_GRID[-1]}):"
        )
        for fold in cv["folds"]:
            words, full = fold["chosen"]
            print(
                f"    {fold['held_out'].replace('conversation-', 'conv. '):<12} chosen on the others: "
                f"words {words:.2f}, full cosine {full:.1f}; held out {fold['recall']:.3f} "
                f"(defaults {fold['recall_defaults']:.3f})"
            )
        print(f"    held-out recall@{k} {cv['recall']:.3f} (defaults {cv['recall_defaults']:.3f})")
    print(
        f"  defaults: top {k}, threshold {figures['threshold']}, scope {figures['scope']}; "
        f"empty answers {figures['empty']} ({figures['empty_sharing_a_term']} sharing a term with an entry)"
    )
    if steps if steps is not None else not quick:
        work = Path(tempfile.mkdtemp(prefix="swarmkit-bench-recall-"))
        try:
            figures["steps"] = steps_table(folder, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        stems = list(figures["by_conversation_questions"])
        print(f"  recall@{k} at the defaults, step by step (and per conversation):")
        print(
            f"    {'':<40}{'all':>7}" + "".join(f"{stem.removeprefix('conversation-'):>7}" for stem in stems)
        )
        for row in figures["steps"]:
            print(
                f"    {row['step']:<40}{row['recall']:>7.3f}"
                + "".join(f"{row['by_conversation'][stem]:>7.3f}" for stem in stems)
            )
    folded = figures[f"recall@{k}_diverse"]
    print(f"  recall@{k} with restatements folded into higher hits: {folded:.3f} (defaults {ours:.3f})")
    checks = [
        (f"recall@{k} at the defaults >= {TARGET}", ours, ours >= TARGET),
        (f"recall@{k} with restatements folded does not drop (>= {ours:.3f})", folded, folded >= ours),
        (
            "no empty answer for a question sharing a term with an entry",
            figures["empty_sharing_a_term"],
            figures["empty_sharing_a_term"] == 0,
        ),
    ]
    if f"recall@{k}_fused" in figures:
        fused = figures[f"recall@{k}_fused"]
        checks.append(
            (f"fused recall@{k} >= {FUSED_TARGET} (not below today's)", fused, fused >= FUSED_TARGET)
        )
        worst = min(
            figures["by_category_fused"][c] - figures["by_category_defaults"][c]
            for c in figures["by_category_defaults"]
        )
        checks.append(("no category fused more than 0.02 below lexical", worst, worst >= -0.02))
        met = "met" if fused >= FUSED_BAR_NOT_MET else "not met"
        print(
            f"  issue 20's bar, fused recall@{k} >= {FUSED_BAR_NOT_MET}: {met} ({fused:.3f}); not a target here"
        )
    figures["targets"] = [benchlib.target(name, value, ok, "quality") for name, value, ok in checks]
    benchlib.print_targets(figures["targets"])
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="a folder of conversation-*.json (LoCoMo format)")
    parser.add_argument("--quick", action="store_true", help="no steps table")
    parser.add_argument(
        "--steps",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also measure recall with each step of the scorer switched off (default: unless --quick)",
    )
    args = parser.parse_args()
    result = main(quick=args.quick, data=args.data, steps=args.steps)
    sys.exit(1 if benchlib.missed(result["targets"]) else 0)

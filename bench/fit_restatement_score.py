"""Fit consolidation's calibrated likeness of two short personal facts
(swarmkit/memory/recall/pair_score.py) and write its weights to
swarmkit/memory/recall/restatement_score.toml.

Data: every pair of texts within each tuned restatement set (bench/restatement_data.py, TUNED; the
held-out set is never read here): positives the planted restatements, negatives every other pair
(a restatement's half beside another's, a distinct fact beside anything). Model: logistic
regression with an L2 penalty (LAMBDA, the bias not penalised), fitted by Newton's method (numpy).
Threshold: the probability, among the fitted model's scores, that maximises restatements proposed
less COST_OF_A_WRONG_PAIR times wrong pairs over the fitted pairs (a wrong merge costs more than a
missed one: precision stays where it is).

Leave-one-set-out cross-validation: for each tuned set, the model and threshold fitted on the others,
then consolidation (the real pass, bench_restatements.measure) run on the set left out with them.
Its sum is the honest estimate of a set never tuned on; printed and written to the weights file.

    .venv/bin/python bench/fit_restatement_score.py          # fit, cross-validate, write
    .venv/bin/python bench/fit_restatement_score.py --check  # fit and cross-validate, write nothing
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from restatement_data import SETS, TUNED  # noqa: E402

LAMBDA = 1.0  # L2 penalty on the weights (the sets are small: 80 restatements among 1,520 pairs)
COST_OF_A_WRONG_PAIR = 3.0


def pairs_of(name: str):
    """(features, label, texts) of every pair within one set whose likeness is the calibrated one
    (two short personal facts, not as close as a copy: meaning.ByMeaning.calibrated)."""
    from swarmkit.memory.recall import semantic
    from swarmkit.memory.recall.meaning import ByMeaning, embedded
    from swarmkit.memory.recall.similarity import Lexical

    data = SETS[name]
    texts = [text for pair in data["pairs"] for text in pair] + list(data["distinct"])
    planted = {frozenset(pair) for pair in data["pairs"]}
    model = semantic.choice()
    assert isinstance(model, semantic.Model), "fitting needs the embedding model"
    sim = ByMeaning(Lexical(), embedded(model))
    sim.prepare(texts)
    rows, labels, named = [], [], []
    for a, b in itertools.combinations(range(len(texts)), 2):
        if not sim.calibrated(a, b):
            continue  # scored otherwise: by words and cosine alone
        if sim.two_by_rule(a, b) or sim.denies_the_other(a, b):
            continue  # two facts by rule (meaning.ByMeaning.two_by_rule), or a denial of the other's word
        rows.append(sim.features(a, b))
        labels.append(frozenset((texts[a], texts[b])) in planted)
        named.append((texts[a], texts[b]))
    return np.array(rows, dtype=np.float64), np.array(labels, dtype=np.float64), named


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    """L2-penalised logistic regression by Newton's method: (weights, bias)."""
    design = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(design.shape[1])
    penalty = np.full(design.shape[1], LAMBDA)
    penalty[-1] = 0.0
    for _ in range(100):
        p = 1 / (1 + np.exp(-np.clip(design @ w, -60, 60)))
        gradient = design.T @ (p - y) + penalty * w
        hessian = (design * (p * (1 - p))[:, None]).T @ design + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w[:-1], float(w[-1])


def probabilities(x: np.ndarray, weights: np.ndarray, bias: float) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(x @ weights + bias, -60, 60)))


def threshold(p: np.ndarray, y: np.ndarray) -> float:
    """The cut that maximises restatements found less COST_OF_A_WRONG_PAIR × wrong pairs: halfway
    between the best cut's score and the next lower one."""
    order = np.argsort(-p)
    gain = np.cumsum(np.where(y[order] > 0, 1.0, -COST_OF_A_WRONG_PAIR))
    best = int(np.argmax(gain))
    below = p[order][best + 1] if best + 1 < len(p) else 0.0
    return float((p[order][best] + below) / 2)


def fitted(names: list[str], data: dict) -> tuple[np.ndarray, float, float]:
    x = np.vstack([data[n][0] for n in names])
    y = np.concatenate([data[n][1] for n in names])
    weights, bias = fit(x, y)
    return weights, bias, threshold(probabilities(x, weights, bias), y)


def end_to_end(name: str, weights: np.ndarray, bias: float, cut: float) -> dict:
    """The real consolidation pass over the set, with this calibration in force."""
    import bench_restatements as B

    from swarmkit.memory.recall import pair_score

    calibration = pair_score.Calibration(tuple(float(w) for w in weights), bias, cut)
    saved = pair_score.calibration
    pair_score.calibration = lambda: calibration  # type: ignore[assignment]
    base = Path(tempfile.mkdtemp(prefix="swarmkit-fit-restatements-"))
    try:
        folder, _ = B.folder_of(base, name)
        return B.measure(folder, name, "semantic")
    finally:
        pair_score.calibration = saved  # type: ignore[assignment]
        shutil.rmtree(base, ignore_errors=True)


def toml_text(weights, bias, cut, n_pairs, n_planted, cv) -> str:
    from swarmkit.memory.recall.pair_score import FEATURES

    found = sum(row["found"] for row in cv.values())
    involved = sum(len(row["involved"]) for row in cv.values())
    lines = [
        "# Consolidation's calibrated likeness of two short personal facts (pair_score.py).",
        "# Written by bench/fit_restatement_score.py; refit with it, never by hand.",
        f"# Fitted {datetime.date.today().isoformat()} on every pair within the tuned restatement sets",
        f"# {', '.join(TUNED)} (bench/restatement_data.py): {n_pairs} pairs, {n_planted} of them restatements;",
        f"# logistic regression, L2 penalty {LAMBDA}, threshold maximising found - {COST_OF_A_WRONG_PAIR:g} x wrong pairs.",
        "# Leave-one-set-out cross-validation (the real pass on each set, fitted on the others):",
        f"# {found} of {10 * len(cv)} restatements proposed, {involved} distinct "
        f"{'fact' if involved == 1 else 'facts'} involved; per set "
        + ", ".join(f"{n} {row['found']}/{len(row['involved'])}" for n, row in cv.items())
        + ".",
        f"features = [{', '.join(repr(f).replace(chr(39), chr(34)) for f in FEATURES)}]",
        f"bias = {bias:.6f}",
        f"threshold = {cut:.6f}",
        "",
        "[weights]",
    ]
    lines += [f"{name} = {w:.6f}" for name, w in zip(FEATURES, weights, strict=True)]
    return "\n".join(lines) + "\n"


def main() -> None:
    from swarmkit.memory.folder.results import MemoryWarning
    from swarmkit.memory.recall.pair_score import FEATURES, WEIGHTS_FILE

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="fit and cross-validate, write nothing")
    parser.add_argument("--penalty", type=float, default=LAMBDA, help=f"the L2 penalty (default {LAMBDA})")
    parser.add_argument(
        "--cost",
        type=float,
        default=COST_OF_A_WRONG_PAIR,
        help=f"what a wrong pair costs against a restatement found (default {COST_OF_A_WRONG_PAIR:g})",
    )
    args = parser.parse_args()
    globals()["LAMBDA"] = args.penalty
    globals()["COST_OF_A_WRONG_PAIR"] = args.cost
    warnings.simplefilter("ignore", MemoryWarning)
    data = {name: pairs_of(name) for name in TUNED}
    cv = {}
    for name in TUNED:
        weights, bias, cut = fitted([n for n in TUNED if n != name], data)
        cv[name] = end_to_end(name, weights, bias, cut)
        row = cv[name]
        print(
            f"  cross-validated {name}: {row['found']} of 10 proposed, {len(row['involved'])} distinct involved"
        )
        for pair in row["missed"]:
            print(f"      missed: {pair[0]!r} / {pair[1]!r}")
        for text in row["involved"]:
            print(f"      involved: {text!r}")
    found = sum(row["found"] for row in cv.values())
    involved = sum(len(row["involved"]) for row in cv.values())
    facts = "fact" if involved == 1 else "facts"
    print(f"  leave-one-set-out: {found} of {10 * len(cv)} proposed, {involved} distinct {facts} involved")
    weights, bias, cut = fitted(list(TUNED), data)
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:<16} {w:+.3f}")
    print(f"  bias {bias:+.3f}, threshold {cut:.3f}")
    n_pairs = sum(len(data[n][1]) for n in TUNED)
    n_planted = int(sum(data[n][1].sum() for n in TUNED))
    if not args.check:
        WEIGHTS_FILE.write_text(toml_text(weights, bias, cut, n_pairs, n_planted, cv), encoding="utf-8")
        print(f"  written: {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()

"""Screening's cost per line: every memory write reads its text through every secret detector.

The lines are the benign corpus, the secret corpora and the issue-18 shapes of tests/reliability
and tests/memory (prose, code, URLs, JSON, many languages), plus LoCoMo's dev facts when the
shared data is here. Figure: CPU microseconds per line (the median of five passes), for benign
lines (most writes) and for secret-bearing lines.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

import benchlib

benchlib.on_path()


def _locomo() -> list[str]:
    folder = Path(os.environ.get("SWARMKIT_LOCOMO", "/work/shared/data/locomo-dev"))
    texts: list[str] = []
    for path in sorted(folder.glob("conversation-*.json")) if folder.is_dir() else []:
        data = json.loads(path.read_text(encoding="utf-8"))
        texts += [fact["text"] for fact in data["facts"]] + [q["question"] for q in data["questions"]]
    return texts


def _per_line_us(lines: list[str], passes: int) -> float:
    from swarmkit.screening.screen import screen_entry

    timings = []
    for _ in range(passes):
        start = time.process_time()
        for line in lines:
            screen_entry(line)
        timings.append((time.process_time() - start) / len(lines) * 1e6)
    return statistics.median(timings)


def main(quick: bool = False) -> dict:
    from tests.reliability.secrets_corpus import BENIGN, FAMILY_CASES, HELD_OUT, secrets
    from tests.screening.test_screening_shapes import BENIGN_SHAPES, SHAPES

    benign = list(BENIGN) + list(BENIGN_SHAPES) + _locomo()
    secret = (
        [s.text for s in secrets()]
        + [s.text for s in HELD_OUT]
        + [text for _, text, _ in FAMILY_CASES]
        + [text for _, text, _ in SHAPES]
    )
    passes = 2 if quick else 5
    _per_line_us(benign[:50] + secret[:50], 1)  # warm: compiled patterns, the wordlist
    figures = {
        "benign_lines": len(benign),
        "secret_lines": len(secret),
        "benign_us_per_line": round(_per_line_us(benign, passes), 1),
        "secret_us_per_line": round(_per_line_us(secret, passes), 1),
    }
    # a one-line write screens its text once: screening must stay well below the 60 ms write target
    figures["targets"] = benchlib.targets(
        [
            ("screening a benign line <= 500 us", figures["benign_us_per_line"], 500),
            ("screening a secret-bearing line <= 1,000 us", figures["secret_us_per_line"], 1000),
        ],
        "cost",
    )
    print(
        f"screening: {figures['benign_us_per_line']} µs a benign line ({len(benign)} lines), "
        f"{figures['secret_us_per_line']} µs a secret-bearing line ({len(secret)} lines)"
    )
    return figures


if __name__ == "__main__":
    main()

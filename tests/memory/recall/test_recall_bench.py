"""bench/bench_recall.py on a tiny LoCoMo-format folder: figures per category and per
conversation, and a steps table whose switched-off steps are all restored afterwards."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench" / "bench_recall.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_recall_under_test", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def conversation(path: Path, facts: list[tuple[str, str]], questions: list[tuple[str, int, str]]) -> None:
    path.write_text(
        json.dumps(
            {
                "speakers": ["Ana", "Ben"],
                "facts": [
                    {
                        "speaker": "Ana",
                        "session": 1,
                        "date": "1:56 pm on 8 May, 2023",
                        "text": text,
                        "evidence": [turn],
                    }
                    for text, turn in facts
                ],
                "questions": [
                    {"question": q, "category": category, "evidence": [turn]}
                    for q, category, turn in questions
                ],
            }
        )
    )


def test_figures_per_category_and_per_conversation(bench, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    conversation(
        data / "conversation-1.json",
        [("Ana adopted a grey cat named Oliver", "D1:1"), ("Ana runs a bakery in Porto", "D1:2")],
        [
            ("What is the name of Ana's cat?", 4, "D1:1"),
            ("Where is Ana's bakery?", 4, "D1:2"),
            ("Which instrument does Ana play?", 1, "D1:9"),
        ],
    )
    conversation(
        data / "conversation-2.json",
        [("Ben fixed the roof of the barn", "D1:1")],
        [("What did Ben fix?", 2, "D1:1"), ("When did Ben paint the fence?", 2, "D1:5")],
    )
    figures = bench.evaluate(data, tmp_path / "work")
    assert figures["by_conversation_questions"] == {"conversation-1": 3, "conversation-2": 2}
    assert figures["by_conversation_defaults"] == {"conversation-1": 2 / 3, "conversation-2": 1 / 2}
    assert figures["recall@5_defaults"] == 3 / 5
    assert figures["by_category_defaults"] == {"multi-hop": 0.0, "temporal": 0.5, "single-hop": 1.0}


def test_the_steps_table_switches_steps_off_and_restores_them(bench):
    from swarmkit.memory.recall import scoring, words

    before = (
        scoring.by_feedback,
        scoring.Coverage.__dict__["weight"],
        scoring.Coverage.__dict__["weights"],
        words._Stems._stemmer,
        words._WORD,
        words._DATES,
    )
    with bench.steps_off(set(bench.STEPS)):
        assert scoring.by_feedback([(0.5, 1), (0.5, 2)], [], None, 1) == [(0.5, 1)]  # newest-first order kept
        assert words.terms("deploying") == ["deploy"] and words.terms("2023-05-08") == ["2023", "05", "08"]
    after = (
        scoring.by_feedback,
        scoring.Coverage.__dict__["weight"],
        scoring.Coverage.__dict__["weights"],
        words._Stems._stemmer,
        words._WORD,
        words._DATES,
    )
    assert after == before
    assert "ties: what the best hits share" in bench.STEPS


def test_cross_validation_chooses_on_the_other_conversations_and_scores_the_one_left_out(bench):
    import numpy as np

    # entry 0 answers: it holds every word but is far in meaning; entry 1 is close in meaning only.
    # at the defaults 0.4 x 1 + 0.6 x 0.25 = 0.55 < 0.6 x 1; at words 0.5, 0.5 + 0.5 x 0.25 > 0.5 x 1
    row = (np.array([1.0, 0.0]), np.array([0.2, 0.9]), [True, False], 1.0)  # the words give full evidence
    rows = [(f"conversation-{c}", *row) for c in "abc" for _ in range(4)]
    cv = bench.cross_validation(rows, k=1, threshold=0.0)
    assert [f["held_out"] for f in cv["folds"]] == ["conversation-a", "conversation-b", "conversation-c"]
    for fold in cv["folds"]:
        words, full = fold["chosen"]
        assert words > 0.4 and (words, full) in [
            (w, c) for w in bench.WORDS_GRID for c in bench.FULL_COSINE_GRID
        ]
        assert (fold["recall"], fold["recall_defaults"], fold["questions"]) == (1.0, 0.0, 4)
    assert (cv["recall"], cv["recall_defaults"]) == (1.0, 0.0)


def test_the_fused_figures_weigh_the_words_by_the_evidence_they_give(bench):
    import numpy as np

    # entry 0 holds every word, entry 1 is close in meaning: at full evidence 0.4 x 1 + 0.6 x 0.25
    # = 0.55 > 0.6 x 0.5; when the words give a quarter of it, 0.1 + 0.15 = 0.25 < 0.3 (as recall)
    words, cosines, relevant = np.array([1.0, 0.0]), np.array([0.2, 0.4]), [True, False]
    assert bench._fused_hits([("c", words, cosines, relevant, 1.0)], 0.4, 0.8, 1, 0.0) == 1
    assert bench._fused_hits([("c", words, cosines, relevant, 0.25)], 0.4, 0.8, 1, 0.0) == 0

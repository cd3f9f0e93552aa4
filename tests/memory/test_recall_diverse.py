"""Recall does not repeat itself: a hit that restates a higher one is folded into it (the hit says
so), the next hit takes its place, and the ranking of what is left is unchanged."""

from __future__ import annotations

import json

from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.recall.diverse import fold
from swarmkit.memory.recall.hit import RecallHit


def hit(text: str, score: float, line: int) -> RecallHit:
    return RecallHit(text, score, f"lessons.md#L{line}", "lessons.md", line, "agent", None)


def test_a_restatement_is_folded_into_the_higher_hit():
    hits = [
        hit("Deploys go through the staging cluster first", 0.9, 3),
        hit("All deploys go through the staging cluster first", 0.8, 4),
        hit("Deploys need a review by the on-call engineer", 0.5, 5),
    ]
    out = fold(hits, 2)
    assert [h.text for h in out] == [hits[0].text, hits[2].text]
    assert out[0].folded == (f"lessons.md#{text_digest(hits[1].text)}",) and out[1].folded == ()
    assert [h.score for h in out] == [0.9, 0.5]


def test_other_people_numbers_and_denials_are_never_folded():
    hits = [
        hit("Jon lost his job at Door Dash", 0.9, 3),
        hit("Gina lost her job at Door Dash", 0.9, 4),
        hit("Ran 5 km on Monday with Jon", 0.8, 5),
        hit("Ran 10 km on Monday with Jon", 0.8, 6),
        hit("Gina no longer works at Door Dash", 0.7, 7),
    ]
    assert fold(hits, 5) == hits


def test_store_recall_fills_the_top_k_with_other_facts(store):
    for text in (
        "Prefers dark mode in every editor",
        "Prefers dark mode in all editors",
        "Prefers dark mode in each editor",
        "Uses a light theme for slides",
        "Editor font is Iosevka",
    ):
        store.remember(text, "preference")
    hits = store.recall("dark mode editor theme font", max_results=3, similarity_threshold=0.0)
    assert [(h.text, h.folded) for h in hits] == [
        (
            "Prefers dark mode in each editor",
            (
                f"me.md#{text_digest('Prefers dark mode in all editors')}",
                f"me.md#{text_digest('Prefers dark mode in every editor')}",
            ),
        ),
        ("Editor font is Iosevka", ()),
        ("Uses a light theme for slides", ()),
    ]


def test_the_command_and_the_api_say_what_was_folded(cli, workspace):
    ws = workspace()
    for text in ("Prefers dark mode in every editor", "Prefers dark mode in all editors"):
        cli("memory", "--workspace", str(ws), "add", text)
    code, out, _ = cli("memory", "--workspace", str(ws), "search", "dark mode editor")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1
    kept = "Prefers dark mode in all editors" if "all editors" in lines[0].split(" (also")[0] else None
    other = "Prefers dark mode in every editor" if kept else "Prefers dark mode in all editors"
    assert lines[0].endswith(f" (also said as me.md#{text_digest(other)})")
    code, out, _ = cli("memory", "--workspace", str(ws), "search", "dark mode editor", "--format", "json")
    (result,) = json.loads(out)["results"]
    assert result["folded"] == [f"me.md#{text_digest(other)}"]

"""The necessary words of a pattern (speech/prefilter.py): every text a pattern matches holds one of
them, so a text that holds none is answered without compiling the pattern, and nothing read changes.

Checked three ways: on small patterns whose words are known; on every call the speech readers make
while they read every example of tests/speech/examples and the memory requests' corpus (each text a
pattern matched holds one of its words); and by reading all of them with the prefilter on and off."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from swarmkit.speech import attributes, facts, memory_requests, prefilter, questions, reported, sentences

EXAMPLES = Path(__file__).parent / "examples"
NAMES = frozenset("Tim Sam Alex Gina Nate Maria Lina Ana Robin Paula Jon Greg Bo".split())


def texts() -> list[str]:
    """Every string of every example (what is said, the notes, the questions, the values expected)."""
    out: list[str] = []

    def strings(value: object) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            for item in value:
                strings(item)
        elif isinstance(value, dict):
            for item in value.values():
                strings(item)

    for path in sorted(EXAMPLES.rglob("*.toml")):
        strings(tomllib.loads(path.read_text(encoding="utf-8")))
    return out


def read_all(corpus: list[str]) -> list:
    """What each reader of plain speech makes of each text."""
    out: list = []
    for text in corpus:
        out.append(
            (
                [(f.text, f.subject) for f in facts.extract(text)],
                facts.in_first_person(text),
                memory_requests.read(text),
                memory_requests.stated(text),
                sentences.split(text),
                reported.own_part(text),
                questions.purpose(text),
                attributes.read(text, NAMES.__contains__),
            )
        )
    return out


@pytest.mark.parametrize(
    "source, words",
    [
        (r"forget(?:\s+about)?", ("forget",)),
        (r"(?:please\s+)?(?:delete|remove)\s+it", ("delete", "remove")),  # the longest words
        (r"(?:do|go)\s+forget", ("forget",)),
        (r"(?:learn|learned|note)s?", ("learn", "note")),  # "learned" holds "learn": found anyway
        (r"(?:ab)+c", ("ab",)),
        (r"x(?:ab)*", ("x",)),
        (r"Forget", ("forget",)),
    ],
)
def test_the_necessary_words_of_small_patterns(source, words):
    assert prefilter.necessary(source, re.I) == words


@pytest.mark.parametrize("source", [r"(?:ab)*", r"a|b?", r"\w+", r"[a-z]{3}", r"(?:é)+", r"(?:ab|)c?"])
def test_a_pattern_that_needs_no_word_is_always_tried(source):
    assert prefilter.necessary(source, re.I) is None
    assert prefilter.could(source, re.I, "")


def test_the_fold_table_is_every_character_ignorecase_matches_to_an_ascii_letter_or_digit():
    everything = "".join(chr(c) for c in range(128, sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    odd = re.findall(r"(?i)[a-z0-9]", everything)
    assert {char: prefilter.folded(char) for char in odd} == {
        char: next(l for l in "abcdefghijklmnopqrstuvwxyz0123456789" if re.fullmatch(l, char, re.I))
        for char in odd
    }
    assert prefilter.folded("Kelvin ſeen at İzmir") == "kelvin seen at izmir"


def test_every_text_a_pattern_matched_in_the_examples_holds_one_of_its_words(monkeypatch):
    """Every call the readers make (the prefilter off, so every pattern runs): where the pattern
    matches anywhere in the text it was given, the text holds one of the pattern's necessary words."""
    asked: set[tuple[str, int, str]] = set()

    def record(source: str, flags: int, text: str) -> bool:
        asked.add((source, int(flags), text))
        return True

    monkeypatch.setattr(prefilter, "could", record)
    read_all(texts())
    assert len({(source, flags) for source, flags, _ in asked}) > 100  # the readers' patterns
    matched = 0
    for source, flags, text in asked:
        if re.compile(source, flags).search(text) is not None:
            matched += 1
            words = prefilter._derive(source, flags)  # found now, not read from a cache
            assert prefilter.could_match(words, prefilter.folded(text)), (source[:80], text, words)
    assert matched > 500


def test_every_example_reads_alike_with_and_without_the_prefilter(monkeypatch):
    corpus = texts()
    on = read_all(corpus)
    monkeypatch.setattr(prefilter, "ENABLED", False)
    assert read_all(corpus) == on


def test_a_sentence_without_a_request_word_compiles_none_of_the_requests(monkeypatch):
    memory_requests.pattern.cache_clear()
    assert memory_requests.read("I live in Lisbon and my editor is Helix.") == []
    assert memory_requests.pattern.cache_info().currsize == 0
    monkeypatch.setattr(prefilter, "ENABLED", False)
    assert memory_requests.read("I live in Lisbon and my editor is Helix.") == []
    assert memory_requests.pattern.cache_info().currsize == 12  # every request pattern, to find none


@pytest.mark.parametrize("made_up", [(), 5, (None,), ("",), "word"])
def test_a_cached_word_list_of_another_shape_is_found_again(tmp_path, monkeypatch, made_up):
    """A cache of the right version whose values are not what deriving gives (damaged, or written
    by someone else) is not believed: an empty list would skip every pattern, a number would crash."""
    import marshal

    said = "I live in Paris and my editor is vim"
    expected = facts.extract(said)
    cache = tmp_path / "prefilter.marshal"
    prefilter._load()
    assert prefilter._known
    cache.write_bytes(marshal.dumps((prefilter._version(), dict.fromkeys(prefilter._known, made_up))))
    monkeypatch.setattr(prefilter, "_CACHE", cache)
    monkeypatch.setattr(prefilter, "_known", None)
    monkeypatch.setattr(prefilter, "_used", {})
    monkeypatch.setattr(prefilter, "_recent", {})
    assert facts.extract(said) == expected
    assert all(prefilter._words_shaped(words) for words in prefilter._used.values())

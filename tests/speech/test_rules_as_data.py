"""Plain speech's rules are data (speech/data/*.toml, read by speech/rules.py): the code holds no word
lists, every pattern of every data file compiles, each shape opens as it says, and a data file's
parsed form is cached as Python caches bytecode."""

from __future__ import annotations

import ast
import os
import re
import shutil
import time
from pathlib import Path
from re import _parser as sre_parse  # type: ignore[attr-defined]

import pytest

from swarmkit.speech import facts, memory_requests, rules

SPEECH = Path(rules.__file__).parent
WORD = re.compile(r"^[A-Za-z][A-Za-z' -]*$")
MAX_WORD_LISTS = 3  # issue 31: at most 3 word-list literals left in speech's code


def _wordy(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and WORD.match(node.value) is not None
    )


def word_lists(source: str) -> list[int]:
    """The lines of the word-list literals in Python source: a set, list or tuple of three or more
    words, a map from three or more words to constants, or `"a b c".split()` (`__slots__` is none)."""
    found, inside = [], set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__slots__" for t in node.targets):
            inside.update(id(sub) for sub in ast.walk(node))
        if id(node) in inside:
            continue
        if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
            hit = sum(_wordy(e) for e in node.elts) >= 3
        elif isinstance(node, ast.Dict):
            pairs = zip(node.keys, node.values, strict=True)
            hit = sum(k is not None and _wordy(k) and isinstance(v, ast.Constant) for k, v in pairs) >= 3
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "split"
        ):
            base = node.func.value
            hit = (
                isinstance(base, ast.Constant)
                and isinstance(base.value, str)
                and len(base.value.split()) >= 3
            )
        else:
            hit = False
        if hit:
            found.append(node.lineno)
            inside.update(id(sub) for sub in ast.walk(node))
    return sorted(found)


def test_speech_code_holds_no_word_lists():
    found = {path.name: word_lists(path.read_text(encoding="utf-8")) for path in sorted(SPEECH.glob("*.py"))}
    assert sum(len(lines) for lines in found.values()) <= MAX_WORD_LISTS, found


def test_the_counter_finds_word_lists():
    source = 'A = frozenset("a b c".split())\nB = ("is", "was", "were")\nC = {"x": "y", "p": "q", "r": "s"}\n'
    assert word_lists(source) == [1, 2, 3]
    assert word_lists('D = ("is", "was")\n__slots__ = ("a", "b", "c")\nE = {"a": f, "b": g, "c": h}\n') == []


# memory_requests.py reads its two files with an engine of its own (lower-case names, word lists
# longest first): its patterns are compiled by it.
OWN_ENGINES = {"memory_requests": memory_requests.pattern, "memory_topics": None}


@pytest.mark.parametrize("name", sorted(path.stem for path in (SPEECH / "data").glob("*.toml")))
def test_every_pattern_of_a_data_file_compiles(name):
    data = rules.load(name)
    compile_pattern = OWN_ENGINES.get(name, lambda key: re.compile(rules.Patterns(data)[key.upper()]))
    for key in data.get("patterns", {}):
        assert compile_pattern is not None, f"{name}.toml has patterns no engine compiles"
        compile_pattern(key)
    for key in data.get("words", {}):
        assert rules.in_order(data["words"][key]), key  # no empty word list


def _first_characters(items) -> set[str] | None:
    """The characters (lower case) a parsed pattern can start with; None when it can start with
    more than a literal (a class, any character)."""
    out: set[str] = set()
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            return out | {chr(arg).lower()}
        if name in ("AT", "ASSERT", "ASSERT_NOT"):
            continue  # an anchor or a look-around consumes nothing
        if name == "SUBPATTERN":
            alternatives = [arg[3]]
        elif name == "BRANCH":
            alternatives = arg[1]
        elif name in ("MAX_REPEAT", "MIN_REPEAT"):
            alternatives = [arg[2]]
        else:
            return None
        empty = False
        for alternative in alternatives:
            firsts = _first_characters(alternative)
            if firsts is None:
                return None
            out |= firsts
            empty = empty or _may_be_empty(alternative)
        if name in ("MAX_REPEAT", "MIN_REPEAT") and arg[0] == 0:
            empty = True
        if not empty:
            return out
    return None  # the whole pattern may match nothing at all


def _may_be_empty(items) -> bool:
    return all(
        str(op) in ("AT", "ASSERT", "ASSERT_NOT") or (str(op).endswith("REPEAT") and arg[0] == 0)
        for op, arg in items
    )


@pytest.mark.parametrize("shape", facts.SHAPES, ids=facts.SHAPE_NAMES)
def test_each_shape_opens_with_the_words_it_says(shape):
    """A clause whose first word is not one of a shape's `opens` is not tried in it: the pattern must not
    be able to start otherwise (its first letters are the words'; each word ends where its letters do)."""
    declared = rules.load("facts")["shape"][facts.SHAPE_NAMES.index(shape.name)].get("opens")
    firsts = _first_characters(sre_parse.parse(shape._said, re.I))
    if (
        declared is None
    ):  # a clause that opens with its value ("Peanuts make me …"): tried whatever it opens with
        assert shape.opens is None
        return
    assert firsts, shape.name
    assert firsts <= {word[0] for word in declared}, (shape.name, firsts, declared)
    assert all(word.isalpha() and word.islower() for word in declared)  # whole first words


def test_a_data_file_is_cached_parsed_and_read_again_when_it_changes(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    path = tmp_path / "example.toml"
    path.write_text('[words]\nlist = "a b c"\n', encoding="utf-8")
    assert rules.read(path) == {"words": {"list": "a b c"}}
    cache = next((tmp_path / "__pycache__").glob("example.*.marshal"))
    assert rules.read(path) == {"words": {"list": "a b c"}}  # from the cache
    time.sleep(0.01)
    path.write_text('[words]\nlist = "a b c d"\n', encoding="utf-8")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert rules.read(path) == {"words": {"list": "a b c d"}}  # changed: parsed again
    cache.write_bytes(b"not marshal")
    assert rules.read(path) == {"words": {"list": "a b c d"}}  # damaged: parsed again, and rewritten
    assert rules.read(path) == {"words": {"list": "a b c d"}}


def test_without_a_writable_folder_a_data_file_is_parsed_each_time(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    path = tmp_path / "example.toml"
    shutil.copy(SPEECH / "data" / "sentences.toml", path)
    assert rules.read(path) == rules.load("sentences")
    assert not (tmp_path / "__pycache__").exists()


@pytest.mark.parametrize("row", rules.load("facts")["shape"], ids=facts.SHAPE_NAMES)
def test_a_shape_holds_what_its_pattern_needs(row):
    """`holds` is a quick check before a shape's pattern: the word list it names is one the pattern
    needs an entry of, so the check never turns away a clause the pattern would read."""
    if "holds" in row:
        patterns = facts._PATTERNS
        assert patterns[row["holds"].upper()] in patterns.text(row["said"]), row["name"]


def test_a_sign_said_with_an_adjective_passes_the_quick_check():
    """A sign of an allergy said with an adjective ("a terrible rash") is no entry of allergy_signs, so
    each noun such a sign ends with must hold one, or the quick check turns the clause away."""
    data = rules.load("facts")["words"]
    signs = rules.in_order(data["allergy_signs"])
    for noun in rules.in_order(data["sign_nouns"]):
        assert any(sign in noun for sign in signs), noun
        said = f"Cats give me a terrible {noun}"
        assert [f.text for f in facts.extract(said)] == ["Is allergic to cats"], said


def test_a_pattern_names_what_the_file_holds_and_never_itself():
    patterns = rules.Patterns({"patterns": {"a": "x{B}", "b": "y", "c": "{C}"}, "words": {"w": "p q"}})
    assert patterns["A"] == "xy" and patterns.text("{W}+") == "p|q+"
    with pytest.raises(KeyError, match="names itself"):
        patterns["C"]
    with pytest.raises(KeyError, match="no pattern or word list named 'd'"):
        patterns.text("{D}")

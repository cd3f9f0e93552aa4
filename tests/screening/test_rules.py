"""The rule files (swarmkit/screening/rules/): each loads, every pattern in it compiles, every rule
a detector names is in its file, and the engine says which entry is wrong when one is. Reading them
is lazy (and `swarmkit validate` never loads screening: tests/cli/test_validate.py)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import swarmkit.screening.secrets  # noqa: F401 (the detectors supply their computed fragments)
from swarmkit.screening import ruleset as R
from swarmkit.screening.ruleset import RuleError, Ruleset, check

SCREENING = Path(R.__file__).parent
FILES = R.rule_files()


def test_every_detector_and_module_has_its_rule_file():
    named = {
        call.args[0].value
        for path in SCREENING.rglob("*.py")
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(call, ast.Call)
        and getattr(call.func, "id", None) == "ruleset"
        and isinstance(call.args[0], ast.Constant)
    }
    assert named == set(FILES)
    detectors = R.ruleset("secrets").lists.detectors
    assert set(detectors) == {p.stem for p in (SCREENING / "secrets").glob("*.py")} - {"__init__", "shape"}


@pytest.mark.parametrize("name", FILES)
def test_each_rule_file_loads_and_each_pattern_compiles(name):
    compiled = check(R.ruleset(name))
    assert all(isinstance(pattern, re.Pattern) for pattern in compiled)
    assert compiled  # every file holds patterns


# What the code reads of a rule file: `P.name`, `W.name`, `L.name`, `RULES.words.name`,
# `RULES.group("name")`, … (P, W and L are the names the detectors give the ruleset's parts)
_ALIASES = {"P": "patterns", "W": "words", "L": "lists"}


def _named_in(path: Path) -> set[tuple[str, str]]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in _ALIASES:
            found.add((_ALIASES[node.value.id], node.attr))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute)
            and isinstance(node.value.value, ast.Name)
            and node.value.value.id == "RULES"
            and node.value.attr in ("patterns", "words", "lists", "tables")
        ):
            found.add((node.value.attr, node.attr))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "RULES"
            and node.func.attr in ("group", "records")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add((node.func.attr, node.args[0].value))
    return found


def _rule_file_of(path: Path) -> str | None:
    match = re.search(r'RULES = ruleset\("(\w+)"\)', path.read_text(encoding="utf-8"))
    return match.group(1) if match else None


MODULES = [path for path in sorted(SCREENING.rglob("*.py")) if _rule_file_of(path)]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_rule_a_module_names_is_in_its_file(path):
    rules = R.ruleset(_rule_file_of(path))
    missing = []
    for kind, name in sorted(_named_in(path)):
        if kind == "records":
            present = isinstance(rules.data.get(name), list)
        elif kind in ("group", "patterns"):
            present = name in rules.data.get("patterns", {})
        else:
            present = name in rules.data.get(kind, {})
        if not present:
            missing.append(f"{kind} {name}")
    assert missing == [], f"{path.name} reads what rules/{rules.path.name} does not hold"


def _write(folder: Path, text: str) -> Ruleset:
    (folder / "case.toml").write_text(text, encoding="utf-8")
    return Ruleset("case", folder)


def test_a_pattern_is_built_from_its_fragments_and_compiled_once(tmp_path):
    rules = _write(
        tmp_path,
        "[fragments]\nword = '[a-z]{2,5}'\n[patterns]\npair = ['{word}', '=', '{word}']\n"
        "[patterns.group]\none = '(?i){pair}!'\n[words]\nw = '''a b\nc'''\nspaced = ['a b', 'c']\n"
        "[lists]\nl = 'z y z'\n[tables.t]\nk = 1\n[[record]]\npattern = '{word}'\n",
    )
    assert rules.patterns.pair.pattern == "[a-z]{2,5}=[a-z]{2,5}"
    assert rules.patterns.pair is rules.patterns.pair
    assert rules.group("group")["one"].pattern == "(?i)[a-z]{2,5}=[a-z]{2,5}!"
    assert list(rules.group("group")) == ["one"]
    assert rules.words.w == frozenset("abc") and rules.words.spaced == frozenset({"a b", "c"})
    assert rules.lists.l == ("z", "y", "z") and rules.tables.t == {"k": 1}
    assert [p.pattern for p in check(rules)] == [
        "[a-z]{2,5}=[a-z]{2,5}",
        "(?i)[a-z]{2,5}=[a-z]{2,5}!",
        "[a-z]{2,5}",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[patterns]\np = '{nothing}'\n",
            "case.toml [patterns] p: case.toml: no fragment or pattern named 'nothing'",
        ),
        (
            "[patterns]\np = '(unclosed'\n",
            "case.toml [patterns] p: missing ), unterminated subpattern at position 0",
        ),
        ("[fragments]\na = '{b}'\nb = '{a}'\n[patterns]\np = '{a}'\n", "refers back to itself"),
        ("[words]\nw = 3\n", "case.toml [words] w: a word list is a string of words or an array of strings"),
        ("[patterns]\np = [1]\n", "case.toml [patterns] p: a pattern is a string or an array of strings"),
        ("[patterns\n", "case.toml: Expected ']' at the end of a table declaration (at line 1, column 10)"),
        (
            "[[record]]\npattern = '(x'\n",
            "case.toml [[record]] #1: missing ), unterminated subpattern at position 0",
        ),
        ("[tables]\nt = 'x'\n", "case.toml [tables] t is not a table"),
    ],
)
def test_a_broken_rule_file_names_the_entry_that_is_wrong(tmp_path, text, message):
    rules = _write(tmp_path, text)
    with pytest.raises(RuleError) as raised:
        check(rules)
    assert message in str(raised.value)


def test_a_rule_the_file_does_not_hold_is_named(tmp_path):
    rules = _write(tmp_path, "[words]\nw = 'a'\n")
    with pytest.raises(RuleError, match=r"case.toml \[words\]: no entry named 'x'"):
        rules.words["x"]
    with pytest.raises(AttributeError, match=r"Words\(case.toml \[words\]\)' object has no attribute 'x'"):
        rules.words.x  # noqa: B018


def test_a_rule_file_is_read_once_and_a_pattern_compiled_when_first_used():
    code = (
        "import sys; from swarmkit.screening.screen import screen; screen('hello there, nothing here');"
        "from swarmkit.screening.ruleset import ruleset; cookies = ruleset('cookies').patterns;"
        "sys.stderr.write(repr(sorted(name for name in vars(cookies) if not name.startswith('_'))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # a text without "cookie" or a session's name compiled none of the cookie rules
    assert result.stderr == "[]"


def test_the_rule_examples_of_the_docs_are_in_their_files():
    """docs/memory-folder.md shows a line of a rule file for each kind of entry: each is in that file."""
    doc = (SCREENING.parents[1] / "docs" / "memory-folder.md").read_text(encoding="utf-8")
    table = doc[doc.index("| table | holds |") :].split("\n\n", 1)[0]
    shown = 0
    for row in table.splitlines()[2:]:
        cell = row.rsplit("|", 2)[1]
        for part in re.split(r";", cell):
            name = re.search(r"`(\w+\.toml)`", part)
            lines = [line.replace("\\|", "|") for line in re.findall(r"`(\w+ = [^`]+)`", part)]
            assert name and lines, row
            text = (SCREENING / "rules" / name.group(1)).read_text(encoding="utf-8").splitlines()
            for line in lines:
                assert line in text, f"{line} is not a line of {name.group(1)}"
                shown += 1
    assert shown >= 8

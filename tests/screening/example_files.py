"""The screening examples of tests/screening/examples/ (README.md there gives the format), read for
tests/screening, tests/reliability and bench/bench_screening.py."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

FOLDER = Path(__file__).with_name("examples")
PLACEHOLDER = "[REDACTED_SECRET]"  # what screening writes for a secret (swarmkit.screening.placeholder)
REFUSED = "nothing left but secrets"
OPEN, CLOSE = "⟦", "⟧"
_ESCAPE = re.compile(r"\\(.)")
_MARK = re.compile(f"{OPEN}(.*?){CLOSE}")
_CONTEXT = re.compile(r"(?P<family>.+)/(?P<context>prose|code|url|json)")


@dataclass(frozen=True)
class Example:
    """One line of an example file."""

    family: str  # the file's family (its detector's name)
    label: str  # the `## …` heading it is under, "" before any
    where: str  # file:line, to name it in a failure
    text: str  # as screening reads it: marks taken out, `\n` a line break
    secrets: tuple[str, ...]  # the marked parts (none in a benign file)
    expected: str  # the text with each secret replaced by the placeholder

    @property
    def refused(self) -> bool:
        """Screening refuses the text whole: nothing is left but secrets."""
        return self.label == REFUSED

    @property
    def core(self) -> str:
        """The longest secret: what must not be found anywhere once it was told."""
        return max(self.secrets, key=len)


@dataclass(frozen=True)
class Secret:
    """An example as the reliability suite tells it: its family, how it is told, the part that must
    never reach the memory folder."""

    family: str
    context: str
    text: str
    core: str

    @property
    def id(self) -> str:
        return f"{self.family}/{self.context}"


def _unescape(line: str) -> str:
    """`\\n` read as a line break and `\\\\` as a backslash; any other backslash is kept as written."""
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(0)), line)


_ESCAPES = {"n": "\n", "\\": "\\"}


def _read(path: Path, family: str, benign: bool) -> list[Example]:
    out: list[Example] = []
    label = ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## "):
            label = line[3:].strip()
            continue
        if not line.strip() or line.startswith("#"):
            continue
        where = f"{path.name}:{number}"
        if benign:
            if OPEN in line or CLOSE in line:
                raise ValueError(f"{where}: a benign example marks no secret")
            text = _unescape(line)
            out.append(Example(family, label, where, text, (), text))
            continue
        pieces = _MARK.split(line)  # text, secret, text, secret, …, text
        if len(pieces) < 3 or any(OPEN in p or CLOSE in p for p in pieces):
            raise ValueError(f"{where}: an example marks its secrets ⟦like this⟧, each once")
        pieces = [_unescape(piece) for piece in pieces]
        secrets = tuple(pieces[1::2])
        expected = "".join(PLACEHOLDER if index % 2 else piece for index, piece in enumerate(pieces))
        out.append(Example(family, label, where, "".join(pieces), secrets, expected))
    return out


@functools.cache
def examples(kind: str) -> tuple[Example, ...]:
    """Every example of every `<family>.<kind>.txt`, kind "secrets" or "benign", file by file."""
    out: list[Example] = []
    for path in sorted(FOLDER.glob(f"*.{kind}.txt")):
        out += _read(path, path.name.split(".")[0], benign=kind == "benign")
    return tuple(out)


def secret_examples() -> tuple[Example, ...]:
    return examples("secrets")


def benign_texts(label: str | None = None) -> list[str]:
    """The benign examples, all of them or those under one label."""
    return [example.text for example in examples("benign") if label is None or example.label == label]


def channel_corpus() -> list[Secret]:
    """The examples labelled `<family>/<context>`: every family told in prose, code, a URL and JSON."""
    out = []
    for example in secret_examples():
        match = _CONTEXT.fullmatch(example.label)
        if match is not None:
            out.append(Secret(match["family"], match["context"], example.text, example.core))
    return out


def labelled(prefix: str) -> list[tuple[str, Example]]:
    """The examples labelled `<prefix>: <family>`, with their family."""
    return [
        (example.label[len(prefix) + 2 :], example)
        for example in secret_examples()
        if example.label.startswith(prefix + ": ")
    ]


def held_out() -> list[Secret]:
    """The shapes a review held out from the rules and found kept (told in prose)."""
    return [Secret(family, "prose", example.text, example.core) for family, example in labelled("held out")]


def issue_18_cases() -> list[tuple[str, str, str]]:
    """Issue 18's families: (family, text, the text screened)."""
    return [(family, example.text, example.expected) for family, example in labelled("issue 18")]

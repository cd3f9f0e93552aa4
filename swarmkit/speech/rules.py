"""The rules of plain speech as data: each engine beside this module (sentences, reported, unmeant, fact_values,
habits, facts, attributes, questions) reads its word lists, phrases, patterns, verb forms and frames from one TOML
file in speech/data/, so that a new phrase is a change to a data file, not to code.

What a data file may hold, and how an engine reads it:

- a word list: a string of words separated by white space (``"dr mr mrs"``), or an array when an
  entry holds a space (``["these days", "at the moment"]``): `words`;
- a pattern: a string, or an array of strings joined without separator (a long pattern over several
  lines); ``{NAME}`` in it stands for the pattern or word list NAME of the same file's `[patterns]`
  and `[words]` tables (a word list as its words joined by ``|``, in the order written): `pattern`;
- a map, a table or an array of tables: read as TOML gives them.

A file is read once per process, when its engine is first imported (no command that does not read
speech imports one: `swarmkit validate` never does); patterns are compiled where they are first used.
As Python keeps a module's bytecode, a file's parsed form is kept in data/__pycache__ (marshal, keyed
by the file's size and modification time and by the interpreter), so that a process does not import
tomllib and parse the TOML again (together about 10 ms of CPU, more than the rest of the first use);
nothing is written without a writable folder or with PYTHONDONTWRITEBYTECODE set (a cache already
there is still read, as bytecode is).
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from swarmkit.speech import cache_file, prefilter

FOLDER = Path(__file__).parent / "data"
_MACRO = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")


@functools.cache
def load(name: str) -> dict[str, Any]:
    """The data file `name` (speech/data/<name>.toml), parsed once per process."""
    return read(FOLDER / f"{name}.toml")


def read(path: Path) -> dict[str, Any]:
    """A data file, from its cached parsed form when that is of this file as it is now."""
    stat = os.stat(path)
    key = [stat.st_size, stat.st_mtime_ns]
    cache = path.parent / "__pycache__" / f"{path.stem}.{sys.implementation.cache_tag}.marshal"
    data = cache_file.load(cache, key)
    if isinstance(data, dict):
        return data
    import tomllib  # (only when the cache cannot serve: its import is a third of the cost)

    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    if not sys.dont_write_bytecode:
        cache_file.keep(cache, key, data)
    return data


def words(value: str | list[str]) -> frozenset[str]:
    """A word list as a set."""
    return frozenset(in_order(value))


def in_order(value: str | list[str]) -> tuple[str, ...]:
    """A word list in the order it is written."""
    return tuple(value.split()) if isinstance(value, str) else tuple(value)


class Patterns:
    """The `[patterns]` and `[words]` of one data file, with ``{NAME}`` expanded; each pattern is
    expanded once and compiled once, on first use."""

    def __init__(self, data: dict[str, Any], derived: dict[str, str] | None = None):
        """`derived`: patterns an engine makes from the data (the third person of a list of verbs)."""
        self._patterns: dict[str, str | list[str]] = data.get("patterns", {})
        self._words: dict[str, str | list[str]] = data.get("words", {})
        self._expanded: dict[str, str] = dict(derived or {})
        self._expanding: set[str] = set()  # the names being expanded: one that names itself is an error

    def text(self, source: str | list[str]) -> str:
        """A pattern's text (a string, or an array of parts) with its names expanded."""
        joined = source if isinstance(source, str) else "".join(source)
        return _MACRO.sub(lambda m: self[m[1]], joined)

    def __getitem__(self, name: str) -> str:
        """The expanded text of the pattern or word list `name`."""
        if name not in self._expanded:
            if name.lower() in self._patterns and name.lower() in self._words:
                raise KeyError(f"speech data: {name.lower()!r} is both a pattern and a word list")
            if name.lower() in self._patterns:
                if name in self._expanding:
                    raise KeyError(f"speech data: the pattern {name.lower()!r} names itself")
                self._expanding.add(name)
                try:
                    self._expanded[name] = self.text(self._patterns[name.lower()])
                finally:
                    self._expanding.discard(name)
            elif name.lower() in self._words:
                self._expanded[name] = "|".join(in_order(self._words[name.lower()]))
            else:
                raise KeyError(f"speech data: no pattern or word list named {name.lower()!r}")
        return self._expanded[name]

    def compile(self, name: str, flags: int = 0) -> re.Pattern[str]:
        """The pattern `name`, compiled once per process."""
        return _compiled(self[name.upper()], flags)

    def lazy(self, name: str, flags: int = 0) -> Lazy:
        """The pattern `name`, compiled when first used."""
        return Lazy(self, name, flags)


class Lazy:
    """A pattern compiled on first use: what most texts never need (a quotation's speaker, a date)
    costs nothing to a process that never reads one. A text that holds none of the pattern's
    necessary words (speech/prefilter.py) is answered without compiling or running it: no match."""

    __slots__ = ("_patterns", "_name", "_flags", "_compiled")

    def __init__(self, patterns: Patterns, name: str, flags: int = 0):
        self._patterns, self._name, self._flags = patterns, name, flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def pattern(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = self._patterns.compile(self._name, self._flags)
        return self._compiled

    def _hopeless(self, text: str) -> bool:
        return not prefilter.could(self._patterns[self._name.upper()], self._flags, text)

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        return None if self._hopeless(text) else self.pattern.match(text, *args)

    def fullmatch(self, text: str, *args: int) -> re.Match[str] | None:
        return None if self._hopeless(text) else self.pattern.fullmatch(text, *args)

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        return None if self._hopeless(text) else self.pattern.search(text, *args)

    def sub(self, replacement: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return text if self._hopeless(text) else self.pattern.sub(replacement, text, count)

    def finditer(self, text: str, *args: int) -> Iterator[re.Match[str]]:
        return iter(()) if self._hopeless(text) else self.pattern.finditer(text, *args)

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return [text] if self._hopeless(text) else self.pattern.split(text, maxsplit)


@functools.cache
def _compiled(text: str, flags: int) -> re.Pattern[str]:
    return re.compile(text, flags)


def compiled(text: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern text compiled once per process."""
    return _compiled(text, flags)

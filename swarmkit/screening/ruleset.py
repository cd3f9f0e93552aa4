"""The rule files' engine: the screening rules are data (swarmkit/screening/rules/*.toml), and this
module reads a file once, the first time a detector asks for something in it, and hands out its
parts. docs/memory-folder.md ("Screening") says the same for people who write rules.

A rule file is TOML, with up to six kinds of entry:

- `[fragments]` pieces of regular expressions that patterns share; never compiled alone.
- `[patterns]` regular expressions, each compiled the first time a detector uses it and then kept;
  a table inside (`[patterns.options]`) is a group of patterns read by key
  (`rules.group("options")["curl"]`).
- `[words]` word sets (frozensets), for membership: "is this word prose?".
- `[lists]` the same in an order that counts (tuples): triggers tried in turn, endings.
- `[tables]` mappings: a country's IBAN length, the command whose options another takes.
- `[[name]]` arrays of tables: records a detector reads whole (an issuer's token: its family,
  the strings that trigger it, its `pattern`, which is a pattern as in [patterns]).

A pattern or a fragment is a string, or an array of strings joined with nothing (a long expression
written a line at a time, with comments between). `{name}` in one stands for the fragment or
pattern of that name in the same file, or for one the detector computes in code (an alternation
built from a word list): a quantifier such as `{2,5}` holds no letter, so it never reads as a name.
A word set or a list is one string of words separated by white space, or an array of strings when
an entry holds a space. Strings are TOML literal strings ('…' and '''…'''), which keep backslashes
as they are, as a Python raw string does; inline flags (`(?i)`) go at a pattern's start.

Reading is lazy at two levels: a file is parsed the first time anything in it is asked for, and a
pattern is compiled the first time it is used (a text without "cookie" never compiles the cookie
rules). After that, an entry is a plain attribute of the object that holds it, as cheap to reach
as a module constant. Tests compile every entry of every file (tests/screening/test_rules.py).
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

RULES_DIR = Path(__file__).with_name("rules")
# `{name}`, name an identifier: a regular expression's `{2,5}` never is one
_REFERENCE = re.compile(r"(?<!\\)\{([A-Za-z_][A-Za-z0-9_]*)\}")


class RuleError(ValueError):
    """A rule file that cannot be read: its TOML, a reference to nothing, a pattern that fails."""


@functools.cache
def ruleset(name: str) -> Ruleset:
    """The rules of swarmkit/screening/rules/<name>.toml: one object a file, read on first use."""
    return Ruleset(name)


def rule_files() -> list[str]:
    """The names of every rule file shipped."""
    return sorted(path.stem for path in RULES_DIR.glob("*.toml"))


def joined(source: Any, where: str) -> str:
    """A pattern or fragment as written: a string, or an array of strings read as one."""
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    raise RuleError(f"{where}: a pattern is a string or an array of strings")


def split_words(value: Any, where: str) -> tuple[str, ...]:
    """A word set or list as written: words separated by white space, or an array of strings."""
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, list) and all(isinstance(word, str) for word in value):
        return tuple(value)
    raise RuleError(f"{where}: a word list is a string of words or an array of strings")


class Ruleset:
    """One rule file. `patterns`, `words`, `lists` and `tables` hand out its entries by name
    (`rules.words.prose`); `group` and `records` its nested tables and arrays of tables.

    A detector may `compute` a fragment in code (an alternation of a word list, longest first;
    Latin words that also match with their accents): a function of the ruleset that returns the
    fragment's source, called once, when a pattern first needs it."""

    def __init__(self, name: str, folder: Path = RULES_DIR) -> None:
        self.name = name
        self.path = folder / f"{name}.toml"
        self._computed: dict[str, Callable[[Ruleset], str]] = {}
        self._sources: dict[str, str] = {}
        self._expanding: set[str] = set()
        self._groups: dict[str, Patterns] = {}

    @functools.cached_property
    def data(self) -> dict[str, Any]:
        try:
            with self.path.open("rb") as handle:
                return tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise RuleError(f"{self.path.name}: {error}") from None

    @functools.cached_property
    def patterns(self) -> Patterns:
        table = {k: v for k, v in self.data.get("patterns", {}).items() if not isinstance(v, dict)}
        return _holder(Patterns, self, "patterns", table, self._compile_entry)

    @functools.cached_property
    def words(self) -> Words:
        return _holder(Words, self, "words", self.data.get("words", {}), self._word_set)

    @functools.cached_property
    def lists(self) -> Lists:
        return _holder(Lists, self, "lists", self.data.get("lists", {}), self._word_list)

    @functools.cached_property
    def tables(self) -> Tables:
        return _holder(Tables, self, "tables", self.data.get("tables", {}), self._table)

    def compute(self, name: str, build: Callable[[Ruleset], str]) -> None:
        """Supply the fragment `name` from code (see the class's docstring)."""
        self._computed[name] = build

    def entry(self, kind: str, name: str) -> Any:
        """The entry `name` of the table `kind` ([words], [lists], …) as written."""
        table = self.data.get(kind, {})
        if name not in table:
            raise RuleError(f"{self.path.name}: no [{kind}] entry named {name!r}")
        return table[name]

    def source(self, name: str) -> str:
        """The regular expression of a fragment or pattern, its `{references}` filled in."""
        known = self._sources.get(name)
        if known is not None:
            return known
        if name in self._expanding:
            raise RuleError(f"{self.path.name}: {{{name}}} refers back to itself")
        self._expanding.add(name)
        try:
            if name in self._computed:
                source = self._computed[name](self)
            elif name in self.data.get("fragments", {}) or name in self.data.get("patterns", {}):
                kind = "fragments" if name in self.data.get("fragments", {}) else "patterns"
                where = f"{self.path.name} [{kind}] {name}"
                source = self.expand(joined(self.entry(kind, name), where), where)
            else:
                raise RuleError(f"{self.path.name}: no fragment or pattern named {name!r}")
        finally:
            self._expanding.discard(name)
        self._sources[name] = source
        return source

    def expand(self, source: str, where: str) -> str:
        """A source with each `{name}` replaced by that fragment's or pattern's source."""

        def fill(match: re.Match[str]) -> str:
            try:
                return self.source(match.group(1))
            except RuleError as error:
                raise RuleError(f"{where}: {error}") from None

        return _REFERENCE.sub(fill, source)

    def compile(self, source: str, where: str) -> re.Pattern[str]:
        """Compile a pattern written in this file (a record's), its references filled in."""
        try:
            return re.compile(self.expand(source, where))
        except re.error as error:
            raise RuleError(f"{where}: {error}") from None

    def group(self, name: str) -> Patterns:
        """The patterns of the table [patterns.<name>], read by key, in the file's order."""
        group = self._groups.get(name)
        if group is None:
            table = self.entry("patterns", name)
            if not isinstance(table, dict):
                raise RuleError(f"{self.path.name}: [patterns] {name} is a pattern, not a table")
            group = self._groups[name] = _holder(
                Patterns, self, f"patterns.{name}", table, functools.partial(self._compile_member, table)
            )
        return group

    def records(self, name: str) -> list[dict[str, Any]]:
        """The records of the array of tables [[name]], as written."""
        value = self.data.get(name)
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise RuleError(f"{self.path.name}: no array of tables [[{name}]]")
        return value

    def _compile_entry(self, name: str, where: str) -> re.Pattern[str]:
        return self._compiled(self.source(name), where)

    def _compile_member(self, table: dict[str, Any], name: str, where: str) -> re.Pattern[str]:
        return self._compiled(self.expand(joined(table[name], where), where), where)

    @staticmethod
    def _compiled(source: str, where: str) -> re.Pattern[str]:
        try:
            return re.compile(source)
        except re.error as error:
            raise RuleError(f"{where}: {error}") from None

    def _word_set(self, name: str, where: str) -> frozenset[str]:
        return frozenset(split_words(self.entry("words", name), where))

    def _word_list(self, name: str, where: str) -> tuple[str, ...]:
        return split_words(self.entry("lists", name), where)

    def _table(self, name: str, where: str) -> dict[str, Any]:
        value = self.entry("tables", name)
        if not isinstance(value, dict):
            raise RuleError(f"{where} is not a table")
        return value


# How an entry is handed out. Each kind's holder is an object of a class made for its file, with a
# descriptor for each name the file holds: the first access makes the entry (compiles the pattern)
# and keeps it in the object's own dict, which Python reads before the class from then on. A class
# with __getattr__ would do the same in fewer lines, but Python then routes every access through
# it: three times the cost of a plain attribute, on the path every line of text takes.


class _Made:
    """An entry made on its first access and then kept in the holder's dict."""

    def __init__(self, make: Callable[[str, str], Any], where: str) -> None:
        self.make, self.where = make, where

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, holder: object, owner: type | None = None) -> Any:
        if holder is None:
            return self
        value = holder.__dict__[self.name] = self.make(self.name, self.where)
        return value


class _Holder:
    """The entries of one kind of a rule file, as attributes; `holder[name]` for any name."""

    _where: str

    def __getitem__(self, name: str) -> Any:
        try:
            return getattr(self, name)
        except AttributeError:
            raise RuleError(f"{self._where}: no entry named {name!r}") from None

    def __iter__(self) -> Iterator[str]:
        """The names of the entries, in the file's order."""
        return iter(name for name, value in vars(type(self)).items() if isinstance(value, _Made))


class Patterns(_Holder):
    """The compiled patterns of a rule file or of a group in it: `patterns.bare`, `group["curl"]`."""

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> re.Pattern[str]: ...


class Words(_Holder):
    """The word sets of a rule file: `words.prose` is a frozenset."""

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> frozenset[str]: ...


class Lists(_Holder):
    """The ordered lists of a rule file: `lists.triggers` is a tuple."""

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> tuple[str, ...]: ...


class Tables(_Holder):
    """The tables of a rule file: `tables.iban_lengths` is a dict."""

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> dict[str, Any]: ...


def _holder(base: type[_H], rules: Ruleset, kind: str, table: dict[str, Any], make: Callable[..., Any]) -> _H:
    """An object of a class made for this file's entries of one kind (see _Made)."""
    where = f"{rules.path.name} [{kind}]"
    namespace: dict[str, Any] = {
        name: _Made(make, f"{where} {name}") for name in table if not name.startswith("_")
    }
    holder = type(f"{base.__name__}({where})", (base,), namespace)()
    holder._where = where
    return holder


_H = TypeVar("_H", bound=_Holder)


def check(rules: Ruleset) -> list[re.Pattern[str]]:
    """Read every entry of a rule file as a detector would and compile every pattern in it (its
    groups' and records' too): the patterns, or a RuleError naming the entry that fails. Fragments
    computed in code are there once their detector is imported (swarmkit.screening.secrets)."""
    compiled: list[re.Pattern[str]] = []
    for key, value in rules.data.get("patterns", {}).items():
        if isinstance(value, dict):
            group = rules.group(key)
            compiled += [group[member] for member in group]
        else:
            compiled.append(rules.patterns[key])
    for key in rules.data.get("fragments", {}):
        rules.source(key)  # a fragment no pattern uses still names only what exists
    for holder in (rules.words, rules.lists, rules.tables):
        for key in holder:
            holder[key]
    for key, value in rules.data.items():
        if isinstance(value, list):
            for index, record in enumerate(rules.records(key)):
                if "pattern" in record:
                    where = f"{rules.path.name} [[{key}]] #{index + 1}"
                    compiled.append(rules.compile(joined(record["pattern"], where), where))
    return compiled

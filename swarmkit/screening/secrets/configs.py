"""Credentials in configuration syntax: network-device lines (`enable secret 0 …`, `key …` on a
radius or tacacs line, an SNMP community), SQL (`IDENTIFIED BY '…'`, `PASSWORD('…')`), password
hashes as dumps print them (pwdump's `user:rid:LM:NT:::`, MySQL's `*` and 40 hex digits), a user
and password passed in code (`auth=("u", "p")`, `HTTPBasicAuth`, `ConvertTo-SecureString "…"
-AsPlainText`), password keys in XML, `email:password` lines, and tables or CSV exports whose
header names a password or PIN column (each row's cell in that column).

Each line pattern reads a bounded window from its keyword; a table is read a line at a time. The
patterns and words are data: rules/configs.toml.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import holds_any, is_prose, is_reference

RULES = ruleset("configs")
P = RULES.patterns
_HINTS = RULES.lists.hints
_SEPARATORS = RULES.lists.table_separators
_MAX_ROWS = 200  # a table's rows read after its header


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if holds_any(low, _HINTS):
        lines = RULES.group("lines")
        empty = RULES.words.empty_hashes
        for name, hints in _line_hints():
            if not holds_any(low, hints):
                continue
            for match in lines[name].finditer(text):
                for group in ("v", "v2"):
                    if group not in match.re.groupindex or match.group(group) is None:
                        continue
                    value = match.group(group)
                    if value.lower() in empty or (not name.startswith("hash") and is_reference(value)):
                        continue
                    if name.startswith("bare") and (is_prose(value) or value.isalpha() and value.islower()):
                        continue  # "enable secret is required", "key chain ospf"
                    yield match.span(group)
    if "\n" in text and any(sep in text for sep in _SEPARATORS):
        yield from _table_cells(text)


@functools.cache
def _line_hints() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each line pattern's name and the strings a text must hold for it to be run."""
    table = RULES.tables.line_hints
    return tuple((name, tuple(table[name].split())) for name in RULES.group("lines"))


def _table_cells(text: str) -> Iterator[tuple[int, int]]:
    """The cells of a password column: a header line whose cells name one (markdown, CSV, TSV, `;`),
    then each row below it (a markdown separator row skipped) up to a blank line or a line that is
    no row of the table (fewer cells)."""
    lines, at = [], 0
    for line in text.split("\n"):
        lines.append((at, line))
        at += len(line) + 1
    index = 0
    while index < len(lines) - 1:
        start, header = lines[index]
        index += 1
        separator = _separator(header)
        if separator is None:
            continue
        cells = _cells(header, separator)
        columns = [n for n, (_, a, b) in enumerate(cells) if b > a and P.column.fullmatch(header, a, b)]
        if not columns:
            continue
        for row_start, row in lines[index : index + _MAX_ROWS]:
            if P.table_separator_row.match(row):
                index += 1
                continue
            row_cells = _cells(row, separator)
            if len(row_cells) < len(cells) or not row.strip():
                break
            index += 1
            for column in columns:
                value, a, b = row_cells[column]
                if P.no_value.match(value) or is_reference(value):
                    continue
                yield row_start + a, row_start + b


def _separator(line: str) -> str | None:
    if line.count("|") >= 2:
        return "|"
    for separator in ("\t", ";", ","):
        if line.count(separator) >= 1 and len(line) < 400:
            return separator
    return None


def _cells(line: str, separator: str) -> list[tuple[str, int, int]]:
    """Each cell's text (stripped) and its span in the line; a markdown row's outer bars make no
    cell, nor does what is written before its first bar ("Note: | a | b |")."""
    out, at = [], 0
    if separator == "|":
        at = line.index("|") if "|" in line else 0
    parts = line[at:].split(separator)
    for number, part in enumerate(parts):
        a, b = at, at + len(part)
        at = b + 1
        if separator == "|" and (number == 0 or number == len(parts) - 1) and not part.strip():
            continue
        stripped_left = len(part) - len(part.lstrip())
        stripped_right = len(part) - len(part.rstrip())
        a, b = a + stripped_left, b - stripped_right
        value = line[a:b] if b > a else ""
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            a, b, value = a + 1, b - 1, value[1:-1]
        out.append((value, a, max(a, b)))
    return out

"""Words taken as written, never put in another person: a quotation ('my way', "my heart will go on"),
and a link, a path, an address or a domain (https://example.com/my-page, myblog.com/my).

Found in one pass, in time linear in the text's length. They were one regular expression,
    "[^"]*"|“[^”]*”|(?<!\\w)'[^']*'(?!\\w)|‘[^’]*’|\\S*(?:/|@|\\w\\.\\w)\\S*
and this finds the same spans, in the same order; but that pattern was quadratic on hostile text: a
long run of non-space characters with no "/", "@" or "a.b" in it was scanned to its end from every
one of its characters, and so was the rest of the text from every "“" never closed. Here each run
is read once (the last of its marks is all that decides), and a closing mark that is not there is
looked for once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_RUN = re.compile(r"\S+")
# What makes a run a link, a path, an address or a domain: "/", "@", or a "." between word characters
# (the position of the word character before that dot: a run holds the mark from there on).
_MARK = re.compile(r"[/@]|\w(?=\.\w)")
_QUOTE = re.compile("[\"“'‘]")
_WORD = re.compile(r"\w")
_CLOSING = {'"': '"', "“": "”", "'": "'", "‘": "’"}


def _marked_runs(text: str) -> list[tuple[int, int, int]]:
    """(start, end, last mark) of each run of non-space characters that holds a mark, in order."""
    out = []
    for run in _RUN.finditer(text):
        last = -1
        for mark in _MARK.finditer(text, run.start(), run.end()):
            last = mark.start()
        if last >= 0:
            out.append((run.start(), run.end(), last))
    return out


def spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each quotation and link in `text`, in order, none overlapping."""
    size = len(text)
    runs = _marked_runs(text)
    run = 0  # the first marked run that may still hold a start
    next_quote = -1  # where the next opening mark is, at or after `at` (-1: none left)
    quote_searched_from = -1
    missing: set[str] = set()  # closing marks not in the text from where they were last looked for
    at = 0
    while at < size:
        if quote_searched_from < 0 or (0 <= next_quote < at):
            found = _QUOTE.search(text, at)
            next_quote, quote_searched_from = (found.start() if found else size), at
        while run < len(runs) and runs[run][2] < at:
            run += 1  # (a run whose last mark is behind `at` is no link from `at` on)
        run_start = max(runs[run][0], at) if run < len(runs) else size
        at = min(next_quote, run_start)
        if at >= size:
            return
        opening = text[at]
        closing = _CLOSING.get(opening)
        if closing is not None and closing not in missing:
            if opening != "'" or at == 0 or not _WORD.match(text, at - 1):
                end = text.find(closing, at + 1)
                if end < 0:
                    missing.add(closing)  # (so from any later start too: never looked for again)
                elif opening != "'" or end + 1 >= size or not _WORD.match(text, end + 1):
                    yield at, end + 1
                    at = end + 1
                    continue
        if run < len(runs) and runs[run][0] <= at <= runs[run][2]:
            yield at, runs[run][1]  # a link runs to the end of its run
            at = runs[run][1]
            continue
        at += 1


def outside(text: str, change) -> str:
    """`text` with `change` applied to each stretch outside its quotations and links."""
    out, last = [], 0
    for start, end in spans(text):
        out.append(change(text[last:start]))
        out.append(text[start:end])
        last = end
    out.append(change(text[last:]))
    return "".join(out)


def blanked(text: str) -> str:
    """`text` with each quotation and link replaced by a space."""
    out, last = [], 0
    for start, end in spans(text):
        out.append(text[last:start])
        out.append(" ")
        last = end
    out.append(text[last:])
    return "".join(out)

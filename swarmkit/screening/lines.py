"""Screening a memory file a line at a time: what a person typed into it by hand.

A memory file holds one entry a line, so each line is screened on its own: a secret never reaches
past its own line (a private key's header with no END line once took every line after it, the
entries swarmkit wrote below it included), and one line never lends another its words (a password
on one line once made a word of the next entry "the password"). Two things a file tells over
several lines are still read as such:

- the line that introduces a section or a list (a heading, or a line that is no bullet and ends
  with `:`, holding no secret of its own) is read before each line under it, so under "## GitHub
  recovery codes" a bullet `- 8472-1934` is a secret; only the line's own words are ever taken;
- a private key's body: when a line's secret is a key block's `-----BEGIN …` header that runs to
  the line's end (no END line on it), the lines of key material right after it (base64, the
  armor's `Name: value` headers, blank lines between them) and its `-----END …` line are the
  key's too, and go with it. The first line that is none of these ends it: an entry never does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Sequence

from swarmkit.screening.placeholder import REDACTED

INTRO_CONTEXT = 300  # characters of an introducing line read before each line under it
_BULLET = ("-", "*", "+")
_BEGIN = "-----BEGIN"
_KEY_BODY = re.compile(r"[A-Za-z0-9+/=]{16,}")
_ARMOR_HEADER = re.compile(r"[A-Za-z][A-Za-z0-9-]{0,40}: ?\S.{0,200}")
_KEY_END = re.compile(r"-----END[ A-Z0-9_-]{0,100}-----")


def _spans(text: str) -> list[tuple[int, int]]:
    from swarmkit.screening.secrets import find_spans

    return find_spans(text)


def _introduces(stripped: str) -> bool:
    """A heading, or a line that is no bullet and ends with a colon: what its section's lines are."""
    return stripped.startswith("#") or (stripped.endswith(":") and not stripped.startswith(_BULLET))


def _line_spans(line: str, intro: str) -> list[tuple[int, int]]:
    """The secrets of one line, read alone and after its introducing line (only its own words)."""
    spans = _spans(line)
    if intro:
        shift = len(intro) + 1
        spans += [(a - shift, b - shift) for a, b in _spans(intro + "\n" + line) if a >= shift]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _key_body_end(lines: Sequence[str], at: int, keep: Container[int]) -> int:
    """The index after the last line of the key block whose header line is `at`: its base64 lines,
    armor headers and blank lines between them, and its END line; never a kept line."""
    end = at + 1
    index = at + 1
    armor = True  # `Proc-Type:`, `Version:` ... come right after the header, before the body
    while index < len(lines) and index not in keep:
        stripped = lines[index].strip()
        if _KEY_END.match(stripped):
            return index + 1
        if _KEY_BODY.fullmatch(stripped):
            armor = False
            end = index + 1
        elif armor and _ARMOR_HEADER.fullmatch(stripped):
            end = index + 1
        elif stripped:
            break
        index += 1
    return end


def screen_lines(
    lines: Sequence[str],
    keep: Container[int] = (),
    parts: Callable[[str], list[tuple[int, int]]] | None = None,
) -> tuple[list[str | None], int]:
    """Each line with its secrets replaced (see the module), None for a line of a private key's body
    taken with its header's line. The lines whose index is in `keep` (what a write put there itself,
    screened already) are left as they are. `parts(line)` names the (start, end) pieces of a line
    that are screened apart (an entry's text and each value of its metadata; the first is read after
    the introducing line); by default the whole line. Returns the lines and how many secrets."""
    out: list[str | None] = list(lines)
    count = 0
    intro = ""
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if index in keep or not stripped:
            index += 1
            continue
        introduces = _introduces(stripped)
        pieces = [(0, len(line))] if introduces or parts is None else sorted(parts(line))
        spans: list[tuple[int, int]] = []
        for number, (begin, finish) in enumerate(pieces):
            found = _line_spans(line[begin:finish], intro if number == 0 and not introduces else "")
            spans += [(begin + start, begin + end) for start, end in found]
        if introduces:
            intro = "" if spans else stripped[-INTRO_CONTEXT:]
        if not spans:
            index += 1
            continue
        pieces_out, at = [], 0
        for start, end in spans:
            pieces_out += [line[at:start], REDACTED]
            at = end
        pieces_out.append(line[at:])
        out[index] = "".join(pieces_out)
        count += len(spans)
        start, end = spans[-1]
        following = index + 1
        if end >= len(line.rstrip()) and line.find(_BEGIN, start, end) >= 0:
            following = _key_body_end(lines, index, keep)
            for body in range(index + 1, following):
                out[body] = None
        index = following
    return out, count


def redact_lines(text: str, parts: Callable[[str], list[tuple[int, int]]] | None = None) -> tuple[str, int]:
    """screen_lines() over a file's text (lines end at `\\n` only): the text and the count."""
    lines = text.split("\n")
    screened, count = screen_lines(lines, parts=parts)
    if not count:
        return text, 0
    return "\n".join(line for line in screened if line is not None), count

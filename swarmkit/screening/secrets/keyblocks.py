"""Key material without its header, by its shape: a PEM body line pasted alone ("a PEM pasted into
chat arrives one line a turn"), a PuTTY .ppk file's private lines and MAC, an OpenVPN static key's
lines of 32 hex digits.

A PEM body line is a run of base64 of 40 characters or more with small and capital letters and
digits mixed as random bytes encode them (entropy above what words, paths and identifiers reach);
a run of hex digits alone (a SHA, a commit) is no base64 line, and a single 32-hex line is as
likely an MD5 digest, so hex lines count only two or more in a row. Patterns: rules/keyblocks.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import entropy

RULES = ruleset("keyblocks")
P = RULES.patterns
_MIN_ENTROPY = 4.3  # bits a character: random base64 of 40+ characters has ~5, words and paths < 4.2


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if len(text) < 32:
        return
    for run in P.base64_run.finditer(text):
        if _random_base64(run.group(0)) and not P.not_key_before.search(
            text, max(0, run.start() - 40), run.start()
        ):
            yield run.span()
    if "private-" in low:
        yield from _ppk(text)
    if "\n" in text:
        yield from _hex_lines(text)


def _random_base64(value: str) -> bool:
    body = value.rstrip("=")
    upper = sum(c.isupper() for c in body)
    lower = sum(c.islower() for c in body)
    digits = sum(c.isdigit() for c in body)
    if upper < 4 or lower < 4 or digits < 2:
        return False
    if body.count("/") > len(body) // 12:
        return False  # a path: words between slashes
    return entropy(body[:128]) >= _MIN_ENTROPY


def _ppk(text: str) -> Iterator[tuple[int, int]]:
    for mac in P.ppk_mac.finditer(text):
        yield mac.span("value")
    for header in P.ppk_private_lines.finditer(text):
        at, count = header.end() + 1, int(header.group("count"))
        for _ in range(count):
            if at >= len(text):
                break
            line = P.ppk_line.match(text, at)
            if line is None:
                break
            yield line.span("value")
            at = line.end() + 1


def _hex_lines(text: str) -> Iterator[tuple[int, int]]:
    run: list[tuple[int, int]] = []
    last_end = -2
    for line in P.hex_line.finditer(text):
        if run and text[last_end : line.start()].strip() == "":
            run.append(line.span("value"))
        else:
            if len(run) >= 2:
                yield from run
            run = [line.span("value")]
        last_end = line.end()
    if len(run) >= 2:
        yield from run

"""A password by its shape, told near words about getting in, in any language and word order:
"Benutze Kx72!mq9 zum Einloggen", "ログインにはr^2Gf2cO#PQを入力", "QP@^RWICKAk^@! gets you into the box",
"creds for the Grafana: admin 7QbNcAqw6B^PKb", "wo de mima shi Kestrel&595".

The other rules read a value where a sentence's grammar puts it; people also tell a password in
sentences no rule foresaw. What they share: a token that no word, name, number, version, path or
id looks like (letters with digits and symbols, three kinds of character; or a long run of letters
whose case changes at random), within a sentence that speaks of logging in, unlocking or a
password. The token is read off as a run of printable ASCII (so it is found between CJK characters
too); each candidate costs a bounded window, so the work is linear. The words about getting in and
the shapes that are no password are data: rules/nearby.toml.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets import shape
from swarmkit.screening.secrets.logins import METHODS as _METHODS

RULES = ruleset("nearby")
P = RULES.patterns
_STRIP_LEFT = "([{<'\"`“‘«"
_STRIP_RIGHT = ".,;:!?)]}>'\"`”’»"
_BEFORE = 80
_AFTER = 60
_WHOLE_TEXT_AFTER = 16  # password-shaped tokens in one text before the text is searched whole
# The longest word about getting in is 19 characters (tests/screening/test_nearby.py checks it), so
# one that spans the gap where a token was holds at most 18 of either side's.
_GAP = 18
_SYMBOLS = frozenset("!#$%^&*+=?@~|\\<>_")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of password-shaped tokens told near words about getting in."""
    if P.candidate.search(text) is None:
        return  # no token with a digit, a symbol or mixed case
    # the words about getting in are looked for only around a token shaped as a password (rare
    # in other text): one search of the whole text for so many words would cost more than the rest.
    # A text with many such tokens (a hostile line of ids, 800 in 16,000 characters) is searched
    # whole once instead: where it holds no such word anywhere, a window can only find one that
    # spans the gap where the token was, so only the gap's few characters are looked at again.
    shaped, anywhere = 0, True
    for run in P.token.finditer(text):
        if P.candidate.search(text, run.start(), run.end()) is None:
            continue
        for start, end in _parts(text, run.start(), run.end()):
            value = text[start:end]
            if not _password_shaped(value):
                continue
            shaped += 1
            if shaped == _WHOLE_TEXT_AFTER:
                anywhere = P.context.search(text) is not None
            reach = (_BEFORE, _AFTER) if anywhere else (_GAP, _GAP)
            near = text[max(0, start - reach[0]) : start] + " " + text[end : end + reach[1]]
            if _tells_of_getting_in(near):
                yield start, end


# A window or a token seen before (a repeated line; the same input inside a run's prompts, steps
# and record) is not read again: both answers depend on the string alone.
@lru_cache(maxsize=8192)
def _tells_of_getting_in(near: str) -> bool:
    return P.context.search(near) is not None


def forget_screened() -> None:
    _tells_of_getting_in.cache_clear()
    _password_shaped.cache_clear()


def _parts(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The run without its quotes and trailing punctuation, and split at `/` or `|` ("admin/X");
    a run with markup in it (`<password>X</password>`) is read between its tags."""
    if "<" in text[start:end]:
        at = start
        for tag in P.tag.finditer(text, start, end):
            if tag.start() > at:
                yield from _untagged_parts(text, at, tag.start())
            at = tag.end()
        if at < end:
            yield from _untagged_parts(text, at, end)
        return
    yield from _untagged_parts(text, start, end)


def _untagged_parts(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    while start < end and text[start] in _STRIP_LEFT:
        start += 1
    while end > start and text[end - 1] in _STRIP_RIGHT:
        end -= 1
    run = text[start:end]
    if "://" in run or (("/" in run or "\\" in run) and (run[0] in "~/.\\" or run.count("/") > 1)):
        return  # a URL or a path
    if P.digest.match(run):
        return  # "SHA256:RpJVzMM9…": a host key's fingerprint
    if P.memory_ref.fullmatch(run):
        return  # "me.md#9a6c9bf6": a memory entry's ref, which answers about memory name beside its text
    if P.named_before.search(text, max(0, start - 32), start) or P.public_key_before.search(
        text, max(0, start - 24), start
    ):
        return  # "the network is called Fjordlys_5G", "ssh-ed25519 AAAAC3Nz…": a name, a public key
    at = start
    for piece in P.run_separators.split(run):
        if piece not in ("/", "|", ":") and piece:
            yield at, at + len(piece)
        at += len(piece)


@lru_cache(maxsize=8192)
def _password_shaped(value: str) -> bool:
    if len(value) < 6 or len(value) > 64:
        return False
    if ("<" in value or ">" in value) and P.markup.search(value):
        return any(_password_shaped(piece) for piece in P.markup.sub(" ", value).split())
    if value.startswith("%") and not value.endswith("%"):
        value = value[1:]  # a symbol first ("%JN6xw…"), not a Windows %VARIABLE%
    if P.ssid.search(value):
        return False  # "Fjordlys_5G", "Home-5GHz": a Wi-Fi network's name
    if (
        shape.is_reference(value, "", code=True)
        or value.startswith(("-", "#", "~", ".", "_"))
        or "=" in value
    ):
        return False
    if value.lower() in _METHODS or P.digest.match(value):
        return False  # "use 1Password to sign in", "SHA256:nThbg6k…" (a host key's fingerprint)
    parts = [part for part in P.word_separators.split(value) if part]
    if len(parts) > 1 and all(part.isalpha() or (len(part) <= 3 and "-" in value) for part in parts):
        return False  # words: "Ctrl+Alt+Del", "Office-Guest", "Office-5G"
    if "@" in value and P.email.search(value):
        return False  # an e-mail address, user@host
    if (
        P.ticket.fullmatch(value)
        or P.ipv4.fullmatch(value)
        or P.hex.fullmatch(value)
        or P.date_time.fullmatch(value)
        or shape.is_product(value)
        or shape.is_words_and_versions(value)
    ):
        return False
    lower = sum(c.islower() for c in value)
    upper = sum(c.isupper() for c in value)
    digits = sum(c.isdigit() for c in value)
    symbols = sum(c in _SYMBOLS for c in value)
    other = len(value) - lower - upper - digits - symbols
    if other > 2:
        return False  # dots, hyphens, colons and brackets: a name, a path, a call
    if lower + upper < 2:
        return False
    kinds = (lower > 0) + (upper > 0) + (digits > 0) + (symbols > 0)
    if kinds >= 3 and (len(value) >= 8 or kinds == 4):
        return True
    if digits == 0 and symbols == 0 and len(value) >= 12 and upper >= 3 and lower >= 3:
        switches = sum(1 for a, b in zip(value, value[1:], strict=False) if a.isupper() != b.isupper())
        return switches >= 5 and 0.25 <= upper / len(value) <= 0.75
    return False

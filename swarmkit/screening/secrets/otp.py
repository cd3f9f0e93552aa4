"""Two-factor secrets: TOTP/HOTP seeds told bare ("my 2FA seed is JBSW Y3DP EHPK 3PXP") and every
code of a list of recovery or backup codes ("backup codes: 8472-1934, 2290-5531 and 7710-0042").

A seed is base32 (RFC 4648: A-Z and 2-7), 16 to 128 characters, often in groups of four, and is
taken only near a word that names it (2FA, TOTP, MFA, OTP, authenticator, two-factor, …). A list of
codes is read from where "recovery codes" (backup, scratch, emergency, one-time, 2FA codes, …) is
said, one code after another, for as long as what follows is a code; so the words after the list
are not part of it. Each keyword costs a bounded window, so the work is linear. The words that name
seeds and lists, in each language, and the shapes are data: rules/otp.toml.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import entropy, holds_any, is_prose

RULES = ruleset("otp")
P, L = RULES.patterns, RULES.lists
# asked of every text: bound once, as plain module constants
_SEED_HINTS, _LIST_HINTS = L.seed_hints, L.list_hints
SHORT_SEED = 10  # RFC 4226 asks 128 bits and more; services show 80 (16 characters), some fewer
_SEED_BEFORE = 40
_SEED_AFTER = 120
_LEAD_WORDS = 8  # "for dropbox, keep safe -": the words a list's introduction may go on with
MAX_CODES = 32


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of 2FA seeds, YubiKey one-time passwords and each recovery code."""
    if len(text) >= 32 and max(map(len, low.split()), default=0) >= 32:
        for match in P.modhex.finditer(low):
            if entropy(match.group(0)) >= 3.0:
                yield match.span()
    if holds_any(low, _SEED_HINTS):
        seed_words = [P.seed_words] if text.isascii() else [P.seed_words, P.seed_words_scripts]
        for match in (m for words in seed_words for m in words.finditer(text)):
            at, end = max(0, match.start() - _SEED_BEFORE), match.end() + _SEED_AFTER
            while (seed := P.base32.search(text, at, end)) is not None:
                close = match.end() <= seed.start() <= match.end() + 40
                if _is_seed(seed.group(0), close):
                    yield seed.span()
                    at = seed.end()
                    continue
                # a word before the groups ("secret 3JQG 6LW2 DMHM 5M6H"): read again from the next group
                gap = P.next_group.search(seed.group(0))
                at = seed.start() + gap.end() if gap is not None else seed.end()
    if holds_any(low, _LIST_HINTS):
        for match in P.code_list_words.finditer(text):
            found = list(_codes(text, match.end(), one=match.group("one") is not None))
            yield from found
            if not found and match.group("one") is None:
                yield from _codes_before(text, match.start())


def _is_seed(value: str, close: bool = False) -> bool:
    """Base32 of a random key: one case, at least 16 characters, letters and digits 2-7 mixed (or
    all capitals of high entropy: a seed may happen to have no digit). A shorter one (10 to 15)
    only right after the words that name it, or with base32's `=` padding, in capitals with digits."""
    body = value.rstrip("=").replace(" ", "").replace("-", "")
    if len(body) < 16:
        padded = value.endswith("=") and len(value) % 8 == 0
        return (
            len(body) >= SHORT_SEED
            and (close or padded)
            and body.isupper()
            and any(c.isdigit() for c in body)
            and entropy(body) >= 3.0
        )
    if not (body.isupper() or body.islower() or body.isdigit()):
        if body.upper() != body:
            return False
    groups = P.next_group.split(value.rstrip("="))
    if len(groups) > 1 and len({len(g) for g in groups[:-1]}) != 1:
        return False  # words of different lengths, not a seed shown in groups
    has_digit = any(c.isdigit() for c in body)
    if body.isalpha() and body.islower():
        return False  # lowercase words with no digit: prose ("authenticator application")
    if not has_digit and entropy(body) < 3.4:
        return False
    return entropy(body) >= 3.0


def _codes(text: str, at: int, one: bool = False) -> Iterator[tuple[int, int]]:
    """Each code of the list after the words that name it (`at`), until a word that is not a code.
    A few words may come first ("… for dropbox, keep safe - 9f8e 7d6c"): then the list is at least
    two codes, so one word with a digit in the sentence ("stored in 1Password") is no list; a code
    named alone ("recovery key is one code: …") is long, letters and digits mixed."""
    for skipped in range(_LEAD_WORDS + 1):
        at = P.lead.match(text, at).end()  # type: ignore[union-attr]
        codes = list(_list_at(text, at, headed=not one))
        if codes and (
            skipped == 0 or len(codes) >= 2 or (one and _strong_code(text[codes[0][0] : codes[0][1]]))
        ):
            yield from codes
            return
        word = P.word_before.match(text, at)
        if word is None or P.sentence_end.search(word.group(0) + " ") is not None:
            return
        at = word.end()


def _strong_code(value: str) -> bool:
    chars = value.replace("-", "")
    return len(chars) >= 10 and any(c.isdigit() for c in chars) and any(c.isalpha() for c in chars)


_BEFORE_WINDOW = 400


def _codes_before(text: str, end: int) -> Iterator[tuple[int, int]]:
    """A list told first, then named: "1. 4b2w3-ic9dl 2. 1m698-jw664 … are my GitLab recovery codes"."""
    start = max(0, end - _BEFORE_WINDOW)
    codes = [m for m in P.code.finditer(text, start, end) if _is_code(m.group(0))]
    run: list[re.Match] = []
    for code in reversed(codes):
        stop = run[-1].start() if run else end
        between = text[code.end() : stop]
        if run:
            gap = P.list_gap.fullmatch(text, code.end(), stop) or P.numbered.fullmatch(between)
            if gap is None:
                break
        elif P.intro_after_list.fullmatch(between) is None:
            return
        run.append(code)
    if len(run) >= 2:
        for code in run:
            yield code.span()


def _list_at(text: str, at: int, headed: bool = False) -> Iterator[tuple[int, int]]:
    """The codes of a list from `at`. Under a heading that names recovery or backup codes
    (`headed`), a code is judged by the list, not by its own look: any alphabet, with or without
    digits ("8drpy4x8 zrclgnux …", "abcde-fghij klmno-pqrst", "apple-tiger, lemon-horse"), as long
    as it is no word of prose and its shape is the list's (a list of letters only is two codes or
    more, so "backup codes: none yet" is no list)."""
    if headed:
        yield from _headed_list(text, at)
        return
    first: tuple[int, ...] | None = None
    for _ in range(MAX_CODES):
        at = P.open.match(text, at).end()  # type: ignore[union-attr]  # a quote or a bracket, or nothing
        code = P.code.match(text, at)
        if code is None:
            return
        end = code.end()
        pair = P.pair.match(text, code.start())
        shown = pair.group(0) if pair is not None else code.group(0)
        if pair is not None and (_is_pair(pair.group(1), pair.group(2)) or _same_shape(shown, first)):
            end = pair.end()  # "8472 1934": one code shown in two groups
        elif not (_is_code(code.group(0)) or _same_shape(code.group(0), first)):
            return
        value = text[code.start() : end]
        if first is None:
            first = _shape_of(value)
        yield code.start(), end
        at = P.close.match(text, end).end()  # type: ignore[union-attr]
        gap = P.list_gap.match(text, at)
        if gap is None or gap.end() == at:
            return
        at = gap.end()


def _headed_list(text: str, at: int) -> Iterator[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    first: tuple[int, ...] | None = None
    marked = False  # a code of the list reads as one by itself (digits in it, groups of capitals)
    for _ in range(MAX_CODES):
        at = P.open.match(text, at).end()  # type: ignore[union-attr]
        code = P.code.match(text, at)
        if code is None:
            break
        end = code.end()
        pair = P.pair.match(text, code.start())
        if pair is not None and (_is_pair(pair.group(1), pair.group(2)) or _same_shape(pair.group(0), first)):
            end = pair.end()  # "8472 1934": one code shown in two groups
        value = text[code.start() : end]
        if _is_code(value):
            marked = True
        elif not _listed_code(value, first):
            break
        if first is None:
            first = _shape_of(value)
        spans.append((code.start(), end))
        at = P.close.match(text, end).end()  # type: ignore[union-attr]
        gap = P.list_gap.match(text, at)
        if gap is None or gap.end() == at:
            break
        at = gap.end()
    if marked or len(spans) >= 2:
        yield from spans


_VOWELS = frozenset("aeiouyAEIOUY")


def _listed_code(value: str, first: tuple[int, ...] | None) -> bool:
    """A code of a list of codes that has no digit: groups joined by hyphens, or letters at random
    (few vowels: "zrclgnux", "kxlyvvlr"), or shaped as the list's first code; never a word of prose."""
    if not value.replace("-", "").isalnum() or is_prose(value) or any(is_prose(g) for g in value.split("-")):
        return False
    groups = value.split("-")
    if first is not None and _shape_of(value) == first and min(first) >= 4:
        return True
    if len(groups) >= 2:
        return first is None and all(len(group) >= 4 for group in groups)
    letters = value.replace("-", "")
    vowels = sum(c in _VOWELS for c in letters)
    return len(letters) >= 6 and vowels / len(letters) <= 0.3


def _shape_of(value: str) -> tuple[int, ...]:
    return tuple(len(group) for group in P.next_group.split(value))


def _same_shape(value: str, first: tuple[int, ...] | None) -> bool:
    """A code of the list shaped as its first one ("vuuv 37i0" after "8oy7 9cl6"): random letters
    may have no digit, the list's shape tells it is a code (four characters and more a group)."""
    return (
        first is not None
        and len(first) >= 2
        and _shape_of(value) == first
        and min(first) >= 4
        and value.replace(" ", "").replace("-", "").isalnum()
        and any(c.isdigit() for c in value)
    )


def _is_pair(first: str, second: str) -> bool:
    return len(first) == len(second) and all(sum(c.isdigit() for c in g) >= 2 for g in (first, second))


def _is_code(value: str) -> bool:
    """A recovery code: digits, letters and digits mixed (GitHub's `a1b2c-3d4e5`, `x7k2`), or
    groups of capitals joined by hyphens (`ABCD-EFGH`); not a word."""
    chars = value.replace("-", "")
    digits = sum(c.isdigit() for c in chars)
    if len(chars) < 4:
        return False
    if digits == len(chars):
        return True
    if digits:
        return len(chars) - digits >= 1
    groups = value.split("-")
    return len(groups) >= 2 and chars.isupper() and all(3 <= len(g) <= 6 for g in groups)

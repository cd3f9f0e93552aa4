"""Two-factor secrets: TOTP/HOTP seeds told bare ("my 2FA seed is JBSW Y3DP EHPK 3PXP") and every
code of a list of recovery or backup codes ("backup codes: 8472-1934, 2290-5531 and 7710-0042").

A seed is base32 (RFC 4648: A-Z and 2-7), 16 to 128 characters, often in groups of four, and is
taken only near a word that names it (2FA, TOTP, MFA, OTP, authenticator, two-factor, …). A list of
codes is read from where "recovery codes" (backup, scratch, emergency, one-time, 2FA codes, …) is
said, one code after another, for as long as what follows is a code; so the words after the list
are not part of it. Each keyword costs a bounded window, so the work is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.memory.secrets.shape import entropy

_SEED_WORDS = re.compile(
    r"(?i)(?<![a-z])(?:2fa|two[ -]factor|2[ -]step|two[ -]step|totp|hotp|mfa|multi[ -]factor|otp|"
    r"authenticator|google[ -]auth|authy|one[ -]time[ -]password)(?![a-z])"
)
# base32, alone or in groups (of 4 most often) separated by single spaces or hyphens
_BASE32 = re.compile(
    r"(?<![A-Za-z0-9])(?:[A-Za-z2-7]{4,8}(?:[ -][A-Za-z2-7]{4,8}){2,15}|[A-Za-z2-7]{10,128})={0,6}"
    r"(?![A-Za-z0-9])"
)
_NEXT_GROUP = re.compile(r"[ -]")
SHORT_SEED = 10  # RFC 4226 asks 128 bits and more; services show 80 (16 characters), some fewer
_SEED_BEFORE = 40
_SEED_AFTER = 120

_CODE_LIST_WORDS = re.compile(
    r"(?i)(?<![a-z])(?:(?:recovery|backup|back-up|scratch|emergency|one[ -]time|single[ -]use|2fa|mfa|"
    r"two[ -]factor|otp|verification|rescue|fallback|reserve|spare)[ \t_-]{0,3}(?:login[ \t_-]{1,3})?codes"
    # French, Spanish, Portuguese, Italian, German, Dutch, Polish, Nordic, Finnish, Czech, Turkish,
    # Indonesian, Vietnamese, Russian, Ukrainian, Japanese, Chinese, Korean
    r"|codes?[ \t]de[ \t](?:secours|récupération|recuperation|sauvegarde|secours)"
    r"|c[óo]digos[ \t]de[ \t](?:respaldo|recuperaci[óo]n|recupera[çc][ãa]o|backup|seguran[çc]a|emergencia|reserva)"
    r"|codici[ \t]di[ \t](?:backup|recupero|emergenza|riserva)|(?:wiederherstellungs|sicherungs|notfall|backup-?)codes"
    r"|(?:herstel|back-?up|reserve)codes|kody[ \t](?:zapasowe|odzyskiwania|awaryjne)"
    r"|(?:reserve|backup|gjenopprettings|gendannelses|återställnings)koder|varakoodit|palautuskoodit"
    r"|(?:záložní|obnovovací)[ \t]kódy|(?:yedek|kurtarma)[ \t]kodlar[ıi]?|kode[ \t](?:cadangan|pemulihan)"
    r"|mã[ \t](?:dự[ \t]phòng|khôi[ \t]phục)|(?:резервные|запасные)[ \t]коды|коды[ \t]восстановления"
    r"|резервні[ \t]коди)(?![a-z])"
    r"|バックアップコード|リカバリーコード|復旧コード|备用码|恢复码|备份码|備用碼|復原碼|백업[ \t]?코드|복구[ \t]?코드"
)
# A code of a list: letters and digits, in groups joined by hyphens ("a1b2c-3d4e5", "ABCD-EFGH-IJKL")
_CODE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{3,12}(?:-[A-Za-z0-9]{2,12}){0,5}(?![A-Za-z0-9])")
_LIST_GAP = re.compile(
    r"[ \t]{0,3}(?:[,;/|·•、，；][ \t]{0,3}|\n[ \t]{0,3}(?:[-*•][ \t]{1,3}|[0-9]{1,2}[.)][ \t]{1,3})?"
    r"|[ \t]{1,3}(?:and|&|then|or|et|y|e|und|en|i)[ \t]{1,3}|[ \t]{1,3}[-—–][ \t]{1,3}"
    r"|[ \t]{1,3}(?:[0-9]{1,2}[.)][ \t]{1,3})?)"
)
# What may stand between the words that name a list and its first code ("for Proton: ", " - ", "(keep safe) ")
_LEAD = re.compile(r"[\s:=,;()\[\]\"'`*•—–：、，-]{0,8}(?:[0-9]{1,2}[.)][ \t]{1,3})?")
_WORD_BEFORE = re.compile(r"[^\s]{1,40}")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
_LEAD_WORDS = 8  # "for dropbox, keep safe -": the words a list's introduction may go on with
_OPEN = re.compile(r"[\[(]?[ \t]{0,2}[\"'`]?")  # a code of a JSON or YAML list, quoted or not
_CLOSE = re.compile(r"[\"'`]?[\])]?")
MAX_CODES = 32
_LIST_HINTS = (
    "code",
    "cod",
    "ódigo",
    "kod",
    "kód",
    "koder",
    "коды",
    "коди",
    "コード",
    "码",
    "碼",
    "코드",
    "mã",
)


# A YubiKey's one-time password: 32 to 48 letters of modhex (its 16-letter alphabet), the key's
# 12-letter id then 32 of the encrypted counter; no word is that long in those letters alone
_MODHEX = re.compile(r"(?<![A-Za-z0-9])[cbdefghijklnrtuv]{32,64}(?![A-Za-z0-9])")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of 2FA seeds, YubiKey one-time passwords and each recovery code."""
    if len(text) >= 32 and max(map(len, low.split()), default=0) >= 32:
        for match in _MODHEX.finditer(low):
            if entropy(match.group(0)) >= 3.0:
                yield match.span()
    if any(word in low for word in ("2fa", "factor", "step", "totp", "hotp", "mfa", "otp", "auth")):
        for match in _SEED_WORDS.finditer(text):
            at, end = max(0, match.start() - _SEED_BEFORE), match.end() + _SEED_AFTER
            while (seed := _BASE32.search(text, at, end)) is not None:
                close = match.end() <= seed.start() <= match.end() + 40
                if _is_seed(seed.group(0), close):
                    yield seed.span()
                    at = seed.end()
                    continue
                # a word before the groups ("secret 3JQG 6LW2 DMHM 5M6H"): read again from the next group
                gap = _NEXT_GROUP.search(seed.group(0))
                at = seed.start() + gap.end() if gap is not None else seed.end()
    if any(word in low for word in _LIST_HINTS):
        for match in _CODE_LIST_WORDS.finditer(text):
            yield from _codes(text, match.end())


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
    groups = re.split(r"[ -]", value.rstrip("="))
    if len(groups) > 1 and len({len(g) for g in groups[:-1]}) != 1:
        return False  # words of different lengths, not a seed shown in groups
    has_digit = any(c.isdigit() for c in body)
    if body.isalpha() and body.islower():
        return False  # lowercase words with no digit: prose ("authenticator application")
    if not has_digit and entropy(body) < 3.4:
        return False
    return entropy(body) >= 3.0


def _codes(text: str, at: int) -> Iterator[tuple[int, int]]:
    """Each code of the list after the words that name it (`at`), until a word that is not a code.
    A few words may come first ("… for dropbox, keep safe - 9f8e 7d6c"): then the list is at least
    two codes, so one word with a digit in the sentence ("stored in 1Password") is no list."""
    for skipped in range(_LEAD_WORDS + 1):
        at = _LEAD.match(text, at).end()  # type: ignore[union-attr]
        codes = list(_list_at(text, at))
        if codes and (skipped == 0 or len(codes) >= 2):
            yield from codes
            return
        word = _WORD_BEFORE.match(text, at)
        if word is None or _SENTENCE_END.search(word.group(0) + " ") is not None:
            return
        at = word.end()


def _list_at(text: str, at: int) -> Iterator[tuple[int, int]]:
    for _ in range(MAX_CODES):
        at = _OPEN.match(text, at).end()  # type: ignore[union-attr]  # a quote or a bracket, or nothing
        code = _CODE.match(text, at)
        if code is None or not _is_code(code.group(0)):
            return
        end = code.end()
        pair = _PAIR.match(text, code.start())
        if pair is not None and _is_pair(pair.group(1), pair.group(2)):
            end = pair.end()  # "8472 1934": one code shown in two groups
        yield code.start(), end
        at = _CLOSE.match(text, end).end()  # type: ignore[union-attr]
        gap = _LIST_GAP.match(text, at)
        if gap is None or gap.end() == at:
            return
        at = gap.end()


_PAIR = re.compile(r"([A-Za-z0-9]{3,6}) ([A-Za-z0-9]{3,6})(?![A-Za-z0-9-])")


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

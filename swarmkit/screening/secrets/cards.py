"""Card security codes: "CVV 123", "the CID on my Amex is 4821", "security code: 907", told near a
card (the word card, a card network, or a card number in the text).

CVV, CVC and CSC name nothing but a card's code, so they need no context; CID (also a caller id, a
customer id) and "security code" (also an alarm's) need a card within 200 characters. The code is 3
or 4 digits standing alone, within a short window after the name (or right before "is the CVV").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets.shape import holds_any

_NAMES = re.compile(
    r"(?i)(?<![a-z0-9])(?P<name>cvv2?|cvc2?|cv2|csc|cvn|cav2|cid|card[ \t]verification(?:[ \t](?:value|code|number))?|"
    r"(?:card[ \t])?security[ \t]code|card[ \t]code|(?:3|4|three|four)[ -]digit[ \t]code|sec\.?[ \t]?code"
    # the code told by where it is printed: "the three digits on the back (of the card)"
    r"|(?:(?:3|4|three|four)[ -]digits?|digits|code|number)[ \t]{1,3}(?:on|at|from)[ \t]{1,3}(?:the[ \t]{1,3})?"
    r"(?:back|front|reverse|rear)(?:[ \t]{1,3}of[ \t]{1,3}(?:the|my|your|her|his)[ \t]{1,3}card)?"
    # French, German, Spanish, Portuguese, Italian, Dutch, Nordic, Finnish, Polish, Turkish, Russian
    r"|cryptogramme(?:[ \t]visuel)?|code[ \t]de[ \t]s[ée]curit[ée]|kartenpr[üu]f(?:nummer|ziffer)|pr[üu]fziffer"
    r"|pr[üu]fnummer|sicherheitscode|c[óo]digo[ \t]de[ \t]seguridad|c[óo]digo[ \t]de[ \t]seguran[çc]a"
    r"|codice[ \t]di[ \t]sicurezza|beveiligingscode|s[äa]kerhetskod|sikkerhe[dt]skode|turvakoodi"
    r"|kod[ \t]zabezpieczaj[ąa]cy|g[üu]venlik[ \t]kodu|код[ \t]безопасности|cvv-код)(?![a-z0-9])"
    r"|セキュリティコード|安全码|安全碼|보안[ \t]?코드"
)
_CODE_AFTER = re.compile(
    r"[^0-9\n]{0,40}?(?<![0-9])(?<![0-9][/.,:-])(?P<code>[0-9]{3,4})"
    r"(?![0-9]|[/.,:-][0-9]|[ \t]?(?:%|am|pm|ms|px|days?|years?))"
)
_CODE_BEFORE = re.compile(
    r"(?<![0-9])(?<![0-9][/.,:-])(?P<code>[0-9]{3,4})[ \t]{1,3}(?:is|was|as)[ \t]{1,3}(?:the|my|its|your)?[ \t]{0,3}$"
)
_CARD_CONTEXT = re.compile(
    r"(?i)card|visa|mastercard|master[ \t]card|amex|american[ \t]express|discover|diners|jcb|unionpay|"
    r"maestro|debit|credit|tarjeta|carte|karte|cart[ãa]o|carta|kaart|kort|kortti|karta|kart[ıi]|карт|カード|卡|카드|"
    r"(?<![0-9])[2-6][0-9]{3}(?:[ -]?[0-9]{4}){2,3}|expir|exp[ .:]"
    r"|\[REDACTED_SECRET\]"  # a card number screened already (a fact re-screened, an imported note)
)
_NEEDS_A_CARD = (
    "cid",
    "security code",
    "card code",
    "3-digit code",
    "4-digit code",
    "back",
    "front",
    "reverse",
    "rear",
    "sec code",
    "seccode",
    "sec. code",
    "prüfziffer",
    "pruefziffer",
    "prufziffer",
    "prüfnummer",
    "sicherheitscode",
    "seguridad",
    "segurança",
    "seguranca",
    "sicurezza",
    "sécurité",
    "securite",
    "beveiligingscode",
    "kodu",
)


# A card written out: its number, its expiry (MM/YY), and the code right after with no name
_CARD_LINE = re.compile(
    r"(?:(?<![0-9])[2-6][0-9]{3}(?:[ -]?[0-9]{4}){2}[ -]?[0-9]{2,7}|\[REDACTED_SECRET\])"  # or redacted already
    r"[ \t,;|/-]{1,4}(?:exp(?:iry|ires)?[ \t.:]{0,3})?"
    r"(?:0[1-9]|1[0-2])[ \t]?/[ \t]?(?:[0-9]{2}|20[0-9]{2})[ \t,;|/-]{1,4}(?P<code>[0-9]{3,4})(?![0-9])"
)


# "… and 771 on the back": the code, then where it is printed
_CODE_ON_THE_CARD = re.compile(
    r"(?i)(?<![0-9])(?<![0-9][/.,:-])(?P<code>[0-9]{3,4})[ \t]{1,3}(?:is[ \t]{1,3})?(?:on|at)[ \t]{1,3}"
    r"(?:the[ \t]{1,3})?(?:back|reverse|rear|front)(?![a-z])"
)


# Words one of the names holds (lowercase): a text with none of them has no card code by name
_HINTS = (
    "cvv",
    "cvc",
    "csc",
    "cvn",
    "cav",
    "cid",
    "cv2",
    "security code",
    "verification",
    "card",
    "digit code",
    "digits on",
    "digit on",
    "code on",
    "number on",
    "sec code",
    "sec. code",
    "seccode",
    "crypto",
    "ziffer",
    "fnummer",
    "sicherheitscode",
    "seguridad",
    "seguran",
    "sicurezza",
    "curit",
    "beveilig",
    "kerhetskod",
    "sikkerhe",
    "turvakoodi",
    "zabezp",
    "venlik kod",
    "код",
    "コード",
    "安全",
    "코드",
)


def _count_digits(text: str) -> int:
    return sum(text.count(digit) for digit in "0123456789")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of card security codes."""
    if "/" in text and ("redacted_secret" in low or _count_digits(text) >= 17):
        for line in _CARD_LINE.finditer(text):
            yield line.span("code")
    if ("back" in low or "front" in low or "reverse" in low or "rear" in low) and _count_digits(text) >= 15:
        for match in _CODE_ON_THE_CARD.finditer(text):
            if _CARD_CONTEXT.search(text, max(0, match.start() - 200), match.end() + 200) is not None:
                yield match.span("code")
    if not holds_any(low, _HINTS) or _count_digits(text) < 3:
        return
    for match in _NAMES.finditer(text):
        name = " ".join((match.group("name") or match.group(0)).lower().split())
        if any(name.endswith(word) or word in name for word in _NEEDS_A_CARD) and not name.startswith("card"):
            near = text[max(0, match.start() - 200) : match.end() + 200]
            if _CARD_CONTEXT.search(near) is None:
                continue
        after = _CODE_AFTER.match(text, match.end())
        if after is not None:
            yield after.span("code")
            continue
        before = _CODE_BEFORE.search(text, max(0, match.start() - 24), match.start())
        if before is not None:
            yield before.span("code")

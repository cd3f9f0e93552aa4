"""Numbers that identify a person's money or identity: payment cards (Luhn check digit and the
card networks' prefixes and lengths), IBANs (the ISO 13616 length of each country and the ISO 7064
mod-97 check), US social security numbers and UK national insurance numbers (their issuing rules).

The checks keep order numbers, phone numbers, timestamps and the like out: a random 16-digit number
passes Luhn one time in ten, and must also start like a card and have a card's length.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Digits, optionally grouped by spaces or hyphens; never the tail of a longer number or a decimal.
_CARD = re.compile(r"(?<![\w+.,])(?<![0-9][ -])[2-6](?:[ -]?[0-9]){13,18}(?![\w])")
_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}[0-9]{2}(?:[ ]?[A-Za-z0-9]){10,32}")
_SSN = re.compile(r"(?<![0-9-])([0-9]{3})([- ])([0-9]{2})\2([0-9]{4})(?![0-9-])")
_NINO = re.compile(
    r"(?<![A-Za-z0-9])([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D](?![A-Za-z0-9])"
)
_NINO_UNUSED = frozenset({"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"})

# ISO 13616 IBAN lengths by country (the SWIFT IBAN registry).
IBAN_LENGTHS = {
    "AD": 24,
    "AE": 23,
    "AL": 28,
    "AT": 20,
    "AZ": 28,
    "BA": 20,
    "BE": 16,
    "BG": 22,
    "BH": 22,
    "BI": 27,
    "BR": 29,
    "BY": 28,
    "CH": 21,
    "CR": 22,
    "CY": 28,
    "CZ": 24,
    "DE": 22,
    "DJ": 27,
    "DK": 18,
    "DO": 28,
    "EE": 20,
    "EG": 29,
    "ES": 24,
    "FI": 18,
    "FK": 18,
    "FO": 18,
    "FR": 27,
    "GB": 22,
    "GE": 22,
    "GI": 23,
    "GL": 18,
    "GR": 27,
    "GT": 28,
    "HR": 21,
    "HU": 28,
    "IE": 22,
    "IL": 23,
    "IQ": 23,
    "IS": 26,
    "IT": 27,
    "JO": 30,
    "KW": 30,
    "KZ": 20,
    "LB": 28,
    "LC": 32,
    "LI": 21,
    "LT": 20,
    "LU": 20,
    "LV": 21,
    "LY": 25,
    "MC": 27,
    "MD": 24,
    "ME": 22,
    "MK": 19,
    "MN": 20,
    "MR": 27,
    "MT": 31,
    "MU": 30,
    "NI": 28,
    "NL": 18,
    "NO": 15,
    "OM": 23,
    "PK": 24,
    "PL": 28,
    "PS": 29,
    "PT": 25,
    "QA": 29,
    "RO": 24,
    "RS": 22,
    "RU": 33,
    "SA": 24,
    "SC": 31,
    "SD": 18,
    "SE": 24,
    "SI": 19,
    "SK": 24,
    "SM": 27,
    "SO": 23,
    "ST": 25,
    "SV": 28,
    "TL": 23,
    "TN": 24,
    "TR": 26,
    "UA": 29,
    "VA": 22,
    "VG": 24,
    "XK": 20,
    "YE": 30,
}


def luhn_valid(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = ord(char) - 48
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def card_network_fits(digits: str) -> bool:
    """The number starts like a card of a network that issues numbers of this length."""
    n, two, four = len(digits), int(digits[:2]), int(digits[:4])
    if digits[0] == "4":
        return n in (16, 19)  # Visa (13-digit numbers are long retired)
    if 51 <= two <= 55 or 2221 <= four <= 2720:
        return n == 16  # Mastercard
    if two in (34, 37):
        return n == 15  # American Express
    if 3528 <= four <= 3589:
        return 16 <= n <= 19  # JCB
    if 300 <= int(digits[:3]) <= 305 or two in (36, 38, 39):
        return 14 <= n <= 19  # Diners Club
    if digits[0] == "6" or two in (50, 56, 57, 58) or 2200 <= four <= 2204:
        return 16 <= n <= 19  # Discover, UnionPay, Maestro, Mir, RuPay
    return False


def iban_valid(chars: str) -> bool:
    """ISO 7064 mod 97-10: the first four characters moved to the end, letters as 10..35."""
    rearranged = chars[4:] + chars[:4]
    remainder = 0
    for char in rearranged:
        value = int(char, 36)
        remainder = (remainder * (100 if value > 9 else 10) + value) % 97
    return remainder == 1


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    digits = _count_digits(text)
    if digits < 6:
        return
    if digits >= 14:
        for match in _CARD.finditer(text):
            span = _card_span(
                match, _CARD_WORD.search(text, max(0, match.start() - 40), match.start()) is not None
            )
            if span is not None and not _published_test_card(text, *span):
                yield span
    for match in _IBAN.finditer(text):
        span = _iban_span(text, match)
        if span is not None:
            yield span
    if digits >= 9:
        for match in _SSN.finditer(text):
            area, group, serial = int(match.group(1)), int(match.group(3)), int(match.group(4))
            if area not in (0, 666) and area < 900 and group and serial:
                yield match.span()
    for match in _NINO.finditer(text):
        if match.group(1) not in _NINO_UNUSED:
            yield match.span()


# "card number", "Kartennummer", "numéro de carte", "numer karty": a number told as a card's is one
# whatever network its first digits would name, when its check digit holds
_CARD_WORD = re.compile(
    r"(?i)card|karte|carte|tarjeta|cart[ãa]o|carta|kaart|kort|kortti|karty|karta|kart[ıi]?|карт|カード|卡|카드"
)


def _card_span(match: re.Match, told_as_a_card: bool = False) -> tuple[int, int] | None:
    """The card number the match starts with: the whole run of digits, or the run less its last
    groups ("4111 1111 1111 1111 12/27": the expiry's month is not the card's)."""
    raw = match.group(0)
    ends = [len(raw)] + [i for i in range(len(raw) - 1, 0, -1) if raw[i] in " -"][:4]
    for end in ends:
        number = raw[:end].replace(" ", "").replace("-", "")
        if (
            14 <= len(number) <= 19
            and len(set(number)) > 1
            and (card_network_fits(number) or (told_as_a_card and 15 <= len(number) <= 16))
            and luhn_valid(number)
        ):
            return match.start(), match.start() + end
    return None


# The numbers the payment processors publish for testing (Stripe, Braintree, Adyen, PayPal): told
# as test numbers ("Stripe's test Visa", "in the sandbox") they pay for nothing
PUBLISHED_TEST_CARDS = frozenset(
    """
4242424242424242 4000056655665556 5555555555554444 2223003122003222 5200828282828210 5105105105105100
378282246310005 371449635398431 6011111111111117 6011000990139424 3056930009020004 36227206271667
3566002020360505 6200000000000005 4111111111111111 4012888888881881 4000000000000002 4000000000009995
5431111111111111 6011601160116611 3530111333300000 30569309025904 38520000023237 5454545454545454
""".split()
)
_TEST_WORDS = re.compile(r"(?i)test|sandbox|dummy|documented|example|demo|fake|sample")


def _published_test_card(text: str, start: int, end: int) -> bool:
    number = text[start:end].replace(" ", "").replace("-", "")
    return (
        number in PUBLISHED_TEST_CARDS and _TEST_WORDS.search(text, max(0, start - 80), end + 80) is not None
    )


def _count_digits(text: str) -> int:
    return len(text) - len(text.translate(_DROP_DIGITS))


_DROP_DIGITS = str.maketrans("", "", "0123456789")


def _iban_span(text: str, match: re.Match) -> tuple[int, int] | None:
    """The IBAN at the start of the match, exactly as long as its country's IBANs, if its check holds."""
    length = IBAN_LENGTHS.get(match.group(0)[:2])
    if length is None:
        return None
    chars, end = [], match.start()
    for index in range(match.start(), match.end()):
        if text[index] != " ":
            chars.append(text[index].upper())
            if len(chars) == length:
                end = index + 1
                break
    if len(chars) < length or (end < len(text) and text[end].isalnum()):
        return None
    return (match.start(), end) if iban_valid("".join(chars)) else None

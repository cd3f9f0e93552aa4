"""Numbers that identify a person's money or identity: payment cards (Luhn check digit and the
card networks' prefixes and lengths), IBANs (the ISO 13616 length of each country and the ISO 7064
mod-97 check), US social security numbers and UK national insurance numbers (their issuing rules).

The checks keep order numbers, phone numbers, timestamps and the like out: a random 16-digit number
passes Luhn one time in ten, and must also start like a card and have a card's length. The shapes,
the IBAN lengths and the published test numbers are data: rules/numbers.toml.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset

RULES = ruleset("numbers")
P, W = RULES.patterns, RULES.words
# ISO 13616 IBAN lengths by country (the SWIFT IBAN registry)
IBAN_LENGTHS: dict[str, int] = RULES.tables.iban_lengths


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
        for match in P.card.finditer(text):
            span = _card_span(
                match, P.card_word.search(text, max(0, match.start() - 40), match.start()) is not None
            )
            if span is not None and not _published_test_card(text, *span):
                yield span
    for match in P.iban.finditer(text):
        span = _iban_span(text, match)
        if span is not None:
            yield span
    if digits >= 9:
        for match in P.ssn.finditer(text):
            area, group, serial = int(match.group(1)), int(match.group(3)), int(match.group(4))
            if area not in (0, 666) and area < 900 and group and serial:
                yield match.span()
    for match in P.nino.finditer(text):
        if match.group(1) not in W.nino_unused:
            yield match.span()


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


def _published_test_card(text: str, start: int, end: int) -> bool:
    number = text[start:end].replace(" ", "").replace("-", "")
    return (
        number in W.published_test_cards
        and P.test_words.search(text, max(0, start - 80), end + 80) is not None
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

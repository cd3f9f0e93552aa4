"""Card security codes: "CVV 123", "the CID on my Amex is 4821", "security code: 907", told near a
card (the word card, a card network, or a card number in the text).

CVV, CVC and CSC name nothing but a card's code, so they need no context; CID (also a caller id, a
customer id) and "security code" (also an alarm's) need a card within 200 characters. The code is 3
or 4 digits standing alone, within a short window after the name (or right before "is the CVV").
The names and shapes are data: rules/cards.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import holds_any

RULES = ruleset("cards")
P, L = RULES.patterns, RULES.lists
# asked of every text: bound once, as plain module constants
_SIDES, _HINTS = L.sides, L.hints


def _count_digits(text: str) -> int:
    return sum(text.count(digit) for digit in "0123456789")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of card security codes."""
    if "/" in text and ("redacted_secret" in low or _count_digits(text) >= 17):
        for line in P.card_line.finditer(text):
            yield line.span("code")
    if holds_any(low, _SIDES) and _count_digits(text) >= 15:
        for match in P.code_on_the_card.finditer(text):
            if P.card_context.search(text, max(0, match.start() - 200), match.end() + 200) is not None:
                yield match.span("code")
    if not holds_any(low, _HINTS) or _count_digits(text) < 3:
        return
    for match in P.names.finditer(text):
        name = " ".join((match.group("name") or match.group(0)).lower().split())
        if any(name.endswith(word) or word in name for word in L.needs_a_card) and not name.startswith(
            "card"
        ):
            near = text[max(0, match.start() - 200) : match.end() + 200]
            if P.card_context.search(near) is None:
                continue
        after = P.code_after.match(text, match.end())
        if after is not None:
            yield after.span("code")
            continue
        before = P.code_before.search(text, max(0, match.start() - 24), match.start())
        if before is not None:
            yield before.span("code")

"""What a value looks like: random (a token), a reference to a secret kept elsewhere, or prose.

The words of prose, the ways a reference starts and the shapes of products are data:
rules/shape.toml."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from swarmkit.screening.ruleset import ruleset


def holds_any(low: str, words: Iterable[str]) -> bool:
    """Whether the lowercase text holds one of the words (as substrings). A plain loop: detectors
    ask this some 70 times a line, and `any(word in low for word in words)` costs a generator each
    time, a tenth of an import's screening."""
    for word in words:
        if word in low:
            return True
    return False


RULES = ruleset("shape")
P, W = RULES.patterns, RULES.words
# The word sets every detector asks about, as module constants: is_prose runs for most candidates
PROSE = W.prose
FUNCTION_WORDS = W.function_words
PROSE_ENDINGS = RULES.lists.prose_endings
_REFERENCE_START = RULES.lists.reference_start
_CODE_WORDS = W.code_words
_PHRASE_PROSE = W.phrase_prose


def looks_random(value: str, minimum: int = 12) -> bool:
    """A token: long enough, two of lowercase / uppercase / digits, and not one repeated character."""
    if len(value) < minimum:
        return False
    kinds = (value != value.upper()) + (value != value.lower()) + (P.digit.search(value) is not None)
    return kinds >= 2 and entropy(value[:256]) >= 2.5


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in Counter(value).values())


def is_reference(value: str, key: str = "", code: bool = False) -> bool:
    """`$VAR`, `${VAR}`, `<placeholder>`, `os.environ[...]`, a path, a call, a `{{ template }}`;
    in code (`key = value`) also a variable: the key's own name, `settings.api_key`, `DB_PASSWORD`."""
    if value.startswith(_REFERENCE_START) or "${" in value or "{{" in value or "}}" in value:
        return True
    if P.drive.match(value) or P.call_or_index.match(value):
        return True
    if "REDACTED" in value:
        return True
    if code and (
        value.lower() == key.lower()
        or value in _CODE_WORDS
        or P.dotted.fullmatch(value)
        or P.snake.fullmatch(value)
    ):
        return True
    return False


def is_prose(value: str) -> bool:
    """A plain word such as "stored", "required" or "weak": what prose says about a secret."""
    word = value.lower().strip("'\"")
    if word in PROSE or word in FUNCTION_WORDS:
        return True
    # a word of prose is short, and has vowels ("cccccbcgujhingjrdejhgfnuetrgigvejhhgbkugded" is a
    # YubiKey's one-time password, not a participle)
    return word.isalpha() and 4 < len(word) <= 20 and word.endswith(PROSE_ENDINGS)


def is_phrase_prose(first_word: str) -> bool:
    """The first word of "the passphrase is stored in the vault": prose, not a passphrase."""
    word = first_word.lower()
    return word in _PHRASE_PROSE or word in FUNCTION_WORDS or (len(word) > 4 and word.endswith(PROSE_ENDINGS))


def looks_like_token(value: str) -> bool:
    """A value with no separator before it (`API token 9f8e7d6c5b4a3928`): letters and digits mixed
    as in a random token (several letter-digit changes), not words with a year in them."""
    if not P.token_chars.fullmatch(value) or entropy(value[:256]) < 3.0:
        return False
    changes = sum(
        1
        for a, b in zip(value, value[1:], strict=False)
        if a.isdigit() != b.isdigit() and a.isalnum() and b.isalnum()
    )
    return changes >= 3


def looks_like_password(value: str) -> bool:
    """For a value with no `=` or `is` before it (`password hunter2`): a digit or a symbol in it."""
    if len(value) < 4 or is_prose(value) or any(c.isspace() for c in value):
        return False
    has_digit = any(c.isdigit() for c in value)
    has_symbol = any(not c.isalnum() and c not in "-'’" for c in value)
    return has_digit or has_symbol


def is_year(value: str) -> bool:
    return P.year.fullmatch(value) is not None


def is_product(value: str) -> bool:
    """A name with a version number after it ("Node18", "Python3.12", "SHA-256"), not a password."""
    return P.product.fullmatch(value) is not None


def looks_strong(value: str) -> bool:
    """A password by its shape alone: six characters or more, letters with digits or symbols, three
    kinds of character (`Kx72mq!9`, `Lisbon#2024`), and no product's name with its version."""
    if len(value) < 6 or any(c.isspace() for c in value) or is_product(value) or is_prose(value):
        return False
    letters = sum(c.isalpha() for c in value)
    kinds = (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
        + any(not c.isalnum() for c in value)
    )
    return letters >= 2 and kinds >= 3 and "://" not in value and "@" not in value


def is_words_and_versions(value: str) -> bool:
    """Hyphenated names with versions ("WPA2-Personal", "AES-256-GCM", "X25519-Kyber768"): each
    part a word or a product's name with its version, none of them a password's random part."""
    parts = value.split("-")
    if len(parts) < 2:
        return False
    return all(
        part.isalpha() or is_product(part) or (part.isdigit() and len(part) in (3, 4) and part[0] in "1235")
        for part in parts
    ) and any(not part.isalpha() for part in parts)

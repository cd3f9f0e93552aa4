"""What a value looks like: random (a token), a reference to a secret kept elsewhere, or prose."""

from __future__ import annotations

import math
import re
from collections import Counter

# Words that follow "password is", "token:" and the like in prose about a secret, not a secret.
PROSE = frozenset(
    """
none null nil undefined true false yes no on off required optional empty blank unset missing redacted
hidden masked changeme example examples sample string str int bytes bool boolean any optional see the
a an is was not n/a na tbd todo unknown same different below above here there provided given default
placeholder weak strong wrong incorrect invalid valid long short secure insecure safe unsafe old
new unique random temporary sensitive private public good bad fine ok okay simple complex easy hard
common known obvious visible gone out ready due needed set reset still now also too very just only
always never usually often case what which whatever one two three four five six seven eight nine ten
stored kept saved shared managed rotated revoked expired hashed salted encrypted required configured
in at on of for from with by to into as via under inside outside within without per each every all
my our your his her their its this that these those it them they we you i me us mine ours yours
ignored disabled enabled active inactive allowed forbidden supported deprecated same identical
something anything nothing everything somewhere elsewhere today tomorrow yesterday soon later
length characters chars digits letters words minimum maximum min max least most
mandatory obligatory compulsory necessary secret confidential personal correct complicated
obligatoire requis requise nécessaire secret secrète faux fausse vide nouveau nouvelle ancien ancienne
faible fort forte sûr correct correcte incorrecte
obligatorio obligatoria necesario necesaria secreto secreta vacío vacía nuevo nueva viejo vieja
débil fuerte seguro segura incorrecto incorrecta correcto correcta
obrigatório obrigatória necessário necessária vazio vazia novo fraca fraco errado errada certo certa
obbligatorio obbligatoria necessario necessaria segreto segreta vuoto vuota nuovo vecchio vecchia
debole sbagliato sbagliata corretto corretta sicuro sicura
erforderlich notwendig nötig geheim leer neu alt falsch richtig sicher unsicher schwach stark
gespeichert geändert
verplicht vereist nodig geheim leeg nieuw oud fout onjuist juist veilig onveilig zwak sterk
""".split()
)
# English and Romance adjectives and participles ("stored", "affiché", "guardada", "obligatoire")
PROSE_ENDINGS = (
    "ed",
    "ing",
    "able",
    "ible",
    "ly",
    "ful",
    "less",
    "ive",
    "ous",
    "ness",
    "ment",
    "tion",
    "é",
    "ée",
    "és",
    "ées",
    "ado",
    "ada",
    "ido",
    "ida",
    "oire",
    "ario",
    "aria",
    "orio",
    "oria",
    "ório",
    "ória",
    "lich",
)

_REFERENCE_START = (
    "$",
    "%",
    "<",
    "{",
    "[",
    "(",
    "@",
    "***",
    "xxx",
    "XXX",
    "...",
    "…",
    "/",
    "~/",
    "./",
    "../",
    "os.",
    "env.",
    "process.env",
    "import.meta",
    "ENV[",
    "getenv",
    "vault:",
    "op://",
    "ssm:",
    "arn:",
    "secretsmanager",
    "keychain:",
    "file:",
    "|",
    ">",
    "!",
    "&",
    "=",
    "`",
    "*",
)
_CALL_OR_INDEX = re.compile(r"[A-Za-z_][\w.]{0,80}[\[(]")
_DOTTED = re.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)+")
_SNAKE = re.compile(r"[a-z]+(?:_[a-z]+)+|[A-Z]+(?:_[A-Z0-9]+)+")
_DRIVE = re.compile(r"[A-Za-z]:[\\/]")
# `token = await get_token()`, `key = new Key()`: code, not a value
_CODE_WORDS = frozenset(
    "await async new yield lambda function typeof self this None null nil undefined "
    "True False true false require import".split()
)


_DIGIT = re.compile(r"[0-9]")


def looks_random(value: str, minimum: int = 12) -> bool:
    """A token: long enough, two of lowercase / uppercase / digits, and not one repeated character."""
    if len(value) < minimum:
        return False
    kinds = (value != value.upper()) + (value != value.lower()) + (_DIGIT.search(value) is not None)
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
    if _DRIVE.match(value) or _CALL_OR_INDEX.match(value):
        return True
    if "REDACTED" in value:
        return True
    if code and (
        value.lower() == key.lower()
        or value in _CODE_WORDS
        or _DOTTED.fullmatch(value)
        or _SNAKE.fullmatch(value)
    ):
        return True
    return False


def is_prose(value: str) -> bool:
    """A plain word such as "stored", "required" or "weak": what prose says about a secret."""
    word = value.lower().strip("'\"")
    if word in PROSE:
        return True
    return word.isalpha() and len(word) > 4 and word.endswith(PROSE_ENDINGS)


_PHRASE_PROSE = frozenset(
    """
not in at on of for from with by to into the a an set stored kept saved written printed shown hidden
required optional empty none unknown managed same different also still now never always only too very
long short weak strong secure safe shared rotated changed reset expired generated random unique
""".split()
)


def is_phrase_prose(first_word: str) -> bool:
    """The first word of "the passphrase is stored in the vault": prose, not a passphrase."""
    word = first_word.lower()
    return word in _PHRASE_PROSE or (len(word) > 4 and word.endswith(PROSE_ENDINGS))


_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_\-./+=]{16,}")


def looks_like_token(value: str) -> bool:
    """A value with no separator before it (`API token 9f8e7d6c5b4a3928`): letters and digits mixed
    as in a random token (several letter-digit changes), not words with a year in them."""
    if not _TOKEN_CHARS.fullmatch(value) or entropy(value[:256]) < 3.0:
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

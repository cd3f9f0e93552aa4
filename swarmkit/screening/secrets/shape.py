"""What a value looks like: random (a token), a reference to a secret kept elsewhere, or prose."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable


def holds_any(low: str, words: Iterable[str]) -> bool:
    """Whether the lowercase text holds one of the words (as substrings). A plain loop: detectors
    ask this some 70 times a line, and `any(word in low for word in words)` costs a generator each
    time, a tenth of an import's screening."""
    for word in words:
        if word in low:
            return True
    return False


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
# What follows "my password is" in prose of other languages: intensifiers ("muy", "trop", "sehr"),
# negations, articles and possessives, and the words for long, short, weak, new, old, hard, easy,
# in the languages whose word for a password the key rules read (keys.py, languages.py).
FUNCTION_WORDS = frozenset(
    """
muy demasiado bastante tan algo poco no un una el la lo los las mi mis tu su sus larga largo corta corto
difícil dificil fácil facil complicada complicado segura seguro nueva nuevo vieja viejo débil
trop très tres si assez plutôt plutot vraiment pas un une le la les mon ma mes ton ta son sa long longue
court courte difficile facile compliqué compliquée nouveau nouvelle ancien ancienne faible simple
sehr zu ziemlich recht nicht kein keine ein eine das der die mein meine dein sein lang kurz schwer
leicht einfach kompliziert neu alt schwach
molto troppo così cosi abbastanza piuttosto non uno il lo mio mia tuo suo lunga lungo corta corto
difficile facile complicata complicato nuova nuovo vecchia vecchio
muito demais bem tão tao bastante não nao um uma o os as meu minha teu seu sua longa longo curta curto
difícil fácil complicada complicado nova novo velha velho fraca fraco
erg te heel zeer vrij best niet geen een het de mijn lang kort moeilijk makkelijk simpel nieuw oud
bardzo zbyt za nie jest długie dlugie krótkie krotkie trudne łatwe latwe nowe stare słabe
очень слишком не довольно длинный длинное короткий короткое сложный сложное простой новый старый
çok cok fazla biraz oldukça değil degil uzun kısa kisa zor kolay yeni eski zayıf
mycket för inte ganska väldigt lång kort svår lätt ny gammal svag
meget for ikke ganske veldig lang kort vanskelig lett let ny gammel svak
hyvin liian aika ei pitkä lyhyt vaikea helppo uusi vanha heikko
velmi příliš moc není dlouhé krátké těžké snadné nové staré
nagyon túl nem hosszú rövid nehéz könnyű új régi gyenge
foarte prea nu lungă lunga scurtă scurta grea ușoară nouă veche slabă
sangat terlalu cukup tidak bukan panjang pendek sulit susah mudah baru lama lemah
rất quá không dài ngắn khó dễ mới cũ yếu
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
    if word in PROSE or word in FUNCTION_WORDS:
        return True
    # a word of prose is short, and has vowels ("cccccbcgujhingjrdejhgfnuetrgigvejhhgbkugded" is a
    # YubiKey's one-time password, not a participle)
    return word.isalpha() and 4 < len(word) <= 20 and word.endswith(PROSE_ENDINGS)


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
    return word in _PHRASE_PROSE or word in FUNCTION_WORDS or (len(word) > 4 and word.endswith(PROSE_ENDINGS))


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


_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
# A product or a standard with its version: Node18, Win11, Python3.12, iOS17, SHA-256, UTF-8, X.509
_PRODUCT = re.compile(r"[A-Za-z]{2,}[ ._-]?v?[0-9]{1,3}(?:\.[0-9]{1,4}){0,3}[a-z]{0,2}|[A-Za-z]\.[0-9]{3}")


def is_year(value: str) -> bool:
    return _YEAR.fullmatch(value) is not None


def is_product(value: str) -> bool:
    """A name with a version number after it ("Node18", "Python3.12", "SHA-256"), not a password."""
    return _PRODUCT.fullmatch(value) is not None


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

"""Secrets named by a key: `password=…`, `"dbPassword": "…"`, `PGPASSWORD=…`, `api key: …`, and
the same stated in words: "my password is …", "the PIN for the door is 4921", "passphrase: …".

One search per class of key finds the words that end a key name (password, api key, token, PIN,
social security number, …), already followed by what can come between a key and its value (`=`,
`:`, "is", "for the … is", or for a password or a code a next word holding a digit or a symbol).
Those searches run in C with bounded windows; each hit then costs a bounded amount of Python: the
rest of the key's identifier must be a qualifier (`secret_key_base`, `password2`), and the value
after the separator must be a literal: a reference (`$VAR`, `os.environ[...]`, `<placeholder>`) or
prose ("the password is stored in the vault") is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets import shape

# A short word counts only where a word or a camelCase part starts: `dbPass`, `DB_PASS`, not `bypass`.
_WORD_START = r"(?:(?-i:(?<![a-z]))|(?-i:(?=[A-Z])))"
# The word before `key`, `code` or `number` decides what it names (checked after the search, so the
# search itself matches few alternatives and stays fast).
KEY_PREFIXES = frozenset(
    """
api access secret private account master signing sign encryption encrypt decryption client auth app
application service shared subscription license licence product activation storage admin root deploy
deployment ssh gpg pgp aes hmac jwt webhook consumer sas session cipher crypto wallet recovery backup
integration partner merchant server bot developer personal rest ingest wifi wi fi wpa wpa2 network
router wireless
""".split()
)
NOT_KEYS = frozenset(
    """
public primary foreign sort partition composite unique surrogate natural candidate shard routing cache
lookup idempotency dedupe dedup index map hash object tab hot shortcut keyboard music piano musical
major minor group cluster row column dict bucket label the a an this that which each every no any
""".split()
)
CODE_PREFIXES = frozenset(
    """
pin door gate alarm garage safe lock locker entry access security unlock verification verify backup
recovery time onetime otp sms mfa 2fa totp authentication login bank atm phone sim puk wifi building
keypad lockbox voicemail padlock bike vault disarm arm arming intercom mailbox storage building
keycode keypad unlock kiosk locker lock
""".split()
)
# Codes that open nothing: "the error code for the alarm is 5566" is an error's number
NOT_CODE_PREFIXES = frozenset(
    """
error status zip postal post area country exit return http response promo discount coupon referral
tracking product course dress source morse qr bar color colour class machine program sample example
invite invitation gift voucher reference confirmation booking flight airport language iso dialing
dialling calling short source
""".split()
)
ID_PREFIXES = frozenset(
    "security insurance passport account card license licence tax taxpayer identity routing".split()
)
KEYWORDS = {
    "password": (
        r"passw(?:or)?d|passwort|kennwort|contrase[ñn]a|wachtwoord|l[öo]senord(?:et)?|salasana|has[łl]o|"
        r"passord(?:et)?|adgangskoden?|heslo|jelsz[óo]|lozinka|[şs]ifre|palavra-passe|"
        r"пароль|mot[ \t]de[ \t]passe|密码|密碼|パスワード|비밀번호|maiden[ \t]name|security[ \t]answer|"
        + _WORD_START
        + r"(?:pass|pwd|pw|mdp|senha|parola)"
    ),
    "phrase": r"passphrase|mnemonic|phrase",
    "secret": r"secrets?|credentials?|creds|apikey|" + _WORD_START + r"keys?",
    "token": r"tokens?",
    "code": _WORD_START
    + r"(?:pin(?:[ \t_-]?(?:number|no|num))?|pincode|passcode|cvv2?|cvc2?|csc|otp|puk|codes?|"
    r"combination|combo|keypad|keycode|lockbox)",
    "id": _WORD_START
    + r"(?:ssn|nino|bsn|cpf|aadhaar|personnummer|iban|passport|licen[cs]e|number|no|num|nr|id)",
    "weak": _WORD_START + r"(?:auth|sig|signature|hmac|session(?:id)?|sid|cookie|salt)",
}
# What follows the keyword: the rest of its identifier (possessive: read once), a closing quote or
# bracket, then what may separate a key from its value, by class.
_REST = r"(?P<rest>[\w.-]{0,40}+)(?:\\?[\"'`]|[\]*)]){0,4}+"
_OP = r"[ \t]{0,3}(?:=>|:=|===?|=|:|\||>)|[ \t]{1,3}[-—–][ \t]"
# "is" in English, and the copulas of the languages whose word for password is matched above
_COPULAS = r"is|was|are|were|equals|es|ist|est|é|är|jest|è|er|lautet|je"
# "for the wifi" in those languages: "du wifi", "del banco", "do banco", "della banca", "für das WLAN"
_OF = (
    r"for|of|to|at|in|from|with|du|de|des|del|della|dello|dei|di|da|do|dos|das|der|den|dem|vom|von|"
    r"für|fur|van|voor|het|för|till|til|dla|pour|para|per|por|zum|zur|al|au|aux"
)
_WORDS = rf"'s|’s|[ \t]{{1,3}}(?:{_COPULAS}|set|should|will|{_OF})\b"
_TOKEN_LIKE = r"[ \t]{1,3}[A-Za-z0-9_\-./+=]{16}"
_FOLLOWS = {
    "password": f"{_OP}|{_WORDS}|[ \\t]{{1,3}}[^\\s]",
    "phrase": f"{_OP}|{_WORDS}",
    "secret": f"{_OP}|{_WORDS}|{_TOKEN_LIKE}",
    "token": f"{_OP}|{_WORDS}|{_TOKEN_LIKE}",
    "code": f"{_OP}|{_WORDS}|[ \\t]{{1,3}}[^\\s]{{0,7}}[0-9]",
    "id": f"{_OP}|{_WORDS}|[ \\t]{{1,3}}[^\\s]{{0,15}}[0-9]",
    "weak": r"[ \t]{0,3}[=:][ \t]{0,3}(?:\\?[\"'`])?[A-Za-z0-9+/_.~-]{12}",
}
# An aside between a key and its value: "API token (zone edit): …", "password (old one) is …"
_ASIDE = r"(?:[ \t]{1,3}(?:\([^()\n]{1,40}\)|\[[^\[\]\n]{1,40}\]|[—–-][ \t][^—–\n-]{1,40}?[ \t][—–-])|,[^,\n]{1,40}?,)?"
PATTERNS = {
    kind: re.compile(rf"(?i)(?:{words})(?![a-z])(?={_REST}{_ASIDE}(?:{_FOLLOWS[kind]}))")
    for kind, words in KEYWORDS.items()
}
TRIGGERS = {
    "password": (
        "pass",
        "pwd",
        "pw",
        "mdp",
        "kennwort",
        "contrase",
        "senha",
        "wachtwoord",
        "senord",
        "salasana",
        "has",
        "parola",
        "passord",
        "adgangskode",
        "heslo",
        "jelsz",
        "lozinka",
        "ifre",
        "пароль",
        "密码",
        "密碼",
        "パスワード",
        "비밀번호",
        "maiden",
        "answer",
    ),
    "phrase": ("phrase", "mnemonic"),
    "secret": ("secret", "cred", "key"),
    "token": ("token",),
    "code": (
        "pin",
        "code",
        "cvv",
        "cvc",
        "csc",
        "otp",
        "puk",
        "combin",
        "combo",
        "keypad",
        "keycode",
        "lockbox",
    ),
    "id": (
        "ssn",
        "nino",
        "bsn",
        "cpf",
        "aadhaar",
        "personnummer",
        "iban",
        "passport",
        "licen",
        "number",
        "no",
        "nr",
        "id",
    ),
    "weak": ("auth", "sig", "hmac", "session", "sid", "cookie", "salt"),
}
_QUALIFIERS = frozenset(
    "value val base str string plain plaintext raw b64 base64 hex text literal txt "
    "encoded new old current confirm confirmation".split()
)
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+|[^\W\d_A-Za-z]+")
_AFTER = re.compile(
    rf"""(?:\\?["'`]|[\]*)]){{0,4}}+
    (?:[ \t]{{1,3}}(?:\([^()\n]{{1,40}}\)|\[[^\[\]\n]{{1,40}}\]|[—–-][ \t][^—–\n-]{{1,40}}?[ \t][—–-])
        |,[^,\n]{{1,40}}?,)?
    (?:
        [ \t]{{0,3}}(?P<op>=>|:=|===?|=|:|\|)[ \t]{{0,3}}
      | (?P<gt>>)
      | [ \t]{{1,3}}(?:on|{_OF})(?:[ \t]{{1,3}}[^\s.,;:!?=]{{1,30}}){{1,5}}?
        [ \t]{{0,3}}(?P<op2>[:=])[ \t]{{0,3}}
      | (?:[ \t]{{1,3}}(?:on|{_OF})(?:[ \t]{{1,3}}[^\s.,;:!?=]{{1,30}}){{1,5}}?)?
        (?P<word>'s|’s|[ \t]{{1,3}}(?:is[ \t]set[ \t]to|set[ \t]to|should[ \t]be|will[ \t]be|is[ \t]now
                 |is[ \t]still|{_COPULAS}|[—–-]|(?P<to>to)))[ \t]{{1,3}}
      | (?P<bare>[ \t]{{1,3}})
    )
    (?P<open>(?:\\?["'`]|\*{{1,2}})?)""",
    re.X | re.I,
)
_BARE = re.compile(r"[^\s,;'\"`<>)\]}”»]{1,256}")  # a closing quote ends a value told in quotes
_BARE_QUERY = re.compile(r"[^\s,;'\"`<>)\]}&#”»]{1,256}")
_NUMBER_WORDS = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
# A PIN told digit by digit ("4 8 2 1", "four-eight-two-one"), a dial's turns ("left 32, right 17,
# left 5"), or a code of letters, digits and hyphens
_SPELLED_CODE = re.compile(
    rf"(?i)[0-9](?:[ .-][0-9]){{3,11}}(?![0-9])|{_NUMBER_WORDS}(?:[ \t,-]{{1,2}}{_NUMBER_WORDS}){{3,11}}(?![a-z])"
    r"|(?:(?:left|right|l|r)[ \t]{0,2}[0-9]{1,3}[ \t]{0,2}(?:[,;/-]|then)?[ \t]{0,2}){2,5}(?<![ ,;/-])"
)
# a keypad's code may hold its star and hash keys ("41*77", "#2580")
_CODE_VALUE = re.compile(_SPELLED_CODE.pattern + r"|[A-Za-z0-9*#-]{1,24}")
_PHRASE_VALUE = re.compile(r"[^.;\n\"'`]{1,200}")
_XML_VALUE = re.compile(r"([^<\n]{1,256})</")
_VALUE_BEFORE = re.compile(
    r"""(?i)(?<![^\s"'(“‘«])(?P<value>[^\s"'()“”‘«»]{3,64})[ \t]{1,3}
    (?:(?:is|was)[ \t]{1,3}(?:my|the|our|your|his|her|their)|as[ \t]{1,3}(?:my|the|our|a|your))
    (?:[ \t]{1,3}[a-z-]{1,20}){0,2}?[ \t]{1,3}(?:password|passphrase|pin|passcode|pwd)\b""",
    re.X,
)
_CODE_FORM = frozenset({"=", ":=", "==", "===", "=>", ":"})
_USER_BEFORE = re.compile(r"(?i)\b(?:user(?:name)?|login|e-?mail|account)\b")
_CLAUSE_END = re.compile(r"$|[.,;:!?)\n]|[ \t]+(?:and|but|or|for|on|to|at|in|from|via|please)\b")
_BEFORE_A_BARE_PASSWORD = frozenset("with using use default initial temporary temp root admin".split())
# login: alice@example.com / hunter22, credentials: alice | hunter22
# (not `scheme://user:password@host/db`: the URL rule reads a URL's credentials)
_USER_SLASH_PASSWORD = re.compile(
    r"(?i)(?<!://)\b(?:login|credentials?|creds|account|user(?:name)?)[ \t]{0,3}[:=][ \t]{0,3}[^\s/|,;]{1,64}"
    r"[ \t]{0,3}/[ \t]{0,3}(?P<value>[^\s,;]{3,64})"
)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the values of secret-named keys, in code and in prose."""
    for kind, pattern in PATTERNS.items():
        if not shape.holds_any(low, TRIGGERS[kind]):
            continue
        for hit in pattern.finditer(text):
            rest = hit.group("rest")
            if rest and not _only_qualifiers(rest):
                continue  # password_hash, token_expiry, key_id: another key
            before = _word_before(text, hit.start())
            named = _named(kind, hit.group(0).lower(), before, text, hit.end())
            if named is None and kind == "code" and before and before not in NOT_CODE_PREFIXES:
                # "the alarm panel code": the word before the one before names the lock
                earlier = _word_before(text, text.rfind(before, 0, hit.start()))
                named = "code" if earlier in CODE_PREFIXES else None
            if named is None:
                continue
            span = _value(text, hit.start(), hit.end() + len(rest), named)
            if span is not None and not _public_key_id(text, hit.start(), text[span[0] : span[1]]):
                yield span
    if "/" in text:
        for match in _USER_SLASH_PASSWORD.finditer(text):
            value = match.group("value").rstrip(".,:!?)")
            if not shape.is_reference(value) and not shape.is_prose(value):
                yield match.start("value"), match.start("value") + len(value)
    if "pass" in low or "pin" in low or "pwd" in low:
        for match in _VALUE_BEFORE.finditer(text):
            value = match.group("value").rstrip(".,;:!?")
            if shape.looks_like_password(value) and not shape.is_reference(value):
                yield match.start("value"), match.start("value") + len(value)


# An OpenPGP key's id or fingerprint (0x3AA5C34371567BD2): it names a public key, it opens nothing
_KEY_ID = re.compile(
    r"(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40}|(?:[0-9A-F]{4}[ ]{1,2}){9}[0-9A-F]{4})"
)
_PUBLIC_KEY_WORDS = re.compile(r"(?i)gpg|pgp|gnupg|fingerprint|public|signing[ \t]key[ \t]id|key[ \t]id")


def _public_key_id(text: str, start: int, value: str) -> bool:
    return (
        _KEY_ID.fullmatch(value) is not None
        and _PUBLIC_KEY_WORDS.search(text, max(0, start - 24), start + 8) is not None
    )


def _named(kind: str, word: str, before: str, text: str = "", end: int = 0) -> str | None:
    """The class of the key whose last word is `word` (`before` is the word before it, `end` where
    it ends in the text), or None."""
    if kind == "phrase" and word == "mnemonic":
        # a wallet's mnemonic is a secret; "the mnemonic for the planets" is a memory aid, and a
        # recovery phrase by the wordlist is found whatever names it (phrases.py)
        return "phrase" if before in _WALLET_WORDS else None
    if kind == "phrase" and word == "phrase":
        return (
            "phrase"
            if before in ("pass", "seed", "recovery", "secret", "backup", "wallet", "security", "mnemonic")
            else None
        )
    if kind == "secret" and word in ("key", "keys"):
        if before in KEY_PREFIXES:
            return "secret"
        return None if before in NOT_KEYS else "weak"
    if kind == "code" and word in ("code", "codes", "combination", "combo"):
        if before in NOT_CODE_PREFIXES:
            return None  # a zip code for the office is still a zip code
        if before in CODE_PREFIXES:
            return "code"
        # "the code for the door", "the disarm code for the alarm"
        return "code" if _opens_a_lock(text, end) else None
    if kind == "id" and word in ("number", "no", "num", "nr", "id"):
        return "id" if before in ID_PREFIXES else None
    if kind == "id" and word == "passport":
        return "id"
    if kind == "id" and word in ("license", "licence"):
        return "id" if before in ("s", "driver", "drivers", "driving") else None
    return kind


_WALLET_WORDS = frozenset(
    "seed recovery secret backup wallet bip bip39 crypto bitcoin ethereum metamask ledger trezor".split()
)


# What a code opens, named after it: "the code for the door", "the combination to the safe".
LOCKS = CODE_PREFIXES | frozenset(
    "lab office house flat apartment building front back entrance room storage shed wifi lockers".split()
)
_DETERMINERS = frozenset("the my our your his her their a this that its".split()) | {""}
_FOR_WHAT = re.compile(
    r"[ \t]{1,3}(?:for|to|of|on)[ \t]{1,3}(?:(?:the|my|our|your|a|this)[ \t]{1,3})?([A-Za-z]{1,20})"
)


def _opens_a_lock(text: str, end: int) -> bool:
    """After "code" or "combination": "for the door", "to the safe" (a lock, not "for the error")."""
    match = _FOR_WHAT.match(text, end)
    return match is not None and match.group(1).lower() in LOCKS


def _word_before(text: str, start: int) -> str:
    """The word right before a key word: `api` in `api_key`, `apiKey`, `API key`, `x-api-key`."""
    at = start
    if at and text[at - 1] in " _-\t":
        at -= 1
    if text.endswith(("'s", "’s"), max(0, at - 2), at):
        at -= 2  # the safe's combination: the safe's
    end, limit = at, max(0, at - 24)
    while at > limit and text[at - 1].isalpha():
        at -= 1
    return text[at:end].lower()


def _only_qualifiers(rest: str) -> bool:
    """`_value`, `2`, `Base` after the key word: still the same key (`secret_key_base`, `password2`)."""
    words = _CAMEL.findall(rest)
    return all(word.isdigit() or word.lower() in _QUALIFIERS for word in words)


def _key_before(text: str, end: int) -> str:
    """The key's whole identifier, read back from its end (at most 64 characters)."""
    start, limit = end, max(0, end - 64)
    while start > limit and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
        start -= 1
    return text[start:end].lstrip(".-")


def _value(text: str, start: int, end: int, kind: str) -> tuple[int, int] | None:
    """The span of the literal value after the key, or None (no separator, a reference, prose)."""
    after = _AFTER.match(text, end)
    if after is None:
        return None
    key = _key_before(text, end)
    before = text[end - len(key) - 1 : end - len(key)]  # the character before the key
    if before == "$" or text[end - len(key) - 2 : end - len(key)] == "${":
        return None  # $TOKEN, ${PASSWORD:-x}: a shell variable being used, not set
    if after.group("gt") is not None:  # <password>value</password>
        if before != "<":
            return None
        xml = _XML_VALUE.match(text, after.end())
        if xml is None or not _literal(xml.group(1).strip(), kind, "=", True, ""):
            return None
        return xml.span(1)
    op = after.group("op") or after.group("op2")  # `password for wifi: X` is `password: X`
    form = op if op is not None else ("bare" if after.group("bare") is not None else "words")
    if after.group("to") is not None:
        form = "to"  # "change the password to X": only a value that looks like one (a digit, a symbol)
    if op == ":" and before == "/":
        return None  # scheme://user:password@host is the URL rule's
    if kind == "weak" and form not in ("=", ":"):
        return None
    if form == "bare" and (
        kind in ("weak", "phrase")
        or (key.lower() == "pass" and not _USER_BEFORE.search(text, max(0, end - 80), end - len(key)))
    ):
        return None  # "Pass the salt": pass is a verb, unless a user was just named ("user bob, pass X")
    if form == "bare" and kind in ("token", "secret"):
        form = "token-like"  # "token bucket", "secret sauce": only a value that reads as a token
    if (
        form == "bare"
        and kind == "password"
        and _word_before(text, end - len(key)) in _BEFORE_A_BARE_PASSWORD
    ):
        form = "after-with"  # "ssh in with password toor", "default password admin"
    begin = after.end()
    opened = after.group("open")
    if opened and opened[-1] in "\"'`":
        close = text.find(opened, begin, begin + 258)
        if close > begin and "\n" not in text[begin:close]:
            return (begin, close) if _literal(text[begin:close], kind, form, True, key) else None
    if kind == "phrase" or (kind == "password" and form == "words"):
        match = _PHRASE_VALUE.match(text, begin)
        words = match.group(0).split() if match else []
        if kind == "password" and not (3 <= len(words) <= 8 and all(w.isalpha() for w in words)):
            match = _BARE.match(text, begin)  # one word, unless it reads like a passphrase
        elif kind == "password":
            kind = "phrase"
    elif kind == "code":
        match = _CODE_VALUE.match(text, begin)
    else:
        match = (_BARE_QUERY if before in ("?", "&") else _BARE).match(text, begin)
    if match is None:
        return None
    value = match.group(0).rstrip(".,:!?*_").rstrip()
    if form == "after-with" and not _CLAUSE_END.match(text, begin + len(value)):
        return None  # "using password manager software": a noun phrase, not a password
    if not _literal(value, kind, form, False, key):
        return None
    return begin, begin + len(value)


def _literal(value: str, kind: str, form: str, quoted: bool, key: str) -> bool:
    """Is this value the secret itself (not a reference, a placeholder, a count or prose)?"""
    if not value or shape.is_reference(value, key, code=form in _CODE_FORM and not quoted):
        return False
    if kind == "code" and _SPELLED_CODE.fullmatch(value):
        return True
    if kind == "code":
        # three digits ("4921", "12-34-56"), or letters and digits mixed as a code is ("Kx72mq")
        digits = sum(c.isdigit() for c in value)
        letters = sum(c.isalpha() for c in value)
        return (
            3 <= len(value) <= 24
            and (digits >= 3 or (digits > 0 and letters > 0 and len(value) >= 4))
            and all(c.isalnum() or c in "- *#" for c in value)
        )
    if kind == "id":
        digits = sum(c.isdigit() for c in value)
        return digits >= 4 and 5 <= len(value) <= 40 and all(c.isalnum() or c in "-. /" for c in value)
    if kind == "weak":
        return shape.looks_random(value)
    if kind == "phrase":
        first = value.split()[0]
        return len(value) >= 8 and (
            quoted or not (shape.is_prose(first) if " " not in value else shape.is_phrase_prose(first))
        )
    if not quoted and shape.is_prose(value):
        return False
    if form == "token-like":
        return shape.looks_like_token(value)
    if form == "after-with":
        return len(value) >= 3 and not shape.is_prose(value)
    if form in ("bare", "to"):
        return shape.looks_like_password(value)
    if len(value) < 3:
        return False
    if kind == "token" and value.isdigit():
        return False  # max_tokens=4096: a count of tokens, not a token
    if not quoted and value.isalpha() and len(value) < 16:
        if kind in ("token", "secret") and form in ("words", ":", "|"):
            return False  # "token: expires hourly", "the token was revoked": prose, not a value
    return True

"""Secrets named by a key: `password=…`, `"dbPassword": "…"`, `PGPASSWORD=…`, `api key: …`, and
the same stated in words: "my password is …", "the PIN for the door is 4921", "passphrase: …".

One search per class of key finds the words that end a key name (password, api key, token, PIN,
social security number, …), already followed by what can come between a key and its value (`=`,
`:`, "is", "for the … is", or for a password or a code a next word holding a digit or a symbol).
Those searches run in C with bounded windows; each hit then costs a bounded amount of Python: the
rest of the key's identifier must be a qualifier (`secret_key_base`, `password2`), and the value
after the separator must be a literal: a reference (`$VAR`, `os.environ[...]`, `<placeholder>`) or
prose ("the password is stored in the vault") is left alone.

The key words of each class, what may come between a key and its value, and the words that decide
what a key names are data: rules/keys.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets import shape

RULES = ruleset("keys")
P, W = RULES.patterns, RULES.words
KEY_PREFIXES = W.key_prefixes
NOT_KEYS = W.not_keys
CODE_PREFIXES = W.code_prefixes
NOT_CODE_PREFIXES = W.not_code_prefixes  # codes that open nothing (an error's, a zip code)
ID_PREFIXES = W.id_prefixes
# What a code opens, named after it: "the code for the door", "the combination to the safe".
LOCKS = CODE_PREFIXES | W.locks
# asked of every text: bound once, as plain module constants
_VALUE_BEFORE_TRIGGERS = RULES.lists.value_before_triggers
# One search per class of key, each with the strings a text must hold for it to run
_KEYED = RULES.group("keyed")
_SEARCHES = tuple((kind, getattr(RULES.lists, f"{kind}_triggers")) for kind in _KEYED)
_CODE_FORM = frozenset({"=", ":=", "==", "===", "=>", ":"})


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the values of secret-named keys, in code and in prose."""
    for kind, triggers in _SEARCHES:
        if not shape.holds_any(low, triggers):
            continue
        for hit in getattr(_KEYED, kind).finditer(text):
            rest = hit.group("rest")
            if rest.endswith(".") and P.next_sentence.match(text, hit.end() + len(rest)):
                # "there is no password. From memory: Wifi …": the key word ends its sentence and
                # another opens (`db.password: x`, "my password. hunter22" go on as before)
                continue
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
            if _an_options_value(text, hit.start(), hit.end() + len(rest)):
                continue  # `zip -P ZipPass2024 f.zip`, `7z a -pArch1ve#Pw`: the key word is in the value
            span = _value(text, hit.start(), hit.end() + len(rest), named)
            if span is None and named in ("password", "phrase", "code"):
                span = _told_later(text, hit.end() + len(rest), named, hit.group(0))
            if span is None or _public_key_id(text, hit.start(), text[span[0] : span[1]]):
                continue
            if text[span[1] : span[1] + 1] in ('"', "'") and P.attribute_name.fullmatch(text, *span):
                continue  # `key="DbPassword" value="…"`: the next attribute's name, not the value
            yield span
    if "/" in text:
        for match in P.user_slash_password.finditer(text):
            value = match.group("value").rstrip(".,:!?)")
            if not shape.is_reference(value) and not shape.is_prose(value):
                yield match.start("value"), match.start("value") + len(value)
    if shape.holds_any(low, _VALUE_BEFORE_TRIGGERS):
        for match in P.value_before.finditer(text):
            value = match.group("value").rstrip(".,;:!?")
            if shape.looks_like_password(value) and not shape.is_reference(value):
                yield match.start("value"), match.start("value") + len(value)


def _an_options_value(text: str, start: int, end: int) -> bool:
    """Whether the key word at `start`, ending its word at `end`, is inside a command-line option's
    value: a short option's attached value (`-pArch1ve#Pw`) or the word after a short option
    (`-P ZipPass2024`, `-u a:b`). A key with its own `=` (`-o user=a,password=X`) is a key."""
    if end < len(text) and not text[end].isspace():
        return False
    token = start
    while token > 0 and not text[token - 1].isspace() and start - token < 128:
        token -= 1
    if P.attached_option.match(text, token) and token + 2 <= start:
        return True
    return P.short_option_before.search(text, max(0, token - 8), token) is not None


def _public_key_id(text: str, start: int, value: str) -> bool:
    return (
        P.key_id.fullmatch(value) is not None
        and P.public_key_words.search(text, max(0, start - 24), start + 8) is not None
    )


def _named(kind: str, word: str, before: str, text: str = "", end: int = 0) -> str | None:
    """The class of the key whose last word is `word` (`before` is the word before it, `end` where
    it ends in the text), or None."""
    if kind == "phrase" and word == "mnemonic":
        # a wallet's mnemonic is a secret; "the mnemonic for the planets" is a memory aid, and a
        # recovery phrase by the wordlist is found whatever names it (phrases.py)
        return "phrase" if before in W.wallet_words else None
    if kind == "phrase" and word == "phrase":
        return "phrase" if before in W.phrase_prefixes else None
    if kind == "pattern":
        # "the pattern L-shape": a pattern no unlock word names is one only when it is drawn
        return "pattern" if before in W.pattern_prefixes else "drawing"
    if kind == "secret" and word in W.key_words:
        if before in W.wifi_key_prefixes:
            return "password"  # "the wifi key is sunflower": a password, whatever its shape
        if before in W.determiners and P.wifi_before.search(text, max(0, end - 80), end):
            return "password"  # "the wifi is HomeNet and the key's sunflower22"
        if before in KEY_PREFIXES:
            return "secret"
        return None if before in NOT_KEYS else "weak"
    if kind == "code" and word in W.code_words:
        if before in NOT_CODE_PREFIXES:
            return None  # a zip code for the office is still a zip code
        if before in CODE_PREFIXES:
            return "code"
        if word in W.combination_words:
            return "combination"  # "the combination 12-34-56": a combination opens a lock
        # "the code for the door", "the disarm code for the alarm"
        return "code" if _opens_a_lock(text, end) else None
    if kind == "id" and word in W.number_words:
        return "id" if before in ID_PREFIXES else None
    if kind == "id" and word == "passport":
        return "id"
    if kind == "id" and word in W.account_words:
        return "account"  # "Account: 12345678": a bank account's number, told after `:` or "is"
    if kind == "id" and word in W.license_words:
        return "id" if before in W.license_prefixes else None
    return kind


def _opens_a_lock(text: str, end: int) -> bool:
    """After "code" or "combination": "for the door", "to the safe" (a lock, not "for the error")."""
    match = P.for_what.match(text, end)
    return match is not None and match.group(1).lower() in LOCKS


def _word_before(text: str, start: int) -> str:
    """The word right before a key word: `api` in `api_key`, `apiKey`, `API key`, `x-api-key`."""
    at = start
    if at and text[at - 1] in " _-\t":
        at -= 1
    if text.endswith(RULES.lists.possessive, max(0, at - 2), at):
        at -= 2  # the safe's combination: the safe's
    end, limit = at, max(0, at - 24)
    while at > limit and text[at - 1].isalpha():
        at -= 1
    return text[at:end].lower()


def _only_qualifiers(rest: str) -> bool:
    """`_value`, `2`, `Base` after the key word: still the same key (`secret_key_base`, `password2`)."""
    words = P.camel.findall(rest)
    return all(word.isdigit() or word.lower() in W.qualifiers for word in words)


def _key_before(text: str, end: int) -> str:
    """The key's whole identifier, read back from its end (at most 64 characters)."""
    start, limit = end, max(0, end - 64)
    while start > limit and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
        start -= 1
    return text[start:end].lstrip(".-")


def _value(text: str, start: int, end: int, kind: str) -> tuple[int, int] | None:
    """The span of the literal value after the key, or None (no separator, a reference, prose)."""
    after = P.after.match(text, end)
    if after is None:
        return None
    key = _key_before(text, end)
    before = text[end - len(key) - 1 : end - len(key)]  # the character before the key
    if before == "$" or text[end - len(key) - 2 : end - len(key)] == "${":
        return None  # $TOKEN, ${PASSWORD:-x}: a shell variable being used, not set
    if after.group("gt") is not None:  # <password>value</password>
        if before != "<":
            return None
        xml = P.xml_value.match(text, after.end())
        if xml is None or not _literal(xml.group(1).strip(), kind, "=", True, ""):
            return None
        return xml.span(1)
    op = after.group("op") or after.group("op2")  # `password for wifi: X` is `password: X`
    form = op if op is not None else ("bare" if after.group("bare") or after.group("of") else "words")
    if after.group("to") is not None or after.group("asked") is not None or op in _ARROWS:
        # "change the password to X", "my password? X": only a value that looks like one (a digit,
        # a symbol), quoted or not
        form = "to"
    if op == ":" and before == "/":
        return None  # scheme://user:password@host is the URL rule's
    possessive = after.group("possessive") is not None
    if possessive and key.lower() == "pass":
        return None  # "the consolidation pass's proposals": a pass's
    if possessive and kind in ("password", "phrase"):
        form = "named"  # "my password's hunter2", not "the password's hashes": read as told bare
    if kind == "weak" and form not in ("=", ":"):
        return None
    if kind == "account":
        if form not in _CODE_FORM and form != "words":
            return None  # "AWS account 123456789012 hosts the stack": an account's name, told bare
        kind = "id"
    combination = kind == "combination"
    if combination:
        if after.group("of") is not None:
            return None  # "the combination of rice and beans", "a combination of 1234 and 5678"
        kind = "code"
    if kind == "drawing":
        drawn = P.drawn_value.match(text, after.end())
        return drawn.span() if drawn is not None and after.group("of") is None else None
    told_after_user = key.lower() == "pass" and _user_named_before(text, end - len(key))
    if form == "bare" and (
        kind == "weak"
        or (key.lower() == "pass" and not P.user_before.search(text, max(0, end - 80), end - len(key)))
    ):
        return None  # "Pass the salt": pass is a verb, unless a user was just named ("user bob, pass X")
    if form == "bare" and kind in ("token", "secret"):
        form = "token-like"  # "token bucket", "secret sauce": only a value that reads as a token
    if form == "bare" and kind == "pattern":
        form = "named"  # "my unlock pattern Z every time": as a password told bare
    elif form == "bare" and kind in ("password", "phrase") and (key.lower() != "pass" or told_after_user):
        # "ssh in with password toor", "default password admin", "root@host password toor",
        # "with the password toor every morning": a word that is no word of prose about a password
        # ("password manager", "password reset") and ends its clause; a value with a digit or a
        # symbol in it needs no more ("password hunter2 for the NAS")
        form = (
            "after-with"
            if told_after_user or _word_before(text, end - len(key)) in W.before_a_bare_password
            else "named"
        )
        kind = "password"
    begin = after.end()
    opened = after.group("open")
    if (
        form == "named"
        and not possessive
        and text[end : after.start("open")].strip(" \t").lower() not in ("", "of")
    ):
        return None  # `"password", "passwd"`: a list of words in quotes, not a key and its value
    if opened and opened[-1] in "\"'`":
        close = text.find(opened, begin, begin + 258)
        if close > begin and "\n" not in text[begin:close]:
            return (begin, close) if _literal(text[begin:close], kind, form, True, key) else None
    told = _passphrase(text, begin, form, key) if kind == "password" and not opened else None
    if told is not None:
        # "with the password correct horse battery staple", "password: mango tango 88"
        return begin, told
    if kind == "phrase" or (kind == "password" and form == "words"):
        match = P.phrase_value.match(text, begin)
        words = match.group(0).split() if match else []
        if kind == "password" and not (3 <= len(words) <= 8 and all(w.isalpha() for w in words)):
            match = P.bare.match(text, begin)  # one word, unless it reads like a passphrase
        elif kind == "password":
            kind = "phrase"
    elif kind == "code":
        match = P.code_value.match(text, begin)
    elif kind == "pattern":
        match = P.pattern_value.match(text, begin)
    else:
        match = (P.bare_query if before in ("?", "&") else P.bare).match(text, begin)
    if match is None:
        return None
    # a value written tight after its key (`Password=Winter2024!;`) keeps the symbols it ends with
    tight = op in ("=", ":") and not any(c.isspace() for c in text[end:begin])
    value = match.group(0).rstrip(".,:" if tight else ".,:!?*_").rstrip()
    if not opened and value.lower() in W.passphrase_glue and kind in ("password", "phrase"):
        return None  # "I type in my password and then …", "my password is over ten years old": the sentence goes on
    if form in ("after-with", "named") and value.lower() in W.not_bare_values:
        return None  # "the password manager", "my password expired": what a password is or does
    if form == "named" and shape.looks_like_password(value):
        form = "bare"
    elif form in ("after-with", "named") and not P.clause_end.match(text, begin + len(value)):
        return None  # "using password manager software": a noun phrase, not a password
    if not _literal(value, kind, form, False, key):
        return None
    if combination and shape.is_year(value):
        return None  # "the combination 2024 brought": no lock named, a year is a year
    return begin, begin + len(value)


_ARROWS = frozenset({"->", "→"})  # `visit(n) -> PassStmt` in code: after an arrow, a value shaped as one
_PHRASE_FORMS = frozenset({"words", "=", ":", "|", "-", "—", "–"})  # a value told as the password's value
_BARE_FORMS = frozenset({"named", "after-with", "to", "bare"})  # a value told after its name alone


def _passphrase(text: str, begin: int, form: str, key: str) -> int | None:
    """Where a passphrase told in words ends, or None: "with the password correct horse battery
    staple", "password = open sesame", "password for the box: mango tango 88". Words of letters (the
    last may be digits) up to the end of their clause, none of them a word that makes the clause
    prose ("the password I always use", "password: see the vault") or a word said of a password
    ("the password manager app"). After "is" or `:` two words are a passphrase with no word of
    prose in them ("is pretty weak" is prose); after the password's name alone, where prose is
    likelier, three words, a word of prose only as the first ("correct horse battery staple")."""
    bare = form in _BARE_FORMS
    if not bare and form not in _PHRASE_FORMS:
        return None
    if bare and key.lower() not in W.english_password_names:
        return None  # the glue words are English: "Passwort vergessen bitte helfen" is prose
    if bare and key.lower() == "pass":
        return None  # "Pass on the new node to parent state machines": a verb
    at, words = begin, list[str]()
    while len(words) < 8:
        word = P.phrase_word.match(text, at)
        if word is None:
            break
        low = word.group(1).lower()
        if low in W.passphrase_glue or low in shape.FUNCTION_WORDS:
            break
        words.append(low)
        at = word.end()
        if word.group(1).isdigit():
            break  # digits end it: "mango tango 88"
    if len(words) < (3 if bare else 2) or not words[0].isalpha() or not P.clause_end.match(text, at):
        return None
    if shape.is_phrase_prose(words[0]):
        return None  # "La contraseña es obligatoria para entrar", "the password is twelve words"
    if any(word in W.not_bare_values for word in words):
        return None
    prose = [i for i, w in enumerate(words) if shape.is_prose(w) and not (i and w in W.spoken_numbers)]
    if len(prose) > (len(words) > 2) or (bare and prose and prose != [0]):
        return None
    return at


def _told_later(text: str, end: int, kind: str, key: str) -> tuple[int, int] | None:
    """A password told later in the sentence of its name, after a colon or a comma ("the password is
    the same as the dog's name plus 99: Rex99", "pw is still the old one, hunter22"), or a PIN after
    a comma or a verb ("my pin is the same as my birthday, 0612"), where what came right after the
    name was words about it. Only a value shaped as the secret (a password of three kinds of
    character, words joined into one, or letters and a digit ending the clause; a PIN's digits, no
    year; after a colon, a passphrase of words: "my passphrase has four words: timber falcon velvet
    oyster") and only when the words between say nothing of another thing ("password manager
    version: v2.0.1")."""
    later = (P.code_told_later if kind == "code" else P.told_later).match(text, end)
    if later is None:
        return None
    value = later.group("value").rstrip(".!?")
    said = later.group("said")
    if not P.words_between.fullmatch(said) or not any(c.isalpha() for c in said):
        return None  # code (`password = get_password(realm, user)`, `"password": x`), not a sentence
    between = P.camel.findall(said.lower())
    if any(word in W.not_told_later for word in between) or shape.is_reference(value):
        return None
    if kind == "code":
        return None if shape.is_year(value) else later.span("value")
    if text[later.end("said")] == ":":
        words = _passphrase(text, later.start("value"), ":", key)
        if words is not None:
            return later.start("value"), words
    if kind == "phrase":
        return None
    letters = sum(c.isalpha() for c in value)
    ends = P.clause_end.match(text, later.start("value") + len(value)) is not None
    if not (
        P.joined_words.fullmatch(value)
        or (letters >= 2 and _kinds(value) >= 3)
        or (ends and letters >= 3 and shape.looks_like_password(value))  # "…the old one, hunter22"
    ):
        return None
    if "://" in value or "@" in value:
        return None  # an address, the URL rule's
    return later.start("value"), later.start("value") + len(value)


def _kinds(value: str) -> int:
    """How many of lowercase, uppercase, digits and symbols a value holds."""
    return (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
        + any(not c.isalnum() for c in value)
    )


def _phrase_prose(words: list[str], key: str) -> bool:
    """Whether a passphrase's words are prose about it: its first word says so ("stored in the
    vault", "twelve words long"), or a password's opens with whose it is and names no one and nothing
    ("my own business", "our little secret"; not "my dog Rex", nor a passphrase's "our secret
    garden gate"), or says what it is like ("easy to guess", "kind of long"); a number starts a passphrase when the two words after it are no
    prose ("seven silver spoons in a drawer", not "four random words"), unless the key is "pass",
    a word of prose itself ("the forward pass is six layers")."""
    first = words[0].lower()
    if first in W.said_of_it and len(words) > 1 and words[1].lower() in W.passphrase_glue:
        return True  # "easy to guess", "kind of long": what it is like
    if (
        first in W.possessives
        and all(w.isalpha() and w.islower() for w in words[1:])
        and "phrase" not in key.lower()  # after "passphrase is", words are what it is
    ):
        return True  # "my password is my own business": whose it is; "my dog Rex" names one
    spoken = first in W.spoken_numbers and key.lower() != "pass"
    if spoken and len(words) >= 3 and not any(shape.is_prose(w) for w in words[1:3]):
        return False
    return shape.is_phrase_prose(first)


def _user_named_before(text: str, start: int) -> bool:
    """Whether a user is named right before the word "pass" at `start`: "user root pass toor"."""
    named = P.user_then_pass.search(text, max(0, start - 96), start)
    return named is not None and named.group("user").lower() not in W.passphrase_glue


def _literal(value: str, kind: str, form: str, quoted: bool, key: str) -> bool:
    """Is this value the secret itself (not a reference, a placeholder, a count or prose)?"""
    if not value or shape.is_reference(value, key, code=form in _CODE_FORM and not quoted):
        return False
    if kind == "pattern":
        # one letter is a pattern ("Z"); a word of prose is not ("is stored", "lock pattern is easy")
        drawn = value.split()[-1]
        return not shape.is_prose(drawn) and drawn.lower() not in W.not_bare_values
    if kind == "code" and P.spelled_code.fullmatch(value):
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
        words = value.split()
        return len(value) >= 8 and (
            quoted or not (shape.is_prose(words[0]) if len(words) == 1 else _phrase_prose(words, key))
        )
    if not quoted and shape.is_prose(value):
        return False
    if form == "token-like":
        return shape.looks_like_token(value)
    if form in ("after-with", "named") and quoted and " " in value.strip():
        # "use passphrase 'the quick brown fox' to unlock": words in quotes, two of them no glue
        words = value.lower().split()
        said = sum(word not in W.passphrase_glue and not shape.is_prose(word) for word in words)
        return len(words) <= 8 and said >= 2
    if form in ("after-with", "named"):
        return (
            len(value) >= 3
            and not any(c.isspace() for c in value)
            and not shape.is_prose(value)
            and value.lower() not in W.not_bare_values
        )
    if form in ("bare", "to"):
        # "set the router password to river-stone-lamp": words joined into one are a passphrase
        return shape.looks_like_password(value) or P.joined_words.fullmatch(value) is not None
    if len(value) < 3:
        return False
    if kind == "token" and value.isdigit():
        return False  # max_tokens=4096: a count of tokens, not a token
    if not quoted and value.isalpha() and len(value) < 16:
        if kind in ("token", "secret") and form in ("words", ":", "|"):
            return False  # "token: expires hourly", "the token was revoked": prose, not a value
    return True

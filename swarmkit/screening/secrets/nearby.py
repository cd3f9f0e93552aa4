"""A password by its shape, told near words about getting in, in any language and word order:
"Benutze Kx72!mq9 zum Einloggen", "ログインにはr^2Gf2cO#PQを入力", "QP@^RWICKAk^@! gets you into the box",
"creds for the Grafana: admin 7QbNcAqw6B^PKb", "wo de mima shi Kestrel&595".

The other rules read a value where a sentence's grammar puts it; people also tell a password in
sentences no rule foresaw. What they share: a token that no word, name, number, version, path or
id looks like (letters with digits and symbols, three kinds of character; or a long run of letters
whose case changes at random), within a sentence that speaks of logging in, unlocking or a
password. The token is read off as a run of printable ASCII (so it is found between CJK characters
too); each candidate costs a bounded window, so the work is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets import shape
from swarmkit.screening.secrets.logins import METHODS as _METHODS

# Getting in, and the word for a password, in the languages of most speakers (and romanised)
_CONTEXT = re.compile(
    r"(?i)log[ -]?(?:in|on|ged[ \t]in)|login|sign[ -]?(?:in|on)|signin|unlock|get(?:s|ting)?[ \t](?:you[ \t])?"
    r"(?:in|into|on|onto|past|through)|creds|credential|passw|passphrase|passcode|pwd|prompt|keypad|admin|root"
    r"|sudo|ssh|vpn|wi-?fi|router|account|portal|netflix|decrypt"
    r"|einlogg|loggen|logg[ \t]?inn|anmeld|entsperr|kennwort|connect|connexion|d[ée]verrouill|mot de passe|entrar|iniciar sesi|acced|"
    r"desbloque|contrase|clave|senha|logar|accedere|entrare|sbloccare|inlogg|ontgrendel|wachtwoord|zaloguj|"
    r"zalogowa|logowa|odblokuj|has[łl]o|войти|вход|разблок|пароль|парол|登录|登入|登陆|解锁|密码|密碼|ログイン|"
    r"サインイン|ロック解除|パスワード|로그인|잠금|비밀번호|giri[şs]|oturum|[şs]ifre|masuk|sandi|đăng nhập|"
    r"khẩu|khau|เข้าสู่ระบบ|รหัส|लॉग इन|पासवर्ड|تسجيل الدخول|كلمة|סיסמ|κωδικ|σύνθημα|"
    r"kodikos|mima|pasuw|bimilbeonho|al-murur|sisma|parol|jelsz|heslo|lozink|nenosiri|nywila"
)
_TOKEN = re.compile(r"[!-~]{6,96}")
_STRIP_LEFT = "([{<'\"`“‘«"
_STRIP_RIGHT = ".,;:!?)]}>'\"`”’»"
_BEFORE = 80
_AFTER = 60
_TICKET = re.compile(r"[A-Z]{2,10}-[0-9]{1,8}(?:-[0-9]{1,8})*")
_IPV4 = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}(?::[0-9]{1,5})?")
_HEX = re.compile(r"(?:0x)?[0-9a-fA-F]{6,}")
_DATE_TIME = re.compile(r"[0-9]{1,4}(?:[-/.:][0-9]{1,4}){1,3}(?:[a-zA-Z]{1,3})?")
_MEMORY_REF = re.compile(r"[\w.-]+(?:/[\w.-]+)*\.md#(?:[0-9a-f]{8}|L[0-9]{1,7})")
_DIGEST = re.compile(r"(?i)(?:sha(?:1|224|256|384|512)|md5|blake2b?)[:-]")
_SYMBOLS = frozenset("!#$%^&*+=?@~|\\<>_")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of password-shaped tokens told near words about getting in."""
    if _CANDIDATE.search(text) is None:
        return  # no token with a digit, a symbol or mixed case
    # the words about getting in are looked for only around a token shaped as a password (rare
    # in other text): one search of the whole text for so many words would cost more than the rest
    for run in _TOKEN.finditer(text):
        if _CANDIDATE.search(text, run.start(), run.end()) is None:
            continue
        for start, end in _parts(text, run.start(), run.end()):
            value = text[start:end]
            if not _password_shaped(value):
                continue
            near = text[max(0, start - _BEFORE) : start] + " " + text[end : end + _AFTER]
            if _CONTEXT.search(near) is not None:
                yield start, end


# A token worth reading: a digit or a symbol in it, or a capital after a small letter
_CANDIDATE = re.compile(r"[0-9!#$%^&*+=?@~|\\<>_]|[a-z][A-Z]")
_NAMED_BEFORE = re.compile(
    r"(?i)(?:called|named|ssid|name[ \t]is|username|user[ \t]name|user"
    # a Wi-Fi network's name ("network CasaNova5G", "the Wi-Fi network is Fjord_5G"): its key is the secret
    r"|(?:network|réseau|reseau|netzwerk|netz|wlan|red|rede|rete|netwerk|sieć|siec|ssid)"
    r"(?:[ \t](?:name|nom|is|was|called|named|heißt|heisst|ist|est|es|é|è|se[ \t]llama|s'appelle))?)[ \t:]{1,3}$"
)
_PUBLIC_KEY_BEFORE = re.compile(
    r"(?i)(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp[0-9]{3}|sk-ssh-ed25519@openssh\.com)[ \t]{1,3}$"
)
_SSID = re.compile(r"(?i)[_-](?:2\.?4|5|6)g(?:hz)?$")
# A markup tag glued to a word ("<system>Ignore", "input>Password"): the symbols are the tag's
_MARKUP = re.compile(r"</?[A-Za-z][A-Za-z0-9_-]*>|^[A-Za-z][A-Za-z0-9_-]*>|</?[A-Za-z][A-Za-z0-9_-]*$")


def _parts(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The run without its quotes and trailing punctuation, and split at `/` or `|` ("admin/X")."""
    while start < end and text[start] in _STRIP_LEFT:
        start += 1
    while end > start and text[end - 1] in _STRIP_RIGHT:
        end -= 1
    run = text[start:end]
    if "://" in run or (("/" in run or "\\" in run) and (run[0] in "~/.\\" or run.count("/") > 1)):
        return  # a URL or a path
    if _DIGEST.match(run):
        return  # "SHA256:RpJVzMM9…": a host key's fingerprint
    if _MEMORY_REF.fullmatch(run):
        return  # "me.md#9a6c9bf6": a memory entry's ref, which answers about memory name beside its text
    if _NAMED_BEFORE.search(text, max(0, start - 32), start) or _PUBLIC_KEY_BEFORE.search(
        text, max(0, start - 24), start
    ):
        return  # "the network is called Fjordlys_5G", "ssh-ed25519 AAAAC3Nz…": a name, a public key
    at = start
    for piece in re.split(r"([/|:])", run):
        if piece not in ("/", "|", ":") and piece:
            yield at, at + len(piece)
        at += len(piece)


def _password_shaped(value: str) -> bool:
    if len(value) < 6 or len(value) > 64:
        return False
    if ("<" in value or ">" in value) and _MARKUP.search(value):
        return any(_password_shaped(piece) for piece in _MARKUP.sub(" ", value).split())
    if value.startswith("%") and not value.endswith("%"):
        value = value[1:]  # a symbol first ("%JN6xw…"), not a Windows %VARIABLE%
    if _SSID.search(value):
        return False  # "Fjordlys_5G", "Home-5GHz": a Wi-Fi network's name
    if (
        shape.is_reference(value, "", code=True)
        or value.startswith(("-", "#", "~", ".", "_"))
        or "=" in value
    ):
        return False
    if value.lower() in _METHODS or _DIGEST.match(value):
        return False  # "use 1Password to sign in", "SHA256:nThbg6k…" (a host key's fingerprint)
    parts = [part for part in re.split(r"[-_.+/]", value) if part]
    if len(parts) > 1 and all(part.isalpha() or (len(part) <= 3 and "-" in value) for part in parts):
        return False  # words: "Ctrl+Alt+Del", "Office-Guest", "Office-5G"
    if "@" in value and re.search(r"@[A-Za-z0-9-]+\.[A-Za-z]", value):
        return False  # an e-mail address, user@host
    if (
        _TICKET.fullmatch(value)
        or _IPV4.fullmatch(value)
        or _HEX.fullmatch(value)
        or _DATE_TIME.fullmatch(value)
        or shape.is_product(value)
        or shape.is_words_and_versions(value)
    ):
        return False
    lower = sum(c.islower() for c in value)
    upper = sum(c.isupper() for c in value)
    digits = sum(c.isdigit() for c in value)
    symbols = sum(c in _SYMBOLS for c in value)
    other = len(value) - lower - upper - digits - symbols
    if other > 2:
        return False  # dots, hyphens, colons and brackets: a name, a path, a call
    if lower + upper < 2:
        return False
    kinds = (lower > 0) + (upper > 0) + (digits > 0) + (symbols > 0)
    if kinds >= 3 and (len(value) >= 8 or kinds == 4):
        return True
    if digits == 0 and symbols == 0 and len(value) >= 12 and upper >= 3 and lower >= 3:
        switches = sum(1 for a, b in zip(value, value[1:], strict=False) if a.isupper() != b.isupper())
        return switches >= 5 and 0.25 <= upper / len(value) <= 0.75
    return False

"""Passwords and codes given as instructions, in the languages of most speakers: "utilisez X pour
vous connecter", "benutze X zum Anmelden", "usa X para iniciar sesión", "enter 7319 on the keypad to
open the garage", "try <two words> to sign in", "X を使ってログイン", "用X登录".

logins.py reads the English shapes whose grammar it knows; people also give a password as an order
in their own language, with words between it and what it opens. What they share: a verb of using,
trying or typing, the value right after it (or, in languages that put the verb last, right before
it), and within the same sentence a word about getting in (log in, unlock, connect, a password) or,
for a code of digits, about a lock (a keypad, a door, a garage). The value must read as a password:
a digit or a symbol in it, not a product with its version, a method of signing in ("use SSO", "use
1Password"), a URL, an address or a path. Each verb costs a bounded window, so the work is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets import shape
from swarmkit.screening.secrets.logins import METHODS

# The verbs, imperative and infinitive, written before what they use (SVO languages); a verb of two
# words is written with `_` ("key_in"). Latin and Cyrillic ones start and end at a word's edge; the
# CJK and Thai ones (_TOUCHING_VERBS) may touch the value.
_VERB_WORDS = """
use try enter type key_in punch_in put_in punch dial press tap
utilise utilisez utiliser essaye essayez essayer essaie entre entrez entrer tape tapez taper saisis
saisissez saisir mets mettez
usa usar utiliza utilice utilizar prueba pruebe probar introduce introduzca ingresa ingrese escribe
escriba teclea pon ponga
utilize experimente tente digite digita insira introduza coloque coloca
benutze benutz benutzen verwende verwenden nimm nehmen probier probiere gib geben tippe tipp eingeben
usare utilizza utilizzare prova provare inserisci inserire digitare metti
gebruik gebruiken probeer voer typ tik
użyj uzyj używaj wpisz wprowadź wprowadz spróbuj sprobuj
použij použijte pouzij zadej zadejte zkus zkuste použi zadaj
használd használja írd_be próbáld
folosește foloseste folosiți folositi utilizați utilizati introdu încearcă incearca
använd anvand skriv ange bruk brug prøv tast angi indtast
käytä kayta kokeile syötä syota kirjoita
используй используйте введи введите попробуй попробуйте набери наберите
використовуй використовуйте введіть спробуй спробуйте
χρησιμοποίησε χρησιμοποιήστε βάλε βάλτε πληκτρολόγησε πληκτρολογήστε δοκίμασε δοκιμάστε
kullan kullanın kullanin gir girin dene deneyin yaz yazın
gunakan pakai masukkan coba cuba ketik taip
dùng sử_dụng nhập thử gõ
tumia ingiza jaribu gamitin ilagay subukan
استخدم استخدمي استعمل أدخل ادخل جرب جرّب השתמש השתמשי הזן הזיני הקלד הקלידי נסה נסי استفاده_کن وارد_کن
""".split()
# The first word of each verb: a text none of whose words is one is not read further (a set lookup
# per word costs less than the verbs' pattern tried at every character)
_VERB_FIRST_WORDS = frozenset(verb.split("_")[0] for verb in _VERB_WORDS)
_WORD_VERBS = "|".join(
    re.escape(verb).replace("_", r"[ \t]") for verb in sorted(_VERB_WORDS, key=len, reverse=True)
)
_TOUCHING_VERBS = r"用|使用|输入|輸入|键入|鍵入|ใช้|ป้อน|ลอง|กรอก"
_TOUCHING = re.compile(_TOUCHING_VERBS)
# The polite "you" after an imperative: "benutzen Sie X", "utilisez-vous", "use usted X"
_POLITE = r"sie|vous|usted|ustedes|você|voce|lei|u|pan|pani|вы|siz|jij|ni|du"
# An ASCII token (quotes aside), so a value is read off between CJK characters too
_TOKEN = r"[!#-&(-_a-~]{3,64}"
_VERB_FIRST = re.compile(
    rf"(?i)(?:(?<![^\W\d_])(?:{_WORD_VERBS})(?![^\W\d_])(?:[ \t]{{1,3}}(?:{_POLITE})(?![^\W\d_]))?[ \t]{{1,3}}"
    rf"|(?:{_TOUCHING_VERBS})[ \t]{{0,3}})"
    rf"(?P<open>[\"'`“‘«]?)(?P<value>{_TOKEN})(?:[\"'`”’»]?[ \t]{{1,3}}(?P<second>{_TOKEN}))?"
)
# The verb after the value (Japanese, Korean, Hindi, Bengali, Urdu, Persian, Turkish). The verb is
# found first and the value read off the text just before it: a pattern that starts with the value
# would try every position of a long run of token characters (16,000 of them cost 73 ms a line).
_VERB_LAST = re.compile(
    r"[\"'`”’»]?[ \t]{0,3}"
    r"(?:を使って|を使用|を入力|を打ち込|でログイン|でサインイン|で解除|で開"
    r"|(?:을|를|로|으로)[ \t]?(?:사용|입력|로그인|잠금)"
    r"|(?:का[ \t]उपयोग|का[ \t]इस्तेमाल|डालें|डालो|दर्ज[ \t]कर|से[ \t]लॉग)"
    r"|(?:ব্যবহার|দিয়ে|লিখুন)|(?:استعمال[ \t]کر|سے[ \t]لاگ|درج[ \t]کر)|(?:را[ \t](?:وارد|بزن|استفاده|تایپ))"
    r"|'?(?:[yn]?[ıiuü])?[ \t](?:kullan|gir|yaz|dene)|[ \t]ile[ \t](?:giriş|gir|aç))"
)
_VALUE_BEFORE = re.compile(rf"(?P<open>[\"'`“‘«]?)(?P<value>{_TOKEN})\Z")
# Getting in, and the word for a password, in those languages
_PURPOSE = re.compile(
    r"(?i)log[ \t-]?(?:in|on)|login|sign[ \t-]?(?:in|on)|signin|unlock|get[ \t](?:in|into|past|through)"
    r"|authenticat|passw|passphrase|passcode|credential|sudo"
    r"|einlogg|anmeld|entsperr|kennwort|connexion|connecter|d[ée]verrouill|mot[ \t]de[ \t]passe|identifi"
    r"|entrar|iniciar[ \t]sesi|acced|desbloque|contrase|logar|login|senha|autentica|accedere|sbloccare"
    r"|inlogg|in[ \t]te[ \t]loggen|loggen|ontgrendel|wachtwoord|aanmeld|zaloguj|zalogowa|logowa|odblokuj|has[łl]o|přihlás|prihlas|odemk"
    r"|heslo|bejelentkez|jelsz|autentific|deblo|parol|logga[ \t]in|logge[ \t]inn|låsa[ \t]upp|låse[ \t]opp"
    r"|kirjaudu|salasana|войти|вход|разблок|пароль|увійти|розблок|σύνδεσ|συνδεθ|ξεκλείδ|κωδικ"
    r"|giri[şs]|oturum|[şs]ifre|masuk|sandi|đăng[ \t]nhập|mở[ \t]khóa|mật[ \t]khẩu|ingia|nenosiri|mag-log"
    r"|تسجيل|الدخول|كلمة|להתחבר|כניסה|סיסמ|ورود|رمز|लॉग|पासवर्ड|अनलॉक|লগইন|পাসওয়ার্ড|لاگ"
    r"|登录|登入|登陆|解锁|密码|密碼|ログイン|サインイン|ロック|パスワード|로그인|잠금|비밀번호|เข้าสู่ระบบ|ปลดล็อก|รหัส"
)
# Reaching a thing, which a product also does ("use Ubuntu22.04 to access the lab"): a value shaped as
# a product's name with its version is a password only where the words say logging in
_ACCESS = re.compile(r"(?i)connect|access|acced|zugang|conecta|entrar|open|ssh|vpn")
# What a code of digits opens: a keypad, a door, a safe, a phone (in those languages)
_LOCK = re.compile(
    r"(?i)keypad|door|gate|garage|alarm|safe|lock|locker|vault|padlock|lockbox|building|entry|intercom|buzzer"
    r"|phone|tablet|laptop|pin|passcode|unlock|tür|tor\b|tresor|schloss|porte|portail|alarme|coffre|cadenas"
    r"|digicode|clavier|puerta|port[óo]n|garaje|alarma|candado|teclado|porta|port[ãa]o|garagem|cofre|cancello"
    r"|allarme|tastierino|deur|poort|kluis|drzwi|brama|sejf|domofon|klawiatur|дверь|двери|ворот|гараж|сейф"
    r"|замок|домофон|ドア|金庫|门|保险箱|门禁|키패드|도어|kap[ıi]|kilit|pintu|cửa"
)
_CONNECTORS = frozenset(
    "to for when and pour para per zum zur um om aby żeby чтобы для untuk để för til jotta pro pentru για kwa".split()
)
_WINDOW = 72
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)|\n")
_STRIP_RIGHT = ".,;:?)]}>'\"`”’»"
_VERSION = re.compile(r"v?[0-9]+(?:\.[0-9]+)+[a-z0-9.-]*")
_DATE_TIME = re.compile(r"[0-9]{1,4}(?:[-/.:][0-9]{1,4}){1,3}(?:[a-zA-Z]{1,3})?")
_IPV4 = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}(?::[0-9]{1,5})?")
_HINTS = re.compile(r"[0-9!#$%^&*+=?@~|\\<>_]")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the passwords and codes given as what to use, try or type to get in."""
    if _HINTS.search(text) is None:
        return  # every value taken has a digit or a symbol in it
    ascii_only = text.isascii()
    words = low.split() if ascii_only else text.lower().split()  # `low` folds ASCII letters only
    if not _VERB_FIRST_WORDS.isdisjoint(words) or (not ascii_only and _TOUCHING.search(text)):
        for match in _VERB_FIRST.finditer(text):
            yield from _instructed(text, match, verb_first=True)
    if not ascii_only:
        for verb in _VERB_LAST.finditer(text):
            at = verb.start()
            before = _VALUE_BEFORE.search(text, max(0, at - 65), at)
            if before is not None:
                yield from _instructed(text, before, verb_first=False)


def _instructed(text: str, match: re.Match, verb_first: bool) -> Iterator[tuple[int, int]]:
    start = match.start("value")
    value = _trimmed(match.group("value"))
    spans = [(start, start + len(value))]
    second = match.group("second") if verb_first else None
    if second is not None and not _readable(value):
        # "try purplemonkey dishwasher7 to sign in": a password of two words, told before the purpose
        rest = _trimmed(second)
        after = text[match.end("second") :].split(None, 1)
        # the purpose after the two words ("… to sign in"), or before the verb at the sentence's end
        # ("To sign in, try <word> <word7>.")
        purpose_after = bool(after) and after[0].lower() in _CONNECTORS
        purpose_before = (not after or _SENTENCE_END.match(text, match.end("second") - 1) is not None) and (
            _PURPOSE.search(_sentence(text, match.start(), match.start())) is not None
        )
        if (
            value.isalpha()
            and value.islower()
            and len(value) >= 4
            and not shape.is_prose(value)
            and _readable(rest)
            and (purpose_after or purpose_before)
        ):
            spans = [(start, match.start("second") + len(rest))]
            value = rest
        else:
            return
    if not _readable(value):
        return
    begin, end = spans[0]
    window = _sentence(text, begin, end)
    if value.isdigit():
        if 4 <= len(value) <= 10 and _LOCK.search(window) is not None:
            yield begin, end
        return
    logging_in = _PURPOSE.search(window) is not None
    if not logging_in and _ACCESS.search(window) is None:
        return
    bare = value.rstrip("!")
    if shape.is_product(value) and (_named_like_a_product(bare) or not logging_in):
        return  # "use Node18 to log in", "use Python3 to connect": a product
    yield begin, end


def _trimmed(value: str) -> str:
    while value and value[-1] in _STRIP_RIGHT:
        value = value[:-1]
    return value


def _sentence(text: str, begin: int, end: int) -> str:
    """The words around a value within its sentence: what it is for."""
    left = text[max(0, begin - _WINDOW) : begin]
    cut = list(_SENTENCE_END.finditer(left))
    if cut:
        left = left[cut[-1].end() :]
    right = text[end : end + _WINDOW]
    stop = _SENTENCE_END.search(right)
    return left + " " + (right[: stop.start()] if stop else right)


def _readable(value: str) -> bool:
    """A value that reads as a password or a PIN (a digit or a symbol in it), not a name."""
    bare = value.rstrip("!")
    low = bare.lower()
    if len(bare) < 4 or len(value) > 64 or low in METHODS:
        return False
    if (
        shape.is_reference(value)
        or shape.is_prose(bare)
        or "://" in value
        or value.startswith(("-", "/", "~", "."))
    ):
        return False
    if "@" in value and re.search(r"@[A-Za-z0-9-]+\.[A-Za-z]", value):
        return False  # an address
    if value.isdigit():
        return not shape.is_year(value)
    if (
        _VERSION.fullmatch(low)
        or _DATE_TIME.fullmatch(value)
        or _IPV4.fullmatch(value)
        or shape.is_words_and_versions(bare)
    ):
        return False
    parts = [part for part in re.split(r"[-_.+/]", bare) if part]
    if all(part.isalpha() for part in parts):
        return False  # words: "ssh-agent", "Ctrl+Alt+Del", "Bonjour!"
    has_letter = any(c.isalpha() for c in value)
    has_mark = any(c.isdigit() for c in value) or any(not c.isalnum() for c in value)
    return has_letter and has_mark


def _named_like_a_product(value: str) -> bool:
    """`WPA3`, `Qt6`, `Windows11`, `Node18`: capitals, or a capital and a short word; `Sunflower7`
    and `hunter22` may be passwords."""
    letters = [c for c in value if c.isalpha()]
    if not letters or all(c.isupper() for c in letters):
        return True
    return letters[0].isupper() and len(letters) < 6

"""Passwords stated in the languages of most of the world's speakers, beyond the European ones the
key rules read (keys.py): Chinese, Japanese, Korean, Hindi, Bengali, Urdu, Arabic, Persian, Hebrew,
Greek, Russian and Ukrainian, Turkish, Indonesian and Malay, Vietnamese, Thai, Swahili, Tamil,
Telugu, Marathi, Punjabi, Amharic, Filipino, Polish, Romanian, ...

These languages put a password's value where their grammar does: right after a particle with no
space ("パスワードはsakura2024です", "密码是abc123"), before the verb ("मेरा पासवर्ड Kx72mq है",
"رمز عبور من Kx72mq است"), or after a copula ("mật khẩu là …", "kata sandi saya adalah …",
"nenosiri langu ni …", "şifrem …"). What they share: the password itself is written in Latin
letters, digits and symbols while the words around it are not, or are a few short words. So the
value is the first ASCII token within a short window after the word for password that reads as a
password (a digit or a symbol in it, or quoted), before the sentence ends; dates, times, counts
("8文字", "12 ký tự"), URLs and references are not values. Each keyword costs a bounded window.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from swarmkit.screening.secrets.shape import is_prose, is_reference, looks_like_password

# The word for "password" (and for a PIN) in each language; the Latin-script ones are matched at a
# word start, with any suffix (Turkish şifrem, şifresi; Indonesian sandinya).
_SCRIPT_WORDS = (
    "パスワード|暗証番号|パスコード|合言葉|密码|密碼|口令|비밀번호|패스워드|암호|비번|"
    "كلمة المرور|كلمة السر|كلمة مرور|الرقم السري|رمز المرور|رمز الدخول|"
    "סיסמה|סיסמא|קוד הכניסה|κωδικός|κωδικό|κωδικού|συνθηματικό|"
    "पासवर्ड|कूटशब्द|পাসওয়ার্ড|পাসওয়ার্ড|پاس ورڈ|پاسورڈ|رمز عبور|گذرواژه|رمز|"
    "пароль|пароля|паролі|паролем|рұқсат сөз|"
    "รหัสผ่าน|รหัส|கடவுச்சொல்|పాస్‌వర్డ్|పాస్వర్డ్|ਪਾਸਵਰਡ|પાસવર્ડ|ಪಾಸ್‌ವರ್ಡ್|പാസ്‌വേഡ്|የይለፍ ቃል|"
    "mật khẩu|mat khau|"
    # Armenian, Georgian, Kazakh/Kyrgyz, Mongolian, Bulgarian/Serbian/Macedonian, Amharic (ቃል, ቃሌ "my"),
    # Assamese, Odia, Sinhala, Khmer, Lao, Burmese, Nepali, Tajik, Pashto, Kurdish (Sorani)
    "գաղտնաբառ|ծածկագիր|პაროლი|პაროლს|საიდუმლო კოდი|құпия сөз|құпиясөз|сырсөз|нууц үг|парола|лозинка|лозинку|"
    "የይለፍ ቃ|የሚስጥር ቁጥር|পাছৱৰ্ড|গুপ্তশব্দ|ପାସୱାର୍ଡ|මුරපදය|මුරපදය|ពាក្យសម្ងាត់|ລະຫັດຜ່ານ|စကားဝှက်|"
    "गोप्यशब्द|паролро|парол|рамз|پټنوم|وشەی نهێنی|وشەی تێپەڕ"
)
# Latin-script words, written without their accents: each letter also matches its accented forms
# and combining marks ("jelszo" reads jelszó, "oro asina" reads Ọ̀rọ̀ aṣínà, "sifre" reads şifrə).
_LATIN_PLAIN = (
    "kata sandi|kata laluan|kata kunci laluan|sandi|sifre|sifra|nenosiri|neno la siri|haslo|heslo|parola"
    "|lozinka|geslo|salasana|jelszo|jelszav|clave|nywila"
    # Nordic, Dutch/Flemish/Afrikaans, Estonian, Lithuanian, Albanian, Basque, Catalan/Galician,
    # Uzbek/Azeri/Turkmen, Yoruba, Hausa, Igbo, Somali, Zulu/Xhosa, Malagasy, Welsh, Irish,
    # Icelandic, Esperanto, Haitian Creole, Luxembourgish, Sundanese, Spanish slang ("mi contra")
    "|passord|adgangskode|kodeord|losenord|wachtwoord|paswoord|wagwoord|toegangscode|parool|salasona"
    "|slaptazodis|fjalekalim|pasahitz|contrasenya|contrasinal|parol|maxfiy so'z|acar sozi"
    "|oro asina|oro igbaniwole|kalmar sirri|kalmar wucewa|okwuntughe|erayga sirta|furaha sirta"
    "|iphasiwedi|iphaswedi|teny miafina|cyfrinair|pasfhocal|lykilord|pasvorto|modpas|passwuert"
    "|kecap konci|mi contra|la contra|tu contra|su contra|gyfrinair|nghyfrinair|chyfrinair|phasfhocal"
    # a Wi-Fi network's key, named in French, German, Italian, Dutch, Spanish, Portuguese
    "|cle wpa|cle wifi|cle wi-fi|cle de securite|cle reseau|cle du reseau|wlan-schlussel|wlan-passwort"
    "|wlan schlussel|netzwerkschlussel|wpa-schlussel|wifi-schlussel|chiave wifi|chiave wpa|wifi-sleutel"
    "|netwerksleutel|clave wpa|chave wifi|chave wpa|chave de seguranca"
)
_COMBINING = "[\u0300-\u036f]*"


def _loose(words: str) -> str:
    """A pattern of plain Latin words that also matches them with accents and combining marks."""
    import unicodedata

    forms: dict[str, set[str]] = {}
    for code in list(range(0xC0, 0x250)) + list(range(0x1E00, 0x1F00)):
        char = chr(code)
        base = unicodedata.normalize("NFD", char)[0].lower()
        if base.isascii() and base.isalpha():
            forms.setdefault(base, set()).add(char)
    for base, extra in (
        ("d", "ðđ"),
        ("o", "øœ"),
        ("l", "ł"),
        ("i", "ı"),
        ("a", "æ"),
        ("h", "ħ"),
        ("e", "əɛ"),
    ):
        forms.setdefault(base, set()).update(extra)
    out = []
    for char in words:
        if char.isalpha():
            out.append("[" + char + char.upper() + "".join(sorted(forms.get(char, ()))) + "]" + _COMBINING)
        elif char == "'":
            out.append("['ʻ’`]?")
        elif char == " ":
            out.append("[ \t]{1,3}")
        else:
            out.append(re.escape(char))
    return "".join(out)


_BORROWED = r"(?<![A-Za-z])(?:password|passcode|pin)(?=[A-Za-z]{0,4}[ \t]{1,3}(?:[^\s]{1,12}[ \t]{1,3}){0,2}(?:adalah|ialah|ay|là|ni|este)[ \t])"
_SCRIPT_KEYWORD = re.compile(rf"(?i){_SCRIPT_WORDS}")
_BORROWED_KEYWORD = re.compile(rf"(?i){_BORROWED}")
_WINDOW = 64
_SENTENCE_END = re.compile(r"[。！？؟।\n]|[.;,،、，!?](?:\s|$)")
_ASCII_RUN = re.compile(r"[!-~]+")
_QUOTES_BEFORE = "「『“\"'«‘《〈【"
# ASCII words that are no value: a date, a time, a version, a count with its unit, a size, a URL
_NOT_VALUES = re.compile(
    r"(?i)[0-9]{4}[-/.][0-9]{1,2}(?:[-/.][0-9]{1,2})?|[0-9]{1,2}[-/.][0-9]{1,2}[-/.][0-9]{2,4}"
    r"|[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?:am|pm)?|v?[0-9]+(?:\.[0-9]+)+|[0-9]+(?:%|\+|x|k|kb|mb|gb|h|s|min)"
    r"|(?:wi-?fi|e-?mail|2fa|mfa|otp|sms|pin|ssh|vpn|usb|id)"
)
# What a number is counted in, right after it: years, characters, digits, times, days
_COUNTERS = "年月日個个位文字字符桁字回次分時秒人件歳자개글번일시초월년"
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_EMAIL = re.compile(r"@[A-Za-z0-9-]+\.[A-Za-z]")
_TRAILING = ".,:;!?)]}>'\"*"


@functools.cache
def _latin_keyword() -> re.Pattern[str]:
    # compiled on first use: the accent-tolerant alternation of every Latin-script word costs
    # about 150 ms to compile, which a one-shot command whose texts name no such word never pays
    latin_words = (
        r"(?<![^\W\d_])(?:"
        + "|".join(_loose(word) for word in _LATIN_PLAIN.split("|"))
        + r")(?=[^\W\d_]{0,5}(?![^\W\d_]))"  # a suffix (şifrem, sandinya), not another word (haslocaldir)
    )
    return re.compile(rf"(?i){latin_words}")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of passwords stated in these languages."""
    if _MAY_HOLD_A_VALUE.search(text) is None:
        return  # a value has a digit or a symbol in it, or is quoted
    keywords = []
    if not text.isascii() or "mat khau" in low:
        keywords.append(_SCRIPT_KEYWORD)
    folded = low if text.isascii() else _fold(low)
    if _LATIN_HINTS.search(folded):
        keywords.append(_latin_keyword())
    if "pass" in low or "pin" in low:
        keywords.append(_BORROWED_KEYWORD)
    for keyword in keywords:
        for match in keyword.finditer(text):
            span = _value_after(text, match.end())
            if span is not None:
                yield span


_MAY_HOLD_A_VALUE = re.compile(r"[0-9!#$%^&*=~|\\@<>{}\[\]+_/]|[「『“\"«‘《〈【]")


def _fold(low: str) -> str:
    """The text without its accents, to tell cheaply whether a Latin-script keyword may be in it."""
    import unicodedata

    return unicodedata.normalize("NFKD", low.lower()).translate(_FOLD)


_FOLD: dict[int, str | None] = {
    ord(c): None
    for c in "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030a\u030b\u030c\u0323\u0327\u0328"
}
_FOLD.update(
    {ord("ł"): "l", ord("ı"): "i", ord("ə"): "e", ord("ð"): "d", ord("ø"): "o", ord("ʻ"): "'", ord("’"): "'"}
)
_LATIN_HINTS = re.compile(
    r"clave|nywila|sandi|laluan|sifr|nenosiri|siri|haslo|heslo|parol|parool|lozinka|geslo|salas|jelsz|mat khau"
    r"|passord|adgangskode|kodeord|senord|wachtwoord|paswoord|wagwoord|toegangscode|slaptazod|fjalekalim"
    r"|pasahitz|contras|maxfiy|acar soz|asina|igbaniwo|kalmar |okwuntughe|sirta|iphas|miafina|yfrinair"
    r"|asfhocal|lykilor|pasvorto|modpas|passwuert|konci|contra|cle w|cle de s|cle r|cle du r|schlussel"
    r"|wlan-pass|chiave w|sleutel|chave "
)


def _value_after(text: str, at: int) -> tuple[int, int] | None:
    window_end = min(len(text), at + _WINDOW)
    stop = _SENTENCE_END.search(text, at, window_end)
    if stop is not None:
        window_end = stop.start()
    words = 0
    for run in _ASCII_RUN.finditer(text, at, window_end):
        start, value = run.start(), run.group(0)
        stripped = value.lstrip(":=-—(['\"`*").rstrip(_TRAILING)
        start += len(value) - len(value.lstrip(":=-—(['\"`*"))
        if len(stripped) < 3:
            continue  # particles and fragments of words in other scripts ("c" of "của")
        quoted = start > 0 and text[start - 1] in _QUOTES_BEFORE
        if stripped.replace("'", "").replace("’", "").isalpha() and not quoted:
            words += 1
            if words > 3:
                return None  # a sentence in Latin letters: not a stated value
            continue
        end = start + len(stripped)
        if _is_value(text, stripped, end, quoted):
            return start, end
        if not quoted and not stripped.isalnum():
            return None
    return None


def _is_value(text: str, value: str, end: int, quoted: bool) -> bool:
    if is_reference(value) or "://" in value or _EMAIL.search(value) or value.lower().startswith("www."):
        return False
    if _NOT_VALUES.fullmatch(value):
        return False
    if value.isdigit() and end < len(text) and text[end] in _COUNTERS:
        return False
    if not quoted and _YEAR.fullmatch(value):
        return False  # "on parole in 2019": a year, not a PIN
    if quoted:
        return len(value) >= 3 and not is_prose(value)
    return looks_like_password(value)

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

import re
from collections.abc import Iterator

from swarmkit.memory.screening.secrets.shape import is_prose, is_reference, looks_like_password

# The word for "password" (and for a PIN) in each language; the Latin-script ones are matched at a
# word start, with any suffix (Turkish şifrem, şifresi; Indonesian sandinya).
_SCRIPT_WORDS = (
    "パスワード|暗証番号|パスコード|合言葉|密码|密碼|口令|비밀번호|패스워드|암호|비번|"
    "كلمة المرور|كلمة السر|كلمة مرور|الرقم السري|رمز المرور|رمز الدخول|"
    "סיסמה|סיסמא|קוד הכניסה|κωδικός|κωδικό|κωδικού|συνθηματικό|"
    "पासवर्ड|कूटशब्द|পাসওয়ার্ড|পাসওয়ার্ড|پاس ورڈ|پاسورڈ|رمز عبور|گذرواژه|رمز|"
    "пароль|пароля|паролі|паролем|рұқсат сөз|"
    "รหัสผ่าน|รหัส|கடவுச்சொல்|పాస్‌వర్డ్|పాస్వర్డ్|ਪਾਸਵਰਡ|પાસવર્ડ|ಪಾಸ್‌ವರ್ಡ್|പാസ്‌വേഡ്|የይለፍ ቃል|"
    "mật khẩu|mat khau"
)
_LATIN_WORDS = (
    r"(?<![A-Za-zÀ-ɏ])(?:kata sandi|kata laluan|kata kunci laluan|sandi|şifre|sifre|nenosiri|neno la siri"
    r"|hasło|haslo|heslo|parolă|parola|lozinka|geslo|salasana|jelszó|jelszo|clave|nywila)"
    r"(?=[^\W\d_]{0,5}(?![^\W\d_]))"  # a suffix (şifrem, sandinya), not another word (haslocaldir)
)
_BORROWED = r"(?<![A-Za-z])(?:password|passcode|pin)(?=[A-Za-z]{0,4}[ \t]{1,3}(?:[^\s]{1,12}[ \t]{1,3}){0,2}(?:adalah|ialah|ay|là|ni|este)[ \t])"
_KEYWORD = re.compile(rf"(?i)(?:{_SCRIPT_WORDS})|{_LATIN_WORDS}|{_BORROWED}")
_WINDOW = 64
_SENTENCE_END = re.compile(r"[。！？!?؟।\n]|[.;,،、，](?:\s|$)")
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
_EMAIL = re.compile(r"@[A-Za-z0-9-]+\.[A-Za-z]")
_TRAILING = ".,:;!?)]}>'\"*"


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of passwords stated in these languages."""
    if text.isascii() and not _ASCII_HINTS.search(low):
        return
    for match in _KEYWORD.finditer(text):
        span = _value_after(text, match.end())
        if span is not None:
            yield span


_ASCII_HINTS = re.compile(
    r"clave|nywila|sandi|laluan|sifre|nenosiri|siri|haslo|heslo|parol|lozinka|geslo|salasana|jelszo|mat khau|password|passcode|pin"
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
        if stripped.isalpha() and not quoted:
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
    if quoted:
        return len(value) >= 3 and not is_prose(value)
    return looks_like_password(value)

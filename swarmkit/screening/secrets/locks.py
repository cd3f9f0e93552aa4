"""Codes that open a lock, told in any language: "Mein Tresor im Hotel hat den Code 3323", "le
digicode de l'immeuble c'est 975962", "el código de la puerta es 4410", "kod do domofonu 2580".

The English shapes are read where keys.py reads a key ("the door code is 4821"); other languages put
the lock and the code in any order with a few words between. A code word and a lock word within one
short window, then the digits (3 to 8, or told digit by digit) within a few words after the code
word. A year after a word of time ("seit 2019", "depuis 2021") is no code, nor an error's or a
zip code's number.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets.keys import NOT_CODE_PREFIXES
from swarmkit.screening.secrets.shape import holds_any

_CODE_WORD = re.compile(
    r"(?i)(?<![^\W\d_])(?:code|codes|codice|c[óo]digo|kod|kodu|kodas|koodi|kóði|combination|kombination|combinaison"
    r"|combinaci[óo]n|combinazione|combinatie|kombinacja|pin|digicode|türcode|torcode|alarmcode|zahlencode)"
    r"(?![^\W\d_])|код|コード|暗証番号|密码|密碼|비밀번호|번호"
)
_LOCK_WORD = re.compile(
    r"(?i)door|gate|garage|alarm|safe|lock|keypad|locker|vault|padlock|lockbox|building|entry|intercom|buzzer"
    r"|tür|tor\b|tresor|schloss|schließfach|haustür|eingang|porte|portail|alarme|coffre|cadenas|digicode"
    r"|interphone|immeuble|casier|puerta|port[óo]n|portal|garaje|alarma|caja[ \t]fuerte|candado|taquilla"
    r"|porta|port[ãa]o|garagem|cofre|cadeado|cancello|allarme|cassaforte|lucchetto|citofono|deur|poort|kluis"
    r"|slot|drzwi|brama|gara[żz]|sejf|k[łl]ódk|domofon|дверь|двери|ворот|гараж|сигнализац|сейф|замок|домофон"
    r"|подъезд|ドア|金庫|玄関|ロッカー|门|保险箱|保险柜|门禁|密码锁|도어락|현관|금고|kap[ıi]|kasa|kilit"
)
_DIGITS = re.compile(r"(?<![0-9:/.,-])(?:[0-9]{3,8}|[0-9](?:[ -][0-9]){3,7})(?![0-9]|[:/.,][0-9])")
_ASCII_HINTS = ("cod", "kod", "pin", "combin", "kombin", "koodi")
_WINDOW = 48
_WORDS_BETWEEN = 6
_TIME_WORDS = re.compile(
    r"(?i)(?:in|im|since|seit|depuis|desde|dal|sinds|od|от|с|en|year|jahr|année|año|anno)[ \t]{1,3}$"
)
_NOT_LOCK_CODES = NOT_CODE_PREFIXES | frozenset(
    "fehler erreur errore postal postale postleitzahl rabatt promo gutschein iso swift bic".split()
)
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_SENTENCE_END = re.compile(r"[.!?。](?:\s|$)|\n")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of lock codes told near a lock's name."""
    if not any(c.isdigit() for c in text):
        return
    if text.isascii() and not holds_any(low, _ASCII_HINTS):
        return  # the code words in Latin letters all hold one of these
    for code in _CODE_WORD.finditer(text):
        near = text[max(0, code.start() - _WINDOW) : code.end() + _WINDOW]
        if _LOCK_WORD.search(near) is None:
            continue
        before = text[max(0, code.start() - 24) : code.start()].split()
        if before and before[-1].lower().rstrip("-") in _NOT_LOCK_CODES:
            continue
        end = min(len(text), code.end() + _WINDOW)
        stop = _SENTENCE_END.search(text, code.end(), end)
        digits = _DIGITS.search(text, code.end(), stop.start() if stop else end)
        if digits is None:
            continue
        between = text[code.end() : digits.start()]
        if len(between.split()) > _WORDS_BETWEEN:
            continue
        if _YEAR.fullmatch(digits.group(0)) and _TIME_WORDS.search(between):
            continue  # "the door code changed in 2023"
        yield digits.span()

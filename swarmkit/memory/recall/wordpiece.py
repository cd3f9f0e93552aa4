"""BERT's WordPiece tokenizer, read from a model's tokenizer.json: text → token ids, as Hugging Face's
`tokenizers` gives them for the BERT models recall runs (BertNormalizer, BertPreTokenizer, WordPiece,
[CLS] … [SEP]).

Hand-written rather than the `tokenizers` package because it is all a sentence model's encoder
needs of it (ids, no offsets, one sequence) and a few hundred lines: the package is 8 MB installed
and pulls huggingface-hub and its own dependencies into the base install (19 MB more). Exact:
tests/memory/recall/test_wordpiece.py compares every id with `tokenizers` on every turn of LoCoMo's
dev conversations and on every Unicode character. A tokenizer.json of another shape (BPE, a
normalizer that is no BertNormalizer, an added token matched after normalizing) is Unsupported: the
encoder then uses `tokenizers` when the semantic extra is installed, and says so otherwise.

The steps, as `tokenizers` runs them:
1. added tokens ("[CLS]", "[MASK]", …) are cut out of the raw text, each one id;
2. the rest is normalized: control characters dropped, whitespace made a space, CJK ideographs
   spaced apart, accents stripped (NFD, nonspacing marks dropped) and each character lowercased;
3. split at whitespace, each punctuation character a word of its own;
4. each word is cut into the longest pieces the vocabulary holds, left to right ("##" before a
   piece that continues a word); a word with a piece it cannot find, or longer than
   max_input_chars_per_word characters, is one unknown token;
5. [CLS] before and [SEP] after, the pieces cut to fit max_tokens.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from swarmkit.memory.recall import wordpiece_unicode as U

WORD_CACHE = 50_000  # words whose pieces a tokenizer remembers (the same words come back often)
CHAR_CACHE = 20_000  # characters whose normalized form a tokenizer remembers, in each step


class Unsupported(ValueError):
    """A tokenizer.json this reader does not reproduce exactly (the reason is the message)."""


def _chars(ranges: tuple) -> frozenset[str]:
    return frozenset(chr(code) for first, last in ranges for code in range(first, last + 1))


_FORMAT_SINCE = _chars(U.FORMAT_SINCE)
_MARKS_SINCE = _chars(U.MARKS_SINCE)
_MARKS_THEN = frozenset(map(chr, U.MARKS_THEN))
_PUNCTUATION_SINCE = _chars(U.PUNCTUATION_SINCE)
_PUNCTUATION_THEN = _chars(U.PUNCTUATION_THEN)
_LOWER_SINCE = {
    **{code: code + step for first, last, step in U.LOWER_RUNS for code in range(first, last + 1)},
    **U.LOWER_ONE,
}


def _control(char: str) -> bool:
    """Dropped by clean_text: NUL, U+FFFD and any control, format, private-use or surrogate
    character of Unicode 9.0, but tab, newline and carriage return (an unassigned one stays)."""
    if char in "\x00\ufffd":
        return True
    category = unicodedata.category(char)
    if category == "Cf":
        return char not in _FORMAT_SINCE
    return category in ("Cc", "Co", "Cs") and char not in "\t\n\r"


def _space(char: str) -> bool:
    """Made a space by clean_text and split at by the pre-tokenizer: Unicode's White_Space."""
    return char in _WHITE_SPACE


# Unicode's White_Space property (what Rust's char::is_whitespace reads); str.isspace() differs on
# U+001C..U+001F, which are controls here and dropped before any split.
_WHITE_SPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000"
)


def _punctuation(char: str) -> bool:
    """A word of its own: ASCII punctuation (symbols such as $ + < = > ^ ` | ~ included) or any
    character of Unicode 9.0's punctuation categories."""
    if char.isascii():
        return 0x21 <= ord(char) <= 0x7E and not char.isalnum()
    if unicodedata.category(char).startswith("P"):
        return char not in _PUNCTUATION_SINCE
    return char in _PUNCTUATION_THEN


def _mark(char: str) -> bool:
    """Stripped with the accents: a nonspacing mark of Unicode 9.0."""
    if unicodedata.category(char) == "Mn":
        return char not in _MARKS_SINCE
    return char in _MARKS_THEN


def _cjk(char: str) -> bool:
    """A CJK ideograph, spaced apart: each is a word (the ranges BERT's tokenizer names)."""
    code = ord(char)
    if code < 0x3400:
        return False
    if code <= 0xFAFF:
        return code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code
    return (
        0x20000 <= code <= 0x2A6DF
        or 0x2A700 <= code <= 0x2B81F
        or 0x2B920 <= code <= 0x2CEAF
        or 0x2F800 <= code <= 0x2FA1F
    )


def _lower(text: str) -> str:
    """Each character lowercased, as Rust lowercases one (str.lower() would end a word's sigma in
    ς; Rust knows the letters of Unicode 15 and 16)."""
    text = text.translate(_LOWER_SINCE)
    return text.lower() if "Σ" not in text else "".join(c.lower() for c in text)


# An ASCII text (most memory entries) takes a path of str methods and one regular expression: the
# same steps, with nothing to strip, no CJK, and lowercasing per character the same as for the
# whole string. The controls 0x00-0x1F and 0x7F but tab, newline and return are dropped.
_ASCII_DROP = {code: None for code in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F)}
_ASCII_SPLIT = re.compile(r"[A-Za-z0-9]+|[!-/:-@\[-`{-~]")


class _Table(dict):
    """A str.translate table filled on first sight of each character (at most CHAR_CACHE)."""

    def __init__(self, rule):
        super().__init__()
        self.rule = rule

    def __missing__(self, code: int) -> str:
        value = self.rule(chr(code))
        if len(self) < CHAR_CACHE:
            self[code] = value
        return value


class WordPiece:
    """One model's tokenizer: `encode(text)` gives its ids, [CLS] and [SEP] included."""

    def __init__(
        self,
        vocab: dict[str, int],
        unk: str,
        prefix: str,
        max_chars: int,
        cls_id: int,
        sep_id: int,
        added: dict[str, int],
        lowercase: bool,
        strip_accents: bool,
        clean_text: bool,
        chinese: bool,
    ):
        if unk not in vocab:
            raise Unsupported(f"its unknown token {unk!r} is not in its vocabulary")
        self.vocab, self.unk_id, self.prefix, self.max_chars = vocab, vocab[unk], prefix, max_chars
        self.cls_id, self.sep_id = cls_id, sep_id
        self.added = added
        # leftmost, then longest: an alternation tried longest first finds what tokenizers finds
        self._added = (
            re.compile("|".join(re.escape(t) for t in sorted(added, key=len, reverse=True)))
            if added
            else None
        )
        self.lowercase, self.strip_accents = lowercase, strip_accents
        self.clean_text, self.chinese = clean_text, chinese
        self.max_tokens = 512
        self._words: dict[str, list[int]] = {}
        # what each character becomes in step 2 (cleaned, CJK spaced), in stripping and in step 3
        # (a punctuation character spaced apart; any space then splits, as only spaces are left)
        self._clean = _Table(self._step2)
        self._marks = _Table(lambda char: "" if _mark(char) else char)
        self._split = _Table(lambda char: f" {char} " if _punctuation(char) else char)

    @classmethod
    def from_file(cls, path: Path) -> WordPiece:
        """The tokenizer a tokenizer.json describes; Unsupported when it is not BERT's WordPiece."""
        try:
            spec = parsed_spec(Path(path))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise Unsupported(f"tokenizer.json cannot be read ({exc})") from None
        return cls.from_spec(spec)

    @classmethod
    def from_spec(cls, spec: object) -> WordPiece:
        if not isinstance(spec, dict):
            raise Unsupported("tokenizer.json is not a JSON object")
        model = spec.get("model") or {}
        if model.get("type") != "WordPiece" or not isinstance(model.get("vocab"), dict):
            raise Unsupported(f"its tokenizer is a {model.get('type')!r} model, not WordPiece")
        normalizer = spec.get("normalizer") or {}
        if normalizer.get("type") != "BertNormalizer":
            raise Unsupported(f"its normalizer is {normalizer.get('type')!r}, not BertNormalizer")
        pre = spec.get("pre_tokenizer") or {}
        if pre.get("type") != "BertPreTokenizer":
            raise Unsupported(f"its pre-tokenizer is {pre.get('type')!r}, not BertPreTokenizer")
        vocab: dict[str, int] = model["vocab"]
        added: dict[str, int] = {}
        for token in spec.get("added_tokens") or []:
            if (
                token.get("normalized")
                or token.get("single_word")
                or token.get("lstrip")
                or token.get("rstrip")
            ):
                raise Unsupported(
                    f"its added token {token.get('content')!r} is matched in a way not read here"
                )
            added[token["content"]] = int(token["id"])
        cls_id, sep_id = _specials(spec.get("post_processor"), vocab, added)
        lowercase = bool(normalizer.get("lowercase", True))
        strip = normalizer.get("strip_accents")
        return cls(
            vocab,
            str(model.get("unk_token", "[UNK]")),
            str(model.get("continuing_subword_prefix", "##")),
            int(model.get("max_input_chars_per_word", 100)),
            cls_id,
            sep_id,
            added,
            lowercase,
            lowercase if strip is None else bool(strip),
            bool(normalizer.get("clean_text", True)),
            bool(normalizer.get("handle_chinese_chars", True)),
        )

    @property
    def vocab_size(self) -> int:
        return max(len(self.vocab), max(self.added.values(), default=-1) + 1)

    # ---- encoding ------------------------------------------------------------------------------
    def encode(self, text: str) -> list[int]:
        """The ids of `text`: [CLS], its pieces (at most max_tokens - 2), [SEP]."""
        room = max(0, self.max_tokens - 2)
        ids: list[int] = []
        if self._added is None:
            self._segment(text, ids)
        else:
            start = 0
            for found in self._added.finditer(text):
                self._segment(text[start : found.start()], ids)
                ids.append(self.added[found.group()])
                start = found.end()
            self._segment(text[start:], ids)
        return [self.cls_id, *ids[:room], self.sep_id]

    def _segment(self, text: str, ids: list[int]) -> None:
        if not text:
            return
        if text.isascii() and self.clean_text:
            words = _ASCII_SPLIT.findall(
                text.translate(_ASCII_DROP).lower() if self.lowercase else text.translate(_ASCII_DROP)
            )
        else:
            words = self._words_of(text)
        for word in words:
            ids.extend(self._pieces(word))

    def _words_of(self, text: str) -> list[str]:
        """Steps 2 and 3 for any text, each a str.translate over a table of what each character
        becomes (filled as characters are met): normalized, then cut into words."""
        text = text.translate(self._clean)
        if self.strip_accents:
            text = unicodedata.normalize("NFD", text).translate(self._marks)
        if self.lowercase:
            text = _lower(text)
        # only " " is whitespace now (str.split() would also split at U+001C..U+001F, which are no
        # White_Space and stay in a word when clean_text is off)
        return [word for word in text.translate(self._split).split(" ") if word]

    def _step2(self, char: str) -> str:
        """What clean_text and the CJK rule make of one character."""
        if self.clean_text and _control(char):
            return ""
        if _space(char):
            return " "
        if self.chinese and _cjk(char):
            return f" {char} "
        return char

    def _pieces(self, word: str) -> list[int]:
        found = self._words.get(word)
        if found is not None:
            return found
        found = self._cut(word)
        if len(self._words) < WORD_CACHE:
            self._words[word] = found
        return found

    def _cut(self, word: str) -> list[int]:
        """Longest pieces first, left to right; one unknown token when a piece cannot be found."""
        if len(word) > self.max_chars:
            return [self.unk_id]
        vocab, pieces, start = self.vocab, [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else self.prefix + word[start:end]
                found = vocab.get(piece)
                if found is not None:
                    pieces.append(found)
                    break
                end -= 1
            else:
                return [self.unk_id]
            start = end
        return pieces


def _specials(post: object, vocab: dict[str, int], added: dict[str, int]) -> tuple[int, int]:
    """The ids of the tokens put before and after a single sequence: [CLS] and [SEP]."""
    if not isinstance(post, dict):
        raise Unsupported("it adds no [CLS] and [SEP] (no post-processor)")
    kind = post.get("type")
    if kind == "BertProcessing":
        (_, cls_id), (_, sep_id) = post["cls"], post["sep"]
        return int(cls_id), int(sep_id)
    if kind != "TemplateProcessing":
        raise Unsupported(f"its post-processor is {kind!r}, not BERT's")
    single = post.get("single") or []
    shape = [next(iter(item)) for item in single]
    if shape != ["SpecialToken", "Sequence", "SpecialToken"]:
        raise Unsupported("its template is not [CLS] $A [SEP]")
    specials = post.get("special_tokens") or {}
    ids = []
    for item in (single[0], single[2]):
        name = item["SpecialToken"]["id"]
        held = (specials.get(name) or {}).get("ids") or []
        if len(held) != 1:
            raise Unsupported(f"its special token {name!r} is not one id")
        ids.append(int(held[0]))
    return ids[0], ids[1]


# A command that recalls by meaning reads tokenizer.json once: parsing its 466 KB of JSON is 16 ms of
# CPU, a tenth of what meaning adds to a one-shot `run`; its marshal form loads in 6. As Python keeps
# a module's bytecode (and speech/rules.py its data files), the parsed form is kept in the user's
# cache, keyed by the file's path, size, modification time and inode and by the interpreter; nothing
# is written with PYTHONDONTWRITEBYTECODE set or without a writable cache (a cache there is still read).
def parsed_spec(path: Path) -> object:
    """tokenizer.json as json.loads gives it, from the cache when that is of this file as it is now."""
    import os
    import sys

    from swarmkit.speech import cache_file

    stat = os.stat(path)
    resolved = str(Path(path).resolve())
    key = [resolved, stat.st_size, stat.st_mtime_ns, stat.st_ino]
    cache = spec_cache(resolved)
    spec = cache_file.load(cache, key)
    if isinstance(spec, dict):
        return spec
    spec = json.loads(Path(path).read_text(encoding="utf-8"))
    if not sys.dont_write_bytecode:
        cache_file.keep(cache, key, spec, parents=True)  # a reader sees the old cache or this one
    return spec


def spec_cache(resolved: str) -> Path:
    """Where the parsed form of the tokenizer.json at `resolved` is kept."""
    import hashlib
    import sys

    from swarmkit.memory.recall.model_cache import cache_root

    name = hashlib.sha256(resolved.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return cache_root().parent / "tokenizers" / f"{name}.{sys.implementation.cache_tag}.marshal"

"""Text holding lone surrogates, written out without a crash.

They arrive two ways: bytes that were not UTF-8, which Python keeps as surrogate escapes (U+DC80 to
U+DCFF: an argument, standard input, a memory file read to be written back), and a `\\ud800`
escape in YAML or JSON. UTF-8 cannot encode either, so every writer goes through here: files and
terminals get an escaped byte back as it was (byte-exact) and any other lone surrogate as U+FFFD,
JSON gets `\\uXXXX` escapes (valid JSON, read back to the same string), and a model gets valid
Unicode (U+FFFD).
"""

from __future__ import annotations

import codecs
import re
from typing import Any

ERRORS = "swarmkit-surrogates"  # the codec error handler: `text.encode("utf-8", ERRORS)`
_LONE = re.compile("[\ud800-\udfff]")
# written as \uXXXX in JSON besides lone surrogates: DEL and the C1 controls (U+009B starts a
# terminal sequence as ESC [ does), which json.dumps leaves raw; the value read back is the same
_JSON_ESCAPED = re.compile("[\ud800-\udfff\x7f-\x9f]")


def _handler(exc: UnicodeError) -> tuple[str | bytes, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = bytearray()
    for char in exc.object[exc.start : exc.end]:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            out.append(code - 0xDC00)  # the byte it escapes
        else:
            out += "\ufffd".encode("utf-8") if exc.encoding.replace("-", "").lower() == "utf8" else b"?"
    return bytes(out), exc.end


codecs.register_error(ERRORS, _handler)


def has_lone(text: str) -> bool:
    return _LONE.search(text) is not None


def valid_unicode(value: Any) -> Any:
    """`value` (a string, or lists and dicts of them) with every lone surrogate as U+FFFD."""
    if isinstance(value, str):
        return _LONE.sub("\ufffd", value)
    if isinstance(value, list):
        return [valid_unicode(item) for item in value]
    if isinstance(value, dict):
        return {valid_unicode(k): valid_unicode(v) for k, v in value.items()}
    return value


def json_dumps(data: Any, **options: Any) -> str:
    """json.dumps(ensure_ascii=False), lone surrogates, DEL and C1 controls written as `\\uXXXX`
    escapes (they only occur inside strings, where that escape means the same character), so a
    JSON document holds no control character a terminal would act on."""
    import json  # here: every command starts with this module loaded (tolerant_streams)

    text = json.dumps(data, ensure_ascii=False, **options)
    return _JSON_ESCAPED.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def tolerant_streams(*streams: Any) -> None:
    """Make these text streams (stdout, stderr) write lone surrogates instead of raising."""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=ERRORS)
            except (ValueError, OSError):  # a closed or detached stream
                pass

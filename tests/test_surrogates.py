"""swarmkit/surrogates.py: lone surrogates are written out byte-exact, as JSON escapes, or as U+FFFD."""

from __future__ import annotations

import io
import json

from swarmkit.surrogates import ERRORS, json_dumps, tolerant_streams, valid_unicode

ESCAPED = b"caf\xe9".decode("utf-8", "surrogateescape")  # 'caf\udce9'


def test_an_escaped_byte_is_written_back_as_it_was_and_a_lone_surrogate_as_u_fffd():
    assert ESCAPED.encode("utf-8", ERRORS) == b"caf\xe9"
    assert "\ud800x".encode("utf-8", ERRORS) == "\ufffdx".encode()
    assert "é\udce9".encode("ascii", ERRORS) == b"?\xe9"


def test_json_escapes_lone_surrogates_and_reads_back_the_same_string():
    text = json_dumps({"name": "\ud800", "input": ESCAPED, "plain": "é"})
    assert text == '{"name": "\\ud800", "input": "caf\\udce9", "plain": "é"}'
    assert json.loads(text) == {"name": "\ud800", "input": ESCAPED, "plain": "é"}
    text.encode("utf-8")  # valid UTF-8 now


def test_a_model_gets_valid_unicode():
    assert valid_unicode([{"content": ESCAPED}, "\ud800"]) == [{"content": "caf\ufffd"}, "\ufffd"]


def test_a_strict_stream_prints_them_after_tolerant_streams():
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8", errors="strict")
    tolerant_streams(stream)
    stream.write(ESCAPED + " \ud800\n")
    stream.flush()
    assert raw.getvalue() == b"caf\xe9 \xef\xbf\xbd\n"

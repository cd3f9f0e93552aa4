"""User text at the door: what a command takes in to keep (a run's or a chat's input, `memory add`,
`edit`, `accept` and `feedback`) is valid Unicode before anything reads it.

Bytes that are not UTF-8 (Python keeps them as surrogate escapes, in an argument and on standard
input) would reach the memory folder, the run record and the commit message as they came, and leave
a file that is no longer UTF-8: each is replaced with U+FFFD, and one warning line says so."""

from __future__ import annotations

import sys

from swarmkit.cli import output

REPLACEMENT = "\ufffd"


def valid_text(text: str, source: str) -> str:
    """`text` with every byte that was not UTF-8 (and any other lone surrogate) as U+FFFD, and a
    warning naming `source` ("--input", "line 3 of standard input") when there was one."""
    from swarmkit.surrogates import has_lone, valid_unicode

    if not has_lone(text):
        return text
    count = sum(1 for char in text if "\ud800" <= char <= "\udfff")
    many = count != 1
    output.warning(
        f"{source} held {count} byte{'s' if many else ''} that {'are' if many else 'is'} not UTF-8: "
        f"{'each was' if many else 'it was'} replaced with U+FFFD ({REPLACEMENT}); save the text as "
        "UTF-8 to keep what it said"
    )
    return str(valid_unicode(text))


MAX_STDIN_BYTES = 1024 * 1024  # a run's input, a fact to keep: not a stream (`< /dev/zero` ends here)


def read_stdin(too_long_hint: str) -> str:
    """Standard input as text (at most MAX_STDIN_BYTES), its bytes that are not UTF-8 replaced with
    U+FFFD (valid_text says so)."""
    from swarmkit.errors import UsageProblem
    from swarmkit.safe_read import decode_text

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes under it (tests, embedding)
        text, too_long = sys.stdin.read(MAX_STDIN_BYTES + 1), False
    else:
        data = stream.read(MAX_STDIN_BYTES + 1)
        too_long = len(data) > MAX_STDIN_BYTES
        text = decode_text(data, "surrogateescape")
    if too_long:
        raise UsageProblem(f"the input on standard input is over {MAX_STDIN_BYTES:,} bytes", too_long_hint)
    return valid_text(text, "standard input")

"""Control sequences: what a terminal would act on rather than show.

Memory, run records and replies are shown, never obeyed: `ESC ] 0 ; title BEL` would retitle the
window, an OSC 8 link hide where it points, a NUL make a memory file binary to git. Entry text is
written without them (swarmkit/memory/folder/entries.py) and everything printed is shown without them
(swarmkit/cli/output.py); stored bytes that hold them (a hand edit, a run record) are kept as they are.
"""

from __future__ import annotations

import re

# CSI (`ESC [`, or U+009B) sequences; OSC (titles, hyperlinks), DCS, SOS, PM and APC strings to
# their terminator (BEL or ST; at most to the end of the line when there is none); any other ESC
# sequence; and every other C0 or C1 control and DEL (tab and newline stay). Each alternative
# starts at a control character and stops at the next ESC or line end, so the scan is linear.
# Hand-written: the libraries for it (strip-ansi ports) miss OSC strings or C1 controls, and this
# is one expression.
_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def without_control_sequences(text: str) -> str:
    """`text` without control sequences and control characters (tab and newline kept)."""
    return _SEQUENCE.sub("", text) if _CONTROL.search(text) else text

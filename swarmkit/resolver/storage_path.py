"""Whether `storage.memory_folder` can name a folder at all, checked before anything touches it.

The schema only says it is a string. A NUL character, a name longer than the file system stores
or a path longer than the system resolves make every later call on the path fail with an OSError
(or a ValueError for NUL) deep in whichever command touched it first; refusing it at validation
puts the problem where the user wrote it.
"""

from __future__ import annotations

import os

# POSIX's NAME_MAX and PATH_MAX on Linux (macOS: 255 and 1,024; Windows: 255 characters, and
# paths past 260 need its long-path setting). A path longer than these cannot be created.
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4096


def memory_folder_problem(value: str, root: os.PathLike | str) -> str | None:
    """What makes `value` (relative to the workspace folder `root`, or absolute) unusable as a
    folder path, in words; None when it can be one."""
    if "\x00" in value:
        return "it holds a NUL character, which no file name can hold"
    try:
        encoded = os.fsencode(value)
    except UnicodeEncodeError:
        return "it holds characters the file system cannot store (a lone surrogate escape)"
    for name in encoded.split(b"/"):
        if len(name) > MAX_NAME_BYTES:
            shown = os.fsdecode(name[:24])
            return f'its part "{shown}..." is {len(name):,} bytes long; a file name holds at most {MAX_NAME_BYTES}'
    whole = len(os.fsencode(os.path.join(os.fspath(root), value)))
    if whole > MAX_PATH_BYTES:
        return f"the path is {whole:,} bytes long with the workspace folder's; at most {MAX_PATH_BYTES:,} resolve"
    return None

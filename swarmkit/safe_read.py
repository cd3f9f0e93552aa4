"""Reading a file swarmkit did not write: only a regular file, and never more than a cap.

A FIFO blocks its reader until a writer comes, a device such as /dev/zero never ends, and a file
can be any size: each is refused before a byte is read. The path is checked with stat, opened
non-blocking (a FIFO swapped in meanwhile opens at once instead of waiting), checked again with
fstat on the open descriptor (what is read is what was checked), and read to at most limit + 1
bytes, so a file that grows after the check is refused too.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MISSING = "missing"
NOT_REGULAR = "not-regular"
TOO_LARGE = "too-large"
UNREADABLE = "unreadable"

_BOM = b"\xef\xbb\xbf"
_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)  # a terminal device never becomes our controlling terminal
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: no newline translation
)


class FileRefused(Exception):
    """The file was not read: missing, not a regular file, over the cap, or unreadable.

    `reason` is one of MISSING, NOT_REGULAR, TOO_LARGE, UNREADABLE; `problem` says it in words
    ("it is a FIFO (named pipe), not a regular file"), for a message that names the file itself."""

    def __init__(
        self, path: Path | str, reason: str, problem: str, size: int | None = None, kind: str = ""
    ) -> None:
        super().__init__(f"{path}: {problem}")
        self.path, self.reason, self.problem = Path(path), reason, problem
        self.size, self.kind = size, kind  # kind: what a file that is not regular is ("a FIFO (named pipe)")


def kind_of(mode: int) -> str:
    """What a file is, in words ("a file" for a regular one)."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a plain file"


def _check(status: os.stat_result, path: Path | str, limit: int) -> None:
    if not stat.S_ISREG(status.st_mode):
        kind = kind_of(status.st_mode)
        raise FileRefused(path, NOT_REGULAR, f"it is {kind}, not a regular file", kind=kind)
    if status.st_size > limit:
        raise FileRefused(path, TOO_LARGE, _too_large(status.st_size, limit), status.st_size)


def _too_large(size: int, limit: int) -> str:
    return f"it is {size:,} bytes, over the limit of {limit:,} bytes"


def read_regular(path: Path | str, limit: int, *, follow_links: bool = True) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; else FileRefused."""
    try:
        _check(os.stat(path, follow_symlinks=follow_links), path, limit)
        fd = os.open(path, _FLAGS | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0)))
    except (FileNotFoundError, NotADirectoryError, ValueError):  # ValueError: a NUL byte in the name
        raise FileRefused(path, MISSING, "No such file or directory") from None
    except OSError as exc:
        raise FileRefused(path, UNREADABLE, str(exc.strerror or exc)) from None
    try:
        _check(os.fstat(fd), path, limit)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise FileRefused(path, UNREADABLE, str(exc.strerror or exc)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew after the check
        raise FileRefused(path, TOO_LARGE, _too_large(len(data), limit), len(data))
    return data


def check_regular(path: Path | str, limit: int, *, follow_links: bool = True) -> int:
    """The size of the regular file at `path` if it is at most `limit`; else FileRefused (nothing read)."""
    try:
        status = os.stat(path, follow_symlinks=follow_links)
    except (FileNotFoundError, NotADirectoryError, ValueError):
        raise FileRefused(path, MISSING, "No such file or directory") from None
    except OSError as exc:
        raise FileRefused(path, UNREADABLE, str(exc.strerror or exc)) from None
    _check(status, path, limit)
    return status.st_size


def without_bom(data: bytes) -> bytes:
    """`data` without a leading UTF-8 byte-order mark (Windows editors write one; it means nothing)."""
    return data[len(_BOM) :] if data.startswith(_BOM) else data


def decode_text(data: bytes, errors: str = "strict") -> str:
    """UTF-8 text, a byte-order mark dropped; errors as for bytes.decode."""
    return without_bom(data).decode("utf-8", errors)

"""A lock that serialises memory writers across processes: an OS lock, released when its holder dies.

The lock is taken on `.index/write.lock` with `fcntl.flock` on POSIX (Linux, macOS) and
`msvcrt.locking` on Windows. The operating system drops it when its holder's process ends, however
it ends (a kill, a crash, the OOM killer), so a dead writer never blocks the next one, and a live
one keeps it however long it takes (a slow sync). Nothing is judged from pids or ages.

It is written here rather than taken from `filelock`: the base install is at its package cap
(15, tests/packaging/test_wheel.py), and the two OS calls are all the lock needs.

While it holds the lock, the holder's `pid host time` is in the file (for the "busy" message); on
release the file is emptied, never deleted (a process that deleted it while another waits on it
would let a third lock a new file at the same path). A writer that takes the lock and finds a
holder line knows the last holder died holding it: `took_over` says so, and the writer clears what
the dead one left (git's lock files, temp files; see MemoryFolder._locked_write).
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from pathlib import Path

from swarmkit.errors import Conflict

DEFAULT_TIMEOUT = 10.0

# Windows locks byte ranges, and a locked range cannot be read by others: the lock is on one byte
# far past the holder line, so a waiter can still read who holds it.
_WINDOWS_LOCK_OFFSET = 1 << 30


class LockBusy(Conflict):
    """Another process kept the memory folder locked for longer than the wait bound."""


def _try_lock(fd: int) -> bool:
    """Take the OS lock on fd without waiting; False if another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


def _read_all(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 4096).decode("utf-8", "replace")


class FolderLock:
    """`with FolderLock(path): ...`; re-entrant within one object."""

    def __init__(self, path: Path, timeout: float = DEFAULT_TIMEOUT, what: str = "the memory folder"):
        self.path = Path(path)
        self.timeout = timeout
        self.what = what  # what the lock guards, as its messages name it (a chat's conversations too)
        self._depth = 0
        self._fd: int | None = None
        # Set when the last holder died holding the lock; whoever cleans up after it resets it.
        self.took_over = False

    def __enter__(self) -> FolderLock:
        if self._depth == 0:
            self.acquire()
        self._depth += 1
        return self

    def __exit__(self, *exc) -> None:
        self._depth -= 1
        if self._depth == 0:
            self.release()

    def _open(self) -> int:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not hasattr(os, "O_NOFOLLOW") and self.path.is_symlink():
            # Windows has no O_NOFOLLOW: the open below would follow the link (and create its target)
            raise OSError(errno.ELOOP, "a link in the lock's place", str(self.path))
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        # O_NONBLOCK: a FIFO put in the lock's place must not hang the open (it is refused below)
        fd = os.open(self.path, flags | getattr(os, "O_NONBLOCK", 0), 0o644)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise Conflict(
                f"{self.what}'s lock {self.path} is not a regular file; nothing was written",
                f"delete {self.path} (swarmkit creates it again)",
            )
        return fd

    def holder(self) -> dict | None:
        """Who holds (or, dead, last held) the lock, from its holder line; None when it is empty."""
        try:
            with open(self.path, "rb") as handle:
                content = handle.read(4096).decode("utf-8", "replace")
        except OSError:
            return None
        parts = content.split()
        if not parts:
            return None
        try:
            return {"pid": int(parts[0]), "host": parts[1], "time": float(parts[2]), "raw": content}
        except (IndexError, ValueError):
            return {"pid": 0, "host": "", "time": 0.0, "raw": content}

    def acquire(self) -> None:
        try:
            fd = self._open()
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # O_NOFOLLOW met a link put in the lock's place
                raise Conflict(
                    f"{self.what}'s lock {self.path} is a link; nothing was written",
                    f"delete {self.path} (swarmkit creates it again)",
                ) from None
            raise
        deadline = time.monotonic() + self.timeout
        delay = 0.005
        try:
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    holder = self.holder()
                    who = f" (pid {holder['pid']})" if holder and holder["pid"] else ""
                    raise LockBusy(
                        f"{self.what} is busy: another swarmkit process{who} is writing to it",
                        "retry in a moment: the lock is released as soon as that process ends, "
                        f"even if it is killed ({self.path})",
                    )
                time.sleep(delay)
                delay = min(delay * 2, 0.1)
            if _read_all(fd).strip():
                self.took_over = True  # the last holder died before it emptied the file
            import socket  # here, not at the top: a read never takes the lock

            token = f"{os.getpid()} {socket.gethostname()} {time.time():.6f}\n".encode()
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, token)
        except BaseException:
            os.close(fd)  # closing drops the OS lock, if it was taken
            raise
        self._fd = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.ftruncate(fd, 0)  # emptied first: a holder line left behind means a dead holder
            _unlock(fd)
        finally:
            os.close(fd)

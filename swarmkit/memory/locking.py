"""A lock that serialises memory writers across processes, with stale-lock takeover.

The lock is a file created with O_EXCL holding `pid host time start`, where `start` is when the
holder process started (Linux: /proc/<pid>/stat). On this host the lock is stale when its process
is gone, or when the pid now belongs to another process (a different start time: the pid was
reused); a live holder keeps it however long it takes (a slow sync), up to an hour. Where the start
time cannot be read, and for a holder on another host, a lock older than `stale_after` (two
minutes) is stale. A stale lock is broken under a second short-lived lock so that two waiters never
both take it over.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from pathlib import Path

from swarmkit.errors import Conflict

DEFAULT_TIMEOUT = 10.0
DEFAULT_STALE_AFTER = 120.0


LIVE_HOLDER_LIMIT = 3600.0  # seconds


class LockBusy(Conflict):
    """Another process kept the memory folder locked for longer than the wait bound."""


def check_platform() -> None:
    """Refuse where the liveness check cannot work: os.kill(pid, 0) probes a process on POSIX
    (Linux, macOS), but on Windows it would end the process or fail."""
    if os.name != "posix":
        raise Conflict(
            "writing to the memory folder needs Linux or macOS: on Windows its lock cannot "
            "tell whether another writer is still alive",
            "run swarmkit under WSL (Windows Subsystem for Linux)",
        )


def process_start(pid: int) -> str | None:
    """When the process started (clock ticks since boot, from /proc), or None where unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read().decode("ascii", "replace")
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()
    return fields[19] if len(fields) > 19 else None  # field 22 of the whole line: starttime


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


class FolderLock:
    """`with FolderLock(path): ...`; re-entrant within one object."""

    def __init__(
        self, path: Path, timeout: float = DEFAULT_TIMEOUT, stale_after: float = DEFAULT_STALE_AFTER
    ):
        self.path = Path(path)
        self.timeout = timeout
        self.stale_after = stale_after
        self._depth = 0
        self._token = ""
        # Set when this lock was taken over from a dead holder; whoever cleans up after it resets it.
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

    def _try_create(self, path: Path, content: str) -> bool:
        # The content is written to a private file first and then hard-linked into place, so the
        # lock never exists without its holder: a writer killed mid-create leaves no empty lock
        # that would look alive (and block every write) until it is `stale_after` old.
        tmp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(content)
            os.link(tmp, path)
            return True
        except FileExistsError:
            return False
        finally:
            os.unlink(tmp)

    def _read(self, path: Path) -> str | None:
        try:
            return path.read_text()
        except (FileNotFoundError, UnicodeDecodeError):
            return None

    def holder(self) -> dict | None:
        content = self._read(self.path)
        if content is None:
            return None
        parts = content.split()
        try:
            return {
                "pid": int(parts[0]),
                "host": parts[1],
                "time": float(parts[2]),
                "start": parts[3] if len(parts) > 3 else None,
                "raw": content,
            }
        except (IndexError, ValueError):
            return {"pid": 0, "host": "", "time": 0.0, "start": None, "raw": content}

    def _stale(self, holder: dict) -> bool:
        try:
            age = time.time() - self.path.stat().st_mtime
        except FileNotFoundError:
            return False
        if holder["host"] == socket.gethostname() and holder["pid"] > 0:
            if not pid_alive(holder["pid"]):
                return True
            started, now = holder["start"], process_start(holder["pid"])
            if started in (None, "-") or now is None:
                return age > self.stale_after  # the holder cannot be told from a reused pid
            # the same process keeps its lock however long it takes (a slow sync, say), up to an
            # hour; another process that got the pid since (a different start time) holds nothing
            return now != started or age > LIVE_HOLDER_LIMIT
        return age > self.stale_after

    def _break(self, holder: dict) -> None:
        breaker = self.path.with_name(self.path.name + ".break")
        try:
            if time.time() - breaker.stat().st_mtime > 10:
                breaker.unlink()  # a breaker that died while breaking
        except FileNotFoundError:
            pass
        if not self._try_create(breaker, str(os.getpid())):
            return
        try:
            current = self.holder()
            if current is not None and current["raw"] == holder["raw"]:
                self.path.unlink()
                self.took_over = True
        except FileNotFoundError:
            pass
        finally:
            try:
                breaker.unlink()
            except FileNotFoundError:
                pass

    def acquire(self) -> None:
        check_platform()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        start = process_start(os.getpid()) or "-"
        self._token = f"{os.getpid()} {socket.gethostname()} {time.time():.6f} {start}\n"
        deadline = time.monotonic() + self.timeout
        delay = 0.005
        while True:
            if self._try_create(self.path, self._token):
                return
            holder = self.holder()
            if holder is not None and self._stale(holder):
                self._break(holder)
                continue
            if time.monotonic() >= deadline:
                who = f" (pid {holder['pid']})" if holder and holder["pid"] else ""
                raise LockBusy(
                    f"the memory folder is busy: another swarmkit process{who} is writing to it",
                    f"retry in a moment; if no swarmkit process is running, delete {self.path}",
                )
            time.sleep(delay)
            delay = min(delay * 2, 0.1)

    def release(self) -> None:
        if self._read(self.path) == self._token:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass

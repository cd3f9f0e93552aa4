"""The cross-process lock: real processes, a bounded wait, stale-lock takeover."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.locking import FolderLock, process_start
from swarmkit.memory.store import MemoryStore

HOLDER = """
import sys, time
from swarmkit.memory.store import MemoryStore
store = MemoryStore(sys.argv[1], "demo")
store.ensure()
with store.lock:
    print("locked", flush=True)
    time.sleep(float(sys.argv[2]))
"""

WRITER = """
import sys
from swarmkit.memory.store import MemoryStore
store = MemoryStore(sys.argv[1], "demo")
for i in range(int(sys.argv[3])):
    store.remember(f"Process {sys.argv[2]} lesson {i}", kind="insight")
"""


def _hold(folder, seconds):
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder), str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "locked"
    return proc


def test_busy_lock_is_a_clear_error_after_the_bound(folder):
    holder = _hold(folder, 5)
    try:
        store = MemoryStore(folder, "demo", lock_timeout=0.3)
        started = time.monotonic()
        with pytest.raises(SwarmkitError) as info:
            store.remember("Waits for the lock", kind="insight")
        assert time.monotonic() - started >= 0.3  # it waited for the bound (an upper bound is load's call)
        assert info.value.message == (
            f"the memory folder is busy: another swarmkit process (pid {holder.pid}) is writing to it"
        )
        assert info.value.hint.startswith("retry in a moment")
    finally:
        holder.kill()
        holder.wait()


def test_a_waiting_writer_gets_the_lock_when_it_is_released(folder):
    holder = _hold(folder, 0.5)
    store = MemoryStore(folder, "demo", lock_timeout=10)
    assert store.remember("Written after the wait", kind="insight").status == "written"
    holder.wait()


def test_stale_lock_of_a_dead_process_is_taken_over(folder):
    holder = _hold(folder, 30)
    holder.kill()  # dies holding the lock: the file stays
    holder.wait()
    lock = folder / ".index" / "write.lock"
    assert lock.exists()
    store = MemoryStore(folder, "demo", lock_timeout=2)
    assert store.remember("Written after takeover", kind="insight").status == "written"
    assert not lock.exists()


def test_stale_lock_by_age_is_taken_over(tmp_path):
    path = tmp_path / "x.lock"
    path.write_text(f"{os.getpid()} other-host-{socket.gethostname()} 0\n")  # a live-looking holder elsewhere
    old = time.time() - 600
    os.utime(path, (old, old))
    with FolderLock(path, timeout=1, stale_after=60):
        assert path.read_text().startswith(f"{os.getpid()} {socket.gethostname()}")
    assert not path.exists()


def test_fresh_foreign_lock_is_respected(tmp_path):
    path = tmp_path / "x.lock"
    path.write_text(f"1 other-host-{socket.gethostname()} {time.time()}\n")
    with pytest.raises(SwarmkitError, match="busy"):
        FolderLock(path, timeout=0.2, stale_after=60).acquire()
    assert path.exists()


def test_concurrent_writers_lose_nothing(folder):
    MemoryStore(folder, "demo").ensure()
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(n), "8"]) for n in range(3)]
    for proc in procs:
        assert proc.wait(timeout=60) == 0
    texts = {e.text for e in MemoryStore(folder, "demo").entries("lessons.md")}
    assert texts == {f"Process {n} lesson {i}" for n in range(3) for i in range(8)}
    from tests.memory.conftest import commit_count

    assert commit_count(folder) == 1 + 24


def test_processes_creating_the_folder_at_once(folder):
    script = (
        "import sys\nfrom swarmkit.memory.store import MemoryStore\n"
        "r = MemoryStore(sys.argv[1], 'demo').remember(f'First write from {sys.argv[2]}', kind='insight')\n"
        "print(r.status)\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(folder), str(n)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    results = [p.communicate(timeout=120) for p in procs]
    assert [out.strip() for out, _ in results] == ["written"] * 4, [err for _, err in results]
    from tests.memory.conftest import commits

    assert commits(folder).count("Create memory folder") == 1
    assert len(MemoryStore(folder, "demo").entries("lessons.md")) == 4


def test_a_live_holder_on_this_host_keeps_its_lock_past_stale_after(tmp_path):
    """A slow writer (a sync over a slow network) is not robbed: its process is alive."""
    path = tmp_path / "x.lock"
    path.write_text(f"{os.getpid()} {socket.gethostname()} 0 {process_start(os.getpid())}\n")
    old = time.time() - 600
    os.utime(path, (old, old))
    with pytest.raises(SwarmkitError, match="busy"):
        FolderLock(path, timeout=0.2, stale_after=60).acquire()
    assert path.read_text().startswith(f"{os.getpid()} {socket.gethostname()}")


def test_a_lock_whose_pid_was_reused_is_taken_over(tmp_path):
    """Issue 9: a 10-minute-old lock whose pid now belongs to another process (here: this test's own
    pid, with another start time) blocked writes for an hour; the pid's start time tells them apart."""
    path = tmp_path / "x.lock"
    path.write_text(f"{os.getpid()} {socket.gethostname()} 0 1\n")
    old = time.time() - 600
    os.utime(path, (old, old))
    with FolderLock(path, timeout=1):
        assert path.read_text().split()[3] == process_start(os.getpid())
    assert not path.exists()


def test_a_lock_without_a_start_time_is_stale_after_two_minutes(tmp_path):
    """A lock written by an older swarmkit (no start time) whose pid is alive: the age decides."""
    path = tmp_path / "x.lock"
    path.write_text(f"{os.getpid()} {socket.gethostname()} 0\n")
    old = time.time() - 121
    os.utime(path, (old, old))
    with FolderLock(path, timeout=1):
        pass
    assert not path.exists()


def test_the_lock_refuses_clearly_where_it_cannot_tell_a_live_holder(tmp_path, monkeypatch):
    """Supported platforms are Linux and macOS; on Windows os.kill(pid, 0) is no liveness probe."""
    import swarmkit.memory.locking as locking

    class Windows:  # the os module as the lock sees it on Windows (pathlib keeps the real one)
        name = "nt"

        def __getattr__(self, attribute):
            return getattr(os, attribute)

    lock = FolderLock(tmp_path / ".lock")
    monkeypatch.setattr(locking, "os", Windows())
    with pytest.raises(SwarmkitError) as caught:
        lock.acquire()
    monkeypatch.undo()
    assert caught.value.message.startswith("writing to the memory folder needs Linux or macOS")
    assert "WSL" in caught.value.hint
    assert not (tmp_path / ".lock").exists()

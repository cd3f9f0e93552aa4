"""The cross-process lock: real processes, a bounded wait, the OS releasing a killed holder's lock."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.locking import FolderLock
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
        assert info.value.hint == (
            "retry in a moment: the lock is released as soon as that process ends, even if it is "
            f"killed ({folder / '.index' / 'write.lock'})"
        )
    finally:
        holder.kill()
        holder.wait()


def test_a_waiting_writer_gets_the_lock_when_it_is_released(folder):
    holder = _hold(folder, 0.5)
    store = MemoryStore(folder, "demo", lock_timeout=10)
    assert store.remember("Written after the wait", kind="insight").status == "written"
    holder.wait()


def test_the_lock_of_a_killed_holder_is_released_by_the_os(folder):
    holder = _hold(folder, 30)
    lock = folder / ".index" / "write.lock"
    assert lock.read_text().startswith(f"{holder.pid} {socket.gethostname()} ")
    holder.kill()  # dies holding the lock: the OS drops it, the holder line stays
    holder.wait()
    store = MemoryStore(folder, "demo", lock_timeout=2)
    assert store.lock.holder()["pid"] == holder.pid
    assert store.remember("Written after takeover", kind="insight").status == "written"
    assert lock.read_text() == ""  # released: emptied, not deleted


def test_a_holder_line_without_a_live_holder_is_a_takeover(tmp_path):
    """The line a killed holder left (or the lock file of an older swarmkit): taken at once, and the
    taker knows it must clean up after a dead writer."""
    path = tmp_path / "x.lock"
    path.write_text(f"{os.getpid()} {socket.gethostname()} {time.time()}\n")  # even a live pid's
    lock = FolderLock(path, timeout=0.2)
    with lock:
        assert lock.took_over
        assert path.read_text().startswith(f"{os.getpid()} {socket.gethostname()} ")
    assert path.read_text() == ""
    with FolderLock(path, timeout=0.2) as again:
        assert not again.took_over  # a clean release leaves nothing to clean


def test_a_live_holder_keeps_its_lock_however_long_it_takes(folder):
    """A slow writer (a sync over a slow network) is never robbed: no age makes its lock stale."""
    holder = _hold(folder, 30)
    try:
        lock = folder / ".index" / "write.lock"
        old = time.time() - 7200
        os.utime(lock, (old, old))  # two hours old, as far as the file says
        with pytest.raises(SwarmkitError, match="busy"):
            FolderLock(lock, timeout=0.2).acquire()
        assert lock.read_text().startswith(f"{holder.pid} ")
    finally:
        holder.kill()
        holder.wait()


def test_two_locks_in_one_process_exclude_each_other(tmp_path):
    path = tmp_path / "x.lock"
    with FolderLock(path):
        with pytest.raises(SwarmkitError, match="busy"):
            FolderLock(path, timeout=0.1).acquire()
    with FolderLock(path, timeout=0.1):  # released: free again
        pass


@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_a_lock_path_that_is_no_regular_file_is_refused_at_once(tmp_path, kind):
    path = tmp_path / "x.lock"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SwarmkitError) as info:
        FolderLock(path, timeout=0.2).acquire()
    assert info.value.message == (
        f"the memory folder's lock {path} is "
        + ("not a regular file" if kind == "fifo" else "a link")
        + "; nothing was written"
    )
    assert info.value.hint == f"delete {path} (swarmkit creates it again)"
    assert not (tmp_path / "elsewhere").exists()


def test_a_link_in_the_locks_place_is_refused_without_o_nofollow(tmp_path, monkeypatch):
    """Windows' branch: no O_NOFOLLOW, so the link is looked for before the open would follow it."""
    monkeypatch.delattr(os, "O_NOFOLLOW", raising=False)
    path = tmp_path / "x.lock"
    path.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SwarmkitError) as info:
        FolderLock(path, timeout=0.2).acquire()
    assert info.value.message == f"the memory folder's lock {path} is a link; nothing was written"
    assert not (tmp_path / "elsewhere").exists()


def test_concurrent_writers_lose_nothing(folder):
    MemoryStore(folder, "demo").ensure()
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(n), "8"]) for n in range(3)]
    for proc in procs:
        assert proc.wait(timeout=60) == 0
    texts = {e.text for e in MemoryStore(folder, "demo").entries("lessons.md")}
    assert texts == {f"Process {n} lesson {i}" for n in range(3) for i in range(8)}
    from tests.support.git import commit_count

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
    from tests.support.git import commits

    assert commits(folder).count("Create memory folder") == 1
    assert len(MemoryStore(folder, "demo").entries("lessons.md")) == 4

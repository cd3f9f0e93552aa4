"""Four processes remember 250 entries each into one memory folder at the same moment: nothing lost.
A holder killed while writers wait on the lock: they go on, and clean up after it."""

from __future__ import annotations

import subprocess
import sys
import time

from swarmkit.memory.store import MemoryStore
from tests.support.git import commit_count, git
from tests.support.memory_files import assert_every_file_parses, assert_fsck_clean

PROCESSES = 4
EACH = 250
# Each writer waits for the start file, so that all four begin at once, then writes its entries.
WRITER = """
import os, sys, time, warnings
from swarmkit.memory.store import MemoryStore
folder, start, n, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
warnings.simplefilter("ignore")
store = MemoryStore(folder, "reliability", lock_timeout=120)
while not os.path.exists(start):
    time.sleep(0.001)
statuses = {}
targets = [("lessons", "insight"), ("me", "preference"), ("workspace", "project_fact"), ("inbox", "insight")]
for i in range(count):
    target, kind = targets[i % 4]  # every writer writes to every file: the files stay under 64 KB
    result = store.remember(f"Writer {n} measured value {i} in the shared folder", kind=kind, target=target)
    statuses[result.status] = statuses.get(result.status, 0) + 1
print(statuses, flush=True)
"""


def test_four_processes_times_250_remembers(tmp_path):
    folder = tmp_path / "memory"
    MemoryStore(folder, "reliability").ensure()
    initial = commit_count(folder)
    start = tmp_path / "start"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder), str(start), str(n), str(EACH)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(PROCESSES)
    ]
    time.sleep(0.5)  # let every interpreter start and wait on the start file
    start.touch()
    for proc in procs:
        # a hang guard, not a speed bound: 3,000 git commands take minutes where starting a
        # process is slow (Windows)
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        assert out.strip() == f"{{'written': {EACH}}}", out + err

    entries = assert_every_file_parses(folder)
    texts = [e.text for e in entries if e.text.startswith("Writer ")]
    assert len(texts) == PROCESSES * EACH
    assert set(texts) == {
        f"Writer {n} measured value {i} in the shared folder" for n in range(PROCESSES) for i in range(EACH)
    }
    assert {e.file for e in entries if e.text.startswith("Writer ")} == {
        "lessons.md",
        "me.md",
        "workspaces/reliability.md",
        "inbox.md",
    }
    # exactly one commit per write (the MEMORY.md link to the new workspace file rides in the first)
    assert commit_count(folder) == initial + PROCESSES * EACH
    assert git(folder, "status", "--porcelain") == ""  # every write was committed
    assert_fsck_clean(folder)
    assert (folder / ".index" / "write.lock").read_text() == ""  # released: no holder line left


# Takes the lock, leaves what a writer killed inside `git commit` leaves (git's index.lock and a
# temp file), says so, and waits to be killed.
DYING_HOLDER = """
import os, sys, time
from swarmkit.memory.store import MemoryStore
store = MemoryStore(sys.argv[1], "reliability")
with store.lock:
    (store.folder / ".git" / "index.lock").write_text("")
    (store.folder / f".lessons.md.tmp-{os.getpid()}-0badc0de").write_text("half")
    old = time.time() - 5
    os.utime(store.folder / ".git" / "index.lock", (old, old))
    print("holding", flush=True)
    time.sleep(600)
"""


def test_writers_waiting_on_a_killed_holder_go_on_and_clean_up_after_it(tmp_path):
    folder = tmp_path / "memory"
    MemoryStore(folder, "reliability").ensure()
    initial = commit_count(folder)
    holder = subprocess.Popen(
        [sys.executable, "-c", DYING_HOLDER, str(folder)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout.readline().strip() == "holding"
    start = tmp_path / "start"
    start.touch()
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder), str(start), str(n), "5"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(2)
    ]
    time.sleep(1.0)  # the writers are waiting on the lock (they cannot have written: see below)
    assert commit_count(folder) == initial
    holder.kill()
    holder.wait()
    for proc in writers:
        out, err = proc.communicate(timeout=180)
        assert proc.returncode == 0, err
        assert out.strip() == "{'written': 5}", out + err
    assert commit_count(folder) == initial + 10
    assert not (folder / ".git" / "index.lock").exists()
    assert not [p.name for p in folder.glob(".*.tmp-*")]
    assert git(folder, "status", "--porcelain") == ""
    assert_fsck_clean(folder)

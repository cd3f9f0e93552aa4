"""Four processes remember 250 entries each into one memory folder at the same moment: nothing lost."""

from __future__ import annotations

import subprocess
import sys
import time

from swarmkit.memory.store import MemoryStore
from tests.reliability.memory_helpers import assert_every_file_parses, assert_fsck_clean, commit_count, git

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
        out, err = proc.communicate(timeout=180)
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
    assert git(folder, "status", "--porcelain").stdout == ""  # every write was committed
    assert_fsck_clean(folder)
    assert not (folder / ".index" / "write.lock").exists()

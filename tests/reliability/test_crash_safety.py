"""A memory writer killed at random moments, 50 times: the folder stays whole and writable.

Killed as a process ends without a word: SIGKILL, or TerminateProcess on Windows (Popen.kill()), which
has no process groups, so the group case is POSIX's."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.store import MemoryStore
from tests.support.git import commit_count, git
from tests.support.memory_files import assert_every_file_parses, assert_fsck_clean

KILLS = 50
KILLED = 1 if sys.platform == "win32" else -signal.SIGKILL  # the exit status Popen.kill() leaves
# Writes until killed; long entries make each file write take a while, so kills land mid-write too.
WRITER = """
import sys, warnings
from swarmkit.errors import SwarmkitError
from swarmkit.memory.store import MemoryStore
warnings.simplefilter("ignore")
store = MemoryStore(sys.argv[1], "reliability", lock_timeout=30)
round_ = sys.argv[2]
targets = [("lessons", "insight"), ("me", "preference"), ("workspace", "project_fact")]
print("ready", flush=True)
i = 0
while True:
    target, kind = targets[i % 3]
    text = f"Round {round_} write {i}: " + "é measured throughput " * 20
    store.remember(text, kind=kind, target=target, subject=f"crash-{i % 6}")  # replaces: files stay small
    i += 1
"""


@pytest.mark.parametrize("victims", ["writer", "writer-and-its-git"])
def test_sigkill_at_random_moments_50_times(tmp_path, victims):
    """`writer` kills the Python process (its git child finishes as an orphan); `writer-and-its-git`
    kills the whole process group, as a container stop or the OOM killer of a cgroup does."""
    folder = tmp_path / "memory"
    MemoryStore(folder, "reliability").ensure()
    rng = random.Random(int(os.environ.get("SWARMKIT_CRASH_SEED", "6")))
    for round_ in range(KILLS):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder), str(round_)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
        time.sleep(rng.uniform(0.0, 0.4))
        if victims == "writer":
            proc.kill()
        else:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        assert proc.returncode == KILLED, proc.stderr.read()

        assert_every_file_parses(folder)
        # the next write goes through at once (a busy lock would stop it after lock_timeout): the
        # dead writer's lock is stale, not a wall; and the temp files it left are swept
        before = commit_count(folder)
        store = MemoryStore(folder, "reliability", lock_timeout=5)
        result = store.remember(f"Written after kill {round_}", kind="insight")
        assert result.status == "written", result
        assert not [p.name for p in folder.rglob("*") if ".tmp-" in p.name and ".git" not in p.parts]
        assert commit_count(folder) >= before + 1
        assert git(folder, "status", "--porcelain") == ""
        assert_fsck_clean(folder)
    texts = {e.text for e in assert_every_file_parses(folder)}
    assert {f"Written after kill {n}" for n in range(KILLS)} <= texts


@pytest.mark.parametrize("moment", ["after taking the OS lock", "after writing its holder line"])
def test_writer_killed_while_taking_the_lock_does_not_block_the_next_write(tmp_path, moment):
    """Killed inside the lock's acquire: the OS drops the lock with the process, whatever it had
    written into the lock file (nothing yet, or its holder line)."""
    folder = tmp_path / "memory"
    MemoryStore(folder, "reliability").ensure()
    # The child waits at the moment, holding the OS lock (flock, or msvcrt.locking), and is killed.
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            """
import os, sys, time
from swarmkit.memory.folder import locking
from swarmkit.memory.store import MemoryStore
def stop():
    print("stopped", flush=True)
    time.sleep(600)
if sys.argv[2] == "after taking the OS lock":
    real_try_lock = locking._try_lock
    def try_lock(fd):
        taken = real_try_lock(fd)
        if taken:
            stop()
        return taken
    locking._try_lock = try_lock
else:
    real_write = os.write
    def write(fd, data):
        done = real_write(fd, data)
        stop()
        return done
    os.write = write
MemoryStore(sys.argv[1], "reliability").lock.acquire()
""",
            str(folder),
            moment,
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "stopped"
    lock = folder / ".index" / "write.lock"
    with pytest.raises(SwarmkitError, match="busy"):  # waiting there, it holds the lock
        MemoryStore(folder, "reliability", lock_timeout=0.2).remember("Not yet", kind="insight")
    child.kill()
    child.wait()
    # a lock that stayed would stop this write after lock_timeout with "busy"
    result = MemoryStore(folder, "reliability", lock_timeout=3).remember(
        "Written after the kill", kind="insight"
    )
    assert result.status == "written"
    assert lock.read_text() == ""


def test_git_locks_of_a_dead_writer_are_cleared_but_not_a_live_users(tmp_path):
    folder = tmp_path / "memory"
    MemoryStore(folder, "reliability").ensure()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    git_lock, ref_lock = folder / ".git" / "index.lock", folder / ".git" / "refs" / "heads" / "main.lock"
    # a user's own git (no dead swarmkit writer): its lock is not ours to remove
    git_lock.write_text("")
    with pytest.raises(Exception, match="cannot be written: git.s lock file .*index.lock is there"):
        MemoryStore(folder, "reliability", lock_timeout=2).remember(
            "Blocked by the user's git", kind="insight"
        )
    assert git_lock.exists()
    # a swarmkit writer that died inside git: both its locks and git's are stale
    (folder / ".index" / "write.lock").write_text(f"{dead.pid} {socket.gethostname()} {time.time()}\n")
    ref_lock.write_text("")
    old = time.time() - 5
    os.utime(git_lock, (old, old))
    result = MemoryStore(folder, "reliability", lock_timeout=2).remember(
        "Written after the dead writer", kind="insight"
    )
    assert result.status == "written"
    assert not git_lock.exists() and not ref_lock.exists()
    assert_fsck_clean(folder)

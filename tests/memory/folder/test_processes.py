"""Whether a process is alive (swarmkit/memory/folder/processes.py): what decides that a temp file's
writer is gone and its file may be swept. On Windows it asks OpenProcess and GetExitCodeProcess
(`os.kill(pid, 0)` would end the process there); elsewhere it sends signal 0."""

from __future__ import annotations

import os
import subprocess
import sys

from swarmkit.memory.folder.processes import pid_alive

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]


def test_this_process_and_a_running_child_are_alive_and_asking_ends_neither():
    assert pid_alive(os.getpid())
    child = subprocess.Popen(SLEEPER)
    try:
        for _ in range(3):
            assert pid_alive(child.pid)
        assert child.poll() is None  # still running: the probe is no signal that ends it
    finally:
        child.kill()
        child.wait()


def test_a_child_that_ended_is_not_alive():
    for code in ("pass", "raise SystemExit(3)"):
        child = subprocess.Popen([sys.executable, "-c", code])
        child.wait()
        assert not pid_alive(child.pid), code  # Windows: its exit code is no longer STILL_ACTIVE
    killed = subprocess.Popen(SLEEPER)
    killed.kill()  # SIGKILL; TerminateProcess on Windows
    killed.wait()
    assert not pid_alive(killed.pid)


def test_a_process_of_another_user_is_alive():
    """The system's first process (init or launchd; Windows' System is 4): asking may be refused,
    which means it exists."""
    assert pid_alive(4 if sys.platform == "win32" else 1)


def test_no_pid_is_alive():
    assert not pid_alive(0)
    assert not pid_alive(-1)

"""Switching a SQLite file to WAL when several processes may open it for the first time at once.

Changing the journal mode takes a lock SQLite's busy timeout does not wait for: a process creating
a file at the same moment as another got "database is locked" at once (a test of two processes
writing vectors found it: one kept its vectors in memory only). The recall index and the vectors
both open their files this way, so the switch is tried again until the wait its caller allows.
"""

from __future__ import annotations

import sqlite3
import time


def switch_to_wal(con: sqlite3.Connection, wait_s: float) -> None:
    """PRAGMA journal_mode=WAL, tried again for up to `wait_s` while the file is locked."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            con.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.01)

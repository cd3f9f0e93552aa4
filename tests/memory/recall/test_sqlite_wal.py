"""Switching a new SQLite file to WAL waits out a lock SQLite's busy timeout does not (the recall
index and the vectors both open their files through it)."""

from __future__ import annotations

import sqlite3

import pytest

from swarmkit.memory.recall import sqlite_wal


class Locked:
    """A connection whose journal switch finds the file locked `times` times (another process
    creating it at the same moment), then succeeds."""

    def __init__(self, times: int):
        self.left, self.asked = times, []

    def execute(self, sql: str):
        self.asked.append(sql)
        if self.left:
            self.left -= 1
            raise sqlite3.OperationalError("database is locked")


def test_the_switch_is_tried_again_while_the_file_is_locked():
    con = Locked(3)
    sqlite_wal.switch_to_wal(con, 30)  # type: ignore[arg-type]
    assert con.asked == ["PRAGMA journal_mode=WAL"] * 4


def test_a_file_locked_past_the_wait_is_an_error_as_before():
    with pytest.raises(sqlite3.OperationalError, match="database is locked"):
        sqlite_wal.switch_to_wal(Locked(10**9), 0.05)  # type: ignore[arg-type]


def test_the_recall_index_and_the_vectors_open_their_files_through_it(tmp_path, monkeypatch):
    from swarmkit.memory.recall import storage, vectors

    switched = []
    monkeypatch.setattr(storage, "switch_to_wal", lambda con, wait: switched.append(("index", wait)))
    monkeypatch.setattr(vectors, "switch_to_wal", lambda con, wait: switched.append(("vectors", wait)))
    storage.IndexDB(tmp_path / "recall.sqlite3").con.close()
    assert vectors.VectorStore(tmp_path / "vectors-test.sqlite3", 4).count == 0
    assert switched == [("index", storage.BUSY_S), ("vectors", vectors.BUSY_S)]

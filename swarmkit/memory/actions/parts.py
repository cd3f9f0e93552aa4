"""MemoryParts: what an action that writes or recalls is handed, so it never calls the store.

The store (store.py) builds the three once per person and hands them to the actions: the folder as
that person reads it (folder/reader.py), the one writer every entry goes through (folder/writer.py,
where screening happens once at its door), and the recall index (recall/recaller.py). An action
that only reads is handed the reader alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from swarmkit.memory.folder.reader import MemoryReader
from swarmkit.memory.folder.writer import MemoryWriter
from swarmkit.memory.recall.recaller import Recaller


@dataclass(frozen=True)
class MemoryParts:
    """One person's reader, the writer over it and the recall index over it."""

    reader: MemoryReader
    writer: MemoryWriter
    recaller: Recaller

"""The memory folder's format and its safety: what a memory folder is, and the only way to write it.

Layout, names and limits, refs and digests, entries, people and privacy (whose file is whose), git,
the write lock, atomic writes, hand edits and `apply`, the one shape every surface prints of an
entry (entry_model.py), the folder as one person reads it (reader.py) and the one writer of entries
(writer.py). Everything else in swarmkit.memory is built
on this room; it imports none of them but screening (every write is screened).
"""

"""The memory folder's format and its safety: what a memory folder is, and the only way to write it.

Layout, names and limits, refs and digests, entries, people and privacy (whose file is whose), git,
the write lock, atomic writes, hand edits and `apply`. Everything else in swarmkit.memory is built
on this room; it imports none of them but screening (every write is screened).
"""

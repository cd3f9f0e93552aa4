"""Memory: the memory folder (markdown under git), in rooms whose names say what they hold.

folder/     the format and its safety: layout and limits, refs, entries, people and privacy, git,
            the write lock, atomic writes, hand edits and apply (MemoryFolder), the one write
            transaction every entry writer uses (transaction.py), and what the actions call on
            the store (core.py's MemoryCore, which MemoryStore implements); every write is
            screened by swarmkit.screening, the ground-floor text engine beside swarmkit.speech
recall/     ranked entries for a query, by words and by meaning; reads the folder
actions/    what users and runs do: inbox, direct add and edit, curated facts, history, timeline,
            import, swarm notes, feedback, sync, consolidate/; each uses only the rooms above
store.py    MemoryStore, the documented Python API: it composes the rooms, and nothing imports it
            but the CLI, the runtime and the server

The memory configuration and its defaults are the resolver's (resolver/memory_config.py,
resolver/memory_defaults.py); nothing here imports the runtime. tests/test_architecture.py checks
which room may import which.
"""

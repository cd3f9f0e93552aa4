"""Memory: the effective memory configuration and the memory folder.

It owns the memory block's configuration (config.py, read from the schema; _defaults.py adds the
bindings and bundled skills), the folder's primitives (folder.py: paths, refs, reading, the write
lock, apply), the features built on them (privacy, recall/, inbox, importer, swarm, sync, feedback,
facts, direct, curated, history, screening) and MemoryStore (store.py), which puts them together.
The features import the core, never store.py; nothing here imports the runtime.
"""

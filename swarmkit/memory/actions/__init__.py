"""What users and runs do with memory, each built on the folder core: inbox, direct add and edit,
curated facts, history, timeline, import, swarm notes, feedback, sync and consolidation.

MemoryStore (store.py) composes them; no action imports the store or another room's internals.
"""

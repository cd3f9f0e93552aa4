"""Running a resolved topology: agent tree, decision skills, providers, run records.

It owns execution (engine.py), what a run does with memory (memory_hooks.py, through MemoryStore),
the providers and their one table of built-in names (providers/), and the typed RunRecord
(records.py) that the CLI and the server read.
"""

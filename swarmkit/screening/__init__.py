"""Secret screening, the ground-floor text engine every memory write, run record and printed answer
goes through: salience, secret redaction (screen.py) and its detectors (secrets/), whose word
lists, patterns and tables are data (rules/*.toml, read by ruleset.py on first use).

It imports nothing of swarmkit but itself (tests/test_architecture.py).
"""

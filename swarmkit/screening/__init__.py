"""Secret screening, the ground-floor text engine every memory write, run record and printed answer
goes through: salience, secret redaction (screen.py) and its detectors (secrets/).

It imports nothing of swarmkit but itself (tests/test_architecture.py).
"""

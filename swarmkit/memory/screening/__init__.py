"""Screening before every memory write: salience, secret redaction (screen.py) and its detectors (secrets/).

It imports nothing else of memory but the entry format's length limit.
"""

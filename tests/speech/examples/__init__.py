"""Example files of plain-speech reading, as check-jsonschema keeps its example files: one folder per
reader (facts, casual: facts said in passing, attributes, sentences, first_person, questions:
asked by purpose), each with `positive/` (what the reader finds, and
what it makes of it) and `negative/` (what it must leave alone). Each file is TOML: a comment saying
what its examples show and what their fields mean, then `[[example]]` tables. tests/speech/
test_examples.py reads every file; a new example is a new table, a new file a new case.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

FOLDER = Path(__file__).parent


def examples(reader: str, polarity: str, name: str = "*") -> list:
    """The examples of `reader`'s `polarity` folder (every file, or the file `name`), as pytest params
    whose ids say the file and the example's text."""
    params = []
    for path in sorted((FOLDER / reader / polarity).glob(f"{name}.toml")):
        rows = tomllib.loads(path.read_text(encoding="utf-8"))["example"]
        for row in rows:
            text = next(iter(row.values()))
            params.append(pytest.param(row, id=f"{path.stem}: {text}"))
    assert params, f"no examples in {reader}/{polarity}/{name}.toml"
    return params

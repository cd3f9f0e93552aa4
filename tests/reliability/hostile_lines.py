"""Hostile memory lines: each shape aims at one way a parser or a screening pattern could go
superlinear (backtracking, rescanning a run, re-reading a window), and none is one of the shapes
issue 9 reported (a `[...]` group of ~40 semicolons, 51 KB of hyphenated words and "token").

Used by tests/reliability (bounded CPU time) and by bench/bench_hostile.py (wall-clock figures).
"""

from __future__ import annotations

import json
from pathlib import Path

# name → (repeated unit, prefix, suffix); a line is "- " + prefix + unit * n + suffix
SHAPES: dict[str, tuple[str, str, str]] = {
    "many metadata pairs": ("; k: v", "x [a: b", "]"),
    "nested brackets": ("[", "x ", "]" * 50),
    "many trailing groups": ("[a:b] ", "x ", ""),
    "unclosed groups": ("[a: b; ", "x ", ""),
    "punctuation run": (". ", "x", "a"),
    "whitespace run": ("\t \u00a0", "x", "y"),
    "jwt-like run": ("eyJ-", "", "."),
    "scheme run": ("a://", "", "@"),
    "userinfo run": ("a:b@", "", "c.com"),
    "key assignments": ("password=", "", "x"),
    "weak keys": ("key=", "", "0"),
    "codes": ("pin=1234;", "", ""),
    "card-like digits": ("4111 ", "", ""),
    "iban-like groups": ("DE89 ", "", ""),
    "ssn-like groups": ("123-45-", "", "6789"),
    "command words": ("mysql -p", "", ""),
    "header words": ("Authorization: Basic ", "", ""),
    "cookie pairs": ("Cookie: a=b; ", "", ""),
    "links": ("[[a]] ", "", "x"),
    "prose keys": ("the password for the ", "", "is x"),
    "braces": ("{", "", ""),
    "prose keys in other languages": ("le mot de passe du wifi de ", "", "est x"),
    "codes named by their lock": ("the code for the door ", "", "is Kx72"),
    "base58 runs": ("5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ ", "", ""),
    "bot-token-like runs": ("123456789:AAHdq-", "", ""),
}


def line(name: str, size: int) -> str:
    """One entry line of about `size` characters in the named shape."""
    unit, prefix, suffix = SHAPES[name]
    return "- " + prefix + unit * max(1, size // len(unit)) + suffix


def write_inputs(base: Path, size: int) -> dict:
    """Every shape as one line: a folder of notes to import (a file each) and a mock script whose
    extraction returns six of them as facts and whose answer is hostile too."""
    lines = [line(name, size) for name in sorted(SHAPES)]
    notes = base / "notes"
    notes.mkdir()
    for index, text in enumerate(lines):
        (notes / f"note-{index:02d}.md").write_text(text + "\n")
    script = base / "script.json"
    facts = [{"text": text, "kind": "insight"} for text in lines[:6]]
    script.write_text(
        json.dumps(
            [
                {"when": {"purpose": "extract"}, "reply": json.dumps({"facts": facts})},
                {"when": {"purpose": "answer"}, "reply": lines[0] + "\n" + lines[5] + "\n" + "{" * size},
            ]
        )
    )
    return {"lines": lines, "notes": notes, "script": script}

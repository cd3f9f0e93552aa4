"""'Did you mean' for misspelled keys and ids."""

from __future__ import annotations

from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str]) -> str | None:
    import difflib  # here: only a mistake needs it, and its import is ~1 ms of a one-shot validate

    matches = difflib.get_close_matches(str(word), sorted(set(candidates)), n=1, cutoff=0.6)
    return matches[0] if matches else None


def did_you_mean(word: str, candidates: Iterable[str], otherwise: str = "") -> str:
    """A hint naming the closest candidate, or `otherwise` when nothing is close."""
    match = closest(word, candidates)
    if match is not None:
        return f'did you mean "{match}"?'
    return otherwise

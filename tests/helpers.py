"""Helpers shared by tests."""

from __future__ import annotations

from pathlib import Path


def write_overlay(root: Path, overlay: dict[str, str | bytes | None]) -> None:
    """Write (str/bytes) or delete (None) files relative to `root`."""
    for rel, content in overlay.items():
        path = root / rel
        if content is None:
            path.unlink()
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")

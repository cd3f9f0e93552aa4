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


def snapshot_tree(root: Path) -> dict[str, str]:
    """Every file under root (relative posix path -> text), for snapshots of what a command wrote."""
    return {
        path.relative_to(root).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }

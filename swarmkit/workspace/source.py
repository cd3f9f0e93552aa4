"""One workspace file as loaded: its text, its data, and (on demand) where each value sits."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(eq=False)
class SourceFile:
    """A YAML file of the workspace. `data` is None when the file could not be loaded."""

    path: Path
    rel: str  # posix path relative to the workspace folder: what diagnostics print
    expected_kind: str
    text: str | None = None
    data: Any = None
    _positions: Any = field(default=None, repr=False)

    def locate(self, path: tuple = (), at: str = "value") -> tuple[int, int]:
        """1-based (line, column) of the value (or key) at `path`; the nearest ancestor if absent."""
        if self.text is None:
            return (1, 1)
        if self._positions is None:
            from swarmkit.workspace.positions import PositionIndex

            # Parsed only when a diagnostic needs a position: valid files never pay for it.
            self._positions = PositionIndex(self.text)
        return self._positions.locate(path, at)

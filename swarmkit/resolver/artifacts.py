"""A loaded artifact on its way through resolution: its source file and, once valid, its model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from swarmkit.workspace.source import SourceFile


@dataclass(eq=False)
class Artifact:
    source: SourceFile
    origin: str = "workspace"  # or "bundled"
    model: Any = None  # the generated pydantic model; None while (or when not) schema-valid

    @property
    def rel(self) -> str:
        return self.source.rel

    def raw_id(self) -> str | None:
        """The id the file declares, read even from a file that failed its schema check."""
        data = self.source.data
        if not isinstance(data, dict):
            return None
        metadata = data.get("metadata")
        if not isinstance(metadata, dict):
            return None
        key = "name" if self.source.expected_kind == "Topology" else "id"
        value = metadata.get(key)
        return value if isinstance(value, str) else None

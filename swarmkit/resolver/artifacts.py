"""A loaded artifact on its way through resolution: its source file and whether it is schema-valid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from swarmkit.workspace.source import SourceFile


@dataclass(eq=False)
class Artifact:
    """One workspace or bundled file on its way through resolution."""

    source: SourceFile
    origin: Literal["workspace", "bundled"] = "workspace"
    valid: bool = False  # passed its schema check: its data has the schema's shape

    @property
    def rel(self) -> str:
        return self.source.rel

    @property
    def data(self) -> dict:
        return self.source.data

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

"""The effective memory configuration of a workspace and the one sentence that describes it."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class ReaderSettings:
    """memory-reader's effective config (schema: ReaderConfig, every default filled in)."""

    max_results: int
    similarity_threshold: float
    search_scope: str  # user | all | both


@dataclass(frozen=True, slots=True)
class WriterSettings:
    """memory-writer's effective config (schema: WriterConfig, every default filled in)."""

    min_output_length: int


@dataclass(frozen=True, slots=True)
class MemorySettings:
    """What memory does in a resolved workspace.

    `reader`/`writer` are None when that side is switched off (memory off, or its workspace binding
    disabled). `explicit` names the memory bindings workspace.yaml wrote itself; `auto` the ones
    swarmkit added.
    """

    enabled: bool
    reader: ReaderSettings | None
    writer: WriterSettings | None
    explicit: tuple[str, ...]
    auto: tuple[str, ...]
    folder: Path
    # The memory block over the schema defaults, whatever the bindings: what a binding's config
    # falls back to (a topology may bind memory-reader even where the workspace disabled it).
    reader_block: ReaderSettings | None = None
    writer_block: WriterSettings | None = None

    def sentence(self) -> str:
        if not self.enabled:
            return "Memory: off (memory.enabled: false)"
        if self.reader is None:
            reader = "reader off"
        else:
            r = self.reader
            reader = f"reader top {r.max_results} ≥ {r.similarity_threshold:g} (scope {r.search_scope})"
        writer = "writer off" if self.writer is None else f"writer ≥ {self.writer.min_output_length} chars"
        return f"Memory: on — {reader}, {writer}"

    def to_dict(self) -> dict:
        return {
            "enabled": self.enabled,
            "sentence": self.sentence(),
            "config": {
                "reader": None if self.reader is None else asdict(self.reader),
                "writer": None if self.writer is None else asdict(self.writer),
            },
            "explicit": list(self.explicit),
            "auto": list(self.auto),
            "folder": str(self.folder),
        }

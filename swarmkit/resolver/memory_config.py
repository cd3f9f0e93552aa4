"""The effective memory configuration: built once by the resolver, read by run, serve and `memory`.

The schema is the only source of the options and their defaults (ReaderConfig and WriterConfig in
schema/common.schema.json). The resolver merges, once per binding, the binding's config over the
workspace's memory block over those defaults. The runtime, the server and the memory commands read
the result as ReaderSettings and WriterSettings: the generated models' fields (a test holds them
equal, field for field and value for value), read from the merged values, which the workspace's
JSON Schema check has already held to the same definitions. Building the generated models instead
would import pydantic, half of a one-shot `run`'s start-up with memory on (150 ms of CPU out of 300),
for four values that are already checked; `validate` only prints the sentence and never loads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmkit.memory_skills import READER_ID, SIDE_OF, SIDES, WRITER_ID, reader_defaults, writer_defaults


def memory_block(raw_workspace: Mapping) -> dict[str, Any]:
    """The workspace's memory block (schema-valid data) with every default filled in."""
    block = raw_workspace.get("memory") or {}
    return {
        "enabled": block.get("enabled", True) is not False,
        "reader": {**reader_defaults(), **(block.get("reader") or {})},
        "writer": {**writer_defaults(), **(block.get("writer") or {})},
    }


def binding_values(skill_id: str, config: Mapping, block: Mapping) -> dict[str, Any] | None:
    """A memory binding's effective config: its own keys over the block's (which hold the defaults);
    None for a binding of any other skill."""
    side = SIDE_OF.get(skill_id)
    return None if side is None else {**block[side], **config}


@dataclass(frozen=True, slots=True)
class ReaderSettings:
    """memory-reader's effective config: the generated ReaderConfig's fields (schema-checked values)."""

    max_results: int
    similarity_threshold: float
    search_scope: str  # SearchScope's value: user, all or both


@dataclass(frozen=True, slots=True)
class WriterSettings:
    """memory-writer's effective config: the generated WriterConfig's fields (schema-checked values)."""

    min_output_length: int


def typed(skill_id: str, values: Mapping) -> ReaderSettings | WriterSettings:
    """A memory binding's effective config (merged over the schema's defaults, schema-checked), as
    the generated model would read it: a JSON number as float, a whole number as int."""
    if SIDE_OF[skill_id] == "reader":
        return ReaderSettings(
            int(values["max_results"]), float(values["similarity_threshold"]), str(values["search_scope"])
        )
    return WriterSettings(int(values["min_output_length"]))


def default_sentence() -> str:
    """The memory sentence of a workspace without a memory block (for examples in docs)."""
    block = memory_block({})
    values = {side: block[side] for side in SIDES}
    return MemoryConfig(True, Path(), (), (), values, values).sentence()


@dataclass(frozen=True)
class MemoryConfig:
    """What memory does in a resolved workspace.

    `values` holds the effective config of the workspace's memory-reader and memory-writer bindings
    (None for a side that is off: memory off, or its workspace binding disabled); `block` the
    memory block over the defaults, whatever the bindings. `explicit` names the memory bindings
    workspace.yaml wrote itself, `auto` the ones swarmkit added.
    """

    enabled: bool
    folder: Path
    explicit: tuple[str, ...]
    auto: tuple[str, ...]
    values: Mapping[str, Mapping[str, Any] | None]
    block: Mapping[str, Mapping[str, Any]]
    _models: dict = field(default_factory=dict, repr=False, compare=False)

    def _typed(self, key: str, skill_id: str, values: Mapping | None):
        if values is None:
            return None
        if key not in self._models:
            self._models[key] = typed(skill_id, values)
        return self._models[key]

    @property
    def reader(self) -> ReaderSettings | None:
        """The workspace's memory-reader config, or None when it is off."""
        return self._typed("reader", READER_ID, self.values["reader"])

    @property
    def writer(self) -> WriterSettings | None:
        """The workspace's memory-writer config, or None when it is off."""
        return self._typed("writer", WRITER_ID, self.values["writer"])

    @property
    def search_reader(self) -> ReaderSettings:
        """What a search recalls with: the reader's config, else (reader off) the memory block's."""
        reader = self.reader
        return reader if reader is not None else self._typed("block.reader", READER_ID, self.block["reader"])

    def sentence(self) -> str:
        if not self.enabled:
            return "Memory: off (memory.enabled: false)"
        reader, writer = self.values["reader"], self.values["writer"]
        read = "reader off"
        if reader is not None:
            read = (
                f"reader top {reader['max_results']} ≥ {reader['similarity_threshold']:g} "
                f"(scope {reader['search_scope']})"
            )
        write = "writer off" if writer is None else f"writer ≥ {writer['min_output_length']} chars"
        recall = None
        if reader is not None:  # which recall is in force; nothing is said with SWARMKIT_EMBEDDING_MODEL=off
            from swarmkit.memory import describe_recall_model as describe

            recall = describe()
        return f"Memory: on — {read}, {write}" + (f"; {recall}" if recall else "")

    def to_dict(self) -> dict:
        return {
            "enabled": self.enabled,
            "sentence": self.sentence(),
            "config": {side: None if v is None else dict(v) for side, v in self.values.items()},
            "explicit": list(self.explicit),
            "auto": list(self.auto),
            "folder": str(self.folder),
        }

"""The two built-in memory skills (memory-reader, memory-writer) and their options' schema defaults.

The resolver binds them, the runtime runs them and memory's recall reads their defaults, so these
few facts sit in one module below all three, which imports none of them: the resolver's effective
configuration (resolver/memory_config.py) is built over it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

READER_ID = "memory-reader"
WRITER_ID = "memory-writer"
BUILTIN_MEMORY_SKILLS = (READER_ID, WRITER_ID)
# Each side of the memory block: its key in `memory:`, its skill, its schema definition.
SIDES = {"reader": (READER_ID, "ReaderConfig"), "writer": (WRITER_ID, "WriterConfig")}
SIDE_OF = {skill: side for side, (skill, _) in SIDES.items()}


@cache
def _schema_defaults(definition: str) -> Mapping[str, Any]:
    from types import MappingProxyType

    from swarmkit.schemas import load_schema

    props = load_schema("common")["$defs"][definition]["properties"]
    return MappingProxyType({key: spec["default"] for key, spec in props.items() if "default" in spec})


def reader_defaults() -> dict[str, Any]:
    """memory-reader's options with the defaults the schema declares."""
    return dict(_schema_defaults("ReaderConfig"))


def writer_defaults() -> dict[str, Any]:
    """memory-writer's options with the defaults the schema declares."""
    return dict(_schema_defaults("WriterConfig"))

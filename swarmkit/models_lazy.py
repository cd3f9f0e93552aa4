"""Generated models built on first use.

`swarmkit validate` needs only the JSON Schema check and the links, so it never pays for importing
pydantic and building model classes (about half its start-up); the runtime and server, which read
typed models, build them on first access. The data was already validated against the same schema.
"""

from __future__ import annotations

import importlib
from typing import Any

_KIND_MODELS = {
    "Workspace": ("swarmkit.models.workspace_schema", "Workspace"),
    "Topology": ("swarmkit.models.topology_schema", "Topology"),
    "Archetype": ("swarmkit.models.archetype_schema", "Archetype"),
    "Skill": ("swarmkit.models.skill_schema", "Skill"),
}


def model_class(kind: str) -> Any:
    module, name = _KIND_MODELS[kind]
    return getattr(importlib.import_module(module), name)


class LazyModel:
    """Holds schema-valid data of one kind and builds its generated model once, when asked."""

    __slots__ = ("kind", "_data", "_model")

    def __init__(self, kind: str, data: Any) -> None:
        self.kind = kind
        self._data = data
        self._model = None

    def get(self):
        if self._model is None:
            self._model = model_class(self.kind).model_validate(self._data)
            self._data = None
        return self._model

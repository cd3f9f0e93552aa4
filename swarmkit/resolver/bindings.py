"""Decision-skill bindings: building them from data and merging workspace and topology lists."""

from __future__ import annotations

from types import MappingProxyType

from swarmkit.memory_skills import BUILTIN_MEMORY_SKILLS
from swarmkit.resolver.memory_config import binding_values
from swarmkit.resolver.resolved import Binding, BindingOrigin

# Where a file keeps its decision-skill bindings (workspace.yaml and each topology alike).
DECISIONS = ("governance", "decision_skills")


def decision_list(data: dict) -> list:
    """The bindings a document lists under governance.decision_skills ([] when it lists none)."""
    governance = data.get("governance")
    bindings = governance.get("decision_skills") if isinstance(governance, dict) else None
    return bindings if isinstance(bindings, list) else []


def parse_scope(scope: str | None) -> tuple[str, ...] | None:
    """None for "*" (every agent), else the agent ids of a comma-separated list."""
    text = (scope or "*").strip()
    if text == "*":
        return None
    return tuple(part.strip() for part in text.split(",") if part.strip())


def is_enabled(raw: dict) -> bool:
    return raw.get("enabled", True) is not False


def make_binding(
    raw: dict, origin: BindingOrigin, declared_in: str, file: str, line: int, block: dict
) -> Binding:
    """`raw` is one schema-valid decision-skill binding; `block` the memory block over its defaults."""
    scope = raw.get("scope", "*")
    config = raw.get("config") or {}
    return Binding(
        id=raw["id"],
        trigger=raw.get("trigger", ""),
        scope=scope.strip(),
        agents=parse_scope(scope),
        required=raw.get("required", True) is not False,
        config=MappingProxyType(dict(config)),
        origin=origin,
        builtin=raw["id"] in BUILTIN_MEMORY_SKILLS,
        declared_in=declared_in,
        file=file,
        line=line,
        memory=_frozen(binding_values(raw["id"], config, block)),
    )


def _frozen(values: dict | None):
    return None if values is None else MappingProxyType(values)


def merge_decision_skills(
    inherited: tuple[Binding, ...], own: list[tuple[Binding, bool]]
) -> tuple[Binding, ...]:
    """Workspace list, then the topology's: same id overrides, new id extends, disabled removes.

    `own` holds (binding, enabled) in the topology's order.
    """
    merged: dict[str, Binding] = {b.id: b for b in inherited}
    for binding, enabled in own:
        if not enabled:
            merged.pop(binding.id, None)
        else:
            merged[binding.id] = binding  # an override keeps the inherited position
    return tuple(merged.values())

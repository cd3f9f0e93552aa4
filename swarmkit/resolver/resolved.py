"""The immutable result of resolution: what every consumer (CLI, runtime, server) reads."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from swarmkit.memory.settings import MemorySettings
from swarmkit.models.archetype_schema import Archetype
from swarmkit.models.common_schema import ModelRef
from swarmkit.models.skill_schema import Skill
from swarmkit.models.topology_schema import Topology
from swarmkit.models.workspace_schema import Workspace

SkillOrigin = Literal["workspace", "bundled"]
BindingOrigin = Literal["explicit", "auto"]


@dataclass(frozen=True, slots=True)
class Binding:
    """One effective decision-skill binding. `agents` is None for scope "*"."""

    id: str
    trigger: str
    scope: str
    agents: tuple[str, ...] | None
    required: bool
    config: Mapping[str, Any]
    origin: BindingOrigin
    builtin: bool
    declared_in: str  # "workspace" or "topology:<name>"
    file: str
    line: int

    def applies_to(self, agent_id: str) -> bool:
        return self.agents is None or agent_id in self.agents


@dataclass(frozen=True, slots=True)
class ResolvedSkill:
    id: str
    origin: SkillOrigin
    file: str
    model: Skill

    @property
    def category(self) -> str:
        return str(self.model.category)


@dataclass(frozen=True, slots=True)
class ResolvedArchetype:
    id: str
    file: str
    model: Archetype


@dataclass(frozen=True, slots=True)
class ResolvedAgent:
    """An agent with its archetype's defaults applied and the decision skills that reach it."""

    id: str
    role: str
    parent: str | None
    depth: int
    archetype: str | None
    model: ModelRef | None
    system_prompt: str | None
    skills: tuple[str, ...]
    read_only: bool
    children: tuple[str, ...]
    decision_skills: tuple[Binding, ...]


@dataclass(frozen=True, slots=True)
class ResolvedTopology:
    name: str
    version: str
    description: str | None
    file: str
    root: str
    agents: Mapping[str, ResolvedAgent]  # depth-first order, root first
    decision_skills: tuple[Binding, ...]
    model: Topology

    def walk(self) -> Iterator[ResolvedAgent]:
        return iter(self.agents.values())


@dataclass(frozen=True, slots=True)
class ResolvedWorkspace:
    root: Path
    id: str
    name: str
    description: str | None
    model: Workspace  # workspace.yaml after memory defaults were applied
    memory: MemorySettings
    skills: Mapping[str, ResolvedSkill]
    archetypes: Mapping[str, ResolvedArchetype]
    topologies: Mapping[str, ResolvedTopology]
    decision_skills: tuple[Binding, ...]  # workspace level, inherited by every topology
    files: tuple[str, ...] = field(default=())

    def topology(self, name: str | None = None) -> ResolvedTopology:
        """The named topology, or the only one when `name` is None."""
        if name is None:
            if len(self.topologies) != 1:
                raise KeyError("the workspace has %d topologies; name one" % len(self.topologies))
            return next(iter(self.topologies.values()))
        return self.topologies[name]

"""The immutable result of resolution: what every consumer (CLI, runtime, server) reads."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from swarmkit.models_lazy import LazyModel
from swarmkit.resolver.memory_config import MemoryConfig, typed

if TYPE_CHECKING:
    from swarmkit.models.common_schema import ReaderConfig, WriterConfig

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
    # memory-reader / memory-writer: the effective config (its own over the memory block over the
    # schema defaults), merged once by the resolver; None for any other skill.
    memory: Mapping[str, Any] | None = None
    _typed: dict = field(default_factory=dict, repr=False, compare=False)

    def applies_to(self, agent_id: str) -> bool:
        return self.agents is None or agent_id in self.agents

    @property
    def reader(self) -> ReaderConfig:
        """memory-reader's effective config, as the generated model (built on first use)."""
        from swarmkit.models.common_schema import ReaderConfig

        config = self._memory_model()
        assert isinstance(config, ReaderConfig), self.id
        return config

    @property
    def writer(self) -> WriterConfig:
        """memory-writer's effective config, as the generated model (built on first use)."""
        from swarmkit.models.common_schema import WriterConfig

        config = self._memory_model()
        assert isinstance(config, WriterConfig), self.id
        return config

    def _memory_model(self):
        if self.memory is None:
            raise ValueError(f"{self.id} is not a memory binding")
        if "model" not in self._typed:
            self._typed["model"] = typed(self.id, self.memory)
        return self._typed["model"]


@dataclass(frozen=True, slots=True)
class ResolvedSkill:
    """A skill as every consumer reads it: its own or a bundled one."""

    id: str
    origin: SkillOrigin
    file: str
    category: str
    description: str
    implementation: Mapping[
        str, Any
    ]  # {type: llm_prompt, prompt} | {type: mcp_tool, ...} | {type: composed, ...}
    composes: tuple[str, ...]  # for a composed skill, the skills it runs
    _model: LazyModel = field(repr=False, compare=False)
    # What it names that the workspace lacks (an undeclared MCP server, say): validate warned, and
    # a run says so where it skips the skill. Upstream finds out only when it runs.
    missing: str | None = None

    @property
    def model(self):
        """The generated `Skill` model (built on first access)."""
        return self._model.get()


@dataclass(frozen=True, slots=True)
class ResolvedArchetype:
    """An archetype as every consumer reads it."""

    id: str
    file: str
    _model: LazyModel = field(repr=False, compare=False)
    executor: str | None = None  # the harness adapter its agents run on; None for a model

    @property
    def model(self):
        """The generated `Archetype` model (built on first access)."""
        return self._model.get()


@dataclass(frozen=True, slots=True)
class ResolvedAgent:
    """An agent with its archetype's defaults applied and the decision skills that reach it."""

    id: str
    role: str
    parent: str | None
    depth: int
    archetype: str | None
    model: Mapping[str, Any] | None  # {provider, name, ...}: the agent's, else its archetype's
    system_prompt: str | None
    skills: tuple[str, ...]
    read_only: bool  # a read-only swarm member (iam.base_scope has swarm:read, not swarm:write)
    children: tuple[str, ...]
    decision_skills: tuple[Binding, ...]
    # What upstream acts on and swarmkit run does not; the run records each as skipped.
    funnel: str | None = None
    executor: str | None = None  # the harness adapter of its archetype; None for a model
    depends_on: tuple[str, ...] = ()
    requires: bool = False  # it orders its skills with requires
    output_schema: bool = False  # an output schema applies to its answer
    intent_monitoring: bool = False  # it sets intent_monitoring
    other_scopes: tuple[str, ...] = ()  # iam.base_scope besides swarm:read and swarm:write
    elevated_scopes: tuple[str, ...] = ()  # iam.elevated_scopes


@dataclass(frozen=True, slots=True)
class ResolvedTopology:
    """A topology with its agents resolved, root first, and the bindings it adds."""

    ref: str  # its key in ResolvedWorkspace.topologies: the name, or name@version for another version
    name: str
    version: str
    description: str | None
    file: str
    root: str
    agents: Mapping[str, ResolvedAgent]  # depth-first order, root first
    decision_skills: tuple[Binding, ...]
    _model: LazyModel = field(repr=False, compare=False)
    settings: Mapping[str, Any] = field(
        default_factory=dict
    )  # runtime, artifacts, intent_monitoring, input_schema
    ignored_bindings: tuple[str, ...] = ()  # memory bindings it writes while memory is off

    @property
    def model(self):
        """The generated `Topology` model (built on first access)."""
        return self._model.get()

    def walk(self) -> Iterator[ResolvedAgent]:
        return iter(self.agents.values())


@dataclass(frozen=True, slots=True)
class ResolvedWorkspace:
    """The effective configuration of a workspace: what validate reports and run runs."""

    root: Path
    id: str
    name: str
    description: str | None
    memory: MemoryConfig
    skills: Mapping[str, ResolvedSkill]
    archetypes: Mapping[str, ResolvedArchetype]
    topologies: Mapping[str, ResolvedTopology]
    decision_skills: tuple[Binding, ...]  # workspace level, inherited by every topology
    model_providers: Mapping[str, Mapping[str, Any]]  # declared providers by provider_id: {class, config}
    _model: LazyModel = field(repr=False, compare=False)
    triggers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # trigger id -> its targets
    # Ids of the other artifacts and declarations, by plural noun (funnels, contracts, mcp servers, ...).
    declared: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    synthesized_skills: Mapping[str, str] = field(
        default_factory=dict
    )  # upstream's made-up skills: id -> what
    settings: Mapping[str, Any] = field(
        default_factory=dict
    )  # run-time blocks of workspace.yaml (planning, ...)

    @property
    def model(self):
        """The generated `Workspace` model of workspace.yaml after memory defaults were applied."""
        return self._model.get()

    def topology(self, name: str | None = None) -> ResolvedTopology:
        """The named topology (`name` or `name@version`), or the only one when `name` is None.

        With several versions of one topology and nothing else, None means its primary version.
        """
        if name is None:
            names = {t.name for t in self.topologies.values()}
            if len(names) != 1:
                raise KeyError(f"the workspace has {len(self.topologies)} topologies; name one")
            name = names.pop()
        found = self.find_topology(name)
        if found is None:
            raise KeyError(name)
        return found

    def find_topology(self, ref: str) -> ResolvedTopology | None:
        """`name` (its primary version) or `name@version` (any version), else None."""
        if ref in self.topologies:
            return self.topologies[ref]
        name, _, version = ref.partition("@")
        return next((t for t in self.topologies.values() if t.name == name and t.version == version), None)

"""Building the ResolvedWorkspace from checked artifacts: defaults, bundled skills, links."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from swarmkit.memory._defaults import (
    BUILTIN_MEMORY_SKILLS,
    DEFAULT_FOLDER,
    READER_ID,
    WRITER_ID,
    apply_memory_defaults,
    bundled_memory_skills,
    explicit_memory_bindings,
    memory_block,
)
from swarmkit.memory.settings import MemorySettings, ReaderSettings, WriterSettings
from swarmkit.models_lazy import LazyModel
from swarmkit.resolver import linking
from swarmkit.resolver.artifacts import Artifact
from swarmkit.resolver.bindings import is_enabled, make_binding, merge_decision_skills
from swarmkit.resolver.reachability import find_unreached
from swarmkit.resolver.resolved import (
    Binding,
    ResolvedAgent,
    ResolvedArchetype,
    ResolvedSkill,
    ResolvedTopology,
    ResolvedWorkspace,
)
from swarmkit.workspace.diagnostics import Diagnostic, DiagnosticSink

_DECISIONS = ("governance", "decision_skills")


def _decision_list(data: dict) -> list:
    governance = data.get("governance")
    bindings = governance.get("decision_skills") if isinstance(governance, dict) else None
    return bindings if isinstance(bindings, list) else []


def build_workspace(
    root: Path, by_kind: dict[str, list[Artifact]], sink: DiagnosticSink
) -> tuple[ResolvedWorkspace | None, list[Diagnostic]]:
    out: list[Diagnostic] = []
    ws_artifact = by_kind["Workspace"][0] if by_kind["Workspace"] else None
    ws_valid = ws_artifact is not None and ws_artifact.valid
    raw_ws = ws_artifact.data if ws_valid else {}

    block = memory_block(raw_ws)
    enabled = block["enabled"]
    explicit = explicit_memory_bindings(raw_ws)
    if not enabled:
        for index, raw in explicit:
            if is_enabled(raw):  # a disabled binding of disabled memory is consistent
                _disabled_but_bound(ws_artifact, _DECISIONS + (index,), raw["id"], out)
    # Defaults go in before anything reads the bindings, so every consumer sees one list.
    effective_ws = apply_memory_defaults(raw_ws)

    skills = linking.index_by_id(by_kind["Skill"], "skill", out)
    archetypes = linking.index_by_id(by_kind["Archetype"], "archetype", out)
    topologies = linking.index_by_id(by_kind["Topology"], "topology", out)
    if enabled:
        for source in bundled_memory_skills():
            skill_id = source.data["metadata"]["id"]
            if skill_id not in skills:  # a workspace copy wins over the bundled one
                skills[skill_id] = Artifact(source, origin="bundled", valid=True)

    providers = {p["id"] for p in raw_ws.get("model_providers", [])}
    mcp_servers = {s["id"] for s in raw_ws.get("mcp_servers", [])}
    for artifact in skills.values():
        if artifact.valid and artifact.origin == "workspace":
            linking.check_skill_implementation(artifact, skills, mcp_servers, out)
    linking.check_composed_cycles(skills, out)
    for artifact in archetypes.values():
        defaults = artifact.data.get("defaults") if artifact.valid else None
        if defaults:
            linking.check_skill_refs(artifact, ("defaults", "skills"), defaults.get("skills"), skills, out)
            linking.check_provider(artifact, ("defaults", "model"), defaults.get("model"), providers, out)

    ws_bindings: tuple[Binding, ...] = ()
    if ws_valid:
        ws_bindings = _workspace_bindings(ws_artifact, effective_ws, len(_decision_list(raw_ws)), skills, out)
    elif ws_artifact is not None:
        for i, raw in enumerate(_decision_list(ws_artifact.data)):
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                linking.check_binding_id(ws_artifact, _DECISIONS + (i,), raw["id"], skills, out)

    resolved_topologies = {
        name: _resolve_topology(artifact, ws_bindings, archetypes, skills, providers, enabled, out)
        for name, artifact in topologies.items()
        if artifact.valid
    }

    sink.extend(out)
    if sink.has_errors or not ws_valid:
        return None, []

    workspace = ResolvedWorkspace(
        root=root,
        id=raw_ws["metadata"]["id"],
        name=raw_ws["metadata"]["name"],
        description=raw_ws["metadata"].get("description"),
        memory=_memory_settings(root, raw_ws, block, explicit, ws_bindings),
        skills=MappingProxyType({sid: _resolved_skill(sid, a) for sid, a in skills.items()}),
        archetypes=MappingProxyType(
            {aid: ResolvedArchetype(aid, a.rel, LazyModel("Archetype", a.data)) for aid, a in archetypes.items()}
        ),
        topologies=MappingProxyType(resolved_topologies),
        decision_skills=ws_bindings,
        model_providers=MappingProxyType(
            {p["id"]: MappingProxyType(dict(p)) for p in raw_ws.get("model_providers", [])}
        ),
        _model=LazyModel("Workspace", effective_ws),
    )
    groups = {"skill": skills, "archetype": archetypes, "topology": topologies}
    return workspace, find_unreached(workspace, ws_artifact, groups)


def _resolved_skill(skill_id: str, artifact: Artifact) -> ResolvedSkill:
    data = artifact.data
    return ResolvedSkill(
        id=skill_id,
        origin=artifact.origin,
        file=artifact.rel,
        category=data["category"],
        description=data["metadata"]["description"],
        implementation=MappingProxyType(dict(data["implementation"])),
        composes=tuple(linking.composes_of(artifact)),
        _model=LazyModel("Skill", data),
    )


def _disabled_but_bound(artifact: Artifact, path: tuple, skill_id: str, out: list[Diagnostic]) -> None:
    out.append(
        linking.diag(
            artifact, "memory.disabled-but-bound",
            f"{skill_id} is bound here, but memory.enabled is false",
            path, "remove this binding, or set memory.enabled: true", at="key",
        )
    )


def _workspace_bindings(artifact: Artifact, effective_ws: dict, explicit_count: int, skills, out) -> tuple[Binding, ...]:
    bindings = _decision_list(effective_ws)
    linking.check_duplicate_bindings(artifact, _DECISIONS, bindings[:explicit_count], out)
    result = []
    for i, raw in enumerate(bindings):
        path = _DECISIONS + (i,)
        is_explicit = i < explicit_count  # apply_memory_defaults only appends
        if is_explicit:
            linking.check_binding_id(artifact, path, raw["id"], skills, out)
        if not is_enabled(raw):
            continue
        if is_explicit:
            binding = make_binding(raw, "explicit", "workspace", artifact.rel, artifact.source.locate(path, "key")[0])
        else:
            binding = make_binding(raw, "auto", "workspace", "", 0)
        result.append(binding)
    return tuple(result)


def _resolve_topology(artifact, ws_bindings, archetypes, skills, providers, memory_enabled, out) -> ResolvedTopology:
    data = artifact.data
    root_agent = data["agents"]["root"]
    linking.check_roles(artifact, root_agent, out)
    walked = list(linking.walk_agents(root_agent))
    seen: set[str] = set()
    for agent, path, _, _ in walked:
        if agent["id"] in seen:
            out.append(
                linking.diag(artifact, "id.duplicate", f'agent id "{agent["id"]}" is already used in this topology',
                             path + ("id",), "give every agent of a topology its own id")
            )
        seen.add(agent["id"])
        archetype = agent.get("archetype")
        if archetype is not None and archetype not in archetypes:
            out.append(
                linking.diag(artifact, "ref.unknown-archetype", f'unknown archetype "{archetype}"',
                             path + ("archetype",),
                             linking.did_you_mean(archetype, archetypes,
                                                  "add a file for it under archetypes/, or remove archetype:"))
            )
        linking.check_skill_refs(artifact, path + ("skills",), agent.get("skills"), skills, out)
        linking.check_skill_refs(artifact, path + ("skills_additional",), agent.get("skills_additional"), skills, out)
        linking.check_provider(artifact, path + ("model",), agent.get("model"), providers, out)

    own_raw = _decision_list(data)
    linking.check_duplicate_bindings(artifact, _DECISIONS, own_raw, out)
    declared_in = f"topology:{data['metadata']['name']}"
    own = []
    for i, raw in enumerate(own_raw):
        path = _DECISIONS + (i,)
        linking.check_binding_id(artifact, path, raw["id"], skills, out)
        if raw["id"] in BUILTIN_MEMORY_SKILLS and not memory_enabled and is_enabled(raw):
            _disabled_but_bound(artifact, path, raw["id"], out)
        line = artifact.source.locate(path, "key")[0]
        own.append((make_binding(raw, "explicit", declared_in, artifact.rel, line), is_enabled(raw)))
    effective = merge_decision_skills(ws_bindings, own)

    agents = {}
    for agent, _, parent, depth in walked:
        if agent["id"] not in agents:
            agents[agent["id"]] = _resolve_agent(agent, parent, depth, archetypes, effective)
    return ResolvedTopology(
        name=data["metadata"]["name"],
        version=data["metadata"]["version"],
        description=data["metadata"].get("description"),
        file=artifact.rel,
        root=root_agent["id"],
        agents=MappingProxyType(agents),
        decision_skills=effective,
        _model=LazyModel("Topology", data),
    )


def _resolve_agent(agent: dict, parent, depth: int, archetypes, effective) -> ResolvedAgent:
    """The archetype's defaults under the agent's own settings: skills replace, skills_additional add."""
    archetype = archetypes.get(agent.get("archetype"))
    defaults = (archetype.data.get("defaults") or {}) if archetype is not None and archetype.valid else {}
    skills = list(agent["skills"]) if "skills" in agent else list(defaults.get("skills", []))
    for extra in agent.get("skills_additional", []):
        if extra not in skills:
            skills.append(extra)
    prompt = agent.get("prompt") or defaults.get("prompt") or {}
    model = agent.get("model") or defaults.get("model")
    return ResolvedAgent(
        id=agent["id"],
        role=agent["role"],
        parent=parent,
        depth=depth,
        archetype=agent.get("archetype"),
        model=MappingProxyType(dict(model)) if model else None,
        system_prompt=prompt.get("system"),
        skills=tuple(skills),
        read_only=bool(agent.get("read_only", False)),
        children=tuple(child["id"] for child in agent.get("children", [])),
        decision_skills=tuple(b for b in effective if b.applies_to(agent["id"])),
    )


def _memory_settings(root: Path, raw_ws: dict, block: dict, explicit, ws_bindings) -> MemorySettings:
    by_id = {b.id: b for b in ws_bindings}
    enabled = block["enabled"]
    reader = writer = None
    if enabled and READER_ID in by_id:
        # An explicit binding's config is used as written; keys it leaves out come from the block.
        reader = ReaderSettings(**{**block["reader"], **by_id[READER_ID].config})
    if enabled and WRITER_ID in by_id:
        writer = WriterSettings(**{**block["writer"], **by_id[WRITER_ID].config})
    storage = (raw_ws.get("storage") or {}).get("memory_folder")
    folder = Path(storage or DEFAULT_FOLDER)
    if not folder.is_absolute():
        folder = root / folder
    return MemorySettings(
        reader_block=ReaderSettings(**block["reader"]),
        writer_block=WriterSettings(**block["writer"]),
        enabled=enabled,
        reader=reader,
        writer=writer,
        explicit=tuple(raw["id"] for _, raw in explicit),
        auto=tuple(b.id for b in ws_bindings if b.origin == "auto"),
        folder=folder,
    )

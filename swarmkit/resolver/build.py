"""Building the ResolvedWorkspace from checked artifacts: defaults, bundled skills, models, links."""

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
from swarmkit.memory.settings import MemorySettings
from swarmkit.models.archetype_schema import Archetype
from swarmkit.models.common_schema import ReaderConfig, WriterConfig
from swarmkit.models.skill_schema import Skill
from swarmkit.models.topology_schema import Topology
from swarmkit.models.workspace_schema import Workspace
from swarmkit.resolver import linking
from swarmkit.resolver.artifacts import Artifact
from swarmkit.resolver.bindings import make_binding, merge_decision_skills
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

_MODELS = {"Workspace": Workspace, "Topology": Topology, "Archetype": Archetype, "Skill": Skill}
_DECISIONS = ("governance", "decision_skills")


def build_workspace(
    root: Path, by_kind: dict[str, list[Artifact]], valid: set[int], sink: DiagnosticSink
) -> tuple[ResolvedWorkspace | None, list[Diagnostic]]:
    out: list[Diagnostic] = []
    ws_artifact = by_kind["Workspace"][0] if by_kind["Workspace"] else None
    ws_valid = ws_artifact is not None and id(ws_artifact) in valid
    raw_ws = ws_artifact.source.data if ws_valid else {}

    block = memory_block(raw_ws)
    enabled = block["enabled"]
    explicit = explicit_memory_bindings(raw_ws)
    if not enabled:
        for index, raw in explicit:
            _disabled_but_bound(ws_artifact, _DECISIONS + (index,), raw, out)
    if ws_valid:
        # Defaults go in before the model is built, so everything downstream sees one list.
        ws_artifact.model = Workspace.model_validate(apply_memory_defaults(raw_ws))

    skills = linking.index_by_id(by_kind["Skill"], "skill", out)
    archetypes = linking.index_by_id(by_kind["Archetype"], "archetype", out)
    topologies = linking.index_by_id(by_kind["Topology"], "topology", out)
    if enabled:
        for source in bundled_memory_skills():
            skill_id = source.data["metadata"]["id"]
            if skill_id not in skills:  # a workspace copy wins over the bundled one
                bundled = Artifact(source, origin="bundled")
                skills[skill_id] = bundled
                valid.add(id(bundled))
    for group in (skills, archetypes, topologies):
        for artifact in group.values():
            if id(artifact) in valid and artifact.model is None:
                artifact.model = _MODELS[artifact.source.expected_kind].model_validate(artifact.source.data)

    ws_model = ws_artifact.model if ws_valid else None
    providers = {p.id for p in (ws_model.model_providers or [])} if ws_model else set()
    mcp_servers = {s.id for s in (ws_model.mcp_servers or [])} if ws_model else set()
    known_skills = set(skills)
    for artifact in skills.values():
        if artifact.model is not None and artifact.origin == "workspace":
            linking.check_skill_implementation(artifact, known_skills, mcp_servers, out)
    linking.check_composed_cycles(skills, out)
    for artifact in archetypes.values():
        if artifact.model is not None and artifact.model.defaults is not None:
            defaults = artifact.model.defaults
            linking.check_skill_refs(artifact, ("defaults", "skills"), defaults.skills, known_skills, out)
            linking.check_provider(artifact, ("defaults", "model"), defaults.model, providers, out)

    ws_bindings: tuple[Binding, ...] = ()
    if ws_model is not None:
        ws_bindings = _workspace_bindings(ws_artifact, ws_model, raw_ws, skills, out)

    resolved_topologies = {}
    for name, artifact in topologies.items():
        if artifact.model is None:
            continue
        topology = _resolve_topology(
            artifact, ws_bindings, archetypes, skills, providers, enabled, out
        )
        resolved_topologies[name] = topology

    sink.extend(out)
    if sink.has_errors or ws_model is None:
        return None, []

    resolved_skills = {
        sid: ResolvedSkill(sid, a.origin, a.rel, a.model) for sid, a in skills.items()
    }
    memory = _memory_settings(root, ws_model, block, explicit, ws_bindings)
    workspace = ResolvedWorkspace(
        root=root,
        id=ws_model.metadata.id,
        name=ws_model.metadata.name,
        description=ws_model.metadata.description,
        model=ws_model,
        memory=memory,
        skills=MappingProxyType(resolved_skills),
        archetypes=MappingProxyType(
            {aid: ResolvedArchetype(aid, a.rel, a.model) for aid, a in archetypes.items()}
        ),
        topologies=MappingProxyType(resolved_topologies),
        decision_skills=ws_bindings,
        files=tuple(a.rel for group in by_kind.values() for a in group),
    )
    return workspace, find_unreached(
        workspace, ws_artifact, {"skill": skills, "archetype": archetypes, "topology": topologies}
    )


def _disabled_but_bound(artifact: Artifact, path: tuple, raw: dict, out: list[Diagnostic]) -> None:
    if raw.get("enabled", True) is False:
        return  # a disabled binding of a disabled memory is consistent
    out.append(
        linking.diag(
            artifact, "memory.disabled-but-bound",
            f"{raw['id']} is bound here, but memory.enabled is false",
            path, "remove this binding, or set memory.enabled: true", at="key",
        )
    )


def _workspace_bindings(artifact, ws_model, raw_ws, skills, out) -> tuple[Binding, ...]:
    explicit_count = len(((raw_ws.get("governance") or {}).get("decision_skills")) or [])
    bindings = ws_model.governance.decision_skills if ws_model.governance else None
    bindings = bindings or []
    linking.check_duplicate_bindings(artifact, _DECISIONS, bindings[:explicit_count], out)
    result = []
    for i, raw in enumerate(bindings):
        path = _DECISIONS + (i,)
        is_explicit = i < explicit_count
        if is_explicit:
            linking.check_binding_id(artifact, path, raw, skills, out)
        if raw.enabled is False:
            continue
        line = artifact.source.locate(path, "key")[0] if is_explicit else 0
        result.append(
            make_binding(raw, "explicit" if is_explicit else "auto", "workspace",
                         artifact.rel if is_explicit else "", line)
        )
    return tuple(result)


def _resolve_topology(artifact, ws_bindings, archetypes, skills, providers, memory_enabled, out) -> ResolvedTopology:
    model: Topology = artifact.model
    known_skills = set(skills)
    agents_seen: dict[str, tuple] = {}
    linking.check_roles(artifact, model.agents.root, out)
    walked = list(linking.walk_agents(model.agents.root))
    for agent, path, _, _ in walked:
        if agent.id in agents_seen:
            out.append(
                linking.diag(artifact, "id.duplicate", f'agent id "{agent.id}" is already used in this topology',
                             path + ("id",), "give every agent of a topology its own id")
            )
        agents_seen.setdefault(agent.id, path)
        if agent.archetype is not None and agent.archetype not in archetypes:
            out.append(
                linking.diag(artifact, "ref.unknown-archetype", f'unknown archetype "{agent.archetype}"',
                             path + ("archetype",),
                             linking.did_you_mean(agent.archetype, archetypes,
                                                  "add a file for it under archetypes/, or remove archetype:"))
            )
        linking.check_skill_refs(artifact, path + ("skills",), agent.skills, known_skills, out)
        linking.check_skill_refs(artifact, path + ("skills_additional",), agent.skills_additional, known_skills, out)
        linking.check_provider(artifact, path + ("model",), agent.model, providers, out)

    own_raw = model.governance.decision_skills if model.governance and model.governance.decision_skills else []
    linking.check_duplicate_bindings(artifact, _DECISIONS, own_raw, out)
    own = []
    for i, raw in enumerate(own_raw):
        path = _DECISIONS + (i,)
        linking.check_binding_id(artifact, path, raw, skills, out)
        if raw.id in BUILTIN_MEMORY_SKILLS and not memory_enabled and raw.enabled is not False:
            _disabled_but_bound(artifact, path, {"id": raw.id}, out)
        line = artifact.source.locate(path, "key")[0]
        own.append((make_binding(raw, "explicit", f"topology:{model.metadata.name}", artifact.rel, line),
                    raw.enabled is not False))
    effective = merge_decision_skills(ws_bindings, own)

    agents = {}
    for agent, _, parent, depth in walked:
        if agent.id in agents:
            continue
        archetype = archetypes.get(agent.archetype) if agent.archetype else None
        defaults = archetype.model.defaults if archetype is not None and archetype.model is not None else None
        base_skills = list(agent.skills) if agent.skills is not None else list((defaults.skills or []) if defaults else [])
        for extra in agent.skills_additional or []:
            if extra not in base_skills:
                base_skills.append(extra)
        prompt = agent.prompt or (defaults.prompt if defaults else None)
        agents[agent.id] = ResolvedAgent(
            id=agent.id,
            role=str(agent.role),
            parent=parent,
            depth=depth,
            archetype=agent.archetype,
            model=agent.model or (defaults.model if defaults else None),
            system_prompt=prompt.system if prompt else None,
            skills=tuple(base_skills),
            read_only=bool(agent.read_only),
            children=tuple(child.id for child in agent.children or []),
            decision_skills=tuple(b for b in effective if b.applies_to(agent.id)),
        )
    return ResolvedTopology(
        name=model.metadata.name,
        version=model.metadata.version,
        description=model.metadata.description,
        file=artifact.rel,
        root=model.agents.root.id,
        agents=MappingProxyType(agents),
        decision_skills=effective,
        model=model,
    )


def _memory_settings(root: Path, ws_model, block: dict, explicit, ws_bindings) -> MemorySettings:
    by_id = {b.id: b for b in ws_bindings}
    enabled = block["enabled"]
    explicit_ids = tuple(raw["id"] for _, raw in explicit)
    reader = writer = None
    if enabled and READER_ID in by_id:
        # An explicit binding's config is used as written, missing keys filled from the block.
        reader = ReaderConfig.model_validate({**block["reader"], **by_id[READER_ID].config})
    if enabled and WRITER_ID in by_id:
        writer = WriterConfig.model_validate({**block["writer"], **by_id[WRITER_ID].config})
    storage = ws_model.storage.memory_folder if ws_model.storage and ws_model.storage.memory_folder else None
    folder = Path(storage) if storage else Path(DEFAULT_FOLDER)
    if not folder.is_absolute():
        folder = root / folder
    auto = tuple(b.id for b in ws_bindings if b.origin == "auto")
    return MemorySettings(enabled, reader, writer, explicit_ids, auto, folder)

"""Building the ResolvedWorkspace from checked artifacts: defaults, bundled skills, links."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from swarmkit.memory_skills import BUILTIN_MEMORY_SKILLS, SIDES
from swarmkit.models_lazy import LazyModel
from swarmkit.resolver import linking
from swarmkit.resolver.agents import (
    SkillIndex,
    check_depends_on,
    check_output_schema,
    check_requires,
    is_read_only,
    merged,
    other_scopes,
    resolve_skills,
    skill_entries,
)
from swarmkit.resolver.artifacts import Artifact
from swarmkit.resolver.bindings import (
    DECISIONS,
    decision_list,
    is_enabled,
    make_binding,
    merge_decision_skills,
)
from swarmkit.resolver.known import Known, declared
from swarmkit.resolver.memory_config import MemoryConfig, memory_block
from swarmkit.resolver.memory_defaults import (
    DEFAULT_FOLDER,
    apply_memory_defaults,
    bundled_memory_skills,
    explicit_memory_bindings,
)
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


def build_workspace(
    root: Path,
    by_kind: dict[str, list[Artifact]],
    sink: DiagnosticSink,
    dropped: dict[str, frozenset[str]] | None = None,
) -> tuple[ResolvedWorkspace | None, list[Diagnostic]]:
    """`dropped` holds, per kind, the stems of files that did not load (reported for themselves)."""
    dropped = dropped or {}
    out: list[Diagnostic] = []
    ws_artifact = by_kind["Workspace"][0] if by_kind["Workspace"] else None
    ws_valid = ws_artifact is not None and ws_artifact.valid
    raw_ws = ws_artifact.data if ws_artifact is not None and ws_artifact.valid else {}
    ws_data = ws_artifact.data if ws_artifact is not None else None

    block = memory_block(raw_ws)
    enabled = block["enabled"]
    explicit = explicit_memory_bindings(raw_ws)
    if not enabled and ws_artifact is not None:
        for position, raw in explicit:
            if is_enabled(raw):  # a disabled binding of disabled memory is consistent
                _disabled_but_bound(ws_artifact, DECISIONS + (position,), raw["id"], out)
    if enabled and ws_valid and ws_artifact is not None:  # the block's keys a binding sets too
        from swarmkit.resolver.shadowed import check_shadowed

        check_shadowed(ws_artifact, ws_artifact, out)
        for artifact in by_kind.get("Topology", []):
            if artifact.valid:
                check_shadowed(ws_artifact, artifact, out)
    # Defaults go in before anything reads the bindings, so every consumer sees one list.
    effective_ws = apply_memory_defaults(raw_ws, block)
    if isinstance(effective_ws.get("governance"), dict):
        effective_ws["governance"].setdefault("provider", "mock")  # added by the defaults: the built-in

    skills = linking.index_by_id(by_kind["Skill"], "skill", out)
    archetypes = linking.index_by_id(by_kind["Archetype"], "archetype", out)
    topologies = linking.index_topologies(by_kind["Topology"], out)
    topology_names = tuple(dict.fromkeys(ref.partition("@")[0] for ref in topologies))
    triggers = linking.index_by_id(by_kind["Trigger"], "trigger", out)
    adapters = linking.index_by_id(by_kind["ExecutorAdapter"], "adapter", out)
    funnels = linking.index_by_id(by_kind["Funnel"], "funnel", out)
    registries = linking.index_by_id(by_kind["RoleRegistry"], "role registry", out)
    contracts = linking.index_by_id(by_kind["Contract"], "contract", out)
    linking.check_role_ids(registries, out)
    if enabled:
        for source in bundled_memory_skills():
            skill_id = source.data["metadata"]["id"]
            if skill_id not in skills:  # a workspace copy wins over the bundled one
                skills[skill_id] = Artifact(source, origin="bundled", valid=True)

    ws_loaded = ws_artifact is not None
    providers = declared(ws_data, ws_loaded, "model_providers", "provider_id")
    mcp_servers = declared(ws_data, ws_loaded, "mcp_servers", "id")
    packs = declared(ws_data, ws_loaded, "command_packs", "id")
    pack_commands = _pack_commands(ws_data) if ws_data is not None and packs.complete else None
    synthesized = _synthesized_skills(pack_commands or {}, topology_names, skills)
    known_skills = Known({*skills, *synthesized}, dropped.get("Skill", frozenset()))
    known_topologies = Known(topology_names, dropped.get("Topology", frozenset()))
    missing: dict[str, str] = {}  # skill id -> what it names that the workspace lacks
    for skill_id, artifact in skills.items():
        if artifact.valid and artifact.origin == "workspace":
            problem = linking.check_skill_implementation(
                artifact, known_skills, mcp_servers, pack_commands, known_topologies, out
            )
            if problem:
                missing[skill_id] = problem
    linking.check_composed_cycles(skills, out)
    known_adapters = Known(adapters, dropped.get("ExecutorAdapter", frozenset()))
    for artifact in archetypes.values():
        if not artifact.valid:
            continue
        defaults = artifact.data.get("defaults") or {}
        linking.check_skill_refs(artifact, ("defaults", "skills"), defaults.get("skills"), known_skills, out)
        linking.check_provider(artifact, ("defaults", "model"), defaults.get("model"), providers, out)
        linking.check_executor(artifact, known_adapters, out)
    for artifact in triggers.values():
        if artifact.valid:
            linking.check_trigger_targets(artifact, known_topologies, out)

    dropped_skills = dropped.get("Skill", frozenset())
    ws_bindings: tuple[Binding, ...] = ()
    if ws_valid and ws_artifact is not None:
        ws_bindings = _workspace_bindings(
            ws_artifact, effective_ws, len(decision_list(raw_ws)), skills, out, block, dropped_skills
        )
    elif ws_artifact is not None:
        for i, raw in enumerate(decision_list(ws_artifact.data)):
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                linking.check_binding_id(
                    ws_artifact, DECISIONS + (i,), raw["id"], skills, out, dropped_skills
                )

    index = SkillIndex(
        known=known_skills,
        categories={
            **{sid: a.data["category"] for sid, a in skills.items() if a.valid},
            **{sid: "capability" for sid in synthesized},
        },
        mcp_servers={
            sid: a.data["implementation"]["server"]
            for sid, a in skills.items()
            if a.valid and a.data["implementation"]["type"] == "mcp_tool"
        },
        command_packs=Known({*packs, "workspace"}, complete=packs.complete),
        pack_skills={
            **{
                sid: a.data["implementation"]["pack"]
                for sid, a in skills.items()
                if a.valid and a.data["implementation"]["type"] == "command"
            },
            **{sid: origin.split(" ")[1] for sid, origin in synthesized.items()},
        },
    )
    context = _TopologyContext(
        root,
        archetypes,
        skills,
        index,
        providers,
        Known(funnels, dropped.get("Funnel", frozenset())),
        Known(archetypes, dropped.get("Archetype", frozenset())),
        block,
        dropped_skills,
    )
    resolved_topologies = {
        ref: _resolve_topology(ref, artifact, ws_bindings, context, out)
        for ref, artifact in topologies.items()
        if artifact.valid
    }

    if ws_valid and ws_artifact is not None:
        unusable = _unusable_memory_folder(ws_artifact, root, raw_ws)
        out.extend(unusable or _linked_state(root, raw_ws))  # an unusable path cannot be checked for links
    sink.extend(out)
    if sink.has_errors or not ws_valid or ws_artifact is None:
        return None, []

    workspace = ResolvedWorkspace(
        root=root,
        id=raw_ws["metadata"]["id"],
        name=raw_ws["metadata"]["name"],
        description=raw_ws["metadata"].get("description"),
        memory=_memory_config(root, raw_ws, block, explicit, ws_bindings),
        skills=MappingProxyType(
            {sid: _resolved_skill(sid, a, missing.get(sid)) for sid, a in skills.items()}
        ),
        archetypes=MappingProxyType(
            {
                aid: ResolvedArchetype(aid, a.rel, LazyModel("Archetype", a.data), _executor_of(a.data))
                for aid, a in archetypes.items()
            }
        ),
        topologies=MappingProxyType(resolved_topologies),
        decision_skills=ws_bindings,
        model_providers=MappingProxyType(
            {p["provider_id"]: MappingProxyType(dict(p)) for p in raw_ws.get("model_providers", [])}
        ),
        _model=LazyModel("Workspace", effective_ws),
        triggers=MappingProxyType({tid: _trigger_targets(a.data) for tid, a in triggers.items()}),
        declared=MappingProxyType(
            {
                "adapters": tuple(adapters),
                "funnels": tuple(funnels),
                "role registries": tuple(registries),
                "contracts": tuple(contracts),
                "mcp servers": tuple(mcp_servers),
                "command packs": tuple(packs),
            }
        ),
        synthesized_skills=MappingProxyType(synthesized),
        settings=MappingProxyType({key: raw_ws[key] for key in _RUN_SETTINGS if key in raw_ws}),
    )
    groups = {"skill": skills, "archetype": archetypes, "topology": topologies}
    return workspace, find_unreached(workspace, ws_artifact, groups)


# Workspace blocks upstream acts on at run time and swarmkit run does not (recorded as skipped).
_TOPOLOGY_SETTINGS = ("runtime", "artifacts", "intent_monitoring", "input_schema")
_RUN_SETTINGS = (
    "planning",
    "synthesis",
    "context_compression",
    "events",
    "gates",
    "server",
    "identity",
    "authoring",
    "credentials",
    "mcp_servers",
    "command_packs",
    "storage",
)


def _executor_of(data: dict) -> str | None:
    executor = data.get("executor")
    if not executor or executor.get("kind") == "model":
        return None
    return executor.get("ref") or executor["kind"]


def _trigger_targets(data: dict) -> tuple[str, ...]:
    return tuple(t if isinstance(t, str) else f"event {t['pipeline']}/{t['emit']}" for t in data["targets"])


def _pack_commands(ws_data: dict) -> dict[str, set[str] | None]:
    """Each declared command pack's command ids (None when its commands cannot be read)."""
    out: dict[str, set[str] | None] = {}
    for pack in ws_data.get("command_packs") or []:
        commands = pack.get("commands")
        ids = (
            {c["id"] for c in commands if isinstance(c, dict) and isinstance(c.get("id"), str)}
            if isinstance(commands, list)
            else None
        )
        if ids is not None and len(ids) != len(commands):
            ids = None
        out[pack["id"]] = ids
    return out


def _synthesized_skills(pack_commands: dict, topologies: Iterable[str], skills: dict) -> dict[str, str]:
    """Skill ids upstream makes up: <pack>-<command> per pack command, topology-<name> per topology."""
    out: dict[str, str] = {}
    for pack, commands in pack_commands.items():
        for command in sorted(commands or ()):
            out[f"{pack}-{command}"] = f"command {pack} {command}"
    for name in topologies:
        out[f"topology-{name}"] = f"topology {name}"
    return {sid: what for sid, what in out.items() if sid not in skills}


@dataclass
class _TopologyContext:
    """What resolving one topology reads of the rest of the workspace."""

    root: Path
    archetypes: dict
    skills: dict
    index: SkillIndex
    providers: Known
    funnels: Known
    known_archetypes: Known
    memory_block: dict  # the memory block over the schema defaults
    dropped_skills: frozenset


def _resolved_skill(skill_id: str, artifact: Artifact, missing: str | None) -> ResolvedSkill:
    data = artifact.data
    return ResolvedSkill(
        missing=missing,
        id=skill_id,
        origin=artifact.origin,
        file=artifact.rel,
        category=data["category"],
        description=data["metadata"]["description"],
        implementation=MappingProxyType(dict(data["implementation"])),
        composes=tuple(linking.composes_of(artifact)),
        _model=LazyModel("Skill", data),
    )


def _disabled_but_bound(
    artifact: Artifact, path: tuple, skill_id: str, out: list[Diagnostic], strict: bool = False
) -> None:
    out.append(
        linking.diag(
            artifact,
            "memory.disabled-but-bound",
            f"{skill_id} is bound here, but memory.enabled is false",
            path,
            "remove this binding, or set memory.enabled: true"
            + ("; until then it does nothing" if strict else ""),
            at="key",
            strict=strict,
        )
    )


def _workspace_bindings(
    artifact: Artifact,
    effective_ws: dict,
    explicit_count: int,
    skills,
    out,
    block: dict,
    dropped: frozenset = frozenset(),
) -> tuple[Binding, ...]:
    bindings = decision_list(effective_ws)
    linking.check_duplicate_bindings(artifact, DECISIONS, bindings[:explicit_count], out)
    result = []
    for i, raw in enumerate(bindings):
        path = DECISIONS + (i,)
        is_explicit = i < explicit_count  # apply_memory_defaults only appends
        if is_explicit:
            linking.check_binding_id(artifact, path, raw["id"], skills, out, dropped)
        if not is_enabled(raw):
            continue
        if is_explicit:
            line = artifact.source.locate(path, "key")[0]
            binding = make_binding(raw, "explicit", "workspace", artifact.rel, line, block)
        else:
            binding = make_binding(raw, "auto", "workspace", "", 0, block)
        result.append(binding)
    return tuple(result)


def _resolve_topology(ref: str, artifact, ws_bindings, ctx: _TopologyContext, out) -> ResolvedTopology:
    """`ref` is its key in the workspace's topologies: its name, or name@version for another version."""
    data = artifact.data
    root_agent = data["agents"]["root"]
    walked = list(linking.walk_agents(root_agent))
    seen: dict[str, tuple] = {}  # agent id -> the path of its first definition
    for agent, path, _, _ in walked:
        if agent["id"] in seen:
            out.append(
                linking.diag(
                    artifact,
                    "id.duplicate",
                    f'agent id "{agent["id"]}" is already used in this topology',
                    path + ("id",),
                    "give every agent of a topology its own id",
                    related=(artifact, seen[agent["id"]]),
                )
            )
        seen.setdefault(agent["id"], path + ("id",))
        archetype = agent.get("archetype")
        if archetype is not None and ctx.known_archetypes.unknown(archetype):
            out.append(
                linking.diag(
                    artifact,
                    "ref.unknown-archetype",
                    f'unknown archetype "{archetype}"',
                    path + ("archetype",),
                    linking.did_you_mean(
                        archetype, ctx.archetypes, "add a file for it under archetypes/, or remove archetype:"
                    ),
                )
            )
        funnel = agent.get("funnel")
        if funnel is not None and ctx.funnels.unknown(funnel):
            out.append(
                linking.diag(
                    artifact,
                    "ref.unknown-funnel",
                    f'unknown funnel "{funnel}"',
                    path + ("funnel",),
                    linking.did_you_mean(
                        funnel, ctx.funnels, "add a file for it under funnels/, or remove funnel:"
                    ),
                )
            )
        linking.check_provider(artifact, path + ("model",), agent.get("model"), ctx.providers, out)
        if "output_schema" in agent:
            check_output_schema(agent["output_schema"], artifact, path + ("output_schema",), ctx.root, out)
    check_depends_on(walked, artifact, out)

    own_raw = decision_list(data)
    linking.check_duplicate_bindings(artifact, DECISIONS, own_raw, out)
    declared_in = f"topology:{ref}"
    own = []
    ignored = []
    for i, raw in enumerate(own_raw):
        path = DECISIONS + (i,)
        linking.check_binding_id(artifact, path, raw["id"], ctx.skills, out, ctx.dropped_skills)
        if raw["id"] in BUILTIN_MEMORY_SKILLS and not ctx.memory_block["enabled"] and is_enabled(raw):
            # Upstream checks workspace.yaml only; here the topology's binding is dropped, and said so.
            _disabled_but_bound(artifact, path, raw["id"], out, strict=True)
            ignored.append(raw["id"])
            continue
        line = artifact.source.locate(path, "key")[0]
        own.append(
            (
                make_binding(raw, "explicit", declared_in, artifact.rel, line, ctx.memory_block),
                is_enabled(raw),
            )
        )
    effective = merge_decision_skills(ws_bindings, own)

    agents = {}
    for agent, path, parent, depth in walked:
        if agent["id"] not in agents:
            agents[agent["id"]] = _resolve_agent(agent, path, parent, depth, artifact, ctx, effective, out)
    return ResolvedTopology(
        ref=ref,
        name=data["metadata"]["name"],
        version=data["metadata"]["version"],
        description=data["metadata"].get("description"),
        file=artifact.rel,
        root=root_agent["id"],
        agents=MappingProxyType(agents),
        decision_skills=effective,
        _model=LazyModel("Topology", data),
        settings=MappingProxyType({key: data[key] for key in _TOPOLOGY_SETTINGS if key in data}),
        ignored_bindings=tuple(ignored),
    )


def _system_prompt(prompt: dict) -> str | None:
    """The system prompt, with the persona line upstream adds to it."""
    system, persona = prompt.get("system"), prompt.get("persona")
    if persona:
        return f"{system}\n\n{persona}" if system else persona
    return system


def _resolve_agent(
    agent: dict, path: tuple, parent, depth: int, topology: Artifact, ctx: _TopologyContext, effective, out
) -> ResolvedAgent:
    """The archetype's defaults under the agent's own settings: skills replace, skills_additional add."""
    archetype = ctx.archetypes.get(agent.get("archetype"))
    usable = archetype if archetype is not None and archetype.valid else None
    defaults = (usable.data.get("defaults") or {}) if usable is not None else {}
    skills = resolve_skills(skill_entries(agent, usable, path), topology, ctx.index, out)
    check_requires(agent, skills, topology, path, out)
    if "output_schema" not in agent and usable is not None and "output_schema" in defaults:
        key = (usable.rel, "output_schema")
        if key not in ctx.index.reported:
            ctx.index.reported.add(key)
            check_output_schema(
                defaults["output_schema"], usable, ("defaults", "output_schema"), ctx.root, out
            )
    prompt = merged(defaults.get("prompt"), agent.get("prompt")) or {}
    model = merged(defaults.get("model"), agent.get("model"))
    iam = merged(defaults.get("iam"), agent.get("iam"))
    return ResolvedAgent(
        id=agent["id"],
        role=agent["role"],
        parent=parent,
        depth=depth,
        archetype=agent.get("archetype"),
        model=MappingProxyType(dict(model)) if model else None,
        system_prompt=_system_prompt(prompt),
        skills=tuple(skills),
        read_only=is_read_only(iam),
        children=tuple(child["id"] for child in agent.get("children", [])),
        decision_skills=tuple(b for b in effective if b.applies_to(agent["id"])),
        funnel=agent.get("funnel"),
        executor=_executor_of(usable.data) if usable is not None else None,
        depends_on=tuple(agent.get("depends_on") or ()),
        requires=bool(agent.get("requires")),
        output_schema="output_schema" in agent
        and agent["output_schema"] is not None
        or "output_schema" not in agent
        and defaults.get("output_schema") is not None,
        intent_monitoring="intent_monitoring" in agent,
        other_scopes=other_scopes(iam),
        elevated_scopes=tuple((iam or {}).get("elevated_scopes") or ()),
    )


def workspace_memory(root: Path, raw_ws: dict) -> MemoryConfig:
    """The memory a schema-valid workspace.yaml sets, whatever the rest of the workspace holds: what
    the language server says of `memory:` while another file has errors."""
    block = memory_block(raw_ws)
    written = len(decision_list(raw_ws))  # apply_memory_defaults only appends
    bindings = tuple(
        make_binding(raw, "explicit" if i < written else "auto", "workspace", "", 0, block)
        for i, raw in enumerate(decision_list(apply_memory_defaults(raw_ws, block)))
        if is_enabled(raw)
    )
    return _memory_config(root, raw_ws, block, explicit_memory_bindings(raw_ws), bindings)


def _memory_config(root: Path, raw_ws: dict, block: dict, explicit, ws_bindings) -> MemoryConfig:
    """Memory as the workspace's own bindings make it: each side's effective config, or None when off."""
    by_id = {b.id: b for b in ws_bindings}
    enabled = block["enabled"]
    values = {
        side: by_id[skill].memory if enabled and skill in by_id else None
        for side, (skill, _) in SIDES.items()
    }
    return MemoryConfig(
        enabled=enabled,
        folder=_memory_folder(root, raw_ws),
        explicit=tuple(raw["id"] for _, raw in explicit),
        auto=tuple(b.id for b in ws_bindings if b.origin == "auto"),
        values=MappingProxyType(values),
        block=MappingProxyType({side: MappingProxyType(block[side]) for side in SIDES}),
    )


def _memory_folder(root: Path, raw_ws: dict) -> Path:
    """Where the memory folder is: storage.memory_folder (relative to the workspace), by default
    .swarmkit/memory."""
    storage = (raw_ws.get("storage") or {}).get("memory_folder")
    folder = Path(storage or DEFAULT_FOLDER)
    return folder if folder.is_absolute() else root / folder


def _unusable_memory_folder(ws_artifact: Artifact, root: Path, raw_ws: dict) -> list[Diagnostic]:
    """`storage.memory-folder` where storage.memory_folder cannot name a folder (storage_path.py)."""
    from swarmkit.resolver.storage_path import memory_folder_problem

    value = (raw_ws.get("storage") or {}).get("memory_folder")
    problem = memory_folder_problem(value, root) if isinstance(value, str) and value else None
    if problem is None:
        return []
    return [
        linking.diag(
            ws_artifact,
            "storage.memory-folder",
            f"storage.memory_folder cannot be a folder: {problem}",
            ("storage", "memory_folder"),
            hint="point storage.memory_folder at a folder path, such as .swarmkit/memory, or remove it",
        )
    ]


def _linked_state(root: Path, raw_ws: dict) -> list[Diagnostic]:
    """`state.linked-folder` for each state folder reached through a symbolic link (`.swarmkit`
    itself, `.swarmkit/runs`, the memory folder's path inside the workspace): every command that
    reads or writes state refuses the workspace while it is there (state_folders.py says why)."""
    from swarmkit.workspace.state_folders import linked_state, refusal

    out = []
    for link, target in linked_state(root, _memory_folder(root, raw_ws)):
        message, hint = refusal(link.relative_to(root), target)
        out.append(
            Diagnostic("state.linked-folder", message, file=link.relative_to(root).as_posix(), hint=hint)
        )
    return out

"""What is declared but reached by nothing: warnings, turned into errors by `validate --require`."""

from __future__ import annotations

from swarmkit.resolver.artifacts import Artifact
from swarmkit.resolver.bindings import DECISIONS, decision_list, is_enabled
from swarmkit.resolver.linking import diag
from swarmkit.workspace.diagnostics import Diagnostic, Severity
from swarmkit.workspace.suggest import did_you_mean

_W = Severity.WARNING


def find_unreached(
    workspace, ws_artifact: Artifact, artifacts: dict[str, dict[str, Artifact]]
) -> list[Diagnostic]:
    """`artifacts` maps skill / archetype / topology to their artifacts by id, for positions."""
    out: list[Diagnostic] = []
    all_agents = {a for t in workspace.topologies.values() for a in t.agents}
    ws_own = decision_list(ws_artifact.data)
    for index, raw in enumerate(ws_own):
        if is_enabled(raw):
            _check_scope(raw, ws_artifact, DECISIONS + (index,), all_agents, "any topology", out)
    for topology in workspace.topologies.values():
        artifact = artifacts["topology"][topology.ref]
        own = decision_list(artifact.data)
        for index, raw in enumerate(own):
            if is_enabled(raw):
                _check_scope(raw, artifact, DECISIONS + (index,), set(topology.agents), "this topology", out)
    if not all_agents:
        for binding in workspace.decision_skills:
            if binding.origin == "auto":
                out.append(
                    Diagnostic(
                        "reach.binding-unreached",
                        f'"{binding.id}" (auto-bound) applies to every agent, but there are none',
                        ws_artifact.rel,
                        1,
                        1,
                        "",
                        "add a topology under topologies/",
                        _W,
                    )
                )

    used = _used_skills(workspace)
    for skill in workspace.skills.values():
        if skill.origin == "workspace" and skill.id not in used:
            out.append(
                diag(
                    artifacts["skill"][skill.id],
                    "reach.unused-skill",
                    f'skill "{skill.id}" is used by no agent, binding or composed skill',
                    ("metadata", "id"),
                    "add it to an agent's skills or skills_additional, or delete the file",
                    severity=_W,
                )
            )
    used_archetypes = {a.archetype for t in workspace.topologies.values() for a in t.walk() if a.archetype}
    for archetype in workspace.archetypes.values():
        if archetype.id not in used_archetypes:
            out.append(
                diag(
                    artifacts["archetype"][archetype.id],
                    "reach.unused-archetype",
                    f'archetype "{archetype.id}" is used by no agent',
                    ("metadata", "id"),
                    "set it as an agent's archetype, or delete the file",
                    severity=_W,
                )
            )
    return out


def _check_scope(raw: dict, artifact: Artifact, path: tuple, agents: set[str], where: str, out) -> None:
    from swarmkit.resolver.bindings import parse_scope

    named = parse_scope(raw.get("scope"))
    if named is None:
        if not agents:
            out.append(
                diag(
                    artifact,
                    "reach.binding-unreached",
                    f'"{raw["id"]}" applies to every agent, but there are none',
                    path,
                    "add a topology under topologies/",
                    at="key",
                    severity=_W,
                )
            )
        return
    unknown = [a for a in named if a not in agents]
    for agent_id in unknown:
        out.append(
            diag(
                artifact,
                "reach.unknown-scope-agent",
                f'scope names "{agent_id}", which is no agent of {where}',
                path + ("scope",),
                did_you_mean(agent_id, agents, 'use an agent id, or "*" for every agent'),
                severity=_W,
            )
        )
    if len(unknown) == len(named):
        out.append(
            diag(
                artifact,
                "reach.binding-unreached",
                f'"{raw["id"]}" reaches no agent: its scope names none that exist',
                path + ("scope",),
                "fix the agent ids in scope, or remove the binding",
                severity=_W,
            )
        )


def _used_skills(workspace) -> set[str]:
    """Skills an agent has, a binding names, or a used composed skill runs (transitively)."""
    used: set[str] = set()
    for topology in workspace.topologies.values():
        for agent in topology.walk():
            used.update(agent.skills)
        used.update(b.id for b in topology.decision_skills)
    used.update(b.id for b in workspace.decision_skills)
    if workspace.memory.enabled or "governed-memory" in used:
        used.add("memory-reconcile")  # the memory store's reconciler, wired without a binding
    pending = list(used)
    while pending:
        skill = workspace.skills.get(pending.pop())
        for child in skill.composes if skill is not None else ():
            if child not in used:
                used.add(child)
                pending.append(child)
    return used

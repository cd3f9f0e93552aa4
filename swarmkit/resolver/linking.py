"""Cross-references between artifacts: duplicates, unknown ids, composed-skill cycles, roles."""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.memory._defaults import BUILTIN_MEMORY_SKILLS
from swarmkit.resolver.artifacts import Artifact
from swarmkit.workspace.diagnostics import Diagnostic, Severity, pointer_of
from swarmkit.workspace.suggest import did_you_mean

BUILTIN_PROVIDER_TYPES = ("mock", "openai")
AGENTS_ROOT = ("agents", "root")


def diag(artifact: Artifact, code: str, message: str, path: tuple, hint: str = "", at: str = "value",
         severity: Severity = Severity.ERROR) -> Diagnostic:
    line, column = artifact.source.locate(path, at)
    return Diagnostic(code, message, artifact.rel, line, column, pointer_of(path), hint, severity)


def index_by_id(artifacts: list[Artifact], noun: str, out: list[Diagnostic]) -> dict[str, Artifact]:
    """First definition of each id wins; later ones are `id.duplicate` errors."""
    by_id: dict[str, Artifact] = {}
    key = "name" if noun == "topology" else "id"
    for artifact in artifacts:
        ident = artifact.raw_id()
        if ident is None:
            continue
        if ident in by_id and by_id[ident].origin == artifact.origin:
            out.append(
                diag(artifact, "id.duplicate", f'{noun} {key} "{ident}" is already defined in {by_id[ident].rel}',
                     ("metadata", key), f"rename one of the two {noun}s")
            )
            continue
        by_id.setdefault(ident, artifact)
    return by_id


def walk_agents(agent, path: tuple = AGENTS_ROOT, parent: str | None = None, depth: int = 0) -> Iterator:
    """(agent model, path in the file, parent id, depth), depth-first, root first."""
    yield agent, path, parent, depth
    for i, child in enumerate(agent.children or []):
        yield from walk_agents(child, path + ("children", i), agent.id, depth + 1)


def check_skill_refs(
    artifact: Artifact, path: tuple, ids: list[str] | None, known: set[str], out: list[Diagnostic]
) -> None:
    for i, skill_id in enumerate(ids or []):
        if skill_id not in known:
            out.append(
                diag(artifact, "ref.unknown-skill", f'unknown skill "{skill_id}"', path + (i,),
                     did_you_mean(skill_id, known, "add a file for it under skills/, or remove it from this list"))
            )


def check_composed_cycles(skills: dict[str, Artifact], out: list[Diagnostic]) -> None:
    """Report each cycle of composed skills once, at the entry that closes it."""
    graph = {
        sid: [c for c in (a.model.implementation.composes if _is_composed(a) else []) if c in skills]
        for sid, a in skills.items() if a.model is not None
    }
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    reported: set[frozenset] = set()

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        trail.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                cycle = trail[trail.index(nxt):] + [nxt]
                if frozenset(cycle) not in reported:
                    reported.add(frozenset(cycle))
                    artifact = skills[node]
                    index = artifact.model.implementation.composes.index(nxt)
                    out.append(
                        diag(artifact, "skill.cycle", "composed skills form a cycle: " + " → ".join(cycle),
                             ("implementation", "composes", index),
                             "a composed skill may not include itself, directly or through others")
                    )
            elif state.get(nxt) is None:
                visit(nxt, trail)
        trail.pop()
        state[node] = 2

    for node in sorted(graph):
        if state.get(node) is None:
            visit(node, [])


def _is_composed(artifact: Artifact) -> bool:
    return getattr(artifact.model.implementation, "type", None) == "composed"


def check_skill_implementation(artifact: Artifact, known_skills: set[str], mcp_servers: set[str],
                               out: list[Diagnostic]) -> None:
    impl = artifact.model.implementation
    if impl.type == "composed":
        check_skill_refs(artifact, ("implementation", "composes"), impl.composes, known_skills, out)
    elif impl.type == "mcp_tool" and impl.server not in mcp_servers:
        out.append(
            diag(artifact, "ref.unknown-mcp-server", f'unknown MCP server "{impl.server}"',
                 ("implementation", "server"),
                 did_you_mean(impl.server, mcp_servers, "declare it in workspace.yaml under mcp_servers"))
        )


def check_provider(artifact: Artifact, path: tuple, model_ref, providers: set[str], out: list[Diagnostic]) -> None:
    if model_ref is None or model_ref.provider in providers or model_ref.provider in BUILTIN_PROVIDER_TYPES:
        return
    out.append(
        diag(artifact, "ref.unknown-provider", f'unknown model provider "{model_ref.provider}"', path + ("provider",),
             did_you_mean(model_ref.provider, [*providers, *BUILTIN_PROVIDER_TYPES],
                          "declare it in workspace.yaml under model_providers, or use mock or openai"))
    )


def check_binding_id(artifact: Artifact, path: tuple, binding, skills: dict, out: list[Diagnostic]) -> None:
    if binding.id in BUILTIN_MEMORY_SKILLS:
        return
    if binding.id not in skills:
        out.append(
            diag(artifact, "ref.unknown-decision-skill", f'unknown decision skill "{binding.id}"', path + ("id",),
                 did_you_mean(binding.id, [*skills, *BUILTIN_MEMORY_SKILLS],
                              "bind memory-reader, memory-writer or a skill defined under skills/"))
        )
        return
    target = skills[binding.id]
    if target.model is not None and str(target.model.category) != "decision":
        out.append(
            diag(artifact, "binding.not-decision",
                 f'"{binding.id}" is a {target.model.category} skill, not a decision skill', path + ("id",),
                 "set its category to decision, or bind a decision skill", severity=Severity.WARNING)
        )


def check_duplicate_bindings(artifact: Artifact, base: tuple, bindings: list, out: list[Diagnostic]) -> None:
    seen: dict[str, int] = {}
    for i, binding in enumerate(bindings):
        if binding.id in seen:
            out.append(
                diag(artifact, "binding.duplicate",
                     f'"{binding.id}" is bound twice in this list (first at item {seen[binding.id] + 1})',
                     base + (i, "id"), "keep one binding per skill in a list")
            )
        else:
            seen[binding.id] = i


def check_roles(artifact: Artifact, root_agent, out: list[Diagnostic]) -> None:
    for agent, path, parent, _ in walk_agents(root_agent):
        role = str(agent.role)
        if parent is None and role != "root":
            out.append(
                diag(artifact, "topology.root-role", f'the root agent "{agent.id}" has role {role}; it must be root',
                     path + ("role",), "write role: root for agents.root")
            )
        elif parent is not None and role == "root":
            out.append(
                diag(artifact, "topology.root-role", f'"{agent.id}" has role root, but only agents.root may',
                     path + ("role",), "use leader for an agent with children, worker otherwise")
            )

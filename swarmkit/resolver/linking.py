"""Cross-references between artifacts: duplicates, unknown ids, composed-skill cycles, roles.

Works on schema-valid data, so every key the schema requires is present with its type.
"""

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
    """First definition of each id wins; later ones are `id.duplicate` errors.

    Files that failed their schema check are indexed too, so references to them are not reported
    as unknown on top of the file's own errors.
    """
    by_id: dict[str, Artifact] = {}
    key = "name" if noun == "topology" else "id"
    for artifact in artifacts:
        ident = artifact.raw_id()
        if ident is None:
            continue
        if ident in by_id:
            out.append(
                diag(artifact, "id.duplicate", f'{noun} {key} "{ident}" is already defined in {by_id[ident].rel}',
                     ("metadata", key), f"rename one of the two {noun}s")
            )
            continue
        by_id[ident] = artifact
    return by_id


def walk_agents(agent: dict, path: tuple = AGENTS_ROOT, parent: str | None = None, depth: int = 0) -> Iterator:
    """(agent data, path in the file, parent id, depth), depth-first, root first."""
    yield agent, path, parent, depth
    for i, child in enumerate(agent.get("children") or []):
        yield from walk_agents(child, path + ("children", i), agent["id"], depth + 1)


def check_skill_refs(
    artifact: Artifact, path: tuple, ids: list[str] | None, known, out: list[Diagnostic]
) -> None:
    for i, skill_id in enumerate(ids or []):
        if skill_id not in known:
            out.append(
                diag(artifact, "ref.unknown-skill", f'unknown skill "{skill_id}"', path + (i,),
                     did_you_mean(skill_id, known, "add a file for it under skills/, or remove it from this list"))
            )


def composes_of(artifact: Artifact) -> list[str]:
    impl = artifact.data["implementation"] if artifact.valid else {}
    return list(impl.get("composes", [])) if impl.get("type") == "composed" else []


def check_composed_cycles(skills: dict[str, Artifact], out: list[Diagnostic]) -> None:
    """Report each cycle of composed skills once, at the entry that closes it."""
    graph = {sid: [c for c in composes_of(a) if c in skills] for sid, a in skills.items()}
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
                    index = composes_of(artifact).index(nxt)
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


def check_skill_implementation(artifact: Artifact, known_skills, mcp_servers: set[str],
                               out: list[Diagnostic]) -> None:
    impl = artifact.data["implementation"]
    if impl["type"] == "composed":
        check_skill_refs(artifact, ("implementation", "composes"), impl["composes"], known_skills, out)
    elif impl["type"] == "mcp_tool" and impl["server"] not in mcp_servers:
        out.append(
            diag(artifact, "ref.unknown-mcp-server", f'unknown MCP server "{impl["server"]}"',
                 ("implementation", "server"),
                 did_you_mean(impl["server"], mcp_servers, "declare it in workspace.yaml under mcp_servers"))
        )


def check_provider(artifact: Artifact, path: tuple, model_ref: dict | None, providers: set[str],
                   out: list[Diagnostic]) -> None:
    if model_ref is None:
        return
    provider = model_ref["provider"]
    if provider in providers or provider in BUILTIN_PROVIDER_TYPES:
        return
    out.append(
        diag(artifact, "ref.unknown-provider", f'unknown model provider "{provider}"', path + ("provider",),
             did_you_mean(provider, [*providers, *BUILTIN_PROVIDER_TYPES],
                          "declare it in workspace.yaml under model_providers, or use mock or openai"))
    )


def check_binding_id(artifact: Artifact, path: tuple, binding_id: str, skills: dict[str, Artifact],
                     out: list[Diagnostic]) -> None:
    if binding_id in BUILTIN_MEMORY_SKILLS:
        return
    if binding_id not in skills:
        out.append(
            diag(artifact, "ref.unknown-decision-skill", f'unknown decision skill "{binding_id}"', path + ("id",),
                 did_you_mean(binding_id, [*skills, *BUILTIN_MEMORY_SKILLS],
                              "bind memory-reader, memory-writer or a skill defined under skills/"))
        )
        return
    target = skills[binding_id]
    category = target.data.get("category") if target.valid else "decision"
    if category != "decision":
        out.append(
            diag(artifact, "binding.not-decision",
                 f'"{binding_id}" is a {category} skill, not a decision skill', path + ("id",),
                 "set its category to decision, or bind a decision skill", severity=Severity.WARNING)
        )


def check_duplicate_bindings(artifact: Artifact, base: tuple, bindings: list[dict], out: list[Diagnostic]) -> None:
    seen: dict[str, int] = {}
    for i, binding in enumerate(bindings):
        if binding["id"] in seen:
            out.append(
                diag(artifact, "binding.duplicate",
                     f'"{binding["id"]}" is bound twice in this list (first at item {seen[binding["id"]] + 1})',
                     base + (i, "id"), "keep one binding per skill in a list")
            )
        else:
            seen[binding["id"]] = i


def check_roles(artifact: Artifact, root_agent: dict, out: list[Diagnostic]) -> None:
    for agent, path, parent, _ in walk_agents(root_agent):
        role = agent["role"]
        if parent is None and role != "root":
            out.append(
                diag(artifact, "topology.root-role", f'the root agent "{agent["id"]}" has role {role}; it must be root',
                     path + ("role",), "write role: root for agents.root")
            )
        elif parent is not None and role == "root":
            out.append(
                diag(artifact, "topology.root-role", f'"{agent["id"]}" has role root, but only agents.root may',
                     path + ("role",), "use leader for an agent with children, worker otherwise")
            )

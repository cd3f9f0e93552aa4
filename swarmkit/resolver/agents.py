"""One agent's effective settings and its references: archetype defaults merged, skills resolved.

Archetype defaults sit under the agent's own settings key by key (model, prompt, iam); `skills`
replaces the archetype's list and `skills_additional` adds to it. A skill entry is an id, a bulk
grant (`server:<id>`, `pack:<id>`) or, in an archetype, an abstract entry matched by category and
capability. Works on schema-valid data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from swarmkit.resolver.artifacts import Artifact
from swarmkit.resolver.known import Known
from swarmkit.resolver.linking import diag
from swarmkit.workspace.diagnostics import Diagnostic
from swarmkit.workspace.suggest import did_you_mean

READ_ONLY_SCOPE, WRITE_SCOPE = "swarm:read", "swarm:write"


@dataclass
class SkillIndex:
    """Every skill an agent may hold, with what abstract entries and bulk grants match on."""

    known: Known  # workspace, bundled and synthesized skill ids (+ dropped files)
    categories: dict[str, str]  # skill id -> category
    mcp_servers: dict[str, str]  # skill id -> the MCP server it calls
    command_packs: Known  # declared command packs ("workspace" is the topologies' pack)
    pack_skills: dict[str, str] = field(default_factory=dict)  # skill id -> its command pack
    reported: set = field(default_factory=set)  # (file, path) of archetype entries already reported


def merged(base, own) -> dict | None:
    """The archetype's mapping under the agent's: the agent's keys win."""
    if base is None and own is None:
        return None
    return {**(base or {}), **(own or {})}


def is_read_only(iam: dict | None) -> bool:
    """A read-only swarm member: swarm:read in its base scope without swarm:write."""
    scopes = (iam or {}).get("base_scope") or []
    return READ_ONLY_SCOPE in scopes and WRITE_SCOPE not in scopes


def other_scopes(iam: dict | None) -> tuple[str, ...]:
    """Base scopes a run does not act on: all but swarm:read and swarm:write."""
    scopes = (iam or {}).get("base_scope") or []
    return tuple(s for s in scopes if s not in (READ_ONLY_SCOPE, WRITE_SCOPE))


def skill_entries(agent: dict, archetype: Artifact | None, path: tuple) -> list[tuple]:
    """(entry, artifact it is written in, its path there), the archetype's unless the agent sets skills."""
    entries: list[tuple]
    if "skills" in agent:
        entries = [(e, None, path + ("skills", i)) for i, e in enumerate(agent["skills"])]
    elif archetype is not None and archetype.valid:
        own = (archetype.data.get("defaults") or {}).get("skills") or []
        entries = [(e, archetype, ("defaults", "skills", i)) for i, e in enumerate(own)]
    else:
        entries = []
    entries += [
        (e, None, path + ("skills_additional", i)) for i, e in enumerate(agent.get("skills_additional", []))
    ]
    return entries


def resolve_skills(
    entries: list[tuple], topology: Artifact, index: SkillIndex, out: list[Diagnostic]
) -> list[str]:
    """The agent's concrete skill ids, in order, once each; problems with entries go to `out`."""
    skills: list[str] = []
    for entry, written_in, path in entries:
        where = written_in or topology
        if isinstance(entry, dict):
            found = _abstract(entry["abstract"], where, path, index, out)
        elif entry.startswith(("server:", "pack:")):
            found = _bulk(entry, where, path, index, out)
        else:
            found = [entry]
            if written_in is None and index.known.unknown(entry):
                out.append(
                    diag(
                        where,
                        "ref.unknown-skill",
                        f'unknown skill "{entry}"',
                        path,
                        did_you_mean(
                            entry, index.known, "add a file for it under skills/, or remove it from this list"
                        ),
                    )
                )
        for skill_id in found:
            if skill_id not in skills:
                skills.append(skill_id)
    return skills


def _once(index: SkillIndex, where: Artifact, path: tuple) -> bool:
    key = (where.rel, path)
    if key in index.reported:
        return False
    index.reported.add(key)
    return True


def _abstract(abstract: dict, where: Artifact, path: tuple, index: SkillIndex, out) -> list[str]:
    category, capability = abstract["category"], abstract.get("capability")
    matches = sorted(
        sid
        for sid, cat in index.categories.items()
        if cat == category and (capability is None or capability in sid)
    )
    if len(matches) == 1:
        return matches
    if not index.known.complete or index.known.maybe:
        return []  # a skill file with its own errors might be the match
    wanted = f"category {category}" + (f' whose id contains "{capability}"' if capability is not None else "")
    if _once(index, where, path):
        if matches:
            out.append(
                diag(
                    where,
                    "skill.abstract-ambiguous",
                    f"the abstract skill ({wanted}) matches {len(matches)} skills: {', '.join(matches)}",
                    path + ("abstract",),
                    "name the skill by its id, or make capability specific to one skill",
                    at="key",
                )
            )
        else:
            out.append(
                diag(
                    where,
                    "skill.abstract-no-match",
                    f"no skill matches the abstract skill ({wanted})",
                    path + ("abstract",),
                    "add a skill of that category whose id contains the capability, "
                    "or name a skill by its id",
                    at="key",
                )
            )
    return []


def _bulk(entry: str, where: Artifact, path: tuple, index: SkillIndex, out) -> list[str]:
    kind, _, target = entry.partition(":")
    if kind == "server":
        matches = sorted(sid for sid, server in index.mcp_servers.items() if server == target)
        servers = sorted(set(index.mcp_servers.values()))
        if not matches and index.known.complete and not index.known.maybe and _once(index, where, path):
            out.append(
                diag(
                    where,
                    "ref.unknown-grant",
                    f'"{entry}" grants nothing: no skill calls MCP server "{target}"',
                    path,
                    did_you_mean(
                        target,
                        servers,
                        f"a skill calls it with implementation {{type: mcp_tool, server: {target}}}",
                    ),
                )
            )
        return matches
    matches = sorted(sid for sid, pack in index.pack_skills.items() if pack == target)
    if index.command_packs.unknown(target) and _once(index, where, path):
        out.append(
            diag(
                where,
                "ref.unknown-grant",
                f'"{entry}" grants nothing: no command pack "{target}"',
                path,
                did_you_mean(target, index.command_packs, "declare it in workspace.yaml under command_packs"),
            )
        )
    return matches


def check_requires(
    agent: dict, held: list[str], topology: Artifact, path: tuple, out: list[Diagnostic]
) -> None:
    """Both sides of every ordering rule are skills the agent holds, and the rules form no cycle."""
    rules = agent.get("requires") or {}
    graph: dict[str, list[str]] = {}
    for guarded, prerequisites in rules.items():
        for name in [guarded, *prerequisites]:
            if name not in held:
                out.append(
                    diag(
                        topology,
                        "agent.requires-not-held",
                        f'requires names "{name}", which is not one of {agent["id"]}\'s skills',
                        path + ("requires", guarded),
                        "grant it in skills or skills_additional, or drop the rule",
                        at="key",
                    )
                )
                break
        else:
            graph[guarded] = list(prerequisites)
    cycle = _cycle(graph)
    if cycle:
        out.append(
            diag(
                topology,
                "agent.requires-cycle",
                "requires forms a cycle: " + " → ".join(cycle),
                path + ("requires", cycle[0]),
                "one of these skills must be callable without the others",
                at="key",
            )
        )


def check_depends_on(walked: list, topology: Artifact, out: list[Diagnostic]) -> None:
    """depends_on names agents of the topology, never itself, and forms no cycle."""
    ids = [agent["id"] for agent, *_ in walked]
    graph: dict[str, list[str]] = {}
    for agent, path, _, _ in walked:
        deps = agent.get("depends_on") or []
        for i, dep in enumerate(deps):
            if dep not in ids:
                out.append(
                    diag(
                        topology,
                        "ref.unknown-agent",
                        f'depends_on names "{dep}", which is no agent of this topology',
                        path + ("depends_on", i),
                        did_you_mean(dep, ids, "use the id of an agent of this topology"),
                    )
                )
        graph.setdefault(agent["id"], []).extend(d for d in deps if d in ids)
    cycle = _cycle(graph)
    if cycle:
        start = next(path for agent, path, _, _ in walked if agent["id"] == cycle[0])
        out.append(
            diag(
                topology,
                "agent.depends-on-cycle",
                "depends_on forms a cycle: " + " → ".join(cycle),
                start + ("depends_on",),
                "an agent cannot wait for itself, directly or through others",
                at="key",
            )
        )


def _cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """The first cycle found, as a path that ends where it starts."""
    state: dict[str, int] = {}
    for start in graph:
        if state.get(start):
            continue
        stack = [(start, iter(graph.get(start, ())))]
        trail = [start]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
                trail.pop()
            elif state.get(child) == 1:
                return trail[trail.index(child) :] + [child]
            elif not state.get(child):
                state[child] = 1
                trail.append(child)
                stack.append((child, iter(graph.get(child, ()))))
    return None


def check_output_schema(value, artifact: Artifact, path: tuple, root: Path, out: list[Diagnostic]) -> None:
    """An inline schema is a JSON Schema; a path names one inside the workspace."""
    problem = _output_schema_problem(value, artifact, root)
    if problem:
        out.append(
            diag(
                artifact,
                "ref.output-schema",
                problem,
                path,
                "point output_schema at a JSON Schema file in the workspace, write one inline, or use null",
            )
        )


def _output_schema_problem(value, artifact: Artifact, root: Path) -> str | None:
    import json

    if value is None:
        return None
    if isinstance(value, str):
        if "://" in value:
            return f'output_schema "{value}" is a URL; only files inside the workspace are read'
        root = root.resolve()
        target = (artifact.source.path.parent / value).resolve()
        if not target.is_relative_to(root):
            return f'output_schema "{value}" is outside the workspace'
        from swarmkit.workspace.looked_at import note

        note(target)  # a file discovery does not find: a kept resolution watches it (looked_at.py)
        if not target.is_file():
            return (
                f'output_schema "{value}" does not exist (looked for {target.relative_to(root).as_posix()})'
            )
        try:
            from swarmkit.safe_read import decode_text, read_regular
            from swarmkit.workspace.limits import MAX_FILE_BYTES
            from swarmkit.workspace.shape import check_shape

            # read and parsed as a workspace file is: a regular file, capped, depth and aliases bounded
            text = decode_text(read_regular(target, MAX_FILE_BYTES))
            if target.suffix.lower() in (".yaml", ".yml"):
                from swarmkit.workspace.yaml_text import load_yaml_text

                value = load_yaml_text(text)
            else:
                value = json.loads(text)
            check_shape(value)
        except Exception as exc:  # unreadable or unparseable: its message is the useful part
            detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return f'output_schema "{target.relative_to(root).as_posix()}" cannot be read: {detail}'
        if not isinstance(value, dict):
            return f'output_schema "{target.relative_to(root).as_posix()}" does not hold a JSON Schema object'
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import validator_for

    try:
        validator_for(value).check_schema(value)
    except SchemaError as exc:
        return f"output_schema is not a valid JSON Schema: {exc.message}"
    return None

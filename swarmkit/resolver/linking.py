"""Cross-references between artifacts: duplicates, unknown ids, composed-skill cycles, roles.

Works on schema-valid data, so every key the schema requires is present with its type.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.memory_skills import BUILTIN_MEMORY_SKILLS
from swarmkit.resolver.artifacts import Artifact
from swarmkit.resolver.known import Known
from swarmkit.workspace.diagnostics import Diagnostic, Severity, pointer_of
from swarmkit.workspace.suggest import did_you_mean

AGENTS_ROOT = ("agents", "root")
# The harness adapters upstream swarmkit ships (executor kind harness, ref: <one of these>).
BUNDLED_ADAPTERS = ("claude-code", "codex", "copilot", "gemini-cli", "opencode")


def diag(
    artifact: Artifact,
    code: str,
    message: str,
    path: tuple,
    hint: str = "",
    at: str = "value",
    severity: Severity = Severity.ERROR,
    strict: bool = False,
    related: tuple[Artifact, tuple] | None = None,
) -> Diagnostic:
    """`strict`: a check upstream swarmkit does not make, so a warning that `validate --require` fails
    on. `related`: another place the problem involves (an artifact, the path of a value in it)."""
    line, column = artifact.source.locate(path, at)
    if strict:
        severity = Severity.WARNING
    place = None
    if related is not None:
        other, other_path = related
        place = (other.rel, *other.source.locate(other_path))
    return Diagnostic(
        code, message, artifact.rel, line, column, pointer_of(path), hint, severity, strict, place
    )


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
                diag(
                    artifact,
                    "id.duplicate",
                    f'{noun} {key} "{ident}" is already defined in {by_id[ident].rel}',
                    ("metadata", key),
                    f"rename one of the two {noun}s",
                    related=(by_id[ident], ("metadata", key)),
                )
            )
            continue
        by_id[ident] = artifact
    return by_id


def index_topologies(artifacts: list[Artifact], out: list[Diagnostic]) -> dict[str, Artifact]:
    """Topologies by reference: several versions of one name are allowed, as upstream has them.

    The primary version of a name is keyed by the bare name: the file named after the topology,
    else the first found (upstream's rule). Every other version is keyed `name@version`. The same
    name and version twice is `id.duplicate`; the first definition is kept.
    """
    by_name: dict[str, dict[str | None, Artifact]] = {}
    for artifact in artifacts:
        name = artifact.raw_id()
        if name is None:
            continue
        versions = by_name.setdefault(name, {})
        version = _raw_version(artifact)
        if version in versions:
            first = versions[version].rel
            out.append(
                diag(
                    artifact,
                    "id.duplicate",
                    f'topology name "{name}" is already defined in {first}'
                    if version is None
                    else f'topology "{name}" version {version} is already defined in {first}',
                    ("metadata", "name"),
                    "rename one of the two topologies, or give one another metadata.version",
                    related=(versions[version], ("metadata", "name")),
                )
            )
            continue
        versions[version] = artifact
    keyed: dict[str, Artifact] = {}
    for name, versions in by_name.items():
        found = list(versions.values())
        primary = next((a for a in found if a.source.path.stem == name), found[0])
        keyed[name] = primary
        for version, artifact in versions.items():
            if artifact is not primary:
                keyed[f"{name}@{version or artifact.rel}"] = artifact
    return keyed


def _raw_version(artifact: Artifact) -> str | None:
    """metadata.version as written (None when it is missing or not text: its schema error says so)."""
    version = artifact.data.get("metadata", {}).get("version")
    return version if isinstance(version, str) else None


def walk_agents(
    agent: dict, path: tuple = AGENTS_ROOT, parent: str | None = None, depth: int = 0
) -> Iterator:
    """(agent data, path in the file, parent id, depth), depth-first, root first."""
    yield agent, path, parent, depth
    for i, child in enumerate(agent.get("children") or []):
        yield from walk_agents(child, path + ("children", i), agent["id"], depth + 1)


def check_skill_refs(
    artifact: Artifact, path: tuple, ids: list | None, known: Known, out: list[Diagnostic]
) -> None:
    """Skill ids in a list; abstract entries and bulk grants are resolved per agent instead."""
    for i, skill_id in enumerate(ids or []):
        if not isinstance(skill_id, str) or skill_id.startswith(("pack:", "server:")):
            continue
        if known.unknown(skill_id):
            out.append(
                diag(
                    artifact,
                    "ref.unknown-skill",
                    f'unknown skill "{skill_id}"',
                    path + (i,),
                    did_you_mean(
                        skill_id, known, "add a file for it under skills/, or remove it from this list"
                    ),
                )
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
                cycle = trail[trail.index(nxt) :] + [nxt]
                if frozenset(cycle) not in reported:
                    reported.add(frozenset(cycle))
                    artifact = skills[node]
                    index = composes_of(artifact).index(nxt)
                    out.append(
                        diag(
                            artifact,
                            "skill.cycle",
                            "composed skills form a cycle: " + " → ".join(cycle),
                            ("implementation", "composes", index),
                            "a composed skill may not include itself, directly or through others",
                        )
                    )
            elif state.get(nxt) is None:
                visit(nxt, trail)
        trail.pop()
        state[node] = 2

    for node in sorted(graph):
        if state.get(node) is None:
            visit(node, [])


def check_skill_implementation(
    artifact: Artifact,
    known_skills: Known,
    mcp_servers: Known,
    command_packs: dict[str, set[str] | None] | None,
    topologies: Known,
    out: list[Diagnostic],
) -> str | None:
    """What the skill names that the workspace lacks (a strict warning, see `diag`), else None.

    `command_packs` maps each declared pack to its command ids; None when workspace.yaml did not load.
    """
    impl = artifact.data["implementation"]
    kind = impl["type"]
    if kind == "composed":
        check_skill_refs(artifact, ("implementation", "composes"), impl["composes"], known_skills, out)
        return None
    problem: tuple[str, str, str] | None = None  # (code, message, key) and the hint below
    hint = ""
    if kind == "mcp_tool" and mcp_servers.unknown(impl["server"]):
        problem = ("ref.unknown-mcp-server", f'unknown MCP server "{impl["server"]}"', "server")
        hint = did_you_mean(impl["server"], mcp_servers, "declare it in workspace.yaml under mcp_servers")
    elif kind == "command" and command_packs is not None:
        pack, command = impl["pack"], impl["command"]
        commands = command_packs.get(pack)
        if pack not in command_packs:
            problem = ("ref.unknown-command", f'unknown command pack "{pack}"', "pack")
            hint = did_you_mean(pack, command_packs, "declare it in workspace.yaml under command_packs")
        elif commands is not None and command not in commands:
            problem = ("ref.unknown-command", f'command pack "{pack}" has no command "{command}"', "command")
            hint = did_you_mean(command, commands, "commands: " + ", ".join(sorted(commands)))
    elif kind == "agent" and "topology" in impl and not impl["topology"].startswith("swarmkit:"):
        if topologies.unknown(impl["topology"]):
            problem = ("ref.unknown-topology", f'unknown topology "{impl["topology"]}"', "topology")
            hint = did_you_mean(
                impl["topology"], topologies, "name a topology of this workspace (its metadata.name)"
            )
    if problem is None:
        return None
    code, message, key = problem
    out.append(diag(artifact, code, message, ("implementation", key), hint, strict=True))
    return message


def check_provider(
    artifact: Artifact, path: tuple, model_ref: dict | None, providers: Known, out: list[Diagnostic]
) -> None:
    """Any provider name is valid, as upstream; one swarmkit run cannot reach is a warning."""
    from swarmkit.runtime.providers.catalog import BUILTIN_PROVIDERS, is_known_name, some_names

    provider = (model_ref or {}).get("provider")
    if not isinstance(provider, str) or not providers.complete or is_known_name(provider, providers.ids):
        return
    names = [*providers, *BUILTIN_PROVIDERS]
    out.append(
        diag(
            artifact,
            "ref.unknown-provider",
            f'model provider "{provider}" is neither built in nor declared',
            path + ("provider",),
            did_you_mean(
                provider,
                names,
                "declare it in workspace.yaml under model_providers (provider_id), "
                f"or use a built-in name such as {some_names(3)}",
            ),
            severity=Severity.WARNING,
        )
    )


def check_binding_id(
    artifact: Artifact,
    path: tuple,
    binding_id: str,
    skills: dict[str, Artifact],
    out: list[Diagnostic],
    dropped: frozenset = frozenset(),
) -> None:
    if binding_id in BUILTIN_MEMORY_SKILLS or binding_id in dropped:
        return
    if binding_id not in skills:
        out.append(
            diag(
                artifact,
                "ref.unknown-decision-skill",
                f'unknown decision skill "{binding_id}"',
                path + ("id",),
                did_you_mean(
                    binding_id,
                    [*skills, *BUILTIN_MEMORY_SKILLS],
                    "bind memory-reader, memory-writer or a skill defined under skills/",
                ),
                strict=True,
            )
        )
        return
    target = skills[binding_id]
    category = target.data.get("category") if target.valid else "decision"
    if category != "decision":
        out.append(
            diag(
                artifact,
                "binding.not-decision",
                f'"{binding_id}" is a {category} skill, not a decision skill',
                path + ("id",),
                "set its category to decision, or bind a decision skill",
                severity=Severity.WARNING,
            )
        )


def check_duplicate_bindings(
    artifact: Artifact, base: tuple, bindings: list[dict], out: list[Diagnostic]
) -> None:
    seen: dict[str, int] = {}
    for i, binding in enumerate(bindings):
        if binding["id"] in seen:
            out.append(
                diag(
                    artifact,
                    "binding.duplicate",
                    f'"{binding["id"]}" is bound twice in this list (first at item {seen[binding["id"]] + 1})',
                    base + (i, "id"),
                    "keep one binding per skill in a list; the later one applies, as upstream",
                    strict=True,
                )
            )
        else:
            seen[binding["id"]] = i


def check_role_ids(registries: dict[str, Artifact], out: list[Diagnostic]) -> None:
    """A role id is defined once across every role registry."""
    seen: dict[str, str] = {}
    for artifact in registries.values():
        if not artifact.valid:
            continue
        for i, role in enumerate(artifact.data["roles"]):
            if role["id"] in seen:
                out.append(
                    diag(
                        artifact,
                        "id.duplicate",
                        f'role id "{role["id"]}" is already defined in {seen[role["id"]]}',
                        ("roles", i, "id"),
                        "give every role its own id, across all files in roles/",
                    )
                )
            else:
                seen[role["id"]] = artifact.rel


def check_trigger_targets(artifact: Artifact, topologies: Known, out: list[Diagnostic]) -> None:
    for i, target in enumerate(artifact.data["targets"]):
        if isinstance(target, str) and topologies.unknown(target):
            out.append(
                diag(
                    artifact,
                    "ref.unknown-topology",
                    f'trigger "{artifact.data["metadata"]["id"]}" targets unknown topology "{target}"',
                    ("targets", i),
                    did_you_mean(target, topologies, "name a topology of this workspace (its metadata.name)"),
                )
            )


def check_executor(artifact: Artifact, adapters: Known, out: list[Diagnostic]) -> None:
    """model (the default), harness with ref naming an adapter, or an adapter id as the kind."""
    executor = artifact.data.get("executor")
    if not executor or executor["kind"] == "model":
        return
    kind, ref = executor["kind"], executor.get("ref")
    names = sorted({*adapters, *BUNDLED_ADAPTERS})
    if kind == "harness":
        if not isinstance(ref, str) or not ref:
            out.append(
                diag(
                    artifact,
                    "ref.unknown-executor",
                    "executor kind harness needs ref: the adapter to run",
                    ("executor", "kind"),
                    "add ref with an adapter id: " + ", ".join(names),
                )
            )
        elif ref not in BUNDLED_ADAPTERS and adapters.unknown(ref):
            out.append(
                diag(
                    artifact,
                    "ref.unknown-executor",
                    f'unknown harness adapter "{ref}"',
                    ("executor", "ref"),
                    did_you_mean(
                        ref,
                        names,
                        "use a bundled adapter ("
                        + ", ".join(BUNDLED_ADAPTERS)
                        + ") or add one under adapters/",
                    ),
                )
            )
    elif kind not in BUNDLED_ADAPTERS and adapters.unknown(kind):
        out.append(
            diag(
                artifact,
                "ref.unknown-executor",
                f'unknown executor kind "{kind}"',
                ("executor", "kind"),
                did_you_mean(
                    kind, ["model", "harness", *names], "use model, or harness with ref naming an adapter"
                ),
            )
        )

"""Rendering a Resolution for people (text, --tree) and machines (json, GitHub annotations).

Reporters only format: what is found is decided by the resolver, whatever the format.
"""

from __future__ import annotations

import os

from swarmkit.workspace.diagnostics import Diagnostic


def display_path(root_arg: str, rel: str) -> str:
    """A diagnostic's file as the user can open it from where they ran the command."""
    if not rel:
        return os.path.normpath(root_arg)
    if rel.startswith("<"):
        return rel
    return os.path.normpath(os.path.join(root_arg, rel))


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def summary_counts(workspace) -> dict:
    agents = sum(len(t.agents) for t in workspace.topologies.values())
    bundled = sum(1 for s in workspace.skills.values() if s.origin == "bundled")
    auto = sum(1 for b in workspace.decision_skills if b.origin == "auto")
    # Workspace bindings plus the ones topologies add or override (each binding written once).
    topology_own = {
        (b.declared_in, b.id)
        for t in workspace.topologies.values()
        for b in t.decision_skills
        if b.declared_in != "workspace"
    }
    declared = getattr(workspace, "declared", {}) or {}
    return {
        "topologies": len(workspace.topologies),
        "agents": agents,
        "archetypes": len(workspace.archetypes),
        "skills": len(workspace.skills),
        "bundled_skills": bundled,
        "decision_skills": len(workspace.decision_skills) + len(topology_own),
        "auto_decision_skills": auto,
        "triggers": len(getattr(workspace, "triggers", {}) or {}),
        "funnels": len(declared.get("funnels", ())),
        "adapters": len(declared.get("adapters", ())),
        "role_registries": len(declared.get("role registries", ())),
        "contracts": len(declared.get("contracts", ())),
    }


# The other kinds, named in the text summary only when the workspace has some.
_MORE_KINDS = (
    ("triggers", "trigger"),
    ("funnels", "funnel"),
    ("adapters", "adapter"),
    ("role_registries", "role registry"),
    ("contracts", "contract"),
)


def one_line(text: str) -> str:
    """A line break inside a value would split a diagnostic in two, and a tab reads as spaces: show
    them escaped, as JSON does."""
    return text.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")


def render_diagnostic(d: Diagnostic, root_arg: str) -> str:
    where = one_line(display_path(root_arg, d.file))
    if d.line:
        where += f":{d.line}:{d.column}"
    text = f"{where}: {d.severity}[{d.code}] {one_line(d.message)}"
    if d.related:
        text += f"\n  note: {related_text(d, root_arg)}"
    if d.hint:
        text += f"\n  hint: {one_line(d.hint)}"
    return text


def related_text(d: Diagnostic, root_arg: str) -> str:
    """The other place a diagnostic involves, as the user can open it: the first definition."""
    assert d.related is not None
    file, line, column = d.related
    return f"first defined at {one_line(display_path(root_arg, file))}:{line}:{column}"


def render_text(resolution, root_arg: str, *, tree: bool = False, require: bool = False) -> str:
    lines: list[str] = []
    shown = _shown(resolution, require)
    for d in shown:
        lines.append(render_diagnostic(d, root_arg))
    workspace = resolution.workspace
    errors = sum(1 for d in shown if d.is_error)
    warnings = len(shown) - errors
    if workspace is None or errors:
        files = len({d.file for d in shown if d.is_error})
        tail = f", {_plural(warnings, 'warning')}" if warnings else ""
        lines.append(
            f"{_plural(errors, 'error')} in {_plural(files, 'file')}{tail}: the workspace is not valid"
        )
        return "\n".join(lines) + "\n"
    c = summary_counts(workspace)
    tail = f" ({_plural(warnings, 'warning')})" if warnings else ""
    lines.append(f'Workspace "{workspace.id}" ({workspace.name}) is valid{tail}')
    lines.append(
        "  "
        + ", ".join(
            [
                _plural(c["topologies"], "topology", "topologies"),
                _plural(c["agents"], "agent"),
                _plural(c["archetypes"], "archetype"),
                _plural(c["skills"], "skill")
                + (f" ({c['bundled_skills']} bundled)" if c["bundled_skills"] else ""),
                _plural(c["decision_skills"], "decision-skill binding")
                + (f" ({c['auto_decision_skills']} auto)" if c["auto_decision_skills"] else ""),
            ]
        )
    )
    more = [
        _plural(c[key], noun, "role registries" if key == "role_registries" else None)
        for key, noun in _MORE_KINDS
        if c[key]
    ]
    if more:
        lines.append("  also " + ", ".join(more))
    lines.append(workspace.memory.sentence())
    if tree:
        lines.append("")
        lines.extend(render_tree(workspace))
    if require:
        lines.extend(_auto_bindings(workspace))
    return "\n".join(lines) + "\n"


def _shown(resolution, require: bool) -> list[Diagnostic]:
    """All diagnostics to print: reachability findings and strict warnings are errors under --require."""
    promoted = set(resolution.required) if require else set()
    shown = [d.as_error() if d in promoted else d for d in [*resolution.diagnostics, *resolution.reach]]
    return sorted(shown, key=Diagnostic.sort_key)


def _auto_bindings(workspace) -> list[str]:
    auto = [b for b in workspace.decision_skills if b.origin == "auto"]
    if not auto:
        return []
    out = ["", "Auto-bound memory bindings (added by swarmkit; they reach every agent):"]
    for b in auto:
        out.append(f"  {b.id}: {b.trigger}, scope {b.scope}, required {str(b.required).lower()}")
    return out


def render_tree(workspace) -> list[str]:
    out: list[str] = []
    names = [t.name for t in workspace.topologies.values()]
    for topology in workspace.topologies.values():
        # Of several versions, say which one the bare name runs; the others run as name@version.
        default = " [default]" if names.count(topology.name) > 1 and topology.ref == topology.name else ""
        out.append(f"topology {topology.name} {topology.version} ({topology.file}){default}")
        _agent_lines(topology, topology.root, "", True, out)
    return out


def _agent_lines(topology, agent_id: str, prefix: str, last: bool, out: list[str]) -> None:
    agent = topology.agents[agent_id]
    branch = "└── " if last else "├── "
    facts = [agent.role]
    if agent.archetype:
        facts.append(f"archetype {agent.archetype}")
    if agent.skills:
        facts.append("skills " + ", ".join(agent.skills))
    if agent.read_only:
        facts.append("read-only")
    out.append(f"{prefix}{branch}{agent.id} ({'; '.join(facts)})")
    child_prefix = prefix + ("    " if last else "│   ")
    decisions = ", ".join(
        f"{b.id} {b.trigger}" + (" [auto]" if b.origin == "auto" else "") for b in agent.decision_skills
    )
    out.append(f"{child_prefix}decision skills: {decisions or 'none'}")
    for i, child in enumerate(agent.children):
        _agent_lines(topology, child, child_prefix, i == len(agent.children) - 1, out)


def tree_json(workspace) -> list[dict]:
    return [
        {
            "name": t.name,
            "version": t.version,
            "file": t.file,
            "agents": [
                {
                    "id": a.id,
                    "role": a.role,
                    "parent": a.parent,
                    "archetype": a.archetype,
                    "skills": list(a.skills),
                    "decision_skills": [_binding_json(b) for b in a.decision_skills],
                }
                for a in t.walk()
            ],
        }
        for t in workspace.topologies.values()
    ]


def _binding_json(b) -> dict:
    return {
        "id": b.id,
        "trigger": b.trigger,
        "scope": b.scope,
        "required": b.required,
        "origin": b.origin,
        "config": dict(b.config),
    }


def render_json(resolution, root_arg: str, *, tree: bool = False, require: bool = False) -> str:
    workspace = resolution.workspace
    shown = _shown(resolution, require)
    diagnostics = []
    for d in shown:
        item = d.to_dict()
        item["file"] = display_path(root_arg, d.file)
        if d.related:
            item["related"]["file"] = display_path(root_arg, d.related[0])
        diagnostics.append(item)
    valid = workspace is not None and not any(d.is_error for d in shown)
    from swarmkit.cli.options import FORMAT_VERSION

    doc: dict = {
        "format_version": FORMAT_VERSION,
        "valid": valid,
        "workspace": None,
        "memory": None,
        "diagnostics": diagnostics,
    }
    if workspace is not None:
        doc["workspace"] = {"id": workspace.id, "name": workspace.name, "counts": summary_counts(workspace)}
        memory = workspace.memory.to_dict()
        memory["folder"] = os.path.normpath(str(workspace.memory.folder))
        doc["memory"] = memory
        doc["decision_skills"] = [_binding_json(b) for b in workspace.decision_skills]
        if tree:
            doc["topologies"] = tree_json(workspace)
    from swarmkit.surrogates import json_dumps

    return json_dumps(doc, indent=2) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(resolution, root_arg: str, *, tree: bool = False, require: bool = False) -> str:
    """GitHub Actions workflow commands: each diagnostic becomes an annotation on its line."""
    shown = _shown(resolution, require)
    lines = []
    for d in shown:
        level = "error" if d.is_error else "warning"
        props = [f"file={_escape_property(display_path(root_arg, d.file))}"]
        if d.line:
            props += [f"line={d.line}", f"col={d.column}"]
        props.append(f"title={_escape_property(d.code)}")
        notes = ([related_text(d, root_arg)] if d.related else []) + ([f"hint: {d.hint}"] if d.hint else [])
        message = d.message + (f" ({'; '.join(notes)})" if notes else "")
        lines.append(f"::{level} {','.join(props)}::{_escape_data(message)}")
    errors = sum(1 for d in shown if d.is_error)
    if resolution.workspace is not None and not errors:
        lines.append(f"swarmkit: workspace valid. {resolution.workspace.memory.sentence()}")
    else:
        lines.append(f"swarmkit: {_plural(errors, 'error')}; the workspace is not valid")
    return "\n".join(lines) + "\n"


RENDERERS = {"text": render_text, "json": render_json, "github": render_github}

"""Go to definition, completion, hover and document symbols, over one checked workspace.

Positions in and out are 0-based characters; server.py converts them to the client's units.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types

from swarmkit.lsp.cursor import Spot, compose, key_node, node_at, spot_at
from swarmkit.lsp.references import AGENT, PROVIDER, SKILL, mapping_at, names, referenced
from swarmkit.lsp.schema_help import help_at
from swarmkit.lsp.workspaces import WorkspaceState
from swarmkit.memory_skills import BUILTIN_MEMORY_SKILLS


@dataclass(frozen=True)
class Target:
    path: Path
    line: int  # 0-based
    column: int  # 0-based characters


def _reference(state: WorkspaceState, kind: str, spot: Spot, column: int) -> tuple[str, str] | None:
    if spot.at != "value":
        return None
    what = names(kind, spot.path)
    if what is None or not spot.word:
        return None
    offset = column - spot.start[1] if spot.start[0] == spot.end[0] else None
    return referenced(what, spot.word, offset)


def definition(state: WorkspaceState, path: Path, text: str, position: tuple[int, int]) -> list[Target]:
    kind = state.kind_of(path)
    spot = spot_at(text, position) if kind else None
    if kind is None or spot is None:
        return []
    found = _reference(state, kind, spot, position[1])
    if found is None:
        return []
    what, ident = found
    places = state.index.find(what, ident)
    if what == AGENT:  # an agent of this topology first: ids are unique per topology only
        own = [place for place in places if place.path == path]
        places = own or places
    return [Target(place.path, place.line - 1, place.column - 1) for place in places]


def completion(
    state: WorkspaceState, path: Path, text: str, position: tuple[int, int]
) -> list[types.CompletionItem]:
    kind = state.kind_of(path)
    spot = spot_at(text, position) if kind else None
    if kind is None or spot is None:
        return []
    if spot.at == "key":
        schema = help_at(kind, spot.path[:-1])
        return [
            types.CompletionItem(
                label=key,
                kind=types.CompletionItemKind.Property,
                documentation=description or None,
                insert_text=f"{key}: ",
            )
            for key, description in schema.keys.items()
            if key not in spot.siblings or key == spot.word
        ]
    items: list[types.CompletionItem] = []
    what = names(kind, spot.path)
    if what is not None:
        items += _ids(state, what, path)
    schema = help_at(kind, spot.path)
    for value in schema.values:
        label = _yaml_scalar(value)
        if all(item.label != label for item in items):
            items.append(types.CompletionItem(label=label, kind=types.CompletionItemKind.EnumMember))
    return items


def _ids(state: WorkspaceState, what: str, path: Path) -> list[types.CompletionItem]:
    ids = state.index.ids(what)
    if what == AGENT:
        own = sorted(
            {
                ident
                for ident, places in state.index.places.get(AGENT, {}).items()
                if any(p.path == path for p in places)
            }
        )
        ids = own or ids
    if what == SKILL:
        ids = sorted({*ids, *BUILTIN_MEMORY_SKILLS})
    if what == PROVIDER:
        from swarmkit.runtime.providers.catalog import BUILTIN_PROVIDERS

        ids = sorted({*ids, *BUILTIN_PROVIDERS})
    kinds = {SKILL: types.CompletionItemKind.Function, AGENT: types.CompletionItemKind.Class}
    return [
        types.CompletionItem(
            label=ident,
            kind=kinds.get(what, types.CompletionItemKind.Reference),
            detail=what,
            documentation=state.index.descriptions.get((what, ident)),
        )
        for ident in ids
    ]


def _yaml_scalar(value: object) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def hover(state: WorkspaceState, path: Path, text: str, position: tuple[int, int]) -> tuple[str, Spot] | None:
    """Markdown for what is at `position`, and the spot it is about."""
    kind = state.kind_of(path)
    spot = spot_at(text, position) if kind else None
    if kind is None or spot is None or (spot.at == "value" and not spot.word):
        return None
    if kind == "Workspace" and spot.at == "key" and spot.path == ("memory",):
        sentence = state.memory_sentence()
        description = help_at(kind, spot.path).description
        told = sentence or "Memory: the workspace file has errors; fix them to see the effective memory"
        return f"**{told}**\n\n{description}".rstrip(), spot
    found = _reference(state, kind, spot, position[1])
    if found is not None:
        what, ident = found
        places = state.index.find(what, ident)
        said = state.index.descriptions.get((what, ident))
        if ident in BUILTIN_MEMORY_SKILLS and what == SKILL:
            said = "built-in memory decision skill (no file needed)"
        if places or said:
            where = f" ({_shown(state, places[0].path)})" if places else ""
            return f"{what} `{ident}`{where}" + (f"\n\n{said}" if said else ""), spot
    schema = help_at(kind, spot.path)
    if not schema.description:
        return None
    allowed = ""
    if schema.values and spot.at == "value":
        allowed = "\n\nOne of: " + ", ".join(f"`{_yaml_scalar(v)}`" for v in schema.values)
    return f"`{spot.path[-1] if spot.path else kind}`: {schema.description}{allowed}", spot


def _shown(state: WorkspaceState, path: Path) -> str:
    try:
        return path.relative_to(state.root).as_posix()
    except ValueError:
        return path.name  # a bundled skill, shipped with swarmkit


def symbols(state: WorkspaceState, path: Path, text: str) -> list[types.DocumentSymbol]:
    """Agents (with their skills) of a topology; the skill, archetype or bindings a file defines."""
    kind = state.kind_of(path)
    root = compose(text)
    if kind is None or root is None:
        return []
    data = _plain(root)
    if not isinstance(data, dict):
        return []
    out: list[types.DocumentSymbol] = []
    if kind == "Topology":
        agent = mapping_at(data, "agents").get("root")
        if isinstance(agent, dict):
            symbol = _agent_symbol(root, agent, ("agents", "root"))
            if symbol is not None:
                out.append(symbol)
    elif kind in ("Skill", "Archetype"):
        metadata = mapping_at(data, "metadata")
        ident = metadata.get("id")
        if isinstance(ident, str):
            skills = mapping_at(data, "defaults").get("skills") if kind == "Archetype" else None
            children = _skill_symbols(root, ("defaults", "skills"), skills)
            detail = data.get("category") if kind == "Skill" else data.get("role")
            out.append(
                _symbol(
                    root,
                    ident,
                    str(detail or kind.lower()),
                    types.SymbolKind.Function if kind == "Skill" else types.SymbolKind.Class,
                    (),
                    ("metadata", "id"),
                    children,
                )
            )
    if kind in ("Workspace", "Topology"):
        bindings = mapping_at(data, "governance").get("decision_skills")
        for i, binding in enumerate(bindings if isinstance(bindings, list) else []):
            if isinstance(binding, dict) and isinstance(binding.get("id"), str):
                where = ("governance", "decision_skills", i)
                trigger = binding.get("trigger")
                out.append(
                    _symbol(
                        root,
                        binding["id"],
                        f"decision skill, {trigger}",
                        types.SymbolKind.Function,
                        where,
                        where + ("id",),
                    )
                )
    return [symbol for symbol in out if symbol is not None]


def _agent_symbol(root, agent: dict, path: tuple) -> types.DocumentSymbol | None:
    if not isinstance(agent.get("id"), str):
        return None
    children: list[types.DocumentSymbol] = []
    for key in ("skills", "skills_additional"):
        children += _skill_symbols(root, path + (key,), agent.get(key))
    kids = agent.get("children")
    for i, child in enumerate(kids if isinstance(kids, list) else []):
        if isinstance(child, dict):
            symbol = _agent_symbol(root, child, path + ("children", i))
            if symbol is not None:
                children.append(symbol)
    detail = str(agent.get("role") or "agent") + (
        f", archetype {agent['archetype']}" if isinstance(agent.get("archetype"), str) else ""
    )
    return _symbol(root, agent["id"], detail, types.SymbolKind.Class, path, path + ("id",), children)


def _skill_symbols(root, path: tuple, skills) -> list[types.DocumentSymbol]:
    out = []
    for i, skill in enumerate(skills if isinstance(skills, list) else []):
        if isinstance(skill, str):
            symbol = _symbol(root, skill, "skill", types.SymbolKind.Function, path + (i,), path + (i,))
            if symbol is not None:
                out.append(symbol)
    return out


def _symbol(
    root, name: str, detail: str, kind: types.SymbolKind, whole: tuple, selected: tuple, children=None
):
    node = node_at(root, whole) if whole else root
    chosen = node_at(root, selected)
    if node is None or chosen is None:
        return None
    key = key_node(root, whole) if whole else None
    start = key.start_mark if key is not None else node.start_mark
    end = node.end_mark
    selection = types.Range(
        types.Position(chosen.start_mark.line, chosen.start_mark.column),
        types.Position(chosen.end_mark.line, chosen.end_mark.column),
    )
    whole_range = types.Range(types.Position(start.line, start.column), types.Position(end.line, end.column))
    if not _within(selection, whole_range):
        whole_range = types.Range(  # copies: server.py converts each position in place
            types.Position(selection.start.line, selection.start.character),
            types.Position(selection.end.line, selection.end.character),
        )
    return types.DocumentSymbol(
        name=name,
        detail=detail,
        kind=kind,
        range=whole_range,
        selection_range=selection,
        children=children or None,
    )


def _within(inner: types.Range, outer: types.Range) -> bool:
    def key(p: types.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(outer.start) <= key(inner.start) and key(inner.end) <= key(outer.end)


def _plain(node):
    """The composed tree as plain data (strings as written), for reading ids and roles."""
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    if isinstance(node, MappingNode):
        return {str(key.value): _plain(value) for key, value in node.value}
    if isinstance(node, SequenceNode):
        return [_plain(item) for item in node.value]
    return node.value

"""Which values of a workspace name an id, of what, and where each id is defined.

The places a reference sits are the ones the resolver links (resolver/linking.py, build.py): an
agent's archetype, skills, skills_additional, model provider and depends_on; a binding's id and
scope; an archetype's default skills and provider; a composed skill's parts, an MCP tool's server,
an agent skill's topology; a trigger's targets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

SKILL, ARCHETYPE, TOPOLOGY, AGENT, MCP_SERVER, PROVIDER = (
    "skill",
    "archetype",
    "topology",
    "agent",
    "MCP server",
    "model provider",
)

_AGENT_KEYS = {
    ("archetype",): ARCHETYPE,
    ("skills", "#"): SKILL,
    ("skills_additional", "#"): SKILL,
    ("model", "provider"): PROVIDER,
    ("depends_on", "#"): AGENT,
}
_BINDINGS = {
    ("governance", "decision_skills", "#", "id"): SKILL,
    ("governance", "decision_skills", "#", "scope"): AGENT,
}
_PLACES: dict[str, dict[tuple, str]] = {
    "Workspace": _BINDINGS,
    "Topology": _BINDINGS,
    "Archetype": {("defaults", "skills", "#"): SKILL, ("defaults", "model", "provider"): PROVIDER},
    "Skill": {
        ("implementation", "composes", "#"): SKILL,
        ("implementation", "server"): MCP_SERVER,
        ("implementation", "topology"): TOPOLOGY,
    },
    "Trigger": {("targets", "#"): TOPOLOGY},
}


def mapping_at(data: object, key: str) -> dict:
    """`data[key]` when both are mappings, else an empty one: a document being typed has any shape."""
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, dict) else {}


def names(kind: str, path: tuple) -> str | None:
    """What the value at `path` in a file of `kind` names an id of, else None."""
    shape = tuple("#" if isinstance(part, int) else part for part in path)
    if kind == "Topology" and shape[:2] == ("agents", "root"):
        rest = shape[2:]
        while rest[:2] == ("children", "#"):
            rest = rest[2:]
        return _AGENT_KEYS.get(rest)
    return _PLACES.get(kind, {}).get(shape)


def referenced(what: str, word: str, column: int | None = None) -> tuple[str, str]:
    """(the kind of thing, the id) a written value names: `server:git` in a skills list names an MCP
    server; a scope names one agent of a comma-separated list (the one at `column` of the word)."""
    if what == SKILL and word.startswith("server:"):
        return MCP_SERVER, word.removeprefix("server:")
    if what == AGENT and "," in word:
        parts, start = word.split(","), 0
        for part in parts:
            if column is None or column <= start + len(part):
                return AGENT, part.strip()
            start += len(part) + 1
    return what, word.strip()


@dataclass(frozen=True)
class Place:
    path: Path
    line: int  # 1-based, as diagnostics are
    column: int


@dataclass
class Index:
    """Where each id is defined, by what it is: the workspace's files as last checked."""

    places: dict[str, dict[str, list[Place]]] = field(default_factory=dict)
    descriptions: dict[tuple[str, str], str] = field(default_factory=dict)

    def add(self, what: str, ident: object, place: Place, description: object = None) -> None:
        if isinstance(ident, str):
            self.places.setdefault(what, {}).setdefault(ident, []).append(place)
            if isinstance(description, str):
                self.descriptions.setdefault((what, ident), description)

    def ids(self, what: str) -> list[str]:
        return sorted(self.places.get(what, {}))

    def find(self, what: str, ident: str) -> list[Place]:
        return self.places.get(what, {}).get(ident, [])


def build_index(sources: Iterable, bundled: Iterable = ()) -> Index:
    """The ids `sources` (SourceFiles that loaded) define, and the bundled skills'."""
    index = Index()
    for source in [*sources, *bundled]:
        data = source.data
        if not isinstance(data, dict):
            continue
        kind = source.expected_kind
        metadata = mapping_at(data, "metadata")

        def at(path: tuple, source=source) -> Place:
            return Place(source.path, *source.locate(path))

        if kind in ("Skill", "Archetype"):
            what = SKILL if kind == "Skill" else ARCHETYPE
            index.add(what, metadata.get("id"), at(("metadata", "id")), metadata.get("description"))
        elif kind == "Topology":
            index.add(TOPOLOGY, metadata.get("name"), at(("metadata", "name")), metadata.get("description"))
            root = mapping_at(data, "agents").get("root")
            for agent, path in _agents(root, ("agents", "root")):
                index.add(AGENT, agent.get("id"), at(path + ("id",)), agent.get("role"))
        elif kind == "Workspace":
            for key, id_key, what in (
                ("mcp_servers", "id", MCP_SERVER),
                ("model_providers", "provider_id", PROVIDER),
            ):
                entries = data.get(key)
                for i, entry in enumerate(entries if isinstance(entries, list) else []):
                    if isinstance(entry, Mapping):
                        index.add(what, entry.get(id_key), at((key, i, id_key)), entry.get("description"))
    return index


def _agents(agent, path: tuple):
    if not isinstance(agent, dict):
        return
    yield agent, path
    children = agent.get("children")
    for i, child in enumerate(children if isinstance(children, list) else []):
        yield from _agents(child, path + ("children", i))

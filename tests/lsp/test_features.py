"""The server's features through pygls's own client (a client others wrote): completion, hover,
definition across every kind of id, document symbols, and a re-check that crosses files."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

MCP_AND_PROVIDER = """
mcp_servers:
  - id: git
    transport: stdio
    command: [uvx, mcp-server-git]
model_providers:
  - provider_id: local
    type: openai_compatible
    base_url: http://localhost:11434/v1
"""
GIT_SKILL = """apiVersion: swarmkit/v1
kind: Skill
metadata:
  id: git-log
  name: Git log
  description: Reads the history.
category: capability
implementation:
  type: mcp_tool
  server: git
  tool: git_log
provenance:
  authored_by: human
  version: 0.1.0
"""


class Session:
    """One server process and a pygls client talking to it, in an event loop of its own."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("swarmkit-tests", "1")
        self.published: dict[str, list[types.Diagnostic]] = {}
        self.versions = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def publish(params: types.PublishDiagnosticsParams) -> None:
            self.published[params.uri] = params.diagnostics

        self.run(self.client.start_io(sys.executable, "-m", "swarmkit", "lsp"))
        self.run(
            self.client.initialize_async(
                types.InitializeParams(
                    capabilities=types.ClientCapabilities(),
                    root_uri=root.as_uri(),
                    initialization_options={"debounce_ms": 0},
                )
            )
        )
        self.client.initialized(types.InitializedParams())

    def run(self, awaitable):
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, 60))

    def open(self, rel: str, text: str | None = None) -> tuple[str, str]:
        path = self.root / rel
        text = path.read_text() if text is None else text
        uri = path.as_uri()
        self.versions[uri] = 1
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "yaml", 1, text))
        )
        return uri, text

    def change(self, uri: str, text: str) -> None:
        self.versions[uri] += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                [types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    def wait_for(self, uri: str, accept) -> list[types.Diagnostic]:
        async def poll():
            while uri not in self.published or not accept(self.published[uri]):
                await asyncio.sleep(0.02)
            return self.published[uri]

        return self.run(poll())

    def at(self, uri: str, text: str, needle: str, offset: int = 1) -> types.TextDocumentPositionParams:
        # a needle ending in a line break matches the end of a line; comments are skipped
        lines = text.split("\n")
        whole = needle.endswith("\n")
        row = next(
            i
            for i, line in enumerate(lines)
            if not line.startswith("#") and (line.endswith(needle[:-1]) if whole else needle in line)
        )
        column = lines[row].rindex(needle.rstrip("\n")) + offset
        return types.TextDocumentPositionParams(
            types.TextDocumentIdentifier(uri), types.Position(row, column)
        )

    def complete(self, uri: str, text: str, needle: str, offset: int) -> list[str]:
        where = self.at(uri, text, needle, offset)
        found = self.run(
            self.client.text_document_completion_async(
                types.CompletionParams(where.text_document, where.position)
            )
        )
        items = found.items if isinstance(found, types.CompletionList) else found or []
        return [item.label for item in items]

    def close(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()


@pytest.fixture
def session():
    """Starts a server for a workspace (after the test has written its files); stops it after."""
    started: list[Session] = []

    def start(root: Path) -> Session:
        started.append(Session(root))
        return started[-1]

    yield start
    for each in started:
        each.close()


def test_completion_offers_ids_schema_values_and_keys(team, session):
    s = session(team)
    text = (
        (team / "topologies/main.yaml")
        .read_text()
        .replace("archetype: assistant\n        #", "archetype: \n        #")
    )
    uri, text = s.open("topologies/main.yaml", text)
    labels = s.complete(uri, text, "archetype: \n", len("archetype: "))
    assert labels == ["assistant"]
    labels = s.complete(uri, text, "[summarize]", 1)
    assert {"summarize", "governed-memory", "memory-reconcile", "memory-reader"} <= set(labels)

    ws_text = (team / "workspace.yaml").read_text() + "memory:\n  reader:\n    search_scope: \n    \n"
    ws_uri, ws_text = s.open("workspace.yaml", ws_text)
    assert s.complete(ws_uri, ws_text, "search_scope: \n", len("search_scope: ")) == [
        "user",
        "all",
        "both",
    ]
    rows = ws_text.split("\n")
    blank = len(rows) - 2  # the indented empty line under reader:
    where = types.CompletionParams(types.TextDocumentIdentifier(ws_uri), types.Position(blank, 4))
    found = s.run(s.client.text_document_completion_async(where))
    assert {item.label for item in found.items} == {
        "max_results",
        "similarity_threshold",
    }  # not search_scope again
    assert all(item.documentation for item in found.items)  # the schema's descriptions


def test_hover_gives_the_effective_memory_sentence_and_the_schemas_descriptions(team, session):
    s = session(team)
    text = (team / "workspace.yaml").read_text() + "memory:\n  reader:\n    search_scope: user\n"
    uri, text = s.open("workspace.yaml", text)
    s.wait_for(uri, lambda d: True)
    said = s.run(s.client.text_document_hover_async(types.HoverParams(**_fields(s.at(uri, text, "memory:")))))
    assert said.contents.value.startswith(
        "**Memory: on — reader top 5 ≥ 0.15 (scope user), writer ≥ 100 chars**\n\nWhat the workspace remembers."
    )
    said = s.run(
        s.client.text_document_hover_async(
            types.HoverParams(**_fields(s.at(uri, text, "search_scope: user")))
        )
    )
    assert said.contents.value.startswith("`search_scope`: Which memory files recall searches.")


def _fields(where: types.TextDocumentPositionParams) -> dict:
    return {"text_document": where.text_document, "position": where.position}


def test_definition_reaches_every_kind_of_id(team, session):
    (team / "workspace.yaml").write_text((team / "workspace.yaml").read_text() + MCP_AND_PROVIDER)
    (team / "skills" / "git-log.yaml").write_text(GIT_SKILL)
    s = session(team)
    topology = (
        (team / "topologies/main.yaml")
        .read_text()
        .replace(
            "        archetype: assistant\n        #",
            "        archetype: assistant\n        depends_on: [lead]\n        model: {provider: local, name: m}\n        #",
        )
    )
    uri, topology = s.open("topologies/main.yaml", topology)
    skill_uri, skill_text = s.open("skills/git-log.yaml")

    def target(uri, text, needle, offset=1):
        where = s.at(uri, text, needle, offset)
        found = s.run(s.client.text_document_definition_async(types.DefinitionParams(**_fields(where))))
        [location] = found
        path = Path(location.uri.removeprefix("file://"))
        line = path.read_text().split("\n")[location.range.start.line]
        return path.relative_to(team).as_posix(), line.strip()

    assert target(uri, topology, "archetype: assistant", len("archetype: ") + 2) == (
        "archetypes/assistant.yaml",
        "id: assistant",
    )
    assert target(uri, topology, "depends_on: [lead]", len("depends_on: [") + 1) == (
        "topologies/main.yaml",
        "id: lead",
    )
    assert target(uri, topology, "provider: local", len("provider: ") + 1) == (
        "workspace.yaml",
        "- provider_id: local",
    )
    assert target(skill_uri, skill_text, "server: git", len("server: ") + 1) == (
        "workspace.yaml",
        "- id: git",
    )


def test_editing_a_skill_id_rechecks_the_topology_naming_it(team, session):
    s = session(team)
    uri, text = s.open("skills/summarize.yaml")
    assert not s.wait_for(uri, lambda d: True)
    s.change(uri, text.replace("id: summarize", "id: summary"))
    topology = (team / "topologies/main.yaml").as_uri()  # never opened: checked from the disk
    [found] = s.wait_for(topology, lambda d: bool(d))
    assert found.code == "ref.unknown-skill" and found.message.startswith('unknown skill "summarize"')
    s.change(uri, text)
    assert not s.wait_for(topology, lambda d: not d)


def test_document_symbols_are_the_agents_and_their_skills(team, session):
    s = session(team)
    uri, _ = s.open("topologies/main.yaml")
    symbols = s.run(
        s.client.text_document_document_symbol_async(
            types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))
        )
    )

    def tree(symbol):
        return (symbol.name, [tree(child) for child in symbol.children or []])

    assert [tree(symbol) for symbol in symbols] == [("lead", [("researcher", [("summarize", [])])])]

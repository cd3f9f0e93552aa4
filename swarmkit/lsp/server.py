"""The language server (pygls, stdio): documents in, validate's diagnostics out, and the requests.

A change re-checks its workspace after a pause in typing (DEBOUNCE_S, or the client's
initializationOptions {"debounce_ms": N}); opening, saving or closing a file re-checks at once, and
so does a change to watched files on the disk. Each check publishes diagnostics for every file of
the workspace that has some, open or not, and clears the ones that no longer have any.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from swarmkit import __version__
from swarmkit.lsp import features
from swarmkit.lsp.diagnostics import client_column, file_of, to_lsp, token_end
from swarmkit.lsp.workspaces import WorkspaceState, find_root
from swarmkit.workspace.layout import YAML_SUFFIXES

DEBOUNCE_S = 0.2
log = logging.getLogger(__name__)


def path_of(uri: str) -> Path | None:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return Path(unquote(parsed.path)).absolute()


class SwarmkitServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("swarmkit", __version__)
        self.buffers: dict[Path, str] = {}  # every open YAML document, by path
        self.states: dict[Path, WorkspaceState] = {}  # by workspace root
        self.debounce_s = DEBOUNCE_S
        self._pending: dict[Path, asyncio.TimerHandle] = {}

    # --- documents -------------------------------------------------------------------------------

    def sync(self, uri: str) -> WorkspaceState | None:
        """Take the document's current text; its workspace (None: not a workspace file)."""
        path = path_of(uri)
        if path is None or not path.name.endswith(YAML_SUFFIXES):
            return None
        document = self.workspace.text_documents.get(uri)
        if document is not None:
            self.buffers[path] = document.source
        else:
            self.buffers.pop(path, None)
        root = find_root(path, self.buffers)
        if root is None:
            return None
        if root not in self.states:
            self.states[root] = WorkspaceState(root, self.buffers)
        return self.states[root]

    def on_document(self, uri: str, delay: float) -> None:
        """A document opened, changed, saved or closed: re-check its workspace after `delay`."""
        state = self.sync(uri)
        if state is not None:
            self.schedule(state, delay)

    def schedule(self, state: WorkspaceState, delay: float) -> None:
        pending = self._pending.pop(state.root, None)
        if pending is not None:
            pending.cancel()
        if delay <= 0:
            self.check(state)
            return
        loop = asyncio.get_running_loop()
        self._pending[state.root] = loop.call_later(delay, self.check, state)

    def check(self, state: WorkspaceState) -> None:
        self._pending.pop(state.root, None)
        try:
            found = state.check()
        except Exception:  # a bug of ours must not take the editor's server down with it
            log.exception("checking %s failed", state.root)
            return
        files = set(state.files.last)
        by_file: dict[Path, list[types.Diagnostic]] = {}
        encoding = self.encoding()
        for diagnostic in found:
            path, prefix = file_of(diagnostic, state.root, files, state.workspace_file)
            lines = (state.text_of(path) or "").split("\n")
            by_file.setdefault(path, []).append(
                to_lsp(
                    diagnostic,
                    lines,
                    encoding,
                    lambda rel: from_fs_path(str(state.root / rel)) or "",
                    prefix,
                )
            )
        open_here = {path for path in self.buffers if state.kind_of(path) is not None}
        for path in (state.shown | open_here) - set(by_file):  # cleared, or clean
            self.publish(path, [])
        for path, diagnostics in by_file.items():
            self.publish(path, diagnostics)
        state.shown = set(by_file)

    def publish(self, path: Path, diagnostics: list[types.Diagnostic]) -> None:
        uri = from_fs_path(str(path)) or ""
        document = self.workspace.text_documents.get(uri)
        version = document.version if document is not None else None
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        )

    # --- positions -------------------------------------------------------------------------------

    def encoding(self) -> str:
        """The unit of columns agreed with the client: "utf-16" unless it offered another."""
        agreed = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
        return str(getattr(agreed, "value", agreed))  # str() of the enum names the member

    def located(self, uri: str, position: types.Position):
        """(state, path, text, 0-based character position) of a request, or None."""
        path = path_of(uri)
        root = find_root(path, self.buffers) if path is not None else None
        state = self.states.get(root) if root is not None else None
        if state is None or path is None:
            return None
        if state.resolution is None:
            state.check()
        document = self.workspace.get_text_document(uri)
        lines = document.lines
        row = min(position.line, max(len(lines) - 1, 0))
        line_text = lines[row].rstrip("\r\n") if lines else ""
        column = _character(line_text, position.character, self.encoding())
        return state, path, document.source, (row, column)

    def location(self, state: WorkspaceState, target: features.Target) -> types.Location:
        text = state.text_of(target.path)
        if text is None:
            try:
                text = target.path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = ""
        lines = text.split("\n")
        line = lines[target.line] if target.line < len(lines) else ""
        encoding = self.encoding()
        start = types.Position(target.line, client_column(line, target.column, encoding))
        end = types.Position(target.line, client_column(line, token_end(line, target.column), encoding))
        return types.Location(from_fs_path(str(target.path)) or "", types.Range(start, end))


def _character(line: str, units: int, encoding: str) -> int:
    """The character column of a client column counted in `encoding`'s units."""
    if encoding == types.PositionEncodingKind.Utf32:
        return min(units, len(line))
    counted = 0
    for index, char in enumerate(line):
        if counted >= units:
            return index
        counted += (
            len(char.encode("utf-8"))
            if encoding == types.PositionEncodingKind.Utf8
            else (2 if ord(char) > 0xFFFF else 1)
        )
    return len(line)


def _in_client_units(symbol: types.DocumentSymbol, lines: list[str], encoding: str) -> None:
    """A symbol's ranges (and its children's), from characters to the client's units."""
    for where in (symbol.range, symbol.selection_range):
        for position in (where.start, where.end):
            line = lines[position.line] if position.line < len(lines) else ""
            position.character = client_column(line, position.character, encoding)
    for child in symbol.children or []:
        _in_client_units(child, lines, encoding)


def build_server() -> SwarmkitServer:
    server = SwarmkitServer()

    @server.feature(types.INITIALIZED)
    def initialized(ls: SwarmkitServer, params: types.InitializedParams) -> None:
        watched = ls.client_capabilities.workspace
        dynamic = (
            watched
            and watched.did_change_watched_files
            and watched.did_change_watched_files.dynamic_registration
        )
        if dynamic:
            ls.client_register_capability(
                types.RegistrationParams(
                    registrations=[
                        types.Registration(
                            id="swarmkit-yaml",
                            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                            register_options=types.DidChangeWatchedFilesRegistrationOptions(
                                watchers=[types.FileSystemWatcher(glob_pattern="**/*.{yaml,yml}")]
                            ),
                        )
                    ]
                )
            )

    @server.feature(types.INITIALIZE)
    def initialize(ls: SwarmkitServer, params: types.InitializeParams) -> None:
        options = params.initialization_options
        if isinstance(options, dict) and isinstance(options.get("debounce_ms"), int | float):
            ls.debounce_s = max(0.0, float(options["debounce_ms"]) / 1000)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: SwarmkitServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.on_document(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: SwarmkitServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.on_document(params.text_document.uri, ls.debounce_s)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: SwarmkitServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.on_document(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: SwarmkitServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.on_document(params.text_document.uri, 0)  # the disk's text takes over

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_files(ls: SwarmkitServer, params: types.DidChangeWatchedFilesParams) -> None:
        for state in list(ls.states.values()):
            ls.schedule(state, 0)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: SwarmkitServer, params: types.DefinitionParams) -> list[types.Location] | None:
        found = ls.located(params.text_document.uri, params.position)
        if found is None:
            return None
        state, path, text, position = found
        targets = features.definition(state, path, text, position)
        return [ls.location(state, target) for target in targets] or None

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[":", " ", "-", ",", "["])
    )
    def completion(ls: SwarmkitServer, params: types.CompletionParams) -> types.CompletionList | None:
        found = ls.located(params.text_document.uri, params.position)
        if found is None:
            return None
        state, path, text, position = found
        return types.CompletionList(
            is_incomplete=False, items=features.completion(state, path, text, position)
        )

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: SwarmkitServer, params: types.HoverParams) -> types.Hover | None:
        found = ls.located(params.text_document.uri, params.position)
        if found is None:
            return None
        state, path, text, position = found
        said = features.hover(state, path, text, position)
        if said is None:
            return None
        markdown, _ = said
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(ls: SwarmkitServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        path = path_of(params.text_document.uri)
        root = find_root(path, ls.buffers) if path is not None else None
        if path is None or root is None:
            return []
        state = ls.states.get(root) or WorkspaceState(root, ls.buffers)
        document = ls.workspace.get_text_document(params.text_document.uri)
        found = features.symbols(state, path, document.source)
        lines = document.source.split("\n")
        for symbol in found:
            _in_client_units(symbol, lines, ls.encoding())
        return found

    return server


def serve_stdio() -> None:
    """Serve on stdin/stdout until the client says exit (the protocol's shutdown and exit)."""
    from swarmkit.resolver import parsed_cache

    parsed_cache.writes = False  # the server writes no file, not even the user's cache
    build_server().start_io()

"""Per request: the workspace as its files are now (resolved again only when they changed:
workspace_cache.py) and its memory store, opened for the view's person."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.requests import Request

from swarmkit.server.config import ServerConfig
from swarmkit.server.errors import ApiError

if TYPE_CHECKING:
    from swarmkit.memory import MemoryStore
    from swarmkit.resolver.memory_config import MemoryConfig
    from swarmkit.resolver.pipeline import Resolution
    from swarmkit.resolver.resolved import ResolvedWorkspace


class WorkspaceInvalid(ApiError):
    """The workspace does not resolve; pages show its diagnostics, the API its first error."""

    def __init__(self, config: ServerConfig, diagnostics) -> None:
        errors = [d for d in diagnostics if d.is_error]
        first = errors[0] if errors else None
        where = f"{first.file}:{first.line}: " if first is not None and first.file and first.line else ""
        detail = f": {where}{first.message}" if first is not None else ""
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(
            409,
            "workspace_invalid",
            f"the workspace is not valid{detail}{more}",
            f"run `swarmkit validate {config.workspace}` to see every problem, fix them and reload",
        )
        self.diagnostics = errors


@dataclass(frozen=True, slots=True)
class Context:
    workspace: ResolvedWorkspace
    store: MemoryStore

    @property
    def settings(self) -> MemoryConfig:
        return self.workspace.memory


def server_config(request: Request) -> ServerConfig:
    return request.app.state.config


def resolution(request: Request) -> Resolution:
    """The workspace's resolution, valid or not, as its files are now."""
    return request.app.state.workspaces.get()


def load(request: Request) -> Context:
    """The workspace as it is on disk now, and its memory store."""
    from swarmkit.memory import MemoryStore

    config = server_config(request)
    resolved = resolution(request)
    workspace = resolved.workspace
    if not resolved.valid or workspace is None:
        raise WorkspaceInvalid(config, resolved.diagnostics)
    return Context(workspace, MemoryStore(workspace.memory.folder, workspace.id, user=config.user))


def workspace_label(request: Request) -> str:
    """`Name (id)` for the header of every page; the folder's name while the workspace does not resolve."""
    workspace = resolution(request).workspace
    if workspace is None:
        return server_config(request).workspace.name
    return f"{workspace.name} ({workspace.id})"

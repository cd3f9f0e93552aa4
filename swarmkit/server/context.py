"""Per request: resolve the workspace afresh (so an edited workspace.yaml shows on reload) and open its store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.requests import Request

from swarmkit.server.config import ServerConfig
from swarmkit.server.errors import ApiError

if TYPE_CHECKING:
    from swarmkit.memory import MemoryStore
    from swarmkit.resolver.memory_config import MemoryConfig
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


def load(request: Request) -> Context:
    """The workspace as it is on disk now, and its memory store."""
    from swarmkit.memory import MemoryStore
    from swarmkit.resolver import resolve

    config = server_config(request)
    resolution = resolve(config.workspace)
    workspace = resolution.workspace
    if not resolution.valid or workspace is None:
        raise WorkspaceInvalid(config, resolution.diagnostics)
    return Context(workspace, MemoryStore(workspace.memory.folder, workspace.id, user=config.user))

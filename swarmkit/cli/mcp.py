"""`swarmkit mcp`: serve one person's memory folder as an MCP server (stdio, or streamable HTTP)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from swarmkit.cli import output
from swarmkit.cli.options import common_options

DEFAULT_PORT = 8742
TOKEN_ENV = "SWARMKIT_MCP_TOKEN"


@click.command()
@click.argument("workspace", required=False, type=click.Path(file_okay=False))
@click.option(
    "--user",
    help="Serve this person's memory (users/<user>.md); default: the owner's (me.md). No one else's "
    "file is ever read or written.",
)
@click.option("--http", "http", is_flag=True, help="Serve streamable HTTP (token-guarded) instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True, help="--http: the address to listen on.")
@click.option(
    "--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535), help="--http: the port."
)
@common_options
def mcp(workspace: str | None, user: str | None, http: bool, host: str, port: int) -> int:
    """Serve WORKSPACE's memory folder to MCP clients (Claude Desktop, Claude Code, Cursor...):
    tools recall, remember, list, show, history, forget, inbox and review, and MEMORY.md as a
    resource. stdio by default (the client starts this command); with --http, streamable HTTP at
    /mcp, every request carrying the token printed at start-up (or $SWARMKIT_MCP_TOKEN). Needs the
    mcp extra."""
    from swarmkit import extras
    from swarmkit.cli.options import workspace_folder
    from swarmkit.cli.resolving import resolve_or_stop
    from swarmkit.cli.run import checked_user
    from swarmkit.errors import UsageProblem
    from swarmkit.memory import MemoryStore, person_file

    extras.require("mcp", "swarmkit mcp")
    if http:
        extras.require("serve", "swarmkit mcp --http")
    user = checked_user(user)
    ws = resolve_or_stop(workspace_folder(workspace), "nothing was served")
    if not ws.memory.enabled:
        raise UsageProblem(
            "memory is off in this workspace (memory.enabled: false): there is nothing to serve",
            "remove `enabled: false` from the memory block of workspace.yaml",
        )
    import warnings

    from swarmkit.memory import MemoryWarning

    warnings.simplefilter("ignore", MemoryWarning)  # stdout is the protocol's; warnings would be noise
    store = MemoryStore(ws.memory.folder, ws.id, user=user)
    from swarmkit.memory_mcp.tools import build_server

    server = build_server(store, ws.memory.search_reader)
    whose = f"{user}'s memory ({person_file(user)})" if user else "the owner's memory (me.md)"
    if not http:
        if not output.settings.quiet:  # on stderr: stdout carries the protocol
            click.echo(f'Serving {whose} of workspace "{ws.id}" over MCP stdio.', err=True)
        from swarmkit.memory_mcp.wire import serve_stdio

        serve_stdio(server)  # every malformed request answered with a JSON-RPC error
        return 0
    return _serve_http(server, Path(ws.root), host, port, user, whose, ws.id)


def _serve_http(server, root: Path, host: str, port: int, user, whose: str, ws_id: str) -> int:
    import uvicorn

    from swarmkit.cli.serve import bind, exposure_warning
    from swarmkit.memory_mcp.guard import McpGuard
    from swarmkit.server.config import ServerConfig, allowed_hosts_for, new_token

    sock = bind(host, port)
    token = os.environ.get(TOKEN_ENV) or new_token()
    config = ServerConfig(root, token, allowed_hosts_for(host), user)
    from mcp.server.transport_security import TransportSecuritySettings

    app = server.streamable_http_app(
        # swarmkit's guard checks Host (as `swarmkit serve` does) before the SDK sees a request
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    warning = exposure_warning(host)
    if warning:
        output.warning(warning)
    bound_host, bound_port = sock.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    click.echo(f'Serving {whose} of workspace "{ws_id}" over MCP at http://{shown}:{bound_port}/mcp')
    if os.environ.get(TOKEN_ENV):
        click.echo(f"Token: the value of ${TOKEN_ENV} (send Authorization: Bearer TOKEN)")
    else:
        click.echo(f"Token (send Authorization: Bearer TOKEN): {token}")
    output.say("Press Ctrl+C to stop.")
    web = uvicorn.Server(
        uvicorn.Config(McpGuard(app, config), log_level="warning", access_log=False, lifespan="on")
    )
    try:
        web.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    output.say("Stopped.")
    return 0

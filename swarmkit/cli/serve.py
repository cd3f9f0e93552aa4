"""`swarmkit serve`: the memory and runs API and the portal pages, on loopback unless told otherwise."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from swarmkit.cli import output
from swarmkit.cli.options import common_options
from swarmkit.errors import SwarmkitError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8741


def exposure_warning(host: str) -> str | None:
    """The warning for a bind that other machines can reach (None on loopback)."""
    from swarmkit.server.config import is_loopback_address

    if is_loopback_address(host):
        return None
    where = "every network interface" if host in ("0.0.0.0", "::", "") else host
    return (
        f"serving on {where}: other machines can reach this server and read this workspace's memory "
        f"and runs; use --host {DEFAULT_HOST} unless you mean to share it"
    )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, bound before the server starts so a busy port is a clear error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise SwarmkitError(
            f"cannot serve on host {host!r}: {exc.strerror}",
            f"use an address of this machine, such as {DEFAULT_HOST}",
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise SwarmkitError(
                f"port {port} on {host} is in use", "pick another with --port, or --port 0 for any free port"
            ) from None
        raise SwarmkitError(
            f"cannot serve on {host}:{port}: {exc.strerror or exc}",
            f"use --host {DEFAULT_HOST} and a port above 1023",
        ) from None
    sock.set_inheritable(True)
    return sock


def url_for(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = DEFAULT_HOST if host == "0.0.0.0" else "[::1]"
    return f"http://{shown}:{port}/"


def check_workspace(path: Path):
    """Refuse a folder that is not a workspace, or whose state folder is a link; serve an invalid
    one (its pages show the problems)."""
    from swarmkit.cli.resolving import refuse_linked_state
    from swarmkit.resolver import resolve

    resolution = resolve(path)
    if any(d.code == "workspace.not-found" for d in resolution.diagnostics):
        raise SwarmkitError(
            f"{path} is not a swarmkit workspace (no workspace.yaml)",
            "pass a workspace folder, or create one with `swarmkit init PATH`",
        )
    refuse_linked_state(path, resolution.errors)
    return resolution


@click.command()
@click.argument("workspace", required=False, type=click.Path(file_okay=False))
@click.option(
    "--host",
    default=DEFAULT_HOST,
    show_default=True,
    help="Address to listen on; anything but loopback lets other machines read this memory.",
)
@click.option(
    "--port",
    default=DEFAULT_PORT,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--user",
    help="Serve this person's view (their users/<user>.md); default: the owner's (me.md). "
    "A person's file is only shown in their own view.",
)
@common_options
def serve(workspace: str | None, host: str, port: int, user: str | None) -> int:
    """Serve WORKSPACE's memory and runs: the portal pages and the HTTP API.

    WORKSPACE defaults to the nearest one, here or above. Every POST needs the token printed at
    start-up (the portal pages carry it) and, from a browser, the server's own origin. Stop with
    Ctrl+C. Needs the serve extra.
    """
    from swarmkit import extras
    from swarmkit.cli.options import workspace_folder

    extras.require("serve", "swarmkit serve")
    root = Path(workspace_folder(workspace))
    if user is not None:
        from swarmkit.errors import UsageProblem
        from swarmkit.memory import id_problem, person_id

        problem = id_problem(user)
        if problem:
            raise UsageProblem(problem, "pass --user NAME, e.g. --user ana")
        user = person_id(user)
    resolution = check_workspace(root)
    warning = exposure_warning(host)
    sock = bind(host, port)
    # FastAPI, Starlette and uvicorn load only here: other commands never pay for them.
    import uvicorn

    from swarmkit.server.app import create_app
    from swarmkit.server.config import allowed_hosts_for

    app = create_app(root, allowed_hosts=allowed_hosts_for(host), user=user)
    if warning:
        output.warning(warning)
    ws = resolution.workspace
    if resolution.valid and ws is not None:
        click.echo(f'Serving workspace "{ws.id}" ({ws.name}) at {url_for(sock)}')
        output.say(ws.memory.sentence())
        if user is not None:
            from swarmkit.memory import person_file

            output.say(
                f"Viewing {user}'s memory and runs: {person_file(user)}, never the owner's me.md "
                "or anyone else's"
            )
    else:
        click.echo(f"Serving workspace {root} at {url_for(sock)}")
        output.warning(
            f"the workspace is not valid; its pages show the problems until they are fixed "
            f"(`swarmkit validate {root}`)"
        )
    click.echo(f"API token for POST requests (header X-Swarmkit-Token): {app.state.config.token}")
    output.say("Press Ctrl+C to stop.")
    import warnings

    from swarmkit.memory import MemoryWarning

    # The API returns store warnings in its responses; one per request in the log would be noise.
    warnings.simplefilter("ignore", MemoryWarning)
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", proxy_headers=False)
    )
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        # uvicorn shuts down on Ctrl+C, then re-raises it: stopping is this command's normal end.
        pass
    finally:
        sock.close()
    output.say("Stopped.")
    return 0

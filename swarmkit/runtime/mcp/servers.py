"""What to start for each `mcp_servers` entry: pure, from the declaration and the environment.

`${VAR}` is filled in from the environment and `{credential.NAME}` from the workspace's
`credentials` (source env: the variable its config names; source file: the file its config names,
relative to the workspace). A server whose declaration cannot be filled in (a variable or credential
that is not set, a source swarmkit cannot read) is not started; the run record says why.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_CREDENTIAL = re.compile(r"\{credential\.([A-Za-z0-9_.-]+)\}")
READABLE_SOURCES = ("env", "file")


@dataclass(frozen=True)
class ServerSpec:
    """One server to start, every value filled in; `problem` says why it cannot start instead."""

    id: str
    transport: str  # stdio | http
    command: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    cwd: str = ""
    endpoint: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    problem: str | None = None
    # Values that must never reach a record or a message (filled-in credentials and variables).
    secrets: tuple[str, ...] = ()


class _Unfilled(Exception):
    pass


def server_specs(
    declarations: list, credentials: Mapping, root: Path, environ: Mapping[str, str] | None = None
) -> dict[str, ServerSpec]:
    environ = os.environ if environ is None else environ
    return {
        item["id"]: server_spec(item, credentials or {}, root, environ)
        for item in declarations or []
        if isinstance(item, Mapping) and isinstance(item.get("id"), str)
    }


def server_spec(item: Mapping, credentials: Mapping, root: Path, environ: Mapping[str, str]) -> ServerSpec:
    server_id, transport = item["id"], item.get("transport", "stdio")
    secrets: list[str] = []

    def fill(text: str) -> str:
        def var(match: re.Match) -> str:
            name = match.group(1)
            if name not in environ:
                raise _Unfilled(f"environment variable {name} is not set")
            secrets.append(environ[name])
            return environ[name]

        def credential(match: re.Match) -> str:
            value = resolve_credential(match.group(1), credentials, root, environ)
            secrets.append(value)
            return value

        return _CREDENTIAL.sub(credential, _VAR.sub(var, text))

    if item.get("sandboxed"):
        return ServerSpec(
            server_id,
            transport,
            problem="sandboxed: true asks for a container, which swarmkit run cannot provide; "
            "it is not run outside one",
        )
    try:
        if transport == "http":
            headers = {key: fill(value) for key, value in (item.get("headers") or {}).items()}
            if item.get("credentials_ref"):
                token = resolve_credential(item["credentials_ref"], credentials, root, environ)
                secrets.append(token)
                headers.setdefault("Authorization", f"Bearer {token}")
            return ServerSpec(
                server_id,
                "http",
                endpoint=fill(str(item.get("endpoint", ""))),
                headers=headers,
                secrets=tuple(s for s in secrets if s),
            )
        command = tuple(fill(part) for part in item.get("command") or ())
        env = {key: fill(value) for key, value in (item.get("env") or {}).items()}
        cwd = root / fill(item["cwd"]) if item.get("cwd") else root
    except _Unfilled as exc:
        return ServerSpec(server_id, transport, problem=str(exc))
    if not command:
        return ServerSpec(server_id, transport, problem="it declares no command")
    return ServerSpec(
        server_id, "stdio", command, env, str(cwd), secrets=tuple(s for s in secrets if len(s) >= 4)
    )


def resolve_credential(name: str, credentials: Mapping, root: Path, environ: Mapping[str, str]) -> str:
    """The secret of credential `name`, as upstream resolves env and file sources."""
    ref = credentials.get(name)
    if not isinstance(ref, Mapping):
        raise _Unfilled(f"credential {name} is not declared under credentials")
    source, config = ref.get("source"), ref.get("config") or {}
    if source == "env":
        variable = config.get("env") or config.get("name")
        if not variable or variable not in environ:
            raise _Unfilled(f"credential {name} reads environment variable {variable}, which is not set")
        return environ[variable]
    if source == "file":
        path = config.get("path") or config.get("file")
        if not path:
            raise _Unfilled(f"credential {name} (source file) names no config.path")
        try:
            return (root / str(path)).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise _Unfilled(f"credential {name} cannot be read from {path}: {exc}") from None
    raise _Unfilled(
        f"credential {name} comes from {source}, which swarmkit run cannot read "
        f"(it reads {' and '.join(READABLE_SOURCES)})"
    )


def credentials_used(declarations: list) -> set[str]:
    """The credentials the MCP servers name (credentials_ref, {credential.NAME})."""
    used: set[str] = set()
    for item in declarations or []:
        if not isinstance(item, Mapping):
            continue
        if isinstance(item.get("credentials_ref"), str):
            used.add(item["credentials_ref"])
        for block in ("env", "headers"):
            for value in (item.get(block) or {}).values():
                used.update(_CREDENTIAL.findall(str(value)))
    return used

"""What one server is for: its workspace, its per-server token and the Host names it answers."""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from pathlib import Path

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


@dataclass(frozen=True, slots=True)
class ServerConfig:
    workspace: Path
    token: str
    # Host header names accepted; None accepts any (a server bound to every interface).
    allowed_hosts: frozenset[str] | None = LOOPBACK_NAMES
    # Whose view it serves: None is the owner (me.md), a name that person (users/<name>.md).
    user: str | None = None


def new_token() -> str:
    return secrets.token_urlsafe(32)


def is_wildcard(host: str) -> bool:
    return host in ("", "0.0.0.0", "::", "*")


def is_loopback_address(host: str) -> bool:
    """True for localhost and 127.0.0.0/8 or ::1 literals (what only this machine can reach)."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts_for(bind_host: str) -> frozenset[str] | None:
    """The Host names a server bound to `bind_host` answers: loopback names plus the bound name.

    Checking Host stops DNS rebinding: a page on another site whose name points at 127.0.0.1
    would otherwise read the memory through this server.
    """
    if is_wildcard(bind_host):
        return None
    return LOOPBACK_NAMES | {bind_host.lower().strip("[]").rstrip(".")}


def host_name(host_header: str) -> str:
    """`127.0.0.1:8741` -> `127.0.0.1`, `[::1]:8741` -> `::1`, `Localhost.` -> `localhost`."""
    value = host_header.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    if value.count(":") == 1:
        value = value.split(":", 1)[0]
    return value.rstrip(".")

"""URLs as they may be shown: in messages, run records and pages, credentials never appear."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def without_credentials(url: str | None) -> str | None:
    """The URL with any user and password removed (scp-like user@host:path too)."""
    if not url or "@" not in url:
        return url
    parts = urlsplit(url)
    if not parts.scheme or parts.hostname is None:
        return url.split("@", 1)[1]
    host = parts.hostname + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))

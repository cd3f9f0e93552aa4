"""The optional parts of the install (pyproject's extras), and the exact command that adds one.

The base install validates, runs the mock provider and keeps memory. `swarmkit serve` needs the
`serve` extra; the OpenAI-compatible providers need the `openai` extra. When one is missing, the
error names it with the command that installs it the way this copy of swarmkit was installed.
"""

from __future__ import annotations

import importlib
import json
import shlex
import sys
from pathlib import Path

from swarmkit.errors import SwarmkitError

DISTRIBUTION = "swarmkit-memory"
# extra -> the modules it brings (the import names of its packages)
EXTRAS: dict[str, tuple[str, ...]] = {
    "serve": ("fastapi", "starlette", "uvicorn", "jinja2"),
    "openai": ("httpx",),
    "mcp": ("mcp",),
    "lsp": ("pygls", "lsprotocol"),  # `swarmkit lsp`, the language server
    "semantic": ("numpy", "tokenizers", "safetensors"),  # recall by meaning (memory/recall/semantic.py)
}


class MissingExtra(SwarmkitError):
    """A command needs an extra that is not installed."""


def missing_modules(extra: str) -> list[str]:
    gone = []
    for module in EXTRAS[extra]:
        try:
            importlib.import_module(module)
        except ImportError:
            gone.append(module)
    return gone


def require(extra: str, needed_by: str) -> None:
    """Raise MissingExtra (with the install command as its hint) when `extra` is not installed."""
    gone = missing_modules(extra)
    if gone:
        raise MissingExtra(
            f"{needed_by} needs the `{extra}` extra ({', '.join(gone)}), which is not installed",
            f"install it: {install_command(extra)}",
        )


def install_command(extra: str) -> str:
    """The command that adds `extra` to this installation: pipx, uv tool, an editable checkout or pip."""
    spec = f"{DISTRIBUTION}[{extra}]"
    parts = Path(sys.prefix).parts
    if "pipx" in parts and "venvs" in parts:
        return f"pipx install --force {shlex.quote(spec)}"
    if "uv" in parts and "tools" in parts:
        return f"uv tool install {shlex.quote(spec)}"
    pip = f"{shlex.quote(sys.executable)} -m pip install"
    source = _editable_source()
    if source is not None:
        return f"{pip} -e {shlex.quote(f'{source}[{extra}]')}"
    return f"{pip} {shlex.quote(spec)}"


def _editable_source() -> str | None:
    """The checkout this copy is installed from in editable mode (pip install -e), else None."""
    from importlib import metadata

    try:
        text = metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None
    try:
        url = json.loads(text or "{}")
    except ValueError:
        return None
    if not url.get("dir_info", {}).get("editable") or not str(url.get("url", "")).startswith("file://"):
        return None
    from urllib.parse import unquote, urlparse

    return unquote(urlparse(url["url"]).path)

"""Where the default embedding model lives once fetched or unpacked: ~/.cache/swarmkit/models
($XDG_CACHE_HOME honoured). A module of its own: the choice (semantic.py), the fetch (download.py)
and an endpoint's remembered widths (endpoint.py) all read it, and none imports another for it."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_NAME = "all-MiniLM-L6-v2"  # sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), 22.7M parameters


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "swarmkit" / "models"

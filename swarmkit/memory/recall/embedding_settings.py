"""Which embedding model a person chose, outside any workspace (upstream's schema forbids a new key in
`memory:`, and the choice is the person's, not the workspace's): the environment first, then their
user-level settings file, `$XDG_CONFIG_HOME/swarmkit/config.toml` (~/.config/swarmkit/config.toml):

    [embedding]
    model = "openai:nomic-embed-text"        # off | a model folder | openai:NAME
    base_url = "http://localhost:11434/v1"   # an OpenAI-compatible endpoint's base URL
    api_key = "..."                          # better in the environment
    timeout = 30                             # seconds one request may take
    batch_size = 64                          # texts one request carries

Each key has its variable, which wins: SWARMKIT_EMBEDDING_MODEL, SWARMKIT_EMBEDDING_BASE_URL,
SWARMKIT_EMBEDDING_API_KEY, SWARMKIT_EMBEDDING_TIMEOUT, SWARMKIT_EMBEDDING_BATCH_SIZE. For
`openai:NAME` without a base URL: OPENAI_BASE_URL, else OpenAI's own; the key is
SWARMKIT_EMBEDDING_API_KEY, or OPENAI_API_KEY where the URL is OpenAI's or OPENAI_BASE_URL's (a key
for OpenAI is never sent to another server). A file that cannot be read is no choice: recall is by
words, and the memory line says why (the file, the line).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

ENV_MODEL = "SWARMKIT_EMBEDDING_MODEL"
ENV_BASE_URL = "SWARMKIT_EMBEDDING_BASE_URL"
ENV_API_KEY = "SWARMKIT_EMBEDDING_API_KEY"
ENV_TIMEOUT = "SWARMKIT_EMBEDDING_TIMEOUT"
ENV_BATCH = "SWARMKIT_EMBEDDING_BATCH_SIZE"
OPENAI_BASE_URL = "https://api.openai.com/v1"
REMOTE = "openai:"
TIMEOUT_S = 30.0
BATCH = 64
SECTION = "embedding"
KEYS = ("model", "base_url", "api_key", "timeout", "batch_size")


@dataclass(frozen=True)
class Settings:
    """The choice in force: `model` is "" (the default), "off", a folder, or "openai:NAME"."""

    model: str = ""
    model_from: str = ENV_MODEL  # where the choice was made: the variable, or the file
    base_url: str = OPENAI_BASE_URL
    api_key: str | None = field(default=None, repr=False)
    timeout: float = TIMEOUT_S
    batch_size: int = BATCH
    problem: str | None = None  # the settings file cannot be read: why

    @property
    def remote(self) -> str | None:
        """The endpoint's model name, for `openai:NAME`."""
        if self.model.lower().startswith(REMOTE):
            return self.model[len(REMOTE) :].strip()
        return None


def config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "swarmkit" / "config.toml"


def stamp() -> tuple:
    """What the choice depends on (the variables, the file's identity): choice() is remade when it changes."""
    path = config_path()
    try:
        held = path.stat()
        identity: tuple = (held.st_mtime_ns, held.st_size, held.st_ino)
    except OSError:
        identity = ()
    names = (
        ENV_MODEL,
        ENV_BASE_URL,
        ENV_API_KEY,
        ENV_TIMEOUT,
        ENV_BATCH,
        "OPENAI_BASE_URL",
        "OPENAI_API_KEY",
    )
    return (str(path), identity, *(os.environ.get(name) for name in names))


def current() -> Settings:
    path = config_path()
    try:
        table, problem = _read(path), None
    except ValueError as exc:
        table, problem = {}, str(exc)
    if problem is not None:
        chosen = os.environ.get(ENV_MODEL, "").strip()
        if not chosen or chosen.lower().startswith(REMOTE):  # the file is what decides
            return Settings(chosen, problem=problem)
    model = os.environ.get(ENV_MODEL)
    model_from = ENV_MODEL
    if model is None:
        model, model_from = str(table.get("model", "")), str(path)
    model = model.strip()
    try:
        timeout = float(os.environ.get(ENV_TIMEOUT) or table.get("timeout", TIMEOUT_S))
        batch = int(os.environ.get(ENV_BATCH) or table.get("batch_size", BATCH))
    except (TypeError, ValueError):
        return Settings(model, model_from, problem=f"{ENV_TIMEOUT} or {ENV_BATCH} is not a number")
    if not (timeout > 0 and 1 <= batch <= 2048):
        return Settings(model, model_from, problem="the timeout must be above 0 and the batch size 1 to 2048")
    base = os.environ.get(ENV_BASE_URL) or table.get("base_url")
    key = os.environ.get(ENV_API_KEY) or table.get("api_key")
    if not base:
        base = os.environ.get("OPENAI_BASE_URL") or OPENAI_BASE_URL
        key = key or os.environ.get(
            "OPENAI_API_KEY"
        )  # OpenAI's key, for OpenAI's URL (or the one set with it)
    return Settings(model, model_from, str(base).rstrip("/"), key or None, timeout, batch)


def _read(path: Path) -> dict:
    """The [embedding] table of the settings file ({} when there is no file). ValueError saying
    where and why when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path} cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    import tomllib  # only where there is a file: validate, which says the recall in force, loads none

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path} is not valid TOML: {exc}") from None
    table = data.get(SECTION, {})
    if not isinstance(table, dict):
        raise ValueError(f"{path}: [{SECTION}] must be a table")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ValueError(f"{path}: unknown key {unknown[0]!r} in [{SECTION}] (known: {', '.join(KEYS)})")
    for name in ("model", "base_url", "api_key"):
        if name in table and not isinstance(table[name], str):
            raise ValueError(f"{path}: [{SECTION}] {name} must be a string")
    for name in ("timeout", "batch_size"):
        if name in table and (isinstance(table[name], bool) or not isinstance(table[name], int | float)):
            raise ValueError(f"{path}: [{SECTION}] {name} must be a number")
    return table


# Endpoint (an endpoint and the model asked of it) is in endpoint_spec.py: only openai:NAME needs it.


class EndpointFailed(Exception):
    """An embeddings endpoint did not give the vectors asked for (the message says why, one line)."""

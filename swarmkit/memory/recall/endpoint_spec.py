"""An OpenAI-compatible embeddings endpoint and the model asked of it (`openai:NAME`).

A module of its own: only a remote choice needs it, and creating a frozen dataclass cost every
one-shot `swarmkit validate` ~5.5M instructions (~1.7 ms) when it lived in embedding_settings.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Endpoint:
    """An OpenAI-compatible embeddings endpoint and the model it is asked for."""

    base_url: str
    name: str
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 30.0
    batch_size: int = 64

    @property
    def where(self) -> str:
        parts = urlsplit(self.base_url)
        return parts.netloc or self.base_url

"""Model providers behind one small interface: mock (offline, deterministic) and openai.

catalog.py is the one table of upstream's built-in provider names; registry.py picks the provider
of each agent from it and from workspace.yaml's model_providers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from swarmkit.runtime.providers.base import ChatReply, ChatRequest, Provider, ProviderError, ToolCall

# The interface loads on first use: `swarmkit validate` reads catalog.py's table of names from this
# package, and its dataclasses cost a one-shot command ~4 ms to create.
_FROM_BASE = ("ChatReply", "ChatRequest", "Provider", "ProviderError", "ToolCall")


def __getattr__(name: str):
    if name in _FROM_BASE:
        from swarmkit.runtime.providers import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_provider(
    name: str,
    *,
    script: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout: float | None = None,
    retries: int | None = None,
) -> Provider:
    if name == "mock":
        from swarmkit.runtime.providers.mock import MockProvider

        return MockProvider(script=script)
    if name == "openai":
        from swarmkit.extras import require

        require(
            "openai", "an OpenAI-compatible provider (openai, ollama, groq, a model_providers entry, ...)"
        )
        from swarmkit.runtime.providers.openai import OpenAIProvider

        return OpenAIProvider.from_settings(
            base_url=base_url, api_key=api_key, timeout=timeout, retries=retries
        )
    from swarmkit.runtime.providers.base import ProviderError

    raise ProviderError(f'unknown provider "{name}"', "use --provider mock or --provider openai")


__all__ = ["ChatReply", "ChatRequest", "Provider", "ProviderError", "ToolCall", "make_provider"]

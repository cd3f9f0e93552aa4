"""Model providers behind one small interface: mock (offline, deterministic) and openai.

catalog.py is the one table of upstream's built-in provider names; registry.py picks the provider
of each agent from it and from workspace.yaml's model_providers.
"""

from __future__ import annotations

from swarmkit.runtime.providers.base import ChatReply, ChatRequest, Provider, ProviderError, ToolCall


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
    raise ProviderError(f'unknown provider "{name}"', "use --provider mock or --provider openai")


__all__ = ["ChatReply", "ChatRequest", "Provider", "ProviderError", "ToolCall", "make_provider"]

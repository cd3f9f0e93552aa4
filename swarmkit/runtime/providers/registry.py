"""Which provider answers for which agent.

Without `--provider`, each agent's `model.provider` decides: `mock` and `openai` are the built-in
types; any other value is the id of a `model_providers` entry in workspace.yaml, whose `type`,
`base_url`, `api_key_env` and `timeout_seconds` apply. `--provider` sends every agent to one type.
Flags (`--base-url`, `--api-key`, `--timeout`) win over a declaration, which wins over the
environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from swarmkit.runtime.providers.base import Provider, ProviderError


class ProviderSet:
    def __init__(self, declared: Mapping[str, Mapping] | None = None, forced: str | None = None,
                 script: str | None = None, base_url: str | None = None, api_key: str | None = None,
                 timeout: float | None = None) -> None:
        self.declared = dict(declared or {})
        self.forced = forced
        self.flags = {"script": script, "base_url": base_url, "api_key": api_key, "timeout": timeout}
        self._made: dict[str, Provider] = {}

    @classmethod
    def single(cls, provider: Provider) -> ProviderSet:
        """Every agent talks to this one provider (tests, embedding)."""
        providers = cls()
        providers.forced = provider.name
        providers._made[provider.name] = provider
        return providers

    @property
    def label(self) -> str:
        """What the run record says: the forced provider's name, or per-agent."""
        return self.forced or "per-agent"

    def for_agent(self, agent) -> Provider:
        if self.forced is not None:
            return self._get(self.forced)
        model = agent.model or {}
        return self._get(model.get("provider", "mock"))

    def _get(self, key: str) -> Provider:
        if key not in self._made:
            self._made[key] = self._make(key)
        return self._made[key]

    def _make(self, key: str) -> Provider:
        from swarmkit.runtime.providers import make_provider

        if key in ("mock", "openai"):
            return make_provider(key, **self.flags)
        declaration = self.declared.get(key)
        if declaration is None:  # validation makes this unreachable for a resolved workspace
            raise ProviderError(f'no model provider "{key}" is declared', "declare it under model_providers")
        kind = declaration["type"]
        if kind == "mock":
            return make_provider("mock", script=self.flags["script"])
        api_key = self.flags["api_key"]
        if api_key is None and declaration.get("api_key_env"):
            api_key = os.environ.get(declaration["api_key_env"])
            if not api_key:
                raise ProviderError(
                    f'model provider "{key}" reads its key from ${declaration["api_key_env"]}, which is not set',
                    f"export {declaration['api_key_env']}=..., or pass --api-key",
                )
        return make_provider(
            "openai",
            base_url=self.flags["base_url"] or declaration.get("base_url"),
            api_key=api_key,
            timeout=self.flags["timeout"] if self.flags["timeout"] is not None else declaration.get("timeout_seconds"),
        )

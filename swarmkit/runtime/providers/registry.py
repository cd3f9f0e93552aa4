"""Which provider answers for which agent.

Without `--provider`, each agent's `model.provider` decides. A `model_providers` entry of
workspace.yaml wins over a built-in name of the same id: class openai-compatible brings its
config (base_url, api_key_env, timeout_seconds), class mock the mock. Otherwise the name is one of
upstream's built-in providers (catalog.py): the mock, or an OpenAI-compatible endpoint with its
documented base URL and key variable. `--provider` sends every agent to one provider, `--model`
names the model sent for every agent. Flags (`--base-url`, `--api-key`, `--timeout`) win over a
declaration, which wins over the environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from swarmkit.runtime.providers.base import Provider, ProviderError
from swarmkit.runtime.providers.catalog import BUILTIN_PROVIDERS, class_protocol, expand


class ProviderSet:
    def __init__(
        self,
        declared: Mapping[str, Mapping] | None = None,
        forced: str | None = None,
        script: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float | None = None,
        model: str | None = None,
    ) -> None:
        self.declared = dict(declared or {})
        self.forced = forced
        self.model = model  # --model: the model name sent for every agent, over model.name
        # (provider, model) → the context window a server's refusal named, for later calls
        self.learnt_windows: dict[tuple[str, str], int] = {}
        self.flags: dict[str, Any] = {
            "script": script,
            "base_url": base_url,
            "api_key": api_key,
            "timeout": timeout,
        }
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
        return self._get(self._key(agent))

    def _key(self, agent) -> str:
        if self.forced is not None:
            return self.forced
        return expand(str((agent.model or {}).get("provider") or "mock"))

    def config_for(self, agent) -> Mapping:
        """The declared config (model_providers) of the provider this agent talks to; {} for none."""
        declaration = self.declared.get(self._key(agent)) or {}
        config = declaration.get("config") if isinstance(declaration, Mapping) else None
        return config if isinstance(config, Mapping) else {}

    def window_key(self, agent) -> tuple[str, str]:
        """What a learnt context window belongs to: the agent's provider and the model it is sent."""
        return self._key(agent), self.model or str((agent.model or {}).get("name") or "")

    def check(self, name: str) -> None:
        """Fail now, with a hint, for a provider this run could not use (before any agent runs)."""
        self._get(expand(name))

    def _get(self, key: str) -> Provider:
        if key not in self._made:
            self._made[key] = self._make(key)
        return self._made[key]

    def _make(self, key: str) -> Provider:
        from swarmkit.runtime.providers import make_provider

        declaration = self.declared.get(key)
        if declaration is not None:
            return self._declared(key, declaration)
        builtin = BUILTIN_PROVIDERS.get(key)
        if builtin is None:
            from swarmkit.workspace.suggest import did_you_mean

            names = [*self.declared, *BUILTIN_PROVIDERS]
            raise ProviderError(
                f'unknown model provider "{key}"',
                did_you_mean(
                    key,
                    names,
                    "declare it in workspace.yaml under model_providers, or run with --provider mock",
                ),
            )
        if not builtin.runnable:
            raise ProviderError(
                f'swarmkit run cannot use provider "{key}": it speaks the {builtin.protocol} API, not the '
                "OpenAI-compatible one",
                builtin.hint + "; --provider mock runs offline",
            )
        if builtin.protocol == "mock":
            return make_provider("mock", script=self.flags["script"])
        if key == "openai":  # OPENAI_BASE_URL and friends still apply, as for any OpenAI client
            _require_client(key)
            return self._named(make_provider("openai", **self.flags), key)
        return self._openai_compatible(key, expand(builtin.base_url), builtin.key_env, None)

    def _declared(self, key: str, declaration: Mapping) -> Provider:
        from swarmkit.runtime.providers import make_provider

        class_name = str(declaration.get("class", ""))
        protocol = class_protocol(class_name)
        config = declaration.get("config") or {}
        if protocol == "mock":
            return self._named(make_provider("mock", script=self.flags["script"]), key)
        if protocol is None:
            raise ProviderError(
                f'model provider "{key}" has class "{class_name}", which swarmkit run cannot use',
                "use class openai-compatible with config.base_url for any OpenAI-compatible "
                "endpoint, or run with --provider mock",
            )
        base_url = config.get("base_url")
        if base_url is None and not self.flags["base_url"]:
            raise ProviderError(
                f'model provider "{key}" has no config.base_url',
                "add config.base_url (for example http://127.0.0.1:11434/v1), or pass --base-url",
            )
        return self._openai_compatible(
            key,
            expand(str(base_url or "")),
            str(config.get("api_key_env") or ""),
            config.get("timeout_seconds"),
        )

    def _openai_compatible(self, key: str, base_url: str, key_env: str, timeout) -> Provider:
        from swarmkit.runtime.providers import make_provider

        _require_client(key)  # before the key: installing is the first thing to fix
        api_key = self.flags["api_key"]
        if api_key is None and key_env:
            api_key = os.environ.get(key_env)
            if not api_key:
                raise ProviderError(
                    f'model provider "{key}" reads its key from ${key_env}, which is not set',
                    f"export {key_env}=..., or pass --api-key",
                )
        provider = make_provider(
            "openai",
            base_url=self.flags["base_url"] or base_url,
            api_key=api_key,
            timeout=self.flags["timeout"] if self.flags["timeout"] is not None else timeout,
        )
        return self._named(provider, key)

    @staticmethod
    def _named(provider: Provider, key: str) -> Provider:
        provider.name = key  # run records name the provider as the workspace does
        return provider


def _require_client(key: str) -> None:
    """The OpenAI-compatible client is the `openai` extra: name it, for this provider, when it is missing."""
    from swarmkit.extras import require

    require("openai", f'model provider "{key}" (OpenAI-compatible)')

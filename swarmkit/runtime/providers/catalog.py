"""Upstream swarmkit's built-in model provider names, and which of them `swarmkit run` can reach.

The one table of them: validate reads the names (any of them is a valid `model.provider`) and its
hints, run reads how to reach each and names them in `--provider`'s help, and a test holds the docs
(compatibility.md, cli.md, errors.md) and the schema's description to it. A base URL written `${VAR:-default}` is taken from VAR when it is set, as upstream
does. No imports beyond the standard library: `swarmkit validate` reads this table.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class BuiltinProvider:
    """One of upstream's built-in provider names: how to reach it, or what to do instead."""

    name: str
    protocol: str  # "mock", "openai-compatible", or the upstream family swarmkit cannot speak
    base_url: str = ""
    key_env: str = ""  # the variable that holds the API key; "" for a local server without one
    hint: str = ""  # for one swarmkit cannot run: what to do instead

    @property
    def runnable(self) -> bool:
        return self.protocol in ("mock", "openai-compatible")


_GATEWAY = (
    "use an OpenAI-compatible gateway for it, for example provider openrouter with model "
    "name {example}, or declare one under model_providers with class openai-compatible"
)

BUILTIN_PROVIDERS: dict[str, BuiltinProvider] = {
    p.name: p
    for p in (
        BuiltinProvider("mock", "mock"),
        BuiltinProvider("openai", "openai-compatible", "https://api.openai.com/v1", "OPENAI_API_KEY"),
        BuiltinProvider(
            "openrouter", "openai-compatible", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"
        ),
        BuiltinProvider("groq", "openai-compatible", "https://api.groq.com/openai/v1", "GROQ_API_KEY"),
        BuiltinProvider("together", "openai-compatible", "https://api.together.xyz/v1", "TOGETHER_API_KEY"),
        # Ollama's native API is what upstream speaks; Ollama serves the OpenAI-compatible one at /v1.
        BuiltinProvider("ollama", "openai-compatible", "${OLLAMA_BASE_URL:-http://localhost:11434}/v1"),
        BuiltinProvider("lemonade", "openai-compatible", "${LEMONADE_URL:-http://localhost:8000/api/v1}"),
        BuiltinProvider("llama-server", "openai-compatible", "${LLAMA_SERVER_URL:-http://localhost:8081/v1}"),
        BuiltinProvider("mlx-lm", "openai-compatible", "${MLX_LM_URL:-http://localhost:8080/v1}"),
        BuiltinProvider(
            "openvino-model-server", "openai-compatible", "${OVMS_URL:-http://localhost:8000/v3}"
        ),
        BuiltinProvider(
            "anthropic",
            "anthropic",
            key_env="ANTHROPIC_API_KEY",
            hint=_GATEWAY.format(example="anthropic/claude-sonnet-4"),
        ),
        BuiltinProvider(
            "google",
            "google",
            key_env="GOOGLE_API_KEY",
            hint=_GATEWAY.format(example="google/gemini-2.5-flash"),
        ),
        BuiltinProvider(
            "rkllama",
            "ollama",
            "${RKLLAMA_HOST:-http://localhost:8080}",
            hint="rkllama speaks only Ollama's native API; serve the model with an OpenAI-compatible "
            "server (llama-server, ollama) and name that provider instead",
        ),
    )
}


def runnable_names() -> list[str]:
    """The built-in names `swarmkit run` can reach, in the table's order (mock first)."""
    return [p.name for p in BUILTIN_PROVIDERS.values() if p.runnable]


def some_names(count: int, first: int = 0) -> str:
    """A few runnable names for a hint or a help text: "mock, openai or openrouter"."""
    names = runnable_names()[first : first + count]
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


# Classes of a model_providers entry that swarmkit run understands (upstream writes class paths).
_CLASS_PROTOCOLS = {
    "openai-compatible": "openai-compatible",
    "openai": "openai-compatible",
    "mock": "mock",
}

_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def expand(text: str, environ=None) -> str:
    """`${VAR}` and `${VAR:-default}` filled from the environment; an unset VAR without a default stays."""
    env = os.environ if environ is None else environ

    def fill(match: re.Match) -> str:
        value = env.get(match.group(1))
        if value:
            return value
        return match.group(2) if match.group(2) is not None else match.group(0)

    return _REFERENCE.sub(fill, text)


def class_protocol(class_name: str) -> str | None:
    """The protocol a model_providers `class` names: openai-compatible, mock, or None (unknown)."""
    name = class_name.strip()
    if name in _CLASS_PROTOCOLS:
        return _CLASS_PROTOCOLS[name]
    tail = name.rsplit(".", 1)[-1]  # an upstream class path, such as ...model_providers.OpenAIModelProvider
    if tail == "OpenAIModelProvider":
        return "openai-compatible"
    if tail == "MockModelProvider":
        return "mock"
    return None


def is_known_name(provider: str, declared) -> bool:
    """Whether `provider` (possibly `${VAR:-default}`) names a built-in or a declared provider."""
    if _REFERENCE.search(provider):
        value = expand(provider)
        if _REFERENCE.search(value):
            return True  # unknowable until run time: an unset variable without a default
        provider = value
    return provider in BUILTIN_PROVIDERS or provider in declared

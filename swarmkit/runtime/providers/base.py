"""The provider interface: one chat completion, optionally with tools."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from swarmkit.errors import SwarmkitError


class ProviderError(SwarmkitError):
    """The model endpoint failed: unreachable, refused, timed out, or answered garbage."""

    status: int | None = None  # the HTTP status the endpoint refused with, when it answered


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class ChatRequest:
    model: str
    messages: list[dict[str, Any]]
    # Why the runtime asks (answer, revise, decide, extract, reconcile): lets the mock answer each
    # kind sensibly and the run record count calls per purpose. Never sent to a real endpoint.
    purpose: str = "answer"
    agent: str = ""
    tools: list[dict[str, Any]] = field(default_factory=list)
    temperature: float | None = None
    max_tokens: int | None = None


@dataclass(frozen=True)
class ChatReply:
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    # tokens as the endpoint counted them (prompt_tokens, completion_tokens, total_tokens), if it did
    usage: dict[str, int] | None = None


class Provider(Protocol):
    name: str

    def complete(self, request: ChatRequest) -> ChatReply: ...

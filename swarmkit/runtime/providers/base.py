"""The provider interface: one chat completion, optionally with tools."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from swarmkit.errors import SwarmkitError

if TYPE_CHECKING:
    from swarmkit.runtime.providers.refusals import Overflow


class ProviderError(SwarmkitError):
    """The model endpoint failed: unreachable, refused, timed out, or answered garbage."""

    status: int | None = None  # the HTTP status the endpoint refused with, when it answered
    overflow: Overflow | None = None  # set when it refused a prompt over the model's context
    timed_out: bool = False  # it did not answer within the timeout


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
    # Per call, over the provider's own settings: the memory-writer's call has its own timeout and
    # fewer retries than an answer, since a run never waits long for what is only advice.
    timeout: float | None = None
    retries: int | None = None
    # Structured output: {"name": ..., "schema": <JSON schema>}. A provider that can ask its endpoint
    # for a reply of this shape does; the prompt asks for it too, for endpoints that cannot.
    reply_schema: dict[str, Any] | None = None


@dataclass(frozen=True)
class ChatReply:
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    # tokens as the endpoint counted them (prompt_tokens, completion_tokens, total_tokens), if it did
    usage: dict[str, int] | None = None
    # how the reply's shape was asked for (json_schema, json_object), None: by the prompt only
    structured: str | None = None


class Provider(Protocol):
    name: str

    def complete(self, request: ChatRequest) -> ChatReply: ...

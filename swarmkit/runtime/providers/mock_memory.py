"""The mock as a model that calls the memory tools (runtime/memory_talk.py): when the person's
message asks what memory knows or asks it to forget (speech/memory_requests.py, the phrasings in
docs/providers.md) and those tools are offered, it calls them; given their results, its answer is
what they say. Deterministic, as the rest of the mock: a real model decides for itself."""

from __future__ import annotations

import json

from swarmkit.runtime.providers.base import ChatReply, ChatRequest, ToolCall

TOOLS = ("memory_known", "memory_forget")


def memory_step(request: ChatRequest, task: str) -> ChatReply | None:
    """A tool call for the memory request in `task`, the answer from the tools' results, or None
    when the message asks nothing of memory or the tools are not offered."""
    offered = {str((spec.get("function") or {}).get("name")) for spec in request.tools}
    if not offered & set(TOOLS):
        return None
    answers = _answers(request.messages)
    if answers:
        return ChatReply(content="\n\n".join(answers))
    from swarmkit.speech.memory_requests import read

    calls = []
    for number, asked in enumerate(read(task)):
        if asked.asks == "recall" and "memory_known" in offered:
            calls.append(ToolCall(f"memory-{number}", "memory_known", {"topic": asked.about}))
        elif asked.asks == "forget" and "memory_forget" in offered:
            arguments = {"what": asked.about} | ({"ref": asked.ref} if asked.ref else {})
            calls.append(ToolCall(f"memory-{number}", "memory_forget", arguments))
    return ChatReply(content="", tool_calls=tuple(calls)) if calls else None


def _answers(messages: list[dict]) -> list[str]:
    """What each memory tool's result says (its `answer`, else its error), in the order called."""
    names: dict[str, str] = {}
    out = []
    for message in messages:
        if message.get("role") == "assistant":
            for call in message.get("tool_calls") or []:
                names[str(call.get("id"))] = str((call.get("function") or {}).get("name"))
        elif message.get("role") == "tool" and names.get(str(message.get("tool_call_id"))) in TOOLS:
            try:
                result = json.loads(str(message.get("content") or ""))
            except ValueError:
                result = {}
            if isinstance(result, dict):
                out.append(str(result.get("answer") or f"memory could not answer: {result.get('error')}"))
    return out

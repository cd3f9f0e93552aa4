"""What the mock's answer says of the tool results it was given: each tool's name and its result,
shortened, so an offline run's answer holds what its tools returned (deterministic, as the rest)."""

from __future__ import annotations

import json

SHOWN = 300  # characters of each result the answer quotes
# Tools whose result only acknowledges a write (status and ref): nothing an answer would quote.
ACKNOWLEDGED = ("swarm_note", "remember_fact")


def tool_results_sentence(messages: list[dict]) -> str:
    names: dict[str, str] = {}
    results: list[str] = []
    for message in messages:
        if message.get("role") == "assistant":
            for call in message.get("tool_calls") or []:
                names[str(call.get("id"))] = str((call.get("function") or {}).get("name", "tool"))
        elif message.get("role") == "tool":
            name = names.get(str(message.get("tool_call_id")), "tool")
            if name in ACKNOWLEDGED:
                continue
            results.append(f"{name}: {_shown(message.get('content'))}")
    return f" Tool results: {'; '.join(results)}." if results else ""


def _shown(content) -> str:
    text = str(content or "")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):  # the runtime's result object: its content, else its error
        text = str(data.get("content") or data.get("error") or data.get("results") or data)
    text = " ".join(text.split())
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"

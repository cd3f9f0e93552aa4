"""The mock provider: deterministic and offline, for demos, tutorials and tests.

A reply depends only on the request. Answers restate the task (long for long tasks, short for
short ones), acknowledge in full what a short message told about the user (as a chat assistant
would, so the writer's length gate lets it through), and mention the saved memories they were given; extraction returns the facts the user
stated about themselves ("I live in Lisbon" → "Lives in Lisbon", subject user.location; the shapes
it understands are listed in docs/providers.md); decisions pass unless there is nothing to judge. A
script file can replace any reply and add tool calls, for tests.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from swarmkit.runtime import prompts
from swarmkit.runtime.providers.base import ChatReply, ChatRequest, ToolCall
from swarmkit.runtime.providers.mock_script import load_script

LONG_TASK = 60  # characters: tasks at least this long get a long answer


def extract_facts(text: str) -> list[dict]:
    """The facts the user stated about themselves, with kind and subject (speech/facts.py's table,
    documented in docs/providers.md): the offline reader's, which reads no fact from a request to
    memory ("forget that I drive a Skoda") and a correction's right value ("that's wrong, I live in
    Porto")."""
    from swarmkit.runtime.extraction import offline_facts

    return offline_facts(text)


class MockProvider:
    name = "mock"

    def __init__(self, script: str | None = None) -> None:
        self._steps = load_script(script) if script else []
        self._used: set[int] = set()

    def complete(self, request: ChatRequest) -> ChatReply:
        scripted = self._scripted(request)
        if scripted is not None:
            return scripted
        if request.purpose == "answer" and request.tools:  # "What do you know about me?", "forget …"
            from swarmkit.runtime.providers.mock_memory import memory_step

            task = _last(request, "user").partition("\n\nReports from your team:\n")[0]
            step = memory_step(request, task)
            if step is not None:
                return step
        handler = {
            "decide": _decide,
            "extract": _extract,
            "reconcile": _reconcile,
        }.get(request.purpose, _answer)
        content = handler(request)
        if handler is _answer:
            from swarmkit.runtime.providers.mock_tools import tool_results_sentence

            content += tool_results_sentence(request.messages)
        return ChatReply(content=content)

    def _scripted(self, request: ChatRequest) -> ChatReply | None:
        for index, step in enumerate(self._steps):
            if index in self._used or not _matches(step.get("when") or {}, request):
                continue
            self._used.add(index)
            calls = tuple(
                ToolCall(
                    id=f"call-{index}-{n}", name=call["name"], arguments=dict(call.get("arguments") or {})
                )
                for n, call in enumerate(step.get("tool_calls") or [])
            )
            return ChatReply(content=str(step.get("reply", "")), tool_calls=calls)
        return None


def _matches(when: dict, request: ChatRequest) -> bool:
    text = "\n".join(str(m.get("content", "")) for m in request.messages)
    return (
        when.get("agent", request.agent) == request.agent
        and when.get("purpose", request.purpose) == request.purpose
        and str(when.get("contains", "")) in text
    )


def _last(request: ChatRequest, role: str) -> str:
    for message in reversed(request.messages):
        if message.get("role") == role:
            return str(message.get("content") or "")
    return ""


def _answer(request: ChatRequest) -> str:
    system, user = _last(request, "system"), _last(request, "user")
    task, _, reports = user.partition("\n\nReports from your team:\n")
    memories = _memories(system)
    who = request.agent or "assistant"
    if request.purpose == "revise":  # the task is the user message before the answer under revision
        users = [str(m.get("content") or "") for m in request.messages if m.get("role") == "user"]
        original = users[-2] if len(users) > 1 else users[0]
        return f"{who} (revised): {_first_sentence(original.partition(chr(10) * 2)[0])}"
    recalled = f" From memory: {'; '.join(memories)}." if memories else ""
    if len(task) < LONG_TASK:
        told = [] if task.rstrip().endswith("?") else extract_facts(task)
        kept, secrets = _kept_facts(told)
        if kept:  # a chat assistant acknowledges what it was told in a sentence or two, not an echo
            noted = "; ".join(_lower_first(text) for text in kept)
            return (
                f"{who}: Thank you for telling me. I will remember that: {noted}.{secrets} If anything "
                f"changes, tell me and I will keep my notes about you up to date.{recalled}"
            )
        if secrets:  # what it was told was nothing but a secret: it says it keeps none
            return f"{who}: Thank you for telling me.{secrets}{recalled}"
        return f"{who}: {_first_sentence(task)}{recalled}"
    team = ""
    if reports:
        names = [line.split(":", 1)[0].lstrip("- ") for line in reports.splitlines() if line.startswith("- ")]
        team = f" I drew on reports from {', '.join(names)}."
    # surrogatepass: input that was not UTF-8 (surrogate escapes) has a digest too
    digest = hashlib.sha256(user.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return (
        f"{who}: here is my answer to your request ({len(task)} characters, ref {digest}). "
        f"You wrote: \u201c{_first_sentence(task, 200)}\u201d.{team}{recalled} "
        "I have taken it into account and kept my answer to what you asked."
    )


_NO_SECRETS = " I will not remember the secret you told me: my memory never keeps secrets."


def _kept_facts(told: list[dict]) -> tuple[list[str], str]:
    """The facts told as memory keeps them (screened), and what to say of those it refuses as
    nothing but a secret ("my PIN is 4821"): an answer never claims to remember what the writer
    will not write."""
    from swarmkit.screening.screen import screen

    kept, refused = [], False
    for fact in told:
        screened = screen(fact["text"])
        if screened.ok:
            kept.append(screened.text)
        elif screened.refused == "nothing left but secrets":
            refused = True
    return kept, _NO_SECRETS if refused else ""


def _lower_first(text: str) -> str:
    """A fact's text inside a sentence: "Lives in Oslo" as "lives in Oslo"; a first word in capitals
    ("PIN", "IBAN", "I") or a name's ("Sam's") kept as it is written."""
    first = text.split(" ", 1)[0]
    if first.isupper() or first[1:2].isupper() or first.endswith(("'s", "’s")):
        return text
    return text[:1].lower() + text[1:]


def _first_sentence(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _memories(system: str) -> list[str]:
    start = system.find(f"<{prompts.MEMORY_TAG}>")
    end = system.find(f"</{prompts.MEMORY_TAG}>")
    if start < 0 or end < 0:
        return []
    lines = system[start:end].splitlines()[2:]
    return [re.sub(r" \([^()]*\)$", "", line[2:]) for line in lines if line.startswith("- ")]


def _extract(request: ChatRequest) -> str:
    said = prompts.between_markers(_last(request, "user"), prompts.USER_SAID) or ""
    return json.dumps({"facts": extract_facts(said)})


def _decide(request: ChatRequest) -> str:
    judged = _last(request, "user").split(prompts.OPEN, 1)[-1].rsplit(prompts.CLOSE, 1)[0].strip()
    if not judged:
        return json.dumps({"verdict": "fail", "reason": "there is nothing to judge"})
    return json.dumps({"verdict": "pass", "reason": "the mock provider passes any non-empty text"})


def _reconcile(request: ChatRequest) -> str:
    user = _last(request, "user")
    known = (prompts.between_markers(user.replace("known: ", "known:\n"), "known:") or "").strip()
    proposed = (prompts.between_markers(user.replace("proposed: ", "proposed:\n"), "proposed:") or "").strip()
    if known.lower() in proposed.lower():
        reply: dict[str, Any] = {
            "verdict": "pass",
            "op": "refine",
            "merged_value": proposed,
            "confidence": 0.8,
            "reasoning": "the proposed value adds detail to the known one",
        }
    elif proposed.lower() in known.lower():
        reply = {
            "verdict": "pass",
            "op": "refine",
            "merged_value": known,
            "confidence": 0.8,
            "reasoning": "the known value already says this",
        }
    else:
        reply = {
            "verdict": "pass",
            "op": "update",
            "merged_value": proposed,
            "confidence": 0.6,
            "reasoning": "the value changed; the newer one is kept",
        }
    return json.dumps(reply)

"""The memory-writer's model call: an extraction that fits, ends, and is only ever advice.

- **Capped**: its reply has a max_tokens of its own (DEFAULT_MAX_TOKENS; SWARMKIT_EXTRACT_MAX_TOKENS
  or a provider's config.extract_max_tokens), whatever the agent's model.max_tokens for answers.
- **Fitted**: the exchange it reads is cut to fit the model's context when the window is known
  (the agent's model.context_window, the provider's config.context_window, SWARMKIT_CONTEXT_WINDOW)
  or learnt from a server's refusal; a refused call is asked once more, shorter, and the window it
  learnt holds for the rest of the process (a chat's later turns).
- **Timed**: its own timeout (DEFAULT_TIMEOUT; SWARMKIT_EXTRACT_TIMEOUT or config.
  extract_timeout_seconds), separate from the answer's, and at most one retry.
- **Structured**: it asks for FACTS_SCHEMA; the provider asks its endpoint in the strongest way that
  endpoint takes (providers/openai.py) and the prompt asks too.
- **Advisory**: a failed call or a reply that is not the facts' JSON is a problem the run reports
  as a warning; the facts the person told plainly are then read from their words by the offline
  reader (swarmkit/speech, which the mock provider answers with), so they are not lost with it.
  Those facts also join a readable reply that left them out (told_plainly_besides).
- **In the third person**: a fact the model gave in the first person (the person's words copied
  back, or its own answer) keeps only what the person said (runtime/fact_voice.py).
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from swarmkit.memory import KINDS
from swarmkit.runtime import prompts
from swarmkit.runtime.providers.base import ProviderError

DEFAULT_MAX_TOKENS = 400  # about a dozen facts of JSON; a reply this long has long stopped being useful
DEFAULT_TIMEOUT = 30.0  # seconds
RETRIES = 1  # one retry of a 429 or 5xx: the answer is waiting to be printed
BYTES_PER_TOKEN = 3  # a cautious estimate: English runs near 4 bytes a token, other scripts nearer 3
MARGIN_TOKENS = 32  # the chat template's own tokens around each message
SHORTEST_CUT = 200  # bytes of the exchange a cut keeps at least
REPLY_KEPT = 500  # characters of an unreadable reply the run record keeps (screened)
CUT = " […]"

ENV_MAX_TOKENS = "SWARMKIT_EXTRACT_MAX_TOKENS"
ENV_TIMEOUT = "SWARMKIT_EXTRACT_TIMEOUT"
ENV_WINDOW = "SWARMKIT_CONTEXT_WINDOW"

FACTS_SCHEMA = {
    "name": "facts",
    "schema": {
        "type": "object",
        "properties": {
            "facts": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string"},
                        "kind": {"type": "string", "enum": list(KINDS)},
                        "subject": {"type": "string"},
                    },
                    "required": ["text", "kind", "subject"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["facts"],
        "additionalProperties": False,
    },
}


@dataclass(frozen=True)
class Settings:
    """What one extraction may take: its reply's cap, its timeout, and the model's context window
    (None: unknown until a server refuses a prompt) with where that number came from."""

    max_tokens: int
    timeout: float
    window: int | None = None
    window_from: str | None = None


@dataclass
class Outcome:
    """What an extraction gave: the facts, who read them (the model, or the offline reader when the
    model gave nothing readable), and what the run record keeps of how it went."""

    facts: list[dict]
    read_by: str  # "model" or "offline reader"
    problem: str | None = None  # why the model's facts are not there: the run's warning
    record: dict[str, Any] = field(default_factory=dict)  # the run record's memory.extraction


def settings(model: Mapping, config: Mapping, learnt: int | None, environ: Mapping | None = None) -> Settings:
    """The extraction's settings from the agent's model block, its provider's declared config, a
    window learnt earlier, and the environment. A value that is not a positive number is ignored
    here: validate and the provider's own checks speak about the config; the writer is advice."""
    env = os.environ if environ is None else environ
    cap = (
        _positive(env.get(ENV_MAX_TOKENS))
        or _positive(config.get("extract_max_tokens"))
        or DEFAULT_MAX_TOKENS
    )
    timeout = (
        _positive(env.get(ENV_TIMEOUT), float)
        or _positive(config.get("extract_timeout_seconds"), float)
        or DEFAULT_TIMEOUT
    )
    window, source = None, None
    for value, where in (
        (model.get("context_window"), "model.context_window"),
        (config.get("context_window"), "the provider's config.context_window"),
        (env.get(ENV_WINDOW), ENV_WINDOW),
        (learnt, "the server's refusal"),
    ):
        window = _positive(value)
        if window:
            source = where
            break
    return Settings(int(cap), float(timeout), window or None, source)


def _positive(value, kind=int):
    """A positive number from a config value or an environment variable, else None."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = kind(value) if not isinstance(value, str) else kind(float(value.strip()))
    except (TypeError, ValueError, OverflowError):
        return None
    return number if number > 0 and math.isfinite(number) else None


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text.encode("utf-8", "surrogatepass")) / BYTES_PER_TOKEN)


def cut_to(text: str, most_bytes: int) -> str:
    """The text's beginning within `most_bytes` bytes of UTF-8, marked as cut; whole when it fits."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= most_bytes:
        return text
    keep = max(most_bytes - len(CUT.encode()), 0)
    return data[:keep].decode("utf-8", "ignore").rstrip() + CUT


def fitted(task: str, output: str, window: int, cap: int, scale: float = 1.0) -> tuple[str, str]:
    """The user's words and the answer, cut so that the extraction prompt and a reply of `cap`
    tokens fit `window` tokens. `scale` (>1) says the estimate fell short of the server's own
    count, and shrinks the room by that much."""
    fixed = estimate_tokens(prompts.EXTRACTION_SYSTEM) + estimate_tokens(prompts.extraction_frame())
    room_tokens = window - cap - fixed - MARGIN_TOKENS
    return within(task, output, max(int(room_tokens * BYTES_PER_TOKEN / max(scale, 1.0)), SHORTEST_CUT))


def shorter(task: str, output: str) -> tuple[str, str]:
    """Half the exchange, for a refusal that named no window."""
    return within(task, output, max((_size(task) + _size(output)) // 2, SHORTEST_CUT))


def within(task: str, output: str, room: int) -> tuple[str, str]:
    """The user's words and the answer in `room` bytes together. The user's words come first (the
    facts worth keeping are theirs): they keep at least two thirds of it, the answer what is left."""
    task = cut_to(task, max(room - _size(output), room * 2 // 3))
    return task, cut_to(output, max(room - _size(task), 0))


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def read_facts(text: str) -> list[dict] | None:
    """The facts of an extraction reply, or None when the reply is not the facts' JSON at all (an
    empty list is a reply that read nothing worth keeping). A reply cut off by its cap keeps the
    facts it finished."""
    from swarmkit.runtime.verdicts import facts_of, json_object

    data = json_object(text)
    if data is None:
        data = _finished_part(text)
    if data is None or not isinstance(data.get("facts"), list):
        return None
    return facts_of(data["facts"])


def echoes_the_instructions(text: str) -> bool:
    """Whether a "fact" is the extraction prompt's own example given back: one of its `<placeholders>`,
    or words the instructions hold whole. A small model copies the shape it was shown, placeholders
    and all (SmolLM2-135M: "<fact in a short third-person sentence>"); that is no fact about anyone.
    A fact's own brackets ("Bearer <token> is the header format") are not the instructions'."""
    folded = " ".join(text.lower().split())
    return any(placeholder in folded for placeholder in _PLACEHOLDERS) or (
        len(folded) > 3 and folded in _INSTRUCTIONS
    )


_INSTRUCTIONS = " ".join(prompts.EXTRACTION_SYSTEM.lower().split())
_PLACEHOLDERS = frozenset(re.findall(r"<[^<>]+>", _INSTRUCTIONS))


def _finished_part(text: str) -> dict | None:
    """A reply cut off inside its list of facts: the facts it finished, read one by one (a single
    pass, however many braces a hostile reply holds)."""
    match = _FACTS_LIST.search(text or "")
    if match is None:
        return None
    decoder = json.JSONDecoder()
    facts, at = [], match.end()
    while True:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        try:
            fact, at = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            break
        facts.append(fact)
    return {"facts": facts} if facts else None


_FACTS_LIST = re.compile(r'"facts"\s*:\s*\[')


def offline_facts(task: str) -> list[dict]:
    """The facts the person told plainly, read from their words without a model (swarmkit/speech).
    A request to memory states none ("please forget that I drive a Skoda" is no fact to keep, even
    when a model's reply left it out), a correction states its right value."""
    from swarmkit.speech.facts import extract
    from swarmkit.speech.memory_requests import stated

    return [fact.to_dict() for fact in extract(stated(task))]


def told_plainly_besides(facts: list[dict], task: str, plainly: list[dict] | None = None) -> list[dict]:
    """The facts the person told plainly that the model's facts leave out: none of them has the same
    subject or the same words. A model that misreads (SmolLM2-135M keeps "I have two editors" and
    drops "I live in Lisbon") never costs what was said in so many words; a model that read it gave
    the same subject (the prompt names the keys the offline reader uses) and nothing is added.
    `plainly`: those facts, when the caller has read them already."""
    from swarmkit.memory import normalise_subject

    subjects = {normalise_subject(fact["subject"]) for fact in facts if fact.get("subject")}
    texts = {" ".join(fact["text"].lower().split()) for fact in facts}
    return [
        fact
        for fact in (offline_facts(task) if plainly is None else plainly)
        if normalise_subject(fact.get("subject") or "") not in subjects
        and " ".join(fact["text"].lower().split()) not in texts
    ]


def extract(run, agent, task: str, output: str) -> Outcome:
    """One extraction for `agent`'s exchange (see the module's docstring). Never raises a
    ProviderError: a failure is the Outcome's problem."""
    providers = run.providers
    model = dict(agent.model or {})
    key = providers.window_key(agent)
    limits = settings(model, providers.config_for(agent), providers.learnt_windows.get(key))
    said, answered = task, output
    record: dict[str, Any] = {"max_tokens": limits.max_tokens, "timeout_s": limits.timeout}
    if limits.window:
        said, answered = fitted(task, output, limits.window, limits.max_tokens)
        record["context_window"] = limits.window
        record["context_window_from"] = limits.window_from
    reply = None
    problem = None
    for attempt in range(2):
        try:
            reply = run.call_model(
                agent,
                "extract",
                prompts.extraction_messages(said, answered),
                max_tokens=limits.max_tokens,
                timeout=limits.timeout,
                retries=RETRIES,
                reply_schema=FACTS_SCHEMA,
            )
            break
        except ProviderError as error:
            problem = f"the writer's model call failed: {' '.join(error.message.split())}"  # one line
            if error.timed_out:
                problem += (
                    f" ({limits.timeout:g} s; {ENV_TIMEOUT} or extract_timeout_seconds gives it longer)"
                )
            if error.overflow is None or attempt:
                break
            # refused as too long: learn the window it names, and ask once more, shorter
            window = error.overflow.window or limits.window
            if error.overflow.window:
                providers.learnt_windows[key] = error.overflow.window
                record["context_window"] = error.overflow.window
                record["context_window_from"] = "the server's refusal"
            before = len(said) + len(answered)
            if window:
                sent = estimate_tokens(
                    "".join(m["content"] for m in prompts.extraction_messages(said, answered))
                )
                counted = error.overflow.prompt_tokens
                scale = counted / sent if counted and sent else 1.0
                said, answered = fitted(task, output, window, limits.max_tokens, max(scale, 1.0) * 1.1)
            if not window or len(said) + len(answered) >= before:
                said, answered = shorter(said, answered)
            record["retried_shorter"] = True
    cut = (len(task) - len(said)) + (len(output) - len(answered))
    if cut > 0:
        record["cut_chars"] = cut
    if reply is not None:
        record["structured"] = reply.structured
        facts = read_facts(reply.content)
        echoed = [fact for fact in facts or () if echoes_the_instructions(fact["text"])]
        if facts is not None and (not echoed or len(echoed) < len(facts)):
            from swarmkit.runtime.fact_voice import in_the_asked_voice

            # a first-person fact is the person's words copied back or the assistant's own voice
            plainly = offline_facts(task)  # read once: both steps compare with it
            read, voice = in_the_asked_voice(
                [fact for fact in facts if fact not in echoed], task, plainly, offline_facts
            )
            record.update(voice)
            besides = told_plainly_besides(read, task, plainly)
            if besides:
                record["told_plainly_added"] = len(besides)
            return Outcome(read + besides, "model", None, record)
        record["reply"] = _kept(reply.content)
        if echoed:
            problem = (
                "the writer's reply only repeated the example in its instructions (the run record keeps it)"
            )
        elif not reply.content.strip():
            problem = "the writer's reply was not the facts' JSON (empty)"
        else:
            problem = "the writer's reply was not the facts' JSON (the run record keeps it)"
    record["problem"] = problem
    return Outcome(offline_facts(task), "offline reader", problem, record)


def _kept(reply: str) -> str:
    """What the run record keeps of an unreadable reply: its beginning, screened."""
    from swarmkit.screening.screen import redact

    return redact(reply if len(reply) <= REPLY_KEPT else reply[:REPLY_KEPT] + CUT)[0]

"""What an endpoint's refusal says: a prompt over the model's context (with the window and the prompt
size it names, when it names them), or a `response_format` it does not take.

Servers word these differently, and the words are all there is to go on (the status is a plain
400, or 422 from a FastAPI server). The phrasings below are the ones these servers use:
OpenAI, vLLM and llama-cpp-python ("This model's maximum context length is 4096 tokens. However,
you requested 4200 tokens (3800 in the messages, 400 in the completion)"), llama.cpp's server
(type exceed_context_size_error, with n_ctx and n_prompt_tokens), LM Studio ("the model is loaded
with context length of only 4096 tokens") and llama-cpp-python's own "Requested tokens (N) exceed
context window of M". Ollama truncates a long prompt itself and never refuses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_OVERFLOW = re.compile(
    r"context[_ ]length|context[_ ]window|context[_ ]size|maximum context|n_ctx|exceed_context"
    r"|prompt is too long|too many tokens",
    re.IGNORECASE,
)
_WINDOW = (
    re.compile(r"maximum context length is (\d+)", re.IGNORECASE),
    re.compile(r"context window of (\d+)", re.IGNORECASE),
    re.compile(r"context length of (?:only )?(\d+)", re.IGNORECASE),
    re.compile(r"\bn_ctx\W{1,4}(\d+)"),
    re.compile(r"context size \((\d+)\)", re.IGNORECASE),
)
_PROMPT = (
    re.compile(r"(\d+) in the messages", re.IGNORECASE),
    re.compile(r"Requested tokens \((\d+)\)", re.IGNORECASE),
    re.compile(r"\bn_prompt_tokens\W{1,4}(\d+)"),
)
# A refused structured-output request names the field, its type or the schema somewhere in its text.
_FORMAT = re.compile(r"response_format|json_schema|json_object|schema|\bformat\b", re.IGNORECASE)


@dataclass(frozen=True)
class Overflow:
    """A refusal because the prompt and the reply do not fit the model's context."""

    window: int | None  # the model's context in tokens, when the refusal says it
    prompt_tokens: int | None  # the prompt's size in tokens as the server counted it, when said


def overflow(text: str) -> Overflow | None:
    """The context overflow a refusal's text (its message, or its whole JSON body) tells of, or None."""
    if not _OVERFLOW.search(text):
        return None
    return Overflow(_first_number(_WINDOW, text), _first_number(_PROMPT, text))


def refuses_format(text: str) -> bool:
    """Whether a refusal of a request that asked for structured output is about that ask."""
    return bool(_FORMAT.search(text))


def _first_number(patterns, text: str) -> int | None:
    for pattern in patterns:
        match = pattern.search(text)
        if match:
            value = int(match.group(1))
            if 0 < value < 10**8:  # a count of tokens, not a stray number
                return value
    return None

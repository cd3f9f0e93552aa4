"""The extraction's pieces on their own: what a server's refusal says, where the writer's limits come
from, how an exchange is cut to a window, and which replies count as the facts' JSON."""

from __future__ import annotations

import json

import pytest

from swarmkit.runtime import prompts
from swarmkit.runtime.extraction import (
    CUT,
    DEFAULT_MAX_TOKENS,
    DEFAULT_TIMEOUT,
    estimate_tokens,
    fitted,
    read_facts,
    settings,
)
from swarmkit.runtime.providers.refusals import Overflow, overflow, refuses_format


@pytest.mark.parametrize(
    "text, expected",
    [
        (  # OpenAI, vLLM, llama-cpp-python's server
            "This model's maximum context length is 4096 tokens. However, you requested 5093 tokens "
            "(4693 in the messages, 400 in the completion). Please reduce the length of the messages.",
            Overflow(4096, 4693),
        ),
        (  # llama.cpp's llama-server: the whole JSON body
            json.dumps(
                {
                    "error": {
                        "code": 400,
                        "message": "the request exceeds the available context size, try increasing it",
                        "type": "exceed_context_size_error",
                        "n_prompt_tokens": 5000,
                        "n_ctx": 4096,
                    }
                }
            ),
            Overflow(4096, 5000),
        ),
        (  # LM Studio
            "Trying to keep the first 5200 tokens when context the overflows. However, the model is "
            "loaded with context length of only 4096 tokens, which is not enough.",
            Overflow(4096, None),
        ),
        ("Requested tokens (5000) exceed context window of 2048", Overflow(2048, 5000)),
        ("prompt is too long", Overflow(None, None)),
    ],
    ids=["openai-vllm-llama-cpp-python", "llama.cpp", "lm-studio", "llama-cpp-python-raw", "no-numbers"],
)
def test_a_context_refusal_is_read_with_the_numbers_it_names(text, expected):
    assert overflow(text) == expected


@pytest.mark.parametrize(
    "text",
    ["The model `x` does not exist", "Invalid value for 'temperature': 3", "Unauthorized"],
)
def test_other_refusals_are_no_overflow(text):
    assert overflow(text) is None


def test_a_refused_format_is_told_from_other_refusals():
    assert refuses_format("{'detail': [{'loc': ['body', 'response_format', 'type']}]}")
    assert refuses_format("Invalid schema for response_format 'facts'")
    assert not refuses_format("Invalid value for 'temperature': 3")


def test_the_writers_limits_and_where_the_window_comes_from():
    plain = settings({}, {}, None, {})
    assert (plain.max_tokens, plain.timeout, plain.window) == (DEFAULT_MAX_TOKENS, DEFAULT_TIMEOUT, None)
    config = {"extract_max_tokens": 300, "extract_timeout_seconds": 12, "context_window": 8192}
    from_config = settings({"max_tokens": 50}, config, 2048, {})
    # its own cap, whatever the answers' max_tokens; the declared window over a learnt one
    assert (from_config.max_tokens, from_config.timeout) == (300, 12.0)
    assert (from_config.window, from_config.window_from) == (8192, "the provider's config.context_window")
    env = {
        "SWARMKIT_EXTRACT_MAX_TOKENS": "200",
        "SWARMKIT_EXTRACT_TIMEOUT": "2.5",
        "SWARMKIT_CONTEXT_WINDOW": "4096",
    }
    from_env = settings({"context_window": 32768}, config, None, env)
    assert (from_env.max_tokens, from_env.timeout) == (200, 2.5)
    assert (from_env.window, from_env.window_from) == (32768, "model.context_window")
    assert settings({}, {}, 2048, {}).window_from == "the server's refusal"
    # nonsense is ignored (the writer is advice), never a crash
    odd = settings(
        {"context_window": "lots"}, {"extract_max_tokens": -3}, None, {"SWARMKIT_EXTRACT_TIMEOUT": "nan"}
    )
    assert (odd.max_tokens, odd.timeout, odd.window) == (DEFAULT_MAX_TOKENS, DEFAULT_TIMEOUT, None)


def test_an_exchange_is_cut_to_the_window_the_users_words_first():
    told = "I live in Lisbon and my editor is Helix. " * 20
    answer = "A long and wandering answer. " * 2000
    said, answered = fitted(told, answer, window=4096, cap=400)
    assert said == told  # short enough to keep whole
    assert answered.endswith(CUT) and answer.startswith(answered[: -len(CUT)])
    prompt = "".join(m["content"] for m in prompts.extraction_messages(said, answered))
    assert estimate_tokens(prompt) + 400 <= 4096
    # words longer than the room keep two thirds of it; the answer what is left
    said, answered = fitted(told * 40, answer, window=2048, cap=400)
    assert said.endswith(CUT) and len(said) > 2 * len(answered)
    # nothing is cut that fits
    assert fitted("I live in Oslo.", "Noted.", window=2048, cap=400) == ("I live in Oslo.", "Noted.")


def test_a_cut_never_splits_a_character():
    said, _ = fitted("Ich wohne in Köln. " + "ü" * 20000, "", window=1024, cap=100)
    said.encode("utf-8")  # whole characters only
    assert said.endswith(CUT)


@pytest.mark.parametrize(
    "reply, expected",
    [
        ('{"facts": []}', []),
        ('Sure: {"facts": [{"text": "Lives in Lisbon", "kind": "identity"}]}', ["Lives in Lisbon"]),
        ("I think you live in Lisbon.", None),
        ("", None),
        ('{"fact": "Lives in Lisbon"}', None),  # JSON, but not the facts' shape
        (  # cut off by the cap after one whole fact
            '{"facts": [{"text": "Lives in Lisbon", "kind": "identity"}, {"text": "Uses He',
            ["Lives in Lisbon"],
        ),
    ],
)
def test_which_replies_are_the_facts_json(reply, expected):
    facts = read_facts(reply)
    assert (None if facts is None else [fact["text"] for fact in facts]) == expected

"""A model's reply is input too: whatever a provider answers (random text, broken or deeply nested
JSON, odd tool calls), `swarmkit run` ends in exit 0 or 1, never a traceback. So do `swarmkit runs`
over run records that are not what swarmkit wrote."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarmkit.cli.main import run as cli_run
from swarmkit.runtime.providers.base import ChatRequest, ProviderError
from swarmkit.runtime.providers.openai import OpenAIProvider
from swarmkit.scaffold import create_workspace
from tests.reliability.harness import examples
from tests.runtime.test_openai_provider import FakeEndpoint

SAID = "My name is Ana and I live in Porto, and I prefer tea over coffee for every single meeting."
DEEP_ARRAY = "[" * 100_000 + "]" * 100_000
DEEP_REPLY = '{"facts": ' + DEEP_ARRAY + ', "verdict": ' + DEEP_ARRAY + "}"
CHECK = (
    "apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {id: polite, name: Polite, description: A check.}\n"
    "category: decision\nimplementation: {type: llm_prompt, prompt: Judge whether the text is polite.}\n"
)


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def _workspace(tmp: Path) -> Path:
    root = tmp / "ws"
    create_workspace(root, "Replies")
    (root / "skills" / "polite.yaml").write_text(CHECK)
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write(
            "governance:\n  decision_skills:\n    - {id: polite, trigger: pre_input, required: false}\n"
        )
    return root


def _run_with(tmp: Path, steps: list[dict]) -> tuple[int, str, str]:
    root = _workspace(tmp)
    script = tmp / "script.json"
    script.write_text(json.dumps(steps))
    return _cli("run", str(root), "--input", SAID, "--script", str(script))


def _handled(code: int, out: str, err: str) -> None:
    assert code in (0, 1), f"exit {code}\n{out}\n{err[-3000:]}"
    assert "Traceback" not in out + err


@pytest.mark.parametrize("purpose", ["extract", "decide", "answer"])
def test_a_deeply_nested_json_reply_is_not_a_crash(tmp_path, purpose):
    code, out, err = _run_with(tmp_path, [{"when": {"purpose": purpose}, "reply": DEEP_REPLY}])
    _handled(code, out, err)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
REPLY = st.one_of(
    st.text(max_size=200),
    JSON_VALUES.map(json.dumps),
    st.fixed_dictionaries({"facts": JSON_VALUES}).map(json.dumps),
    st.fixed_dictionaries(
        {
            "verdict": st.sampled_from(["pass", "fail", "needs-revision", "PASS", "", "maybe"]),
            "reason": JSON_VALUES,
        }
    ).map(json.dumps),
    st.sampled_from([DEEP_REPLY, "{", "}{", '```json\n{"facts": ["x"]}\n```', "pass fail", "needs-revision"]),
)
TOOL_CALL = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["swarm_note", "remember_fact", "unknown", ""]),
        "arguments": st.one_of(
            st.dictionaries(
                st.sampled_from(
                    ["kind", "text", "sources", "subject", "attribute", "value", "type", "reply_to"]
                ),
                JSON_VALUES,
                max_size=6,
            ),
            st.fixed_dictionaries(
                {
                    "kind": st.sampled_from(["finding", "ruled_out", "question", "answer", "x"]),
                    "text": st.text(max_size=80),
                    "sources": JSON_VALUES,
                }
            ),
        ),
    }
)


@settings(max_examples=examples(150))
@given(extract=REPLY, decide=REPLY, answer=REPLY, calls=st.lists(TOOL_CALL, max_size=4))
def test_random_model_replies_end_in_0_or_1(extract, decide, answer, calls):
    steps = [
        {"when": {"purpose": "extract"}, "reply": extract},
        {"when": {"purpose": "decide"}, "reply": decide},
        {"when": {"agent": "researcher", "purpose": "answer"}, "reply": answer, "tool_calls": calls},
    ]
    with tempfile.TemporaryDirectory() as tmp:
        _handled(*_run_with(Path(tmp), steps))


def _complete(body):
    """What the provider makes of one HTTP 200 answer with `body`: (reply, None) or (None, error)."""
    endpoint = FakeEndpoint()
    try:
        endpoint.queue.append((200, body))
        provider = OpenAIProvider(base_url=endpoint.url, api_key="k", retries=0)
        request = ChatRequest(
            model="m", messages=[{"role": "user", "content": "hi"}], agent="lead", purpose="answer"
        )
        try:
            return provider.complete(request), None, endpoint.url
        except ProviderError as exc:
            return None, exc, endpoint.url
    finally:
        endpoint.close()


@pytest.mark.parametrize(
    "body, says",
    [
        (DEEP_ARRAY, "answered HTTP 200 with something that is not JSON: '[[[["),
        (
            {
                "choices": [
                    {
                        "message": {
                            "content": "ok",
                            "tool_calls": [
                                {"id": "c1", "function": {"name": "swarm_note", "arguments": DEEP_ARRAY}}
                            ],
                        }
                    }
                ]
            },
            "answered with JSON that is not a chat completion (RecursionError: ",
        ),
        ("not json at all", "answered HTTP 200 with something that is not JSON: 'not json at all'"),
        ({"choices": "nope"}, "answered with JSON that is not a chat completion (TypeError: "),
    ],
    ids=["deep-array", "deep-tool-arguments", "not-json", "choices-a-string"],
)
def test_an_openai_compatible_endpoint_answering_garbage_is_a_provider_error(body, says):
    reply, error, url = _complete(body)
    assert reply is None, reply
    assert error.message.startswith(url) and says in error.message, error.message


def test_a_completion_whose_content_is_deeply_nested_json_is_that_text():
    """Not garbage to the provider: a well-formed completion whose text is JSON nested 100,000 deep
    comes back as that text (the extraction that reads it is covered above)."""
    reply, error, _ = _complete({"choices": [{"message": {"content": DEEP_REPLY}}]})
    assert error is None, error
    assert reply.content == DEEP_REPLY and reply.tool_calls == ()


def test_an_error_body_nested_deeply_is_a_provider_error():
    endpoint = FakeEndpoint()
    try:
        endpoint.queue.append((400, '{"error": ' + DEEP_ARRAY + "}"))
        provider = OpenAIProvider(base_url=endpoint.url, api_key="k", retries=0)
        with pytest.raises(ProviderError):
            provider.complete(
                ChatRequest(
                    model="m", messages=[{"role": "user", "content": "hi"}], agent="lead", purpose="answer"
                )
            )
    finally:
        endpoint.close()


@pytest.mark.parametrize(
    "content", [DEEP_ARRAY, "{", "[]", "null", '{"id": 5}', "\x00\xff", '{"started_at": []}']
)
def test_odd_run_records_never_crash_swarmkit_runs(tmp_path, content):
    root = tmp_path / "ws"
    create_workspace(root, "Records")
    runs = root / ".swarmkit" / "runs"
    runs.mkdir(parents=True)
    (runs / "r-0badf00d.json").write_text(content, encoding="utf-8", errors="surrogateescape")
    for args in (["runs", "-w", str(root)], ["runs", "-w", str(root), "show", "r-0badf00d"]):
        _handled(*_cli(*args))

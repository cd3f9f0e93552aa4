"""The memory-writer is advice: whatever its extraction call does (prose instead of JSON, HTTP 500, a
reply slower than its timeout, a refusal for a prompt over the model's context), the run prints its
answer, saves it and exits 0, warns once with the reason (kept in the run record too), and the facts
the person told plainly are kept by the offline reader. The extraction asks for structured output,
with a cap of its own, and a refused prompt is asked once more, cut to the window the refusal named."""

from __future__ import annotations

import json
import re

import pytest

from swarmkit.runtime.extraction import DEFAULT_MAX_TOKENS
from tests.support.loopback_model import ANSWER, LoopbackModel, completion
from tests.support.runs import REMEMBER

pytest.importorskip("httpx")

CONTEXT = 4096  # tokens, as the 135M model's server was started with in the issue


@pytest.fixture(autouse=True)
def no_backoff(monkeypatch):
    monkeypatch.setenv("SWARMKIT_OPENAI_BACKOFF", "0")


@pytest.fixture
def serve():
    servers: list[LoopbackModel] = []

    def start(extract, answer: str = ANSWER) -> LoopbackModel:
        servers.append(LoopbackModel(extract, answer))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def run(cli, root, server, *extra: str):
    status, out, err = cli(
        "run", str(root), "--input", REMEMBER, "--provider", "openai", "--base-url", server.url, "--model",
        "smollm2", *extra,
    )  # fmt: skip
    return status, out, err


def record_of(root) -> dict:
    (path,) = (root / ".swarmkit/runs").glob("r-*.json")
    return json.loads(path.read_text())


def kept(root) -> str:
    return (root / ".swarmkit/memory/me.md").read_text()


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("warning: ")]


def prose(body):
    return 200, completion("Sure! From what you said, you live in Lisbon and you like the Helix editor."), 0.0


def echo(body):
    """What SmolLM2-135M gave with the facts' schema as a grammar: the prompt's own example."""
    example = {
        "text": "<fact in a short third-person sentence>",
        "kind": "identity",
        "subject": "<dotted key>",
    }
    return 200, completion(json.dumps({"facts": [example]})), 0.0


def server_error(body):
    return 500, {"error": {"message": "llama_decode returned -3"}}, 0.0


def too_slow(body):
    return 200, completion('{"facts": []}'), 3.0


def context_of(limit: int, facts: list[dict]):
    """A server serving a model of `limit` tokens (4 bytes a token here): a longer prompt is refused
    as llama-cpp-python's server refuses it; one that fits is answered with `facts`."""

    def extract(body):
        prompt = sum(len(m["content"].encode()) for m in body["messages"]) // 4
        asked = body.get("max_tokens") or 0
        if prompt + asked > limit:
            message = (
                f"This model's maximum context length is {limit} tokens. However, you requested "
                f"{prompt + asked} tokens ({prompt} in the messages, {asked} in the completion). "
                "Please reduce the length of the messages or completion."
            )
            return 400, {"error": {"message": message, "type": "invalid_request_error"}}, 0.0
        return 200, completion(json.dumps({"facts": facts})), 0.0

    return extract


LISBON = {"text": "Lives in Lisbon", "kind": "identity", "subject": "user.location"}
LONG_ANSWER = ANSWER + " " + "Here is everything about editors and cities, at length. " * 700


@pytest.mark.parametrize(
    "fault, answer, reason",
    [
        (prose, ANSWER, "the writer's reply was not the facts' JSON (the run record keeps it)"),
        (
            echo,
            ANSWER,
            "the writer's reply only repeated the example in its instructions (the run record keeps it)",
        ),
        (
            server_error,
            ANSWER,
            "the writer's model call failed: {url}/chat/completions answered HTTP 500: llama_decode "
            "returned -3 (2 attempts, 0 s apart)",
        ),
        (
            too_slow,
            ANSWER,
            "the writer's model call failed: {url}/chat/completions did not answer in time (0.5 s; "
            "SWARMKIT_EXTRACT_TIMEOUT or extract_timeout_seconds gives it longer)",
        ),
        (
            context_of(CONTEXT, []),
            LONG_ANSWER,
            None,  # refused, then asked again cut to the window the refusal named: a readable reply
        ),
    ],
    ids=["prose", "the-prompts-example", "http-500", "slower-than-its-timeout", "over-the-context"],
)
def test_a_failing_extraction_costs_the_run_nothing(init_ws, cli, serve, monkeypatch, fault, answer, reason):
    monkeypatch.setenv("SWARMKIT_EXTRACT_TIMEOUT", "0.5")
    root = init_ws()
    server = serve(fault, answer)
    status, out, err = run(cli, root, server)
    assert status == 0, err
    assert out == answer + "\n"
    record = record_of(root)
    assert record["status"] == "ok" and record["output"] == answer
    (extraction,) = record["memory"]["extractions"]
    # the extraction carries its own cap, and the run record says so
    assert {body["max_tokens"] for body in server.extractions} == {DEFAULT_MAX_TOKENS}
    assert extraction["max_tokens"] == DEFAULT_MAX_TOKENS
    if reason is None:
        assert warnings(err) == []
        assert len(server.extractions) == 2 and extraction["retried_shorter"] is True
        assert extraction["context_window"] == CONTEXT
        assert extraction["context_window_from"] == "the server's refusal"
        assert extraction["cut_chars"] > 0 and extraction["read_by"] == "model"
        return
    reason = reason.format(url=server.url)
    expected = (
        f"warning: memory: {reason}; the answer is kept, and the offline reader kept what you told "
        "plainly (2 found)"
    )
    assert warnings(err) == [expected]
    assert expected[len("warning: ") :] in record["warnings"]
    assert extraction["problem"] == reason and extraction["read_by"] == "offline reader"
    (decision,) = [d for d in record["decisions"] if d["skill"] == "memory-writer"]
    assert decision["verdict"] == "error" and decision["detail"].startswith(reason)
    # the facts the person told plainly are kept all the same
    assert "Lives in Lisbon" in kept(root) and "Helix" in kept(root)
    if fault is prose:
        assert extraction["reply"].startswith("Sure! From what you said")
    if fault is server_error:
        assert len(server.extractions) == 2  # one retry at most: the answer is waiting to be printed


def test_an_unreadable_reply_is_kept_screened(init_ws, cli, serve):
    secret = "sk-proj-" + "Ab3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7d"

    def leaks(body):
        return 200, completion(f"I cannot do JSON. Your key is {secret}."), 0.0

    root = init_ws()
    status, _, err = run(cli, root, serve(leaks))
    assert status == 0, err
    (extraction,) = record_of(root)["memory"]["extractions"]
    assert extraction["reply"].startswith("I cannot do JSON. Your key is [REDACTED")
    assert secret not in json.dumps(record_of(root))


def test_a_refusal_that_names_no_window_is_asked_once_more_at_half(init_ws, cli, serve):
    sizes = []

    def refuses(body):
        sizes.append(len(body["messages"][1]["content"]))
        return 400, {"error": {"message": "the prompt is too long"}}, 0.0

    root = init_ws()
    server = serve(refuses, LONG_ANSWER)
    status, out, err = run(cli, root, server)
    assert status == 0 and out == LONG_ANSWER + "\n"
    assert len(sizes) == 2 and sizes[1] < sizes[0] * 0.6  # once more, at about half, and no more
    (line,) = warnings(err)
    assert line.startswith("warning: memory: the writer's model call failed: ") and "too long" in line
    assert "Lives in Lisbon" in kept(root)


def test_a_configured_window_cuts_before_the_first_call(init_ws, cli, serve, monkeypatch):
    monkeypatch.setenv("SWARMKIT_CONTEXT_WINDOW", str(CONTEXT))
    root = init_ws()
    server = serve(context_of(CONTEXT, [LISBON]), LONG_ANSWER)
    status, _, err = run(cli, root, server)
    assert status == 0 and warnings(err) == []
    assert len(server.extractions) == 1  # it fitted the first time
    sent = server.extractions[0]["messages"][1]["content"]
    assert REMEMBER in sent and sent.count("at length") < LONG_ANSWER.count("at length")
    (extraction,) = record_of(root)["memory"]["extractions"]
    assert extraction["context_window_from"] == "SWARMKIT_CONTEXT_WINDOW"
    assert extraction["read_by"] == "model" and "Lives in Lisbon" in kept(root)
    # the model left out the editor, told plainly: the offline reader's fact joins its one
    assert extraction["told_plainly_added"] == 1 and "Editor is Helix" in kept(root)
    assert kept(root).count("Lisbon") == 1


def test_structured_output_steps_down_to_what_the_server_takes(init_ws, cli, serve):
    """llama-cpp-python's server refuses response_format json_schema (an HTTP 500 holding pydantic's
    validation error: its type must be text or json_object), which is not asked again, and takes
    json_object with a schema beside it, which it turns into a grammar."""
    formats = []

    def like_llama_cpp_python(body):
        asked = body.get("response_format")
        formats.append(asked and asked["type"])
        if asked and asked["type"] not in ("text", "json_object"):
            detail = (
                "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
                "'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}"
            )
            return 500, {"error": {"message": detail, "type": "internal_server_error"}}, 0.0
        assert asked["schema"]["properties"]["facts"]["type"] == "array"
        return 200, completion(json.dumps({"facts": [LISBON]})), 0.0

    root = init_ws()
    server = serve(like_llama_cpp_python)
    status, _, err = run(cli, root, server, "-v")
    assert status == 0 and warnings(err) == []
    assert formats == ["json_schema", "json_object"]
    (extraction,) = record_of(root)["memory"]["extractions"]
    assert extraction["structured"] == "json_object" and extraction["read_by"] == "model"
    assert "smollm2 refused response_format json_schema" in err  # -v says what it asked


def test_a_server_without_structured_output_is_asked_by_the_prompt(init_ws, cli, serve):
    def no_formats(body):
        if "response_format" in body:
            return 400, {"error": {"message": "response_format is not supported"}}, 0.0
        return 200, completion("Here you go: " + json.dumps({"facts": [LISBON]})), 0.0

    root = init_ws()
    server = serve(no_formats)
    status, _, err = run(cli, root, server)
    assert status == 0 and warnings(err) == []
    assert [("response_format" in body) for body in server.extractions] == [True, True, True, False]
    (extraction,) = record_of(root)["memory"]["extractions"]
    assert extraction["structured"] is None and "Lives in Lisbon" in kept(root)


def test_a_reply_cut_off_by_its_cap_keeps_the_facts_it_finished(init_ws, cli, serve):
    def cut_off(body):
        whole = json.dumps({"facts": [LISBON, {"text": "Uses Helix", "kind": "preference"}]})
        return 200, completion(whole[: whole.index("Uses Helix") + 4]), 0.0

    root = init_ws()
    status, _, err = run(cli, root, serve(cut_off))
    assert status == 0 and warnings(err) == []
    assert "Lives in Lisbon" in kept(root) and "Uses" not in kept(root)


def test_model_sends_that_name_and_verbose_shows_it(init_ws, cli, serve):
    root = init_ws()
    server = serve(prose)
    status, _, err = run(cli, root, server, "-v")
    assert status == 0
    assert {body["model"] for body in server.requests} == {"smollm2"}
    calls = [line for line in err.splitlines() if line.startswith("  model call ")]
    assert [re.sub(r"[\d.]+ ms", "N ms", line) for line in calls] == [
        "  model call researcher answer smollm2: N ms",
        "  model call lead answer smollm2: N ms",
        "  model call lead extract smollm2: N ms",
    ]


def test_an_empty_answer_says_so(init_ws, cli, serve):
    root = init_ws()
    server = serve(prose, answer="")
    status, out, err = run(cli, root, server)
    assert status == 0 and out == ""
    assert warnings(err) == ["warning: the answer is empty: lead's model (smollm2) replied with no text"]
    assert record_of(root)["output"] == ""


def test_a_chat_goes_on_and_remembers_the_window_it_learnt(init_ws, cli, serve, monkeypatch):
    """The window a refusal named holds for the chat's later turns: their extraction is cut before
    its first ask. A turn whose extraction failed is no failed turn."""
    import io

    root = init_ws()
    server = serve(context_of(CONTEXT, [LISBON]), LONG_ANSWER)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{REMEMBER}\nI also use Vim sometimes, for quick edits.\n"))
    status, out, err = cli(
        "chat", str(root), "--provider", "openai", "--base-url", server.url, "--model", "smollm2"
    )
    assert status == 0, err
    assert out.splitlines() == [LONG_ANSWER, LONG_ANSWER]
    assert len(server.extractions) == 3  # refused and asked again in the first turn; once in the second
    assert "Lives in Lisbon" in kept(root)


def test_a_chat_turn_whose_writer_failed_is_not_a_failed_turn(init_ws, cli, serve, monkeypatch):
    import io

    root = init_ws()
    server = serve(server_error)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{REMEMBER}\n"))
    status, out, err = cli(
        "chat", str(root), "--provider", "openai", "--base-url", server.url, "--model", "smollm2"
    )
    assert status == 0 and out == ANSWER + "\n"
    (line,) = warnings(err)
    assert line.startswith("warning: memory: the writer's model call failed: ")
    assert "Helix" in kept(root)

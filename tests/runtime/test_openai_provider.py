"""The openai provider against a real HTTP server on loopback, started by the tests."""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from swarmkit.runtime.providers.base import ChatRequest, ProviderError
from swarmkit.runtime.providers.openai import OpenAIProvider
from tests.support.runs import REMEMBER, run_once


class FakeEndpoint:
    """An OpenAI-compatible /v1/chat/completions that answers from a queue of (status, body)."""

    def __init__(self) -> None:
        self.queue: list[tuple[int, object]] = []
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length", 0))
                endpoint.requests.append(json.loads(self.rfile.read(length)))
                endpoint.headers.append(dict(self.headers))
                if self.path != "/v1/chat/completions":
                    status, body = 404, {"error": {"message": f"no route {self.path}"}}
                else:
                    status, body = (
                        endpoint.queue.pop(0)
                        if endpoint.queue
                        else (200, endpoint.answer(endpoint.requests[-1]))
                    )
                raw = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @staticmethod
    def answer(request: dict) -> dict:
        last = request["messages"][-1]["content"]
        if "User said:" in last:
            content = json.dumps({"facts": [{"text": "Lives in Lisbon", "kind": "identity"}]})
        else:
            content = f"[{request['model']}] " + "a considered answer " * 8
        return {"choices": [{"message": {"role": "assistant", "content": content}}]}

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def endpoint():
    server = FakeEndpoint()
    yield server
    server.close()


def request(text="hello") -> ChatRequest:
    return ChatRequest(model="llama3.1", messages=[{"role": "user", "content": text}])


def test_a_completion_with_model_and_key(endpoint):
    provider = OpenAIProvider(endpoint.url, "sk-test", timeout=5)
    reply = provider.complete(request())
    assert reply.content.startswith("[llama3.1] a considered answer")
    assert endpoint.requests[0] == {"model": "llama3.1", "messages": [{"role": "user", "content": "hello"}]}
    assert endpoint.headers[0]["Authorization"] == "Bearer sk-test"


def test_tool_calls_are_parsed(endpoint):
    endpoint.queue.append(
        (
            200,
            {
                "choices": [
                    {
                        "message": {
                            "content": None,
                            "tool_calls": [
                                {
                                    "id": "c1",
                                    "type": "function",
                                    "function": {
                                        "name": "swarm_note",
                                        "arguments": '{"kind": "finding", "text": "x"}',
                                    },
                                }
                            ],
                        }
                    }
                ]
            },
        )
    )
    reply = OpenAIProvider(endpoint.url, None, timeout=5).complete(request())
    assert reply.content == ""
    assert [(c.id, c.name, c.arguments) for c in reply.tool_calls] == [
        ("c1", "swarm_note", {"kind": "finding", "text": "x"})
    ]


def test_429_and_5xx_are_retried_with_backoff(endpoint):
    endpoint.queue += [(429, {"error": {"message": "slow down"}}), (503, {"error": "busy"})]
    reply = OpenAIProvider(endpoint.url, None, timeout=5, retries=3, backoff=0).complete(request())
    assert reply.content.startswith("[llama3.1]")
    assert len(endpoint.requests) == 3


def test_retries_give_up_with_a_clear_error(endpoint):
    endpoint.queue += [(500, {"error": {"message": "boom"}})] * 3
    with pytest.raises(ProviderError) as caught:
        OpenAIProvider(endpoint.url, None, timeout=5, retries=2, backoff=0.01).complete(request())
    assert caught.value.message == (
        f"{endpoint.url}/chat/completions answered HTTP 500: boom (3 attempts, 0.01 s and 0.02 s apart)"
    )
    assert caught.value.hint == "the endpoint failed; check its logs"


def test_a_client_error_is_not_retried(endpoint):
    endpoint.queue.append((401, {"error": {"message": "bad key"}}))
    with pytest.raises(ProviderError) as caught:
        OpenAIProvider(endpoint.url, "wrong", timeout=5, backoff=0).complete(request())
    assert caught.value.message == f"{endpoint.url}/chat/completions answered HTTP 401: bad key"
    assert caught.value.hint == "check the API key (--api-key or OPENAI_API_KEY)"
    assert len(endpoint.requests) == 1


@pytest.mark.parametrize(
    "body, expected",
    [
        ("<html>hello</html>", "with something that is not JSON"),
        (
            {"object": "list", "data": []},
            "answered with JSON that is not a chat completion (KeyError: 'choices')",
        ),
    ],
)
def test_garbage_answers_are_clear_errors(endpoint, body, expected):
    endpoint.queue.append((200, body))
    with pytest.raises(ProviderError) as caught:
        OpenAIProvider(endpoint.url, None, timeout=5).complete(request())
    assert expected in caught.value.message


def test_an_unreachable_endpoint_is_a_clear_error():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens once the probe closes
    provider = OpenAIProvider(f"http://127.0.0.1:{port}/v1", None, timeout=2, retries=3, backoff=0)
    with pytest.raises(ProviderError) as caught:
        provider.complete(request())
    # refused: retried once (a server restarting), not three times
    assert caught.value.message == (
        f"cannot reach http://127.0.0.1:{port}/v1/chat/completions: ConnectError: [Errno 111] "
        "Connection refused (2 attempts, 0 s apart)"
    )
    assert "--base-url" in caught.value.hint


def test_a_timeout_is_not_retried():
    """It already waited the whole timeout: retrying would wait it again, three more times."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)  # accepts connections, never answers
        port = silent.getsockname()[1]
        provider = OpenAIProvider(f"http://127.0.0.1:{port}/v1", None, timeout=0.2, retries=3, backoff=0)
        with pytest.raises(ProviderError) as caught:
            provider.complete(request())
        waiting = []
        silent.setblocking(False)
        while True:
            try:
                waiting.append(silent.accept()[0])
            except BlockingIOError:
                break
        for each in waiting:
            each.close()
    assert caught.value.message == f"http://127.0.0.1:{port}/v1/chat/completions did not answer in time"
    assert len(waiting) == 1  # one connection: one attempt


def test_retries_are_told_with_verbose_and_a_failed_run_is_named(init_ws, cli):
    root = init_ws()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    status, out, err = cli("run", str(root), "--input", "hi", "--provider", "openai", "--base-url", url, "-v")
    (summary,) = json.loads(cli("runs", "-w", str(root), "--json")[1])["runs"]
    run_id = summary["id"]
    refused = f"cannot reach {url}/chat/completions: ConnectError: [Errno 111] Connection refused"
    assert status == 1 and out == "" and summary["status"] == "failed"
    lines = err.splitlines()
    assert lines[:-1] == [
        f"  openai: {refused}; retry 1 of 1 in 0 s",
        f"error: run {run_id} failed: {refused} (2 attempts, 0 s apart)",
        "  hint: check that the server runs and that --base-url (or OPENAI_BASE_URL) is right; "
        f"`swarmkit runs show {run_id}` shows what happened",
    ]
    assert lines[-1].startswith("exit 1 after ")
    status, _, quiet = cli("run", str(root), "--input", "hi", "--provider", "openai", "--base-url", url)
    # without -v: the error only
    assert status == 1 and quiet.startswith("error: run r-") and "retry" not in quiet


def test_a_whole_run_through_the_endpoint_remembers(init_ws, endpoint):
    root = init_ws()
    provider = OpenAIProvider(endpoint.url, None, timeout=5)
    record, _ = run_once(root, REMEMBER, provider)
    assert record["status"] == "ok" and record["provider"] == "openai"
    assert [r["model"] for r in endpoint.requests] == ["swarmkit-mock"] * 3  # model.name from the archetype
    assert "Lives in Lisbon" in (root / ".swarmkit/memory/me.md").read_text()


def test_the_cli_reports_an_unreachable_endpoint_without_a_traceback(init_ws, cli):
    root = init_ws()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    status, out, err = cli(
        "run",
        str(root),
        "--input",
        "hi",
        "--provider",
        "openai",
        "--base-url",
        f"http://127.0.0.1:{port}/v1",
        "--timeout",
        "2",
    )
    assert status == 1 and out == ""
    assert err.startswith("error: run r-") and f" failed: cannot reach http://127.0.0.1:{port}/v1/" in err
    assert "Traceback" not in err


def test_each_agent_talks_to_its_own_provider(init_ws, endpoint, cli, monkeypatch):
    """No --provider: model.provider decides; a declared provider brings its base URL and key variable."""
    root = init_ws()
    with open(root / "workspace.yaml", "a") as handle:
        handle.write(
            f"model_providers:\n  - provider_id: local\n    class: openai-compatible\n    config:\n"
            f"      base_url: {endpoint.url}\n      api_key_env: LOCAL_LLM_KEY\n"
        )
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology.replace(
            "        archetype: assistant\n        # skills_additional",
            "        archetype: assistant\n        model: {provider: local, name: llama3.1}\n        # skills_additional",
        )
    )
    monkeypatch.setenv("LOCAL_LLM_KEY", "sk-local")
    status, out, err = cli("run", str(root), "--input", "hi", "--json")
    record = json.loads(out)
    assert status == 0, err
    assert [(c["agent"], c["provider"], c["model"]) for c in record["model_calls"]] == [
        ("researcher", "local", "llama3.1"),
        ("lead", "mock", "swarmkit-mock"),
    ]
    assert record["provider"] == "local, mock"
    assert endpoint.headers[0]["Authorization"] == "Bearer sk-local"

    monkeypatch.delenv("LOCAL_LLM_KEY")
    status, _, err = cli("run", str(root), "--input", "hi")
    assert status == 1
    assert 'error: model provider "local" reads its key from $LOCAL_LLM_KEY, which is not set' in err

    status, out, _ = cli("run", str(root), "--input", "hi", "--provider", "mock", "--json")
    assert {c["provider"] for c in json.loads(out)["model_calls"]} == {"mock"}


def test_credentials_in_the_base_url_never_reach_messages_or_records(init_ws, cli):
    root = init_ws()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    status, _, err = cli(
        "run",
        str(root),
        "--input",
        "hi",
        "--provider",
        "openai",
        "--timeout",
        "2",
        "--base-url",
        f"http://alice:s3cr3t-pw@127.0.0.1:{port}/v1",
    )
    assert status == 1 and f"cannot reach http://127.0.0.1:{port}/v1/chat/completions" in err
    records = list((root / ".swarmkit" / "runs").glob("r-*.json"))
    assert "s3cr3t-pw" not in err and all("s3cr3t-pw" not in p.read_text() for p in records)


@pytest.mark.parametrize("value", ["abc", "0", "-5"])
def test_a_bad_timeout_in_the_environment_is_a_clear_error(init_ws, cli, monkeypatch, value):
    monkeypatch.setenv("SWARMKIT_OPENAI_TIMEOUT", value)
    status, _, err = cli("run", str(init_ws()), "--input", "hi", "--provider", "openai")
    assert status == 1
    assert err == (
        f'error: SWARMKIT_OPENAI_TIMEOUT is "{value}", not a number of seconds above 0\n'
        "  hint: set it to a number such as 60, or pass --timeout\n"
    )


def test_the_tokens_an_endpoint_reports_are_kept_per_model_call(endpoint, tmp_path):
    """`usage` of a completion (the three OpenAI counts only, integers only) reaches the run record."""
    answer = FakeEndpoint.answer

    def counted(request: dict) -> dict:
        reply = answer(request)
        reply["usage"] = {"prompt_tokens": 41, "completion_tokens": 9, "total_tokens": 50, "cached": 3}
        return reply

    endpoint.answer = counted
    reply = OpenAIProvider(endpoint.url, "sk-test", timeout=5).complete(request())
    assert reply.usage == {"prompt_tokens": 41, "completion_tokens": 9, "total_tokens": 50}
    endpoint.queue.append((200, {"choices": [{"message": {"content": "x"}}], "usage": {"total_tokens": "9"}}))
    assert OpenAIProvider(endpoint.url, "sk-test", timeout=5).complete(request()).usage is None
    from swarmkit.resolver import resolve
    from swarmkit.runtime.engine import Run
    from swarmkit.scaffold import create_workspace

    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    ws = resolve(root).workspace
    record = Run(ws, ws.topology(None), OpenAIProvider(endpoint.url, "sk-test", timeout=5)).execute(REMEMBER)
    assert {c["purpose"] for c in record.model_calls} >= {"answer", "extract"}
    assert all(
        c["tokens"] == {"prompt_tokens": 41, "completion_tokens": 9, "total_tokens": 50}
        for c in record.model_calls
    )

"""Issue 29 (unscreened output): what a command prints is screened as its record is.

`swarmkit run` printed its answer as the model gave it (the mock echoes the input: 31 secrets that
the run record, chat and memory all redacted were on stdout), `chat` echoed an unknown `/…` command
as typed, and so did the API's answer to one; an endpoint's error that echoes the input was printed
as it came (and, with -v, its retries). Lines of our own and the corpus's."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest
from starlette.testclient import TestClient

from swarmkit.cli.main import run as cli_run
from swarmkit.scaffold import create_workspace
from swarmkit.server.app import create_app
from tests.runtime.test_openai_provider import FakeEndpoint
from tests.screening.example_files import channel_corpus, held_out
from tests.server.seed import TOKEN
from tests.support.server import BASE, post

# one prose line of every family of the corpus, and the held-out lines
LINES = list({s.family: s for s in channel_corpus() if s.context == "prose"}.values()) + held_out()
SPOKEN = "Zq7Rv2Lm9Xw4Kp8Tn3Yb"  # a token nothing names: screening finds it by its shape


def _cli(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    root = tmp_path_factory.mktemp("printed") / "ws"
    create_workspace(root, "Printed")
    return root


@pytest.mark.parametrize("secret", LINES, ids=lambda s: s.family)
def test_run_prints_its_answer_as_the_record_keeps_it(ws, secret):
    code, out, err = _cli("run", str(ws), "--input", secret.text, "-v")
    assert code == 0, err
    assert secret.core not in out and secret.core not in err
    run_id = err.split("run ", 1)[1].split(":", 1)[0]
    code, shown, _ = _cli("runs", "show", run_id, "-w", str(ws), "--json")
    assert out == json.loads(shown)["output"] + "\n"


def _failing_endpoint() -> FakeEndpoint:
    """An endpoint that refuses every request with an error quoting what it was sent."""
    endpoint = FakeEndpoint()

    def refuse(request: dict) -> dict:
        raise AssertionError("queued answers only")

    endpoint.answer = refuse  # type: ignore[method-assign]
    return endpoint


def test_an_endpoint_error_that_echoes_the_input_is_printed_screened(ws):
    endpoint = _failing_endpoint()
    said = f"my wifi password is {SPOKEN}"
    try:
        # a 429 first (retried; -v shows it), then a refusal: both quote the request
        endpoint.queue += [
            (429, {"error": {"message": f"slow down: '{said}'"}}),
            (400, {"error": {"message": f"content '{said}' is not allowed"}}),
        ]
        code, out, err = _cli(
            "run", str(ws), "--input", said, "--provider", "openai", "--base-url", endpoint.url, "-v"
        )
    finally:
        endpoint.close()
    assert code == 1 and out == ""
    assert SPOKEN not in err and "is not allowed" in err and "[REDACTED_SECRET]" in err


def test_chat_screens_what_it_echoes_of_a_command(ws):
    lines = [
        f"/{SPOKEN} is my password",
        "/password=Hunter2xyz!",
        f"/forget {SPOKEN}",
        "/memroy",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "swarmkit", "chat", str(ws)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    printed = done.stdout + done.stderr
    assert SPOKEN not in printed and "Hunter2xyz!" not in printed
    assert "error: no command /memroy" in done.stderr  # a plain typo is echoed as it was typed
    assert (
        done.stderr.count("error: no command [REDACTED_SECRET]")
        + done.stderr.count("error: no command /[REDACTED_SECRET]")
        == 1
    )


def test_a_chat_turn_that_fails_prints_its_error_screened(ws):
    endpoint = _failing_endpoint()
    said = f"my wifi password is {SPOKEN}"
    endpoint.queue.append((400, {"error": {"message": f"content '{said}' is not allowed"}}))
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "swarmkit",
                "chat",
                str(ws),
                "--provider",
                "openai",
                "--base-url",
                endpoint.url,
            ],
            input=said + "\n",
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        endpoint.close()
    assert done.returncode == 1
    assert SPOKEN not in done.stdout + done.stderr and "is not allowed" in done.stderr


def test_the_api_screens_what_it_echoes_of_a_command(ws):
    with TestClient(create_app(ws, token=TOKEN), base_url=BASE) as client:
        for text in (f"/{SPOKEN} is my password", "/password=Hunter2xyz! please"):
            response = post(client, "/conversations", {"text": text})
            assert response.status_code == 400, response.text
            assert SPOKEN not in response.text and "Hunter2xyz!" not in response.text
            assert "is a command of `swarmkit chat` on a terminal" in response.json()["error"]["message"]
        said = post(client, "/conversations", {"text": f"keep this for the release: {SPOKEN}"})
        assert said.status_code == 200 and SPOKEN not in said.text

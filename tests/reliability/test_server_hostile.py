"""Hostile requests to `swarmkit serve`: path traversal, oversized bodies, cross-origin posts without
the token, malformed JSON. Each gets a clear JSON 4xx, and nothing in the workspace changes."""

from __future__ import annotations

import hashlib
import select
import socket
import warnings
from pathlib import Path
from urllib.parse import urlsplit

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")

from starlette.testclient import TestClient  # noqa: E402

from swarmkit.server.app import create_app  # noqa: E402
from swarmkit.server.request_body import MAX_BODY  # noqa: E402
from tests.server.launch import serving  # noqa: E402
from tests.server.seed import RUN_ID, TOKEN, seed  # noqa: E402

BASE = "http://127.0.0.1:8741"
CODES_4XX = {
    "conflict",
    "invalid_request",
    "invalid_json",
    "invalid_ref",
    "invalid_run_id",
    "not_found",
    "file_not_found",
    "run_not_found",
    "method_not_allowed",
    "too_large",
    "unsupported_media_type",
    "token_required",
    "token_invalid",
    "cross_origin",
    "bad_host",
}


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("server") / "ws"
    seed(root)
    return root


@pytest.fixture(scope="module")
def client(root):
    with TestClient(create_app(root, token=TOKEN), base_url=BASE) as test_client:
        yield test_client


def tree(root: Path) -> dict[str, str]:
    """A digest of every file under the workspace (memory folder, its git, run records)."""
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".index" not in p.parts
    }


@pytest.fixture
def unchanged(root):
    before = tree(root)
    yield
    assert tree(root) == before, "a refused request changed the workspace"


def assert_clear_4xx(response, status: int | None = None, code: str | None = None) -> dict:
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:500])
    if status is not None:
        assert response.status_code == status, response.text[:500]
    error = response.json()["error"]
    assert error["code"] in CODES_4XX and error["message"], error
    if code is not None:
        assert error["code"] == code, error
    assert "Traceback" not in response.text
    return error


def inbox_entry(client) -> dict:
    return client.get("/memory/inbox").json()["entries"][0]


# ---- path traversal -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "../workspace.yaml",
        "../../../../../../etc/passwd",
        "/etc/passwd",
        "swarms/../../workspace.yaml",
        "me.md/../../../workspace.yaml",
        "..\\..\\workspace.yaml",
        "%2e%2e/workspace.yaml",
        "me.md\x00.txt",
        "../runs/r-1a2b3c4d.json",
        "~/.ssh/id_rsa",
        "nope.md",
    ],
)
def test_memory_file_traversal_is_refused(client, unchanged, name):
    response = client.get("/memory/entries", params={"file": name})
    assert_clear_4xx(response)
    assert "root:" not in response.text and "apiVersion" not in response.text


@pytest.mark.parametrize(
    "path",
    [
        "/runs/..%2F..%2Fworkspace.yaml",
        "/runs/%2e%2e%2f%2e%2e%2fworkspace.yaml",
        f"/runs/{RUN_ID}%00",
        f"/runs/{RUN_ID}.json",
        "/runs/r-1A2B3C4D",
        "/runs/" + "r-" + "a" * 5000,
        "/static/../../../pyproject.toml",
        "/static/%2e%2e/%2e%2e/%2e%2e/pyproject.toml",
        "/static/..%2f..%2fapp.py",
        "/portal/runs/..%2F..%2Fworkspace.yaml",
    ],
)
def test_url_path_traversal_is_refused(client, unchanged, path):
    response = client.get(path)
    assert_clear_4xx(response)
    assert "[project]" not in response.text and "create_app" not in response.text


@pytest.mark.parametrize(
    "ref",
    [
        "../me.md#L1",
        "inbox.md/../me.md#L3",
        "/etc/passwd#L1",
        "../../workspace.yaml#L1",
        "me.md#L3",
        "inbox.md#L0",
        "inbox.md#L-1",
        "inbox.md#L99999999999999999999999",
        "inbox.md",
        "inbox.md#L3\x00",
        "swarms/../inbox.md#L3",
    ],
)
def test_inbox_action_refs_outside_the_inbox_are_refused(client, unchanged, ref):
    entry = inbox_entry(client)
    response = client.post(
        "/memory/inbox/delete",
        json={"ref": ref, "expect": entry["digest"]},
        headers={"X-Swarmkit-Token": TOKEN},
    )
    assert_clear_4xx(response)


# ---- malformed bodies ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"[]",
        b"null",
        b"42",
        b'"ref"',
        b"{'ref': 'inbox.md#L3'}",
        b'{"ref": 1, "expect": 2}',
        b'{"ref": "inbox.md#L3"}',
        b'{"ref": "inbox.md#L3", "expect": "x", "extra": 1}',
        b'{"ref": ["inbox.md#L3"], "expect": {}}',
        b"\xff\xfe\x00{",
        b'{"ref": NaN, "expect": Infinity}',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"a":' * 30_000 + b"1" + b"}" * 30_000,
        b"1" * 60_000,
        b'{"ref": "inbox.md#L3", "ref": "inbox.md#L4"}\x00',
    ],
)
def test_malformed_json_is_a_clear_400(client, unchanged, raw):
    response = client.post(
        "/memory/inbox/keep",
        content=raw[:MAX_BODY],
        headers={"X-Swarmkit-Token": TOKEN, "Content-Type": "application/json"},
    )
    assert_clear_4xx(response)


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]
)
def test_a_body_that_is_not_json_is_415(client, unchanged, content_type):
    entry = inbox_entry(client)
    response = client.post(
        "/memory/inbox/delete",
        content=f'{{"ref": "{entry["ref"]}", "expect": "{entry["digest"]}"}}',
        headers={"X-Swarmkit-Token": TOKEN, "Content-Type": content_type},
    )
    assert_clear_4xx(response, 415, "unsupported_media_type")


# ---- oversized bodies ---------------------------------------------------------------------------


def test_an_oversized_body_is_413(client, unchanged):
    entry = inbox_entry(client)
    padding = "x" * (MAX_BODY + 1)
    response = client.post(
        "/memory/inbox/delete",
        content=f'{{"ref": "{entry["ref"]}", "expect": "{entry["digest"]}", "pad": "{padding}"}}',
        headers={"X-Swarmkit-Token": TOKEN, "Content-Type": "application/json"},
    )
    assert_clear_4xx(response, 413, "too_large")


def test_an_oversized_body_without_a_length_is_413(client, unchanged):
    def chunks():
        for _ in range(20):
            yield b" " * 8192
        yield b"{}"

    response = client.post(
        "/memory/inbox/delete",
        content=chunks(),
        headers={"X-Swarmkit-Token": TOKEN, "Content-Type": "application/json"},
    )
    assert_clear_4xx(response, 413, "too_large")


# ---- cross-origin posts without the token -------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example", "Content-Type": "text/plain"},
        {"Origin": "https://evil.example", "Content-Type": "application/json"},
        {"Origin": "null", "Content-Type": "application/x-www-form-urlencoded"},
        {"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"},
        {"Referer": "https://evil.example/page", "Content-Type": "application/json"},
        {"Origin": "http://127.0.0.1:8741.evil.example", "Content-Type": "application/json"},
        {"Origin": BASE, "X-Swarmkit-Token": TOKEN.upper(), "Content-Type": "application/json"},
        {"Origin": BASE, "X-Swarmkit-Token": TOKEN + " ", "Content-Type": "application/json"},
    ],
)
@pytest.mark.parametrize("action", ["keep", "pin", "delete"])
def test_cross_origin_posts_without_the_token_are_403(client, unchanged, headers, action):
    entry = inbox_entry(client)
    response = client.post(
        f"/memory/inbox/{action}", json={"ref": entry["ref"], "expect": entry["digest"]}, headers=headers
    )
    assert_clear_4xx(response, 403)


# ---- the same over a real socket: what a client may send that TestClient would tidy up ----------


def _raw(url: str, request: bytes, more=()) -> tuple[bytes, int]:
    """Send raw bytes, then the chunks of `more` until the server answers; (reply, bytes of `more` sent)."""
    parts = urlsplit(url)
    sent = 0
    with socket.create_connection((parts.hostname, parts.port), timeout=5) as sock:
        sock.sendall(request)
        for chunk in more:
            if select.select([sock], [], [], 0)[0]:
                break  # the server has answered (or closed): stop sending
            try:
                sock.sendall(chunk)
            except (OSError, TimeoutError):
                break  # the server stopped reading
            sent += len(chunk)
        reply = b""
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                reply += data
        except (OSError, TimeoutError):
            pass
    return reply, sent


def test_raw_socket_requests(root):
    before = tree(root)
    with serving(root) as served:
        host = urlsplit(served.url).netloc.encode()
        for path in (
            b"/runs/../../workspace.yaml",
            b"/static/../../../../pyproject.toml",
            b"/memory/entries?file=../../workspace.yaml",
            b"//etc/passwd",
            b"/runs/%2e%2e%2fworkspace.yaml",
        ):
            reply, _ = _raw(
                served.url, b"GET " + path + b" HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n"
            )
            status = int(reply.split(b" ", 2)[1])
            assert 400 <= status < 500, reply[:300]
            assert b"[project]" not in reply and b"apiVersion" not in reply

        # 50 MB streamed without a length: the server answers 413 long before it has read it all
        head = (
            b"POST /memory/inbox/delete HTTP/1.1\r\nHost: " + host + b"\r\nContent-Type: application/json\r\n"
            b"X-Swarmkit-Token: " + served.token.encode() + b"\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"%x\r\n" % 65536 + b" " * 65536 + b"\r\n"
        reply, sent = _raw(served.url, head, (chunk for _ in range(800)))
        assert reply.startswith(b"HTTP/1.1 413"), reply[:300]
        assert sent < 8 * 1024 * 1024, f"the server read {sent:,} bytes before refusing"
    assert tree(root) == before

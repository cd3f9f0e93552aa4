"""Writes need the per-server token AND a same-origin request; every request needs a known Host."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from swarmkit.server.app import create_app
from tests.support.git import commit_count
from tests.support.server import BASE, post

ORIGIN = BASE


@pytest.fixture
def snapshot(root):
    """The memory folder's bytes and commit count, to prove a refused write changed nothing."""
    folder = root / ".swarmkit" / "memory"

    def take():
        return commit_count(folder), {p.name: p.read_bytes() for p in folder.glob("*.md")}

    return take


@pytest.fixture
def entry(client):
    return client.get("/memory/inbox").json()["entries"][0]


def body(entry):
    return {"ref": entry["ref"], "expect": entry["digest"], "to": "me"}


@pytest.mark.parametrize(
    "token, headers, code",
    [
        (None, {}, "token_required"),
        ("wrong-token", {}, "token_invalid"),
        ("", {}, "token_required"),
        ("TEST", {"Origin": "https://evil.example"}, "cross_origin"),
        ("TEST", {"Origin": "null"}, "cross_origin"),
        ("TEST", {"Origin": "http://127.0.0.1:9999"}, "cross_origin"),
        ("TEST", {"Sec-Fetch-Site": "cross-site"}, "cross_origin"),
        ("TEST", {"Sec-Fetch-Site": "same-site"}, "cross_origin"),
        ("TEST", {"Origin": ORIGIN, "Sec-Fetch-Site": "cross-site"}, "cross_origin"),
    ],
)
def test_a_refused_write_is_403_json_and_changes_nothing(client, entry, snapshot, token, headers, code):
    from tests.server.seed import TOKEN

    before = snapshot()
    response = post(
        client, "/memory/inbox/keep", body(entry), token=TOKEN if token == "TEST" else token, **headers
    )
    assert response.status_code == 403
    assert response.json()["error"]["code"] == code
    assert snapshot() == before


def test_a_same_origin_request_with_the_token_writes(client, entry, snapshot):
    before = snapshot()
    response = post(
        client, "/memory/inbox/keep", body(entry), Origin=ORIGIN, **{"Sec-Fetch-Site": "same-origin"}
    )
    assert response.status_code == 200, response.text
    assert snapshot()[0] == before[0] + 1


def test_a_client_that_is_not_a_browser_needs_only_the_token(client, entry):
    # No Origin and no Sec-Fetch-Site: curl or a script, which no other site can drive.
    assert (
        post(client, "/memory/inbox/delete", {"ref": entry["ref"], "expect": entry["digest"]}).status_code
        == 200
    )


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8741", "127.0.0.1.evil.example", ""])
def test_an_unknown_host_is_refused_even_for_reads(client, host):
    # DNS rebinding: another site's name pointed at 127.0.0.1 must not read the memory.
    response = client.get("/memory/status", headers={"Host": host})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "bad_host"


@pytest.mark.parametrize("host", ["127.0.0.1:8741", "localhost:8741", "LOCALHOST", "[::1]:8741"])
def test_loopback_hosts_are_served(client, host):
    assert client.get("/memory/status", headers={"Host": host}).status_code == 200


def test_the_page_carries_this_servers_token_and_it_works(root, entry):
    app = create_app(root)  # a token of its own
    with TestClient(app, base_url=BASE) as client:
        page = client.get("/portal/memory").text
        token = re.search(r'<meta name="swarmkit-token" content="([^"]+)">', page).group(1)
        assert token == app.state.config.token and len(token) >= 40
        assert post(client, "/memory/inbox/keep", body(entry), token=token, Origin=ORIGIN).status_code == 200


def test_each_server_has_its_own_token(root):
    assert create_app(root).state.config.token != create_app(root).state.config.token


def test_another_servers_token_is_refused(root, entry):
    other = create_app(root).state.config.token
    with TestClient(create_app(root), base_url=BASE) as client:
        assert (
            post(client, "/memory/inbox/keep", body(entry), token=other).json()["error"]["code"]
            == "token_invalid"
        )


def test_every_response_carries_the_security_headers(client):
    for response in (
        client.get("/portal/memory"),
        client.get("/memory/status"),
        client.get("/nope"),
        post(client, "/memory/inbox/keep", {}, token=None),
    ):
        assert response.headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"

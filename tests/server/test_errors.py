"""Every failure is a JSON error with a stable code and a message; never a traceback page."""

from __future__ import annotations

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from swarmkit.server.app import create_app
from tests.support.server import BASE


def test_an_unknown_path_is_a_json_404(client):
    response = client.get("/memory/nothing")
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {
        "error": {
            "code": "not_found",
            "message": "nothing at /memory/nothing",
            "hint": "GET /openapi.json lists every endpoint",
        }
    }


@pytest.mark.parametrize(
    "method, path", [("DELETE", "/memory/status"), ("GET", "/memory/inbox/keep"), ("PUT", "/runs")]
)
def test_a_wrong_method_is_a_json_405(client, method, path):
    from tests.server.seed import TOKEN

    response = client.request(method, path, headers={"X-Swarmkit-Token": TOKEN})
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_a_bug_is_a_short_json_500_without_a_traceback(root):
    def broken(request):
        raise KeyError("secret internals")

    app = create_app(root)
    app.router.routes.append(Route("/broken", broken))
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as client:
        response = client.get("/broken")
    assert response.status_code == 500
    assert response.json() == {
        "error": {
            "code": "internal",
            "message": "internal error (KeyError); this is a bug in swarmkit",
            "hint": "the server's log has the details; please report it",
        }
    }
    assert "Traceback" not in response.text and "secret internals" not in response.text


def test_the_root_opens_the_memory_page(client):
    response = client.get("/", follow_redirects=False)
    assert response.status_code == 307
    assert response.headers["location"] == "/portal/memory"


def test_static_files_are_served_and_missing_ones_are_json_404(client):
    assert client.get("/static/portal.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/portal.css").headers["content-type"].startswith("text/css")
    assert client.get("/static/missing.js").json()["error"]["code"] == "not_found"
    assert client.get("/favicon.ico").status_code == 204

"""The served OpenAPI document matches the routes, and real responses match its schemas."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator
from starlette.routing import Route

from swarmkit.server.app import API_ROUTES
from tests.server.seed import RUN_ID
from tests.support.server import post


@pytest.fixture
def spec(client):
    response = client.get("/openapi.json")
    assert response.status_code == 200
    return response.json()


def validate(spec: dict, schema: dict, instance) -> None:
    # The document's components are the root the $refs point into.
    Draft202012Validator({**schema, "components": spec["components"]}).validate(instance)


def response_schema(spec: dict, path: str, method: str, status: int) -> dict:
    responses = spec["paths"][path][method]["responses"]
    assert str(status) in responses, f"{method.upper()} {path} does not document {status}"
    return responses[str(status)]["content"]["application/json"]["schema"]


def test_the_document_lists_exactly_the_api_routes(spec):
    assert spec["openapi"] == "3.1.0"
    documented = {(path, method) for path, ops in spec["paths"].items() for method in ops}
    served = {
        (route.path, method.lower())
        for route in API_ROUTES
        if isinstance(route, Route)
        for method in route.methods
        if method != "HEAD"
    }
    assert documented == served


def test_the_schemas_are_valid_json_schema(spec):
    for schema in spec["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def test_every_write_documents_the_token_and_the_403(spec):
    assert spec["components"]["securitySchemes"]["token"] == {
        "type": "apiKey",
        "in": "header",
        "name": "X-Swarmkit-Token",
    }
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            if method == "post":
                assert op["security"] == [{"token": []}], path
                assert "403" in op["responses"], path


CASES = [
    ("get", "/memory/status", "/memory/status", {}, 200),
    ("get", "/memory/entries", "/memory/entries", {}, 200),
    ("get", "/memory/entries", "/memory/entries", {"q": "deploys staging"}, 200),
    ("get", "/memory/entries", "/memory/entries", {"limit": "0"}, 400),
    ("get", "/memory/entries", "/memory/entries", {"file": "missing.md"}, 404),
    ("get", "/memory/inbox", "/memory/inbox", {}, 200),
    ("get", "/runs", "/runs", {}, 200),
    ("get", "/runs/{run_id}", f"/runs/{RUN_ID}", {}, 200),
    ("get", "/runs/{run_id}", "/runs/r-99999999", {}, 404),
    ("get", "/runs/{run_id}", "/runs/nope", {}, 400),
]


@pytest.mark.parametrize("method, template, path, params, status", CASES)
def test_responses_match_their_documented_schema(client, spec, method, template, path, params, status):
    response = client.request(method.upper(), path, params=params)
    assert response.status_code == status
    validate(spec, response_schema(spec, template, method, status), response.json())


@pytest.mark.parametrize("action", ["keep", "pin", "delete"])
def test_write_responses_match_their_documented_schema(client, spec, action):
    entry = client.get("/memory/inbox").json()["entries"][0]
    body = {"ref": entry["ref"], "expect": entry["digest"]}
    path = f"/memory/inbox/{action}"
    request_schema = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    validate(spec, request_schema, body)
    refused = post(client, path, body, token=None)
    validate(spec, response_schema(spec, path, "post", 403), refused.json())
    done = post(client, path, body)
    validate(spec, response_schema(spec, path, "post", 200), done.json())
    stale = post(client, path, body)  # the line is gone or different now
    assert stale.status_code in (400, 409)
    validate(spec, response_schema(spec, path, "post", stale.status_code), stale.json())

"""The served OpenAPI document matches the routes, and real responses match its schemas."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from jsonschema import Draft202012Validator
from starlette.routing import Route

from swarmkit.memory.folder import entry_model
from swarmkit.memory.folder.results import WriteResult
from swarmkit.server.app import API_ROUTES
from tests.server.seed import RUN_ID, TOKEN
from tests.support.server import post

METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture
def spec(client):
    response = client.get("/openapi.json")
    assert response.status_code == 200
    return response.json()


def validate(spec: dict, schema: dict, instance) -> None:
    # The document's components are the root the $refs point into.
    errors = Draft202012Validator({**schema, "components": spec["components"]}).iter_errors(instance)
    assert [f"{error.json_path}: {error.message}" for error in errors] == []


def response_schema(spec: dict, path: str, method: str, status: int) -> dict:
    responses = spec["paths"][path][method]["responses"]
    assert str(status) in responses, f"{method.upper()} {path} does not document {status}"
    return responses[str(status)]["content"]["application/json"]["schema"]


def test_the_document_lists_exactly_the_api_routes(spec):
    assert spec["openapi"] == "3.1.0"
    documented = {
        (path, method) for path, ops in spec["paths"].items() for method in ops if method in METHODS
    }
    served = {
        (re.sub(r"\{(\w+):path\}", r"{\1}", route.path), method.lower())
        for route in API_ROUTES
        if isinstance(route, Route)
        for method in route.methods
        if method != "HEAD"
    }
    assert documented == served


def test_the_schemas_are_valid_json_schema(spec):
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    for name, schema in spec["components"]["schemas"].items():
        assert [error.message for error in meta.iter_errors(schema)] == [], name


def test_every_write_documents_the_token_and_the_403(spec):
    assert spec["components"]["securitySchemes"]["token"] == {
        "type": "apiKey",
        "in": "header",
        "name": "X-Swarmkit-Token",
    }
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            if method in ("post", "put", "delete"):
                assert op["security"] == [{"token": []}], path
                assert "403" in op["responses"], path


def test_every_route_names_its_models_and_the_document_is_generated_from_them(client, spec):
    from pydantic import TypeAdapter

    from swarmkit.server.api_route import ApiRoute

    schemas = spec["components"]["schemas"]
    for route in API_ROUTES:
        assert isinstance(route, ApiRoute), route.path
        path = re.sub(r"\{(\w+):path\}", r"{\1}", route.path)
        for method in route.methods - {"HEAD"}:
            op = spec["paths"][path][method.lower()]
            reply = op["responses"]["200"]["content"]["application/json"]["schema"]
            name = route.response_model.__name__
            assert reply == {"$ref": f"#/components/schemas/{name}"}, path
            # the component has the model's fields, as pydantic names them
            generated = TypeAdapter(route.response_model).json_schema(mode="serialization")
            assert list(schemas[name]["properties"]) == list(generated["properties"]), name
            assert schemas[name].get("required") == generated.get("required"), name
            if route.body_model is not None:
                body = op["requestBody"]["content"]["application/json"]["schema"]
                assert body == {"$ref": f"#/components/schemas/{route.body_model.__name__}"}
            for status, response in op["responses"].items():
                if status != "200":
                    assert response["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/Error"
                    }, (path, status)


def fields_of(schema: dict) -> tuple[list[str], list[str]]:
    return list(schema["properties"]), schema.get("required", [])


def test_the_entry_shapes_are_the_models_every_surface_prints(spec):
    schemas = spec["components"]["schemas"]
    for name in ("EntryView", "SearchHit", "MemoryWrite"):
        generated = entry_model.schema(getattr(entry_model, name))[0]
        assert fields_of(schemas[name]) == fields_of(generated), name
    for name in ("EntryView", "MemoryWrite"):  # each field's docstring is its description
        assert schemas[name]["properties"]["ref"]["description"].startswith("file#digest of the")
    names, _ = fields_of(entry_model.schema(WriteResult)[0])
    assert fields_of(schemas["EntryResult"])[0] == [*names, "warnings"]
    entries = schemas["EntryList"]["properties"]["entries"]["items"]
    assert entries == {
        "anyOf": [{"$ref": "#/components/schemas/SearchHit"}, {"$ref": "#/components/schemas/EntryView"}]
    }
    writes = schemas["Run"]["properties"]["memory_writes"]["items"]
    assert writes == {"$ref": "#/components/schemas/MemoryWrite"}


def test_a_search_hit_and_a_listed_entry_each_match_their_own_schema(client, spec):
    hit = client.get("/memory/entries", params={"q": "deploys staging"}).json()["entries"][0]
    listed = client.get("/memory/entries").json()["entries"][0]
    validate(spec, {"$ref": "#/components/schemas/SearchHit"}, hit)
    validate(spec, {"$ref": "#/components/schemas/EntryView"}, listed)
    with pytest.raises(Exception, match="score"):
        validate(spec, {"$ref": "#/components/schemas/SearchHit"}, listed)


def test_a_run_records_memory_writes_match_their_schema(client, spec):
    from swarmkit.runtime.records import RunRecord

    write = entry_model.MemoryWrite(
        agent="writer", status="written", ref="me.md#3f9a1c2b", text="x", reason=None
    )
    validate(spec, {"$ref": "#/components/schemas/MemoryWrite"}, write.to_dict())
    record = RunRecord.from_json({"id": RUN_ID, "memory_writes": [write.to_dict()]}).to_json()
    validate(spec, {"$ref": "#/components/schemas/MemoryWrite"}, record["memory_writes"][0])


def test_edit_forget_and_history_responses_match_their_documented_schema(client, spec, refs):
    template = "/memory/entries/{ref}"
    headers = {"Content-Type": "application/json", "X-Swarmkit-Token": TOKEN}
    body = {"text": "Deploys go through staging, then canary"}
    request_schema = spec["paths"][template]["put"]["requestBody"]["content"]["application/json"]["schema"]
    validate(spec, request_schema, body)
    edited = client.put(f"/memory/entries/{quote(refs['lesson'], safe='')}", json=body, headers=headers)
    assert edited.status_code == 200, edited.text
    validate(spec, response_schema(spec, template, "put", 200), edited.json())
    ref = quote(edited.json()["ref"], safe="")
    history = client.get(f"/memory/entries/{ref}/history")
    validate(spec, response_schema(spec, template + "/history", "get", 200), history.json())
    for status, response in (
        (200, client.delete(f"/memory/entries/{ref}", headers=headers)),
        (409, client.delete(f"/memory/entries/{ref}", headers=headers)),
        (403, client.delete(f"/memory/entries/{ref}")),
        (400, client.delete("/memory/entries/nope", headers=headers)),
    ):
        assert response.status_code == status, response.text
        validate(spec, response_schema(spec, template, "delete", status), response.json())


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

"""One entry shape on every surface: the CLI's JSON, the MCP server's tools, the HTTP API (and its
OpenAPI document) and run records print the keys of the models in swarmkit/memory/folder/entry_model.py,
so a field added to a model reaches all of them."""

from __future__ import annotations

import json
import warnings
from dataclasses import fields

from swarmkit.memory.folder import entry_model
from swarmkit.memory.store import MemoryStore
from swarmkit.memory_mcp import shapes
from swarmkit.resolver import resolve
from swarmkit.runtime.engine import Run
from swarmkit.runtime.providers.mock import MockProvider
from swarmkit.scaffold import create_workspace

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")

TOLD = "Something to remember about me, for the next time we talk: I live in Berlin."


def keys(model: type) -> list[str]:
    return [f.name for f in fields(model)]


ENTRY = keys(entry_model.EntryView)
HIT = keys(entry_model.SearchHit)


def test_the_models_extend_one_another():
    assert ENTRY[:2] == ["ref", "text"] and HIT[: len(ENTRY)] == ENTRY
    assert keys(entry_model.MemoryWrite)[:2] == ["ref", "text"]


def test_every_surface_prints_an_entry_with_the_models_keys(tmp_path, cli):
    from starlette.testclient import TestClient

    from swarmkit.server.app import create_app

    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    ws = resolve(root).workspace
    store = MemoryStore(ws.memory.folder, ws.id)
    ref = store.remember("Deploys go through staging first", "rule").ref
    store.remember("Our release train leaves every Tuesday", target="inbox", source="import")

    def cli_json(*args: str) -> dict:
        code, out, err = cli("memory", "-w", str(root), *args, "--format", "json")
        assert code == 0, err
        return json.loads(out)

    entries = cli_json("list")["entries"]
    assert all(list(e) == ENTRY for e in entries)
    assert list(cli_json("show", ref)) == ["format_version", *ENTRY]
    assert [list(e) for e in cli_json("inbox")["entries"]] == [ENTRY]
    assert [list(h) for h in cli_json("search", "deploys staging")["results"]] == [HIT]
    assert list(cli_json("show", "lessons.md")["entries"][0]) == ENTRY

    assert all(list(e) == ENTRY for e in shapes.entries(store, None)["entries"])
    assert list(shapes.show(store, ref)) == ENTRY
    reader = ws.memory.search_reader
    assert [list(h) for h in shapes.recall(store, reader, "deploys staging", None, None)["results"]] == [HIT]

    with TestClient(create_app(root, token="t"), base_url="http://127.0.0.1:8741") as client:
        listed = client.get("/memory/entries").json()["entries"]
        found = client.get("/memory/entries", params={"q": "deploys staging"}).json()["entries"]
        inbox = client.get("/memory/inbox").json()["entries"]
        spec = client.get("/openapi.json").json()
    assert all(list(e) == ENTRY for e in listed + inbox) and [list(h) for h in found] == [HIT]
    # the same values too: the CLI's listing is the API's
    assert listed == entries
    schemas = spec["components"]["schemas"]
    assert (
        list(schemas["EntryView"]["properties"]) == ENTRY and list(schemas["SearchHit"]["properties"]) == HIT
    )
    assert list(schemas["MemoryWrite"]["properties"]) == keys(entry_model.MemoryWrite)


def test_a_run_records_memory_writes_in_the_models_shape(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    ws = resolve(root).workspace
    record = Run(ws, ws.topology(None), MockProvider()).execute(TOLD).to_json()
    assert record["memory_writes"], record["memory"]
    for write in record["memory_writes"]:
        assert list(write) == keys(entry_model.MemoryWrite)
    assert [(w["status"], w["text"], w["kind"]) for w in record["memory_writes"]] == [
        ("written", "Lives in Berlin", None)
    ]

"""The bar, driven by a plain JSON-RPC client over stdio (tests/support/jsonrpc.py): an invalid
search_scope in an opened workspace.yaml gets a diagnostic on its line, fixing it in the buffer
clears it, a topology naming a missing skill gets one on that line, and go to definition on a
skill id lands in its file. Diagnostics are validate's own: the same code, message, hint and place."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support.jsonrpc import JsonRpcClient

BAD_SCOPE = "memory:\n  reader:\n    search_scope: everything\n"


@pytest.fixture
def client(team):
    client = JsonRpcClient(cwd=team)
    client.start(team, {"debounce_ms": 0})
    yield client
    assert client.close() == 0


def opened(client: JsonRpcClient, path, text: str) -> str:
    uri = path.as_uri()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
    )
    return uri


def changed(client: JsonRpcClient, uri: str, text: str, version: int = 2) -> None:
    client.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]},
    )


def validate_json(root) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "swarmkit", "validate", str(root), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(done.stdout)["diagnostics"]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n")) if needle in line)


def test_a_bad_search_scope_is_flagged_on_its_line_and_fixing_the_buffer_clears_it(client, team):
    workspace = team / "workspace.yaml"
    on_disk = workspace.read_text()
    text = on_disk + BAD_SCOPE
    uri = opened(client, workspace, text)
    [found] = client.diagnostics(uri)
    row = line_of(text, "search_scope: everything")
    column = text.split("\n")[row].index("everything")
    assert found["range"] == {
        "start": {"line": row, "character": column},
        "end": {"line": row, "character": column + len("everything")},
    }
    assert found["code"] == "schema.enum" and found["severity"] == 1 and found["source"] == "swarmkit"
    assert found["message"] == (
        'memory.reader.search_scope is "everything", which is not one of: user, all, both\n'
        "hint: use one of: user, all, both"
    )
    # what validate says of the same text once it is saved: the same code, message, hint and place
    assert workspace.read_text() == on_disk  # the server never wrote the buffer
    workspace.write_text(text)
    [said] = validate_json(team)
    workspace.write_text(on_disk)
    assert (said["code"], said["line"] - 1, said["column"] - 1) == ("schema.enum", row, column)
    assert found["message"] == f"{said['message']}\nhint: {said['hint']}"

    changed(client, uri, on_disk + BAD_SCOPE.replace("everything", "user"))
    assert client.diagnostics(uri) == []


def test_a_topology_naming_a_missing_skill_is_flagged_on_that_line(client, team):
    topology = team / "topologies" / "main.yaml"
    text = topology.read_text().replace("[summarize]", "[summarise]")
    uri = opened(client, topology, text)
    [found] = client.diagnostics(uri)
    row = line_of(text, "summarise")
    assert found["range"]["start"] == {"line": row, "character": text.split("\n")[row].index("summarise")}
    assert found["code"] == "ref.unknown-skill"
    assert found["message"] == 'unknown skill "summarise"\nhint: did you mean "summarize"?'


def test_go_to_definition_on_a_skill_id_lands_in_its_file(client, team):
    topology = team / "topologies" / "main.yaml"
    text = topology.read_text()
    uri = opened(client, topology, text)
    assert client.diagnostics(uri) == []
    row = line_of(text, "[summarize]")
    column = text.split("\n")[row].index("summarize") + 3
    [target] = client.request(
        "textDocument/definition",
        {"textDocument": {"uri": uri}, "position": {"line": row, "character": column}},
    )
    skill = team / "skills" / "summarize.yaml"
    assert target["uri"] == skill.as_uri()
    skill_text = skill.read_text()
    id_row = line_of(skill_text, "id: summarize")
    start = skill_text.split("\n")[id_row].index("summarize")
    assert target["range"] == {
        "start": {"line": id_row, "character": start},
        "end": {"line": id_row, "character": start + len("summarize")},
    }


def test_the_server_writes_no_file_not_even_the_users_cache(team, tmp_path):
    """validate keeps the bundled skills as parsed in the user's cache; the server reads it but
    writes nothing there, nor in the workspace, while it checks an opened buffer."""
    import os

    cache = tmp_path / "cache"
    before = {p: p.read_bytes() for p in team.rglob("*") if p.is_file()}
    client = JsonRpcClient(cwd=team, env={**os.environ, "XDG_CACHE_HOME": str(cache)})
    client.start(team, {"debounce_ms": 0})
    workspace = team / "workspace.yaml"
    uri = opened(client, workspace, workspace.read_text() + BAD_SCOPE)
    assert [d["code"] for d in client.diagnostics(uri)] == ["schema.enum"]
    assert client.close() == 0
    assert not cache.exists() or not any(cache.rglob("*"))
    assert {p: p.read_bytes() for p in team.rglob("*") if p.is_file()} == before
    # and validate, the same way, does keep it (so the check above can fail)
    subprocess.run(
        [sys.executable, "-m", "swarmkit", "validate", str(team)],
        capture_output=True,
        env={**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
        timeout=120,
    )
    assert any(cache.rglob("*.marshal"))

"""GET /memory/entries: listing (who wrote each, kind, source run) and search as the reader recalls."""

from __future__ import annotations

import pytest

from swarmkit.memory.folder.entries import text_digest
from tests.server.seed import HOSTILE, RUN_ID


def test_listing_shows_who_wrote_each_entry_its_kind_and_source_run(client, refs):
    data = client.get("/memory/entries").json()
    by_ref = {e["ref"]: e for e in data["entries"]}
    assert data["query"] is None and data["truncated"] is False and data["total"] == len(data["entries"])
    me = by_ref[refs["me"]]
    assert (me["text"], me["by"], me["kind"], me["source"], me["run"]) == (
        "Prefers concise answers with bullet points",
        "user",
        "preference",
        None,
        None,
    )
    lesson = by_ref[refs["lesson"]]
    assert (lesson["by"], lesson["kind"], lesson["source"], lesson["run"]) == (
        "agent",
        "rule",
        f"swarmkit://runs/{RUN_ID}",
        RUN_ID,
    )
    assert lesson["metadata"]["added"] == lesson["added"]
    assert len(lesson["digest"]) == 8
    finding = by_ref[refs["finding"]]
    assert (finding["kind"], finding["author"], finding["run"]) == ("finding", "researcher", RUN_ID)
    assert by_ref[refs["hostile"]]["text"] == HOSTILE  # JSON carries text as it is; pages escape it


def test_listing_is_in_file_and_line_order(client):
    entries = client.get("/memory/entries").json()["entries"]
    assert [(e["file"], e["line"]) for e in entries] == sorted((e["file"], e["line"]) for e in entries)


def test_one_file(client, refs):
    data = client.get("/memory/entries", params={"file": "lessons.md"}).json()
    assert [e["ref"] for e in data["entries"]] == [refs["lesson"]]


@pytest.mark.parametrize(
    "name, status, code",
    [
        ("missing.md", 404, "file_not_found"),
        ("../outside.md", 400, "invalid_request"),
        ("notes.txt", 400, "invalid_request"),
        ("me\x00.md", 400, "invalid_request"),  # issue 9: a NUL byte was a 500
        ("me.md\x00", 400, "invalid_request"),
        ("a\nb.md", 400, "invalid_request"),
    ],
)
def test_a_bad_file_is_refused(client, name, status, code):
    response = client.get("/memory/entries", params={"file": name})
    assert response.status_code == status
    assert response.json()["error"]["code"] == code


def test_limit_truncates_a_listing(client):
    data = client.get("/memory/entries", params={"limit": 2}).json()
    assert len(data["entries"]) == 2 and data["truncated"] is True and data["total"] > 2


def test_search_ranks_with_the_readers_settings(client, refs):
    data = client.get("/memory/entries", params={"q": "how do deploys go"}).json()
    assert (data["query"], data["scope"], data["threshold"], data["limit"]) == (
        "how do deploys go",
        "all",
        0.15,
        5,
    )
    assert data["entries"][0]["ref"] == refs["lesson"]
    assert 0 < data["entries"][0]["score"] <= 1
    assert data["entries"][0]["run"] == RUN_ID  # hits carry the entry's metadata too
    assert all(e["unreviewed"] is False for e in data["entries"])
    scores = [e["score"] for e in data["entries"]]
    assert scores == sorted(scores, reverse=True)


def test_search_leaves_out_the_inbox_and_swarms_unless_scoped_there(client, refs):
    found = client.get("/memory/entries", params={"q": "release train Tuesday"}).json()["entries"]
    assert found == []
    swarm = client.get(
        "/memory/entries", params={"q": "lowest latency", "scope": f"swarm:{refs['swarm']}"}
    ).json()
    assert [e["ref"] for e in swarm["entries"]] == [refs["finding"]]


def test_search_scope_user_reads_only_your_file(client, refs):
    data = client.get(
        "/memory/entries", params={"q": "concise answers deploys", "scope": "user", "threshold": 0.1}
    ).json()
    assert [e["ref"] for e in data["entries"]] == [refs["me"]]


def test_search_limit_and_threshold(client):
    everything = client.get(
        "/memory/entries", params={"q": "deploy staging eu-west-1", "threshold": 0.01}
    ).json()
    assert len(everything["entries"]) >= 2
    one = client.get(
        "/memory/entries", params={"q": "deploy staging eu-west-1", "threshold": 0.01, "limit": 1}
    )
    assert len(one.json()["entries"]) == 1
    strict = client.get("/memory/entries", params={"q": "deploy staging eu-west-1", "threshold": 1}).json()
    assert strict["entries"] == []


def test_search_follows_the_reader_config_in_workspace_yaml(client, root):
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  reader: {max_results: 1, similarity_threshold: 0.01, search_scope: user}\n")
    data = client.get("/memory/entries", params={"q": "deploys"}).json()
    assert (data["scope"], data["threshold"], data["limit"]) == ("user", 0.01, 1)


@pytest.mark.parametrize(
    "params, message",
    [
        ({"q": "x", "scope": "everything"}, "unknown scope 'everything'"),
        ({"scope": "user"}, "scope applies to a search"),
        ({"threshold": "0.2"}, "threshold applies to a search"),
        ({"q": "x", "file": "me.md"}, "file applies to listing; a search uses scope"),
        ({"limit": "0"}, "limit must be a whole number from 1 to 10000, not '0'"),
        ({"q": "x", "limit": "many"}, "limit must be a whole number from 1 to 100, not 'many'"),
        ({"q": "x", "threshold": "2"}, "threshold must be a number from 0 to 1, not '2'"),
        ({"query": "x"}, "unknown query parameter 'query'"),
    ],
)
def test_bad_parameters_are_400_with_the_reason(client, params, message):
    response = client.get("/memory/entries", params=params)
    assert response.status_code == 400
    assert response.json()["error"]["message"] == message
    assert response.json()["error"]["code"] == "invalid_request"


def test_a_file_name_with_a_space_is_listed_and_shown_on_the_page(client, root):
    """Issue 9: `my notes.md` broke the status and the portal."""
    folder = root / ".swarmkit" / "memory"
    (folder / "my notes.md").write_text("# My notes\n\n- Lisbon office opens at 9\n")
    assert client.get("/memory/status").json()["counts"]["files"]["my notes.md"] == 1
    entries = client.get("/memory/entries", params={"file": "my notes.md"}).json()["entries"]
    assert [(e["ref"], e["line"]) for e in entries] == [
        (f"my notes.md#{text_digest('Lisbon office opens at 9')}", 3)
    ]
    page = client.get("/portal/memory")
    assert page.status_code == 200 and "Lisbon office opens at 9" in page.text

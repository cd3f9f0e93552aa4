"""GET /memory/timeline and the Timeline page: what was added, replaced and forgotten, from git."""

from __future__ import annotations

from starlette.testclient import TestClient

from swarmkit.memory.store import MemoryStore
from swarmkit.scaffold import create_workspace
from swarmkit.server.app import create_app
from tests.support.server import BASE


def told(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    store = MemoryStore(root / ".swarmkit" / "memory", "demo")
    store.add("I live in Berlin")
    store.add("I live in Munich")  # the same subject: replaces
    helix = store.add("My editor is Helix")
    store.forget(helix.stable_ref)
    MemoryStore(root / ".swarmkit" / "memory", "demo", "ana").add("I live in Oslo")  # Ana's own
    return root


def test_the_timeline_lists_each_change_newest_first_and_counts_them_by_day(tmp_path):
    root = told(tmp_path)
    with TestClient(create_app(root, token="t"), base_url=BASE) as client:
        data = client.get("/memory/timeline").json()
    changes = [(e["change"], e["file"], e["text"], e["old"]) for e in data["events"]]
    assert changes == [
        ("forgotten", "me.md", "My editor is Helix", None),
        ("added", "me.md", "My editor is Helix", None),
        ("replaced", "me.md", "I live in Munich", "I live in Berlin"),
        ("added", "me.md", "I live in Berlin", None),
    ]  # never Ana's file: her changes are hers
    assert [e["origin"] for e in data["events"]] == ["user"] * 4
    (day,) = data["days"]
    assert (day["added"], day["replaced"], day["forgotten"]) == (2, 1, 1)


def test_a_persons_view_and_the_file_filter(tmp_path):
    root = told(tmp_path)
    with TestClient(create_app(root, token="t", user="ana"), base_url=BASE) as client:
        mine = client.get("/memory/timeline").json()["events"]
        assert [(e["change"], e["text"]) for e in mine] == [("added", "I live in Oslo")]
        page = client.get("/portal/timeline")
    assert page.status_code == 200 and 'class="bar added"' in page.text and "I live in Oslo" in page.text
    with TestClient(create_app(root, token="t"), base_url=BASE) as client:
        assert client.get("/memory/timeline", params={"file": "../etc/passwd"}).status_code == 400
        assert client.get("/memory/timeline", params={"file": "users/ana.md"}).status_code == 403
        only = client.get("/memory/timeline", params={"file": "lessons.md"}).json()
        assert (only["file"], only["events"], only["days"]) == ("lessons.md", [], [])
        page = client.get("/portal/timeline").text
    assert "<s>I live in Berlin</s> → I live in Munich" in page
    assert 'class="bar replaced"' in page and "1 replaced" in page
    assert 'aria-label="Entries added, replaced and forgotten per day"' in page


def test_no_memory_folder_yet(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    with TestClient(create_app(root, token="t"), base_url=BASE) as client:
        assert client.get("/memory/timeline").json() == {"file": None, "days": [], "events": []}
        assert "Nothing has changed in memory yet." in client.get("/portal/timeline").text

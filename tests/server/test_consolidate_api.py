"""Consolidation on the server: budgets in GET /memory/status, folded hits in a search, proposals
answered by POST /memory/inbox/accept and /keep-both (one commit each), and the portal's inbox
showing a proposal's evidence with its entries side by side."""

from __future__ import annotations

import html
import re

from swarmkit.memory.actions.consolidate import consolidate
from swarmkit.memory.actions.consolidate.budgets import Budget
from swarmkit.memory.folder.entries import text_digest
from tests.server.conftest import post
from tests.server.gitlog import commit_count, commits
from tests.server.seed import store_for

A = "Prefers dark mode in every editor"
B = "Prefers dark mode in all editors"


def propose(root) -> list[str]:
    store = store_for(root)
    store.remember(A, "preference")
    store.remember(B, "preference")
    return consolidate(store).proposed


def proposal(client) -> dict:
    return next(e for e in client.get("/memory/inbox").json()["entries"] if e["metadata"].get("proposal"))


def test_status_gives_each_files_budget_and_the_warnings(client, root):
    folder = root / ".swarmkit" / "memory"
    lessons = folder / "lessons.md"
    filler = [f"- Build step {i} of job {i * 7} runs on runner r{i}" for i in range(1300)]
    lessons.write_text(lessons.read_text() + "\n".join(filler) + "\n")
    size = lessons.stat().st_size
    data = client.get("/memory/status").json()
    assert data["budgets"]["lessons.md"] == {
        "bytes": size,
        "limit": 65536,
        "share": round(size / 65536, 4),
        "warning": Budget("lessons.md", size, 65536).warning,
    }
    assert data["budgets"]["MEMORY.md"]["limit"] == 4096 and data["budgets"]["MEMORY.md"]["warning"] is None
    assert Budget("lessons.md", size, 65536).warning in data["warnings"]
    page = client.get("/portal/memory").text
    warning = html.escape(Budget("lessons.md", size, 65536).warning, quote=True)
    assert f'<p class="warning" role="note">{warning}</p>' in page
    assert f'<span class="badge budget budget-warn" title="{warning}">{size / 1024:.1f} KB of 64 KB' in page


def test_a_search_says_what_it_folded(client, root):
    store = store_for(root)
    store.remember(A, "preference")
    store.remember(B, "preference")
    entries = client.get("/memory/entries", params={"q": "dark mode editor"}).json()["entries"]
    assert [e["text"] for e in entries] == [B]
    assert entries[0]["folded"] == [f"me.md#{text_digest(A)}"]


def test_accept_merges_in_one_commit(client, root):
    propose(root)
    folder = root / ".swarmkit" / "memory"
    item = proposal(client)
    before = commit_count(folder)
    response = post(client, "/memory/inbox/accept", {"ref": item["ref"], "expect": item["digest"]})
    assert response.status_code == 200, response.text
    result = response.json()
    assert (result["status"], result["text"], result["old"]) == ("accepted", A, B)
    assert commit_count(folder) == before + 1
    assert commits(folder)[0] == f"Consolidate: merge 2 entries into me.md#{text_digest(A)}: {A}"
    texts = [e["text"] for e in client.get("/memory/entries", params={"file": "me.md"}).json()["entries"]]
    assert A in texts and B not in texts


def test_keep_both_and_a_stale_digest(client, root):
    propose(root)
    item = proposal(client)
    stale = post(client, "/memory/inbox/keep-both", {"ref": item["ref"], "expect": "00000000"})
    assert stale.status_code == 409
    assert (
        stale.json()["error"]["message"] == f"{item['ref']} changed since it was listed; nothing was changed"
    )
    response = post(client, "/memory/inbox/keep-both", {"ref": item["ref"], "expect": item["digest"]})
    assert response.status_code == 200 and response.json()["status"] == "kept"
    listed = client.get("/memory/entries", params={"file": "me.md"}).json()["entries"]
    marks = {e["text"]: e["metadata"].get("distinct") for e in listed}
    assert marks[A] == text_digest(B) and marks[B] == text_digest(A)


def test_accept_refuses_an_entry_that_is_no_proposal(client, refs):
    entry = client.get("/memory/inbox").json()["entries"][0]
    response = post(client, "/memory/inbox/accept", {"ref": entry["ref"], "expect": entry["digest"]})
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "not_a_proposal",
        "message": f"{entry['ref']} is not a consolidation proposal; nothing was changed",
        "hint": "keep, pin or delete an inbox entry; accept and keep-both answer proposals",
    } | {k: v for k, v in response.json()["error"].items() if k not in ("code", "message", "hint")}


def test_the_portal_shows_a_proposal_with_its_entries_side_by_side(client, root):
    propose(root)
    item = proposal(client)
    page = client.get("/portal/memory").text
    block = re.search(r'<li class="entry inbox-entry proposal".*?</li>', page, flags=re.S).group(0)
    assert f'data-ref="{item["ref"]}" data-digest="{item["digest"]}"' in block
    assert "Evidence: the same fact in other words (similarity" in block
    cells = re.findall(r'<td class="text">(.*?)</td>', block)
    assert cells == [A, B]
    assert re.findall(r'<span class="badge role-[a-z-]+">(.*?)</span>', block) == ["kept", "merged in"]
    assert 'data-action="accept"' in block and 'data-action="keep-both"' in block
    assert ">Accept: Merge into one</button>" in block and ">Keep both</button>" in block

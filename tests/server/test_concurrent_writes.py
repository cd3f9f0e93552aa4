"""Two inbox actions at once against a real server: each is whole or refused, never half-written."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.server.launch import serving
from tests.support.git import commit_count


def test_two_keeps_at_once(root):
    folder = root / ".swarmkit" / "memory"
    before = commit_count(folder)
    with serving(root) as served:
        entries = httpx.get(served.url + "memory/inbox", timeout=10).json()["entries"]
        assert len(entries) == 2

        def keep(entry):
            return httpx.post(
                served.url + "memory/inbox/keep",
                timeout=30,
                json={"ref": entry["ref"], "expect": entry["digest"], "to": "lessons"},
                headers={"X-Swarmkit-Token": served.token},
            )

        with ThreadPoolExecutor(2) as pool:
            responses = list(pool.map(keep, entries))
    statuses = sorted(r.status_code for r in responses)
    # The second may find its line moved by the first: refused (409), so a person lists again.
    assert statuses in ([200, 200], [200, 409])
    kept = [e["text"] for e, r in zip(entries, responses, strict=True) if r.status_code == 200]
    lessons = (folder / "lessons.md").read_text()
    inbox = (folder / "inbox.md").read_text()
    for entry, response in zip(entries, responses, strict=True):
        in_lessons = lessons.count(entry["text"])
        assert (in_lessons, entry["text"] in inbox) == (
            (1, False) if response.status_code == 200 else (0, True)
        )
    assert commit_count(folder) == before + len(kept)

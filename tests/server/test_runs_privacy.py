"""A view shows its own person's runs only: /runs, /runs/{id} and the Runs pages, over real HTTP.

A run is the person's it ran for (`swarmkit run --user ana`; without --user, the owner's): its input
and its "From memory: …" answer come from that person's file. Another person's run id is a 404 with
the same words as a run that never was, so a view learns nothing of the others.
"""

from __future__ import annotations

import json
import re

import httpx
import pytest

from swarmkit.runtime.records import runs_dir
from tests.server.launch import serving
from tests.server.seed import OLD_RUN_ID, RUN_ID

LEGACY_ID = "r-0000abcd"  # a record written before records named their user: the owner's


@pytest.fixture
def people(root, cli):
    """Run ids by person: ana, bob, Zoë (each told a private fact, then asked it) and the owner."""
    ids = {}
    for user, fact in (
        ("ana", "My therapist is Dr. Weiss on Fridays"),
        ("bob", "My dentist is Dr. Okafor in Leeds"),
        ("Zoë", "My physio is Mr. Brandt on Mondays"),
    ):
        assert cli("memory", "--workspace", str(root), "--user", user, "add", fact)[0] == 0
        code, out, err = cli(
            "run", str(root), "--user", user, "--input", "Who is my " + fact.split()[1] + "?"
        )
        assert code == 0, err
        ids[user] = re.search(r"\b(r-[0-9a-f]{8})\b", out + err)[1]
    legacy = json.loads((runs_dir(root) / f"{RUN_ID}.json").read_text())
    del legacy["user"]
    legacy.update(id=LEGACY_ID, input="An old question", started_at="2026-01-01T00:00:00Z")
    (runs_dir(root) / f"{LEGACY_ID}.json").write_text(json.dumps(legacy))
    return ids


def get(served, path: str) -> httpx.Response:
    return httpx.get(served.url + path.lstrip("/"), timeout=10)


def test_each_view_lists_and_shows_only_its_own_runs(root, people):
    ana, bob, zoe = people["ana"], people["bob"], people["Zoë"]
    with serving(root, "--user", "ana") as served:
        assert "Viewing ana's memory and runs: users/ana.md, never the owner's me.md or anyone else's\n" in (
            served.stdout
        )
        listed = get(served, "/runs").json()
        assert (listed["total"], [r["id"] for r in listed["runs"]]) == (1, [ana])
        own = get(served, f"/runs/{ana}")
        assert own.status_code == 200
        assert own.json()["user"] == "ana" and "Dr. Weiss" in own.json()["output"]
        for other in (bob, zoe, RUN_ID, OLD_RUN_ID, LEGACY_ID, "r-99999999"):
            response = get(served, f"/runs/{other}")
            assert response.status_code == 404, other
            assert response.json()["error"] == {
                "code": "run_not_found",
                "message": f"no run {other} among ana's runs in this workspace",
                "hint": "`swarmkit runs` lists the owner's runs, `swarmkit runs --user NAME` a person's",
            }
        page = get(served, "/portal/runs")
        assert page.status_code == 200 and ana in page.text
        assert not {bob, zoe, RUN_ID, LEGACY_ID} & set(re.findall(r"r-[0-9a-f]{8}", page.text))
        assert get(served, f"/portal/runs/{ana}").status_code == 200
        foreign = get(served, f"/portal/runs/{bob}")
        assert foreign.status_code == 404
        assert f"no run {bob} among ana&#x27;s runs in this workspace" in foreign.text
        assert "Okafor" not in foreign.text and "dentist" not in foreign.text

    with serving(root) as served:  # the owner's view: runs with no user, old records included
        listed = get(served, "/runs").json()
        assert [r["id"] for r in listed["runs"]] == [RUN_ID, OLD_RUN_ID, LEGACY_ID]
        assert get(served, f"/runs/{LEGACY_ID}").status_code == 200
        for other in (ana, bob, zoe):
            assert get(served, f"/runs/{other}").status_code == 404
            assert get(served, f"/portal/runs/{other}").status_code == 404
        page = get(served, "/portal/runs").text
        assert "Weiss" not in page and ana not in page and "Who is my therapist" not in page

    with serving(root, "--user", "Zo") as served:  # Zo is not Zoë
        assert (
            "Viewing Zo's memory and runs: users/zo--yyvvtq2hsinnuq4a.md, never the owner's me.md or anyone else's\n"
            in (served.stdout)
        )
        assert get(served, "/runs").json() == {"total": 0, "runs": [], "warnings": []}
        assert get(served, f"/runs/{zoe}").status_code == 404
        assert "No runs for Zo yet: <code>swarmkit run --user Zo</code> records each of their runs here." in (
            get(served, "/portal/runs").text
        )

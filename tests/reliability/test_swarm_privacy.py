"""Issue 29 (privacy): a swarm folder holds what a person's run put there (its goal, which is their
input, the agents' notes, the run id), so it is that person's, as their file is; other people see
that a swarm exists (a count), never its name (which holds the run id), goal or notes. And the
timeline shows only what its viewer may see: no inbox entry held for another person.

Probes of our own over every surface, for three viewers (the owner, ana, bob), each of whom ran the
same multi-agent topology with a goal and notes only they should see: `memory list/show/status/
search/history`, the API's /memory/entries, /memory/status and /memory/timeline, the portal's Memory
and Timeline pages, the MCP tools (the SDK's own client, in process), and recall."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from swarmkit.cli.main import run as cli_run
from swarmkit.memory.store import MemoryStore
from swarmkit.server.app import create_app
from tests.server.seed import TOKEN
from tests.support.server import BASE

EXAMPLE = Path(__file__).parents[2] / "examples" / "levels" / "04-multi-agent-topologies"
PEOPLE = {None: "OWNER", "ana": "ANA", "bob": "BOB"}  # whose view → the marker of what is theirs
SCRIPT = """\
- when: {{agent: scout-logs, purpose: answer}}
  reply: ""
  tool_calls:
    - name: swarm_note
      arguments: {{kind: finding, text: "{m}NOTE the eu-west pool returned 502s from 14:02"}}
- when: {{agent: scout-metrics, purpose: answer}}
  reply: ""
  tool_calls:
    - name: swarm_note
      arguments: {{kind: question, text: "{m}QUESTION did traffic rise before 14:02?"}}
"""


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def _as(user: str | None) -> list[str]:
    return ["--user", user] if user else []


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """The workspace and, per person, (the marker, the run id, the swarm slug, an inbox ref)."""
    base = tmp_path_factory.mktemp("privacy")
    root = base / "ws"
    shutil.copytree(EXAMPLE, root)
    out = {}
    for user, marker in PEOPLE.items():
        script = base / f"{marker}.yaml"
        script.write_text(SCRIPT.format(m=marker), encoding="utf-8")
        goal = f"{marker}GOAL why did the {marker.lower()} checkout fail at 14:02?"
        code, printed, err = _cli(
            "run", str(root), "--script", str(script), "--input", goal, "--json", *_as(user)
        )
        assert code == 0, err
        record = json.loads(printed)
        assert record["swarm"], record
        # an inbox entry held for this person: an import from their view carries `for:` their file
        notes = base / f"notes-{marker}"
        notes.mkdir()
        (notes / "n.md").write_text(f"- {marker}INBOX the staging box reboots on Sundays\n", encoding="utf-8")
        store = MemoryStore(root / ".swarmkit" / "memory", "multi-agent", user=user)
        assert store.import_folder(notes).imported == 1
        (held,) = [e for e in store.inbox_list() if f"{marker}INBOX" in e.text]
        # the owner's import is the shared inbox's (docs/memory-folder.md); a person's is held for them
        assert bool(held.meta.get("for")) == (user is not None)
        out[user] = {"marker": marker, "run": record["id"], "slug": record["swarm"], "held": user is not None}
    return root, out


def _others(world_data, user):
    return [data for who, data in world_data.items() if who != user]


def _leaks(text: str, others: list[dict]) -> list[str]:
    """What of other people's swarms and inbox shows in a text: markers, run ids, swarm slugs."""
    found = []
    for data in others:
        for what in (data["marker"] + "GOAL", data["marker"] + "NOTE", data["marker"] + "QUESTION"):
            if what in text:
                found.append(what)
        for what in (data["run"], data["run"].removeprefix("r-"), data["slug"]):
            if what in text:
                found.append(what)
        if data["held"] and data["marker"] + "INBOX" in text:
            found.append(data["marker"] + "INBOX")
    return found


@pytest.mark.parametrize("user", list(PEOPLE))
def test_the_cli_shows_a_swarm_to_its_person_only(world, user):
    root, data = world
    mine, others = data[user], _others(data, user)
    seen = []
    for args in (
        ("memory", "list"),
        ("memory", "list", "--json"),
        ("memory", "status"),
        ("memory", "status", "--json"),
        ("memory", "search", "eu-west pool 502s traffic", "--scope", "all"),
        ("memory", "search", "eu-west pool 502s traffic", "--scope", "both", "--inbox", "--json"),
        ("memory", "history", "eu-west pool"),
        ("memory", "history", "NOTE the eu-west pool returned 502s from 14:02", "--json"),
    ):
        code, out, err = _cli(*args, "-w", str(root), *_as(user))
        assert code in (0, 1), err
        seen.append(out + err)
        assert _leaks(out + err, others) == [], args
    listing = seen[0]
    assert f"{mine['marker']}NOTE" in listing and f"{mine['marker']}QUESTION" in listing
    status = json.loads(seen[3])
    assert status["swarms"] == [mine["slug"]] and status["other_swarms"] == len(others)
    assert "Swarms of other people's runs: 2 (shown only to them)" in seen[2]
    assert f"{mine['marker']}NOTE" in seen[6]  # their own note's history
    for other in others:
        for target in (
            f"swarms/{other['slug']}/README.md",
            f"swarms/{other['slug']}/findings.md",
        ):
            for args in (("memory", "show", target), ("memory", "list", target)):
                code, out, err = _cli(*args, "-w", str(root), *_as(user))
                assert code == 1 and out == "", (args, out)
                assert err == (
                    f"error: {target} is in the swarm folder of another person's run, and this view is "
                    f"{user or 'the owner'}'s; nothing was shown or changed\n"
                    "  hint: a run's swarm notes are shown only to the person it ran for: open the "
                    "memory as that person\n"
                )
                assert _leaks(err.replace(other["slug"], ""), others) == []
    code, out, _ = _cli("memory", "show", f"swarms/{mine['slug']}/README.md", "-w", str(root), *_as(user))
    assert code == 0 and f"{mine['marker']}GOAL" in out and mine["run"] in out


@pytest.mark.parametrize("user", list(PEOPLE))
def test_the_api_and_the_portal_show_a_swarm_to_its_person_only(world, user):
    root, data = world
    mine, others = data[user], _others(data, user)
    with TestClient(create_app(root, token=TOKEN, user=user), base_url=BASE) as view:
        pages = {}
        for path, params in (
            ("/memory/status", {}),
            ("/memory/entries", {}),
            ("/memory/entries", {"q": "eu-west pool 502s", "scope": "all"}),
            ("/memory/timeline", {}),
            ("/memory/inbox", {}),
            ("/portal/memory", {}),
            ("/portal/memory", {"q": "eu-west pool 502s"}),
            ("/portal/timeline", {}),
        ):
            response = view.get(path, params=params)
            assert response.status_code == 200, (path, response.text)
            assert _leaks(response.text, others) == [], (path, params)
            pages[path, tuple(params)] = response.text
        for other in others:
            scoped = view.get(
                "/memory/entries", params={"q": "eu-west pool", "scope": f"swarm:{other['slug']}"}
            )
            assert scoped.status_code == 200 and scoped.json()["entries"] == []
            page = view.get("/portal/memory", params={"q": "eu-west pool", "scope": f"swarm:{other['slug']}"})
            assert page.status_code == 200 and _leaks(page.text.replace(other["slug"], ""), others) == []
            assert other["marker"] + "NOTE" not in page.text
            page = view.get("/portal/timeline", params={"file": f"swarms/{other['slug']}/findings.md"})
            assert page.status_code == 403 and other["marker"] not in page.text
            ref = f"swarms/{other['slug']}/findings.md%23L3"
            sent = {"X-Swarmkit-Token": TOKEN, "Content-Type": "application/json"}
            for method, path, params in (
                ("GET", "/memory/entries", {"file": f"swarms/{other['slug']}/findings.md"}),
                ("GET", "/memory/timeline", {"file": f"swarms/{other['slug']}/findings.md"}),
                ("GET", f"/memory/entries/{ref}/history", {}),
                ("PUT", f"/memory/entries/{ref}", {}),
                ("DELETE", f"/memory/entries/{ref}", {}),
            ):
                body = {"text": "mine now"} if method == "PUT" else None
                refused = view.request(method, path, params=params, headers=sent, json=body)
                assert refused.status_code == 403, (method, path, refused.text)
                assert _leaks(refused.text.replace(other["slug"], ""), others) == []
        status = json.loads(pages["/memory/status", ()])
        assert status["swarms"] == [mine["slug"]] and status["counts"]["other_swarms"] == 2
        timeline = pages["/memory/timeline", ()]
        assert f"{mine['marker']}NOTE" in timeline and f"{mine['marker']}INBOX" in timeline
        memory_page = pages["/portal/memory", ()]
        assert f"{mine['marker']}GOAL" in memory_page and mine["run"] in memory_page
        assert "2 of other people&#x27;s runs, shown only to them" in memory_page or (
            "2 of other people's runs, shown only to them" in memory_page
        )


@pytest.mark.parametrize("user", list(PEOPLE))
def test_mcp_tools_and_recall_show_a_swarm_to_its_person_only(world, user):
    pytest.importorskip("mcp")
    from mcp import Client

    from swarmkit.memory_mcp.tools import build_server
    from swarmkit.resolver import resolve

    root, data = world
    mine, others = data[user], _others(data, user)
    ws = resolve(root).workspace
    assert ws is not None
    store = MemoryStore(root / ".swarmkit" / "memory", ws.id, user=user)
    server = build_server(store, ws.memory.search_reader)

    async def session():
        async with Client(server) as client:
            texts = []
            for name, arguments in (
                ("list", {}),
                ("recall", {"query": "eu-west pool 502s traffic", "scope": "all"}),
                ("history", {"entry": "eu-west pool"}),
                ("inbox", {}),
            ):
                result = await client.call_tool(name, arguments)
                texts.append(result.content[0].text)
            refused = []
            for other in others:
                for name, arguments in (
                    ("show", {"ref": f"swarms/{other['slug']}/findings.md"}),
                    ("list", {"file": f"swarms/{other['slug']}/questions.md"}),
                ):
                    result = await client.call_tool(name, arguments)
                    refused.append((result.is_error, result.content[0].text))
            return texts, refused

    texts, refused = asyncio.run(session())
    for text in texts:
        assert _leaks(text, others) == []
    assert f"{mine['marker']}NOTE" in texts[0]
    for is_error, text in refused:
        assert is_error and "another person's run" in text
    for other in others:  # recall in another person's swarm finds nothing; in one's own, the note
        assert store.recall("eu-west pool 502s", search_scope=f"swarm:{other['slug']}") == []
    own = store.recall("eu-west pool 502s", search_scope=f"swarm:{mine['slug']}")
    assert [hit.text for hit in own] == [f"{mine['marker']}NOTE the eu-west pool returned 502s from 14:02"]


def test_a_removed_swarm_stays_its_person_s_in_history(world, tmp_path):
    """`runs rm` removes a run's swarm folder; its notes' history is still judged by the README it
    had, so the removal shows no one else what the folder held."""
    root, data = world
    copy = tmp_path / "ws"
    shutil.copytree(root, copy)
    code, _, err = _cli("runs", "rm", data["ana"]["run"], "-w", str(copy), "--user", "ana")
    assert code == 0, err
    assert not (copy / ".swarmkit" / "memory" / "swarms" / data["ana"]["slug"]).exists()
    for user in (None, "bob"):
        code, out, err = _cli(
            "memory", "history", "ANANOTE the eu-west pool", "--json", "-w", str(copy), *_as(user)
        )
        assert code == 0 and json.loads(out)["changes"] == [], err
        code, out, err = _cli("memory", "list", "-w", str(copy), *_as(user))
        assert "ANANOTE" not in out + err and "ANAGOAL" not in out + err
        with TestClient(create_app(copy, token=TOKEN, user=user), base_url=BASE) as view:
            assert "ANANOTE" not in view.get("/memory/timeline").text
    code, out, _ = _cli("memory", "history", "ANANOTE the eu-west pool", "-w", str(copy), "--user", "ana")
    assert "ANANOTE" in out and "removed" in out


def test_a_swarm_written_before_records_nobody_and_is_the_owner_s(tmp_path):
    """A README without its `For:` line (written before this version) names nobody: the owner's
    view shows it, no named person's does."""
    folder = tmp_path / "memory"
    store = MemoryStore(folder, "old")
    swarm = store.swarm("deploy", "r-0a1b2c3d", goal="OLDGOAL ship it", members=["lead", "scout"])
    assert swarm.note("finding", "OLDNOTE the canary is green", "scout").status == "written"
    readme = folder / "swarms" / swarm.slug / "README.md"
    readme.write_text(
        "".join(line + "\n" for line in readme.read_text().splitlines() if not line.startswith("For: "))
    )
    store.add("Prefers green tea")  # commits the hand edit
    assert any("OLDNOTE" in e.text for e in store.entries())
    ana = MemoryStore(folder, "old", user="ana")
    assert not any("OLDNOTE" in e.text for e in ana.entries())
    assert ana.status()["other_swarms"] == 1 and ana.status()["swarms"] == []

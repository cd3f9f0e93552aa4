"""The portal pages: server-rendered HTML, everything escaped, the configuration read-only."""

from __future__ import annotations

import re

import pytest

from tests.server.seed import HOSTILE, OLD_RUN_ID, RUN_ID

ON = "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars"


def html_of(client, path: str, status: int = 200, **params) -> str:
    response = client.get(path, params=params)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    return response.text


def section(page: str, section_id: str) -> str:
    match = re.search(
        rf'<section id="{section_id}"[^>]*>(.*?)</section>(?=<section id=|<p id="git"|</main>)',
        page,
        flags=re.S,
    )
    assert match, f"no section {section_id}"
    return match.group(1)


def test_the_memory_page_shows_the_sentence_and_the_configuration_read_only(client):
    page = html_of(client, "/portal/memory")
    assert f'<p id="memory-sentence" class="sentence on">{ON}</p>' in page
    config = section(page, "config")
    assert "top 5 entries scoring ≥ 0.15, scope all" in config
    assert "memory-reader (added by swarmkit), memory-writer (added by swarmkit)" in config
    assert "<td>.swarmkit/memory</td>" in config
    assert "<input" not in config and "<form" not in config and "<select" not in config
    assert 'id="memory-off"' not in config


def test_the_off_sentence_after_editing_workspace_yaml(client, root):
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  enabled: false\n")
    page = html_of(client, "/portal/memory")
    assert '<p id="memory-sentence" class="sentence off">Memory: off (memory.enabled: false)</p>' in page
    assert "Agents neither recall from this folder nor write to it while memory is off" in section(
        page, "config"
    )
    assert section(page, "inbox").count('data-action="keep"') == 2  # curating still works


def test_files_show_each_entry_with_who_kind_and_source_run(client, refs):
    files = section(html_of(client, "/portal/memory"), "files")
    assert re.findall(r'data-file="([^"]+)"', files) == [
        "MEMORY.md",
        "me.md",
        "lessons.md",
        "workspaces/demo.md",
    ]
    row = re.search(rf'<tr class="entry" data-ref="{re.escape(refs["lesson"])}">(.*?)</tr>', files).group(1)
    assert '<td class="text">Deploys go through staging first</td>' in row
    assert '<td class="by by-agent">agent</td>' in row and "<td>rule</td>" in row
    assert f'<a href="/portal/runs/{RUN_ID}">{RUN_ID}</a>' in row
    me = re.search(rf'<tr class="entry" data-ref="{re.escape(refs["me"])}">(.*?)</tr>', files).group(1)
    assert '<td class="by by-user">user</td>' in me and "<td>preference</td>" in me
    assert "inbox.md" not in files  # the inbox has its own section


def test_the_inbox_has_keep_pin_and_delete_with_the_ref_and_digest(client):
    inbox = section(html_of(client, "/portal/memory"), "inbox")
    entries = client.get("/memory/inbox").json()["entries"]
    assert "Inbox (2 unreviewed)" in inbox
    for entry in entries:
        # shown by its digest ref; the buttons send its line, guarded by the line's digest
        assert f"<code>{entry['ref']}</code>" in inbox
        assert f'data-ref="{entry["file"]}#L{entry["line"]}" data-digest="{entry["digest"]}"' in inbox
    assert (
        inbox.count('data-action="keep"')
        == inbox.count('data-action="pin"')
        == inbox.count('data-action="delete"')
        == 2
    )
    assert '<option value="me" selected>me.md</option>' in inbox
    assert '<option value="workspace">workspaces/demo.md</option>' in inbox


def test_everything_from_the_folder_is_escaped(client):
    page = html_of(client, "/portal/memory")
    assert HOSTILE not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Staging mirrors production" in page
    assert page.count("<script") == 1  # only the portal's own script tag


def test_a_hostile_search_query_is_escaped(client):
    page = html_of(client, "/portal/memory", q='"><script>alert(1)</script>')
    assert "<script>alert(1)" not in page
    assert 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in page


def test_search_from_the_page(client, refs):
    results = section(html_of(client, "/portal/memory", q="how do deploys go"), "search")
    assert "for “how do deploys go” (top 5, score ≥ 0.15, scope all)" in results
    assert f'data-ref="{refs["lesson"]}"' in results
    bad = section(html_of(client, "/portal/memory", q="x", scope="galaxy"), "search")
    assert "unknown scope &#x27;galaxy&#x27;" in bad


def test_swarm_folders(client, refs):
    swarms = section(html_of(client, "/portal/memory"), "swarms")
    assert f'id="swarm-{refs["swarm"]}"' in swarms
    assert "Find the deploy region" in swarms and "lead, researcher" in swarms
    assert f'<a href="/portal/runs/{RUN_ID}">{RUN_ID}</a>' in swarms
    assert "eu-west-1 has the lowest latency" in swarms and "researcher" in swarms


def test_git_state(client):
    assert re.search(
        r'<p id="git" class="muted">Git: [0-9a-f]{10} \(clean\)</p>', html_of(client, "/portal/memory")
    )


def test_an_invalid_workspace_page_lists_its_problems(client, root):
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  reader:\n    search_scope: <everything>\n")
    page = html_of(client, "/portal/memory", status=409)
    assert 'id="workspace-invalid"' in page
    assert "[schema.enum]" in page and "&lt;everything&gt;" in page
    assert "<everything>" not in page


def test_the_runs_page_lists_runs_newest_first(client):
    page = html_of(client, "/portal/runs")
    assert re.findall(r'<a href="/portal/runs/(r-[0-9a-f]+)">', page) == [RUN_ID, OLD_RUN_ID]
    assert "2026-11-30 10:00:00 UTC" in page and "status-failed" in page
    assert "Demo (demo)" in page  # the header names the workspace


def test_one_run_page(client, refs):
    page = html_of(client, f"/portal/runs/{RUN_ID}")
    assert f"<h1>Run {RUN_ID}</h1>" in page
    assert "<pre>Where do we deploy?</pre>" in page
    for heading in ("Agents", "Decisions", "Recalled memory", "Memory writes", "Model calls"):
        assert f"<h2>{heading}</h2>" in page
    assert '<td data-label="skill">memory-reader</td>' in page
    assert '<td data-label="required">no</td>' in page  # required: false
    assert f'href="/portal/memory#swarm-{refs["swarm"]}"' in page
    failed = html_of(client, f"/portal/runs/{OLD_RUN_ID}")
    assert "&quot;message&quot;: &quot;timed out&quot;" in failed


@pytest.mark.parametrize("run_id, status", [("r-99999999", 404), ("nope", 400)])
def test_a_missing_run_page(client, run_id, status):
    assert "All runs" in html_of(client, f"/portal/runs/{run_id}", status=status)


def test_a_run_record_with_markup_is_escaped(client, root):
    from swarmkit.runtime.records import save_run
    from tests.server.seed import record

    save_run(
        root,
        record(
            "r-0000abcd",
            "2026-12-01T00:00:00Z",
            input="<img src=x onerror=alert(1)>",
            output="</pre><script>x</script>",
        ),
    )
    page = html_of(client, "/portal/runs/r-0000abcd")
    assert "<img src=x" not in page and "</pre><script>" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in html_of(client, "/portal/runs")


def test_a_workspace_without_memory_yet(tmp_path):
    from starlette.testclient import TestClient

    from swarmkit.scaffold import create_workspace
    from swarmkit.server.app import create_app
    from tests.support.server import BASE

    create_workspace(tmp_path / "fresh", "Fresh")
    with TestClient(create_app(tmp_path / "fresh"), base_url=BASE) as client:
        page = html_of(client, "/portal/memory")
    assert "No memory folder yet" in page and "The inbox is empty." in page
    assert "No runs yet" in html_of(TestClient(create_app(tmp_path / "fresh"), base_url=BASE), "/portal/runs")

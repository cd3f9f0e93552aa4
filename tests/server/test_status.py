"""GET /memory/status: the effective configuration (resolved on every request) and the folder's state."""

from __future__ import annotations

from swarmkit.memory_skills import reader_defaults, writer_defaults
from swarmkit.scaffold import create_workspace
from swarmkit.server.app import create_app
from tests.support.git import git, head
from tests.support.server import BASE

ON = "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars"
OFF = "Memory: off (memory.enabled: false)"


def test_status_is_the_effective_configuration_and_the_folder_state(client, root, refs):
    response = client.get("/memory/status")
    assert response.status_code == 200
    data = response.json()
    folder = root / ".swarmkit" / "memory"
    assert data["enabled"] is True
    assert data["sentence"] == ON
    # the effective configuration is every option the schema declares, at its default here
    assert data["config"] == {"reader": reader_defaults(), "writer": writer_defaults()}
    assert data["config"]["reader"] | data["config"]["writer"] == {
        **data["config"]["reader"],
        "max_results": 5,
        "similarity_threshold": 0.15,
        "search_scope": "all",
        "min_output_length": 100,
    }
    assert data["explicit"] == [] and data["auto"] == ["memory-reader", "memory-writer"]
    assert data["folder"] == str(folder.resolve())
    assert data["workspace"] == {"id": "demo", "name": "Demo", "root": str(root.resolve())}
    assert data["counts"] == {
        "files": {
            "MEMORY.md": 0,
            "inbox.md": 2,
            "lessons.md": 1,
            "me.md": 1,
            f"swarms/{refs['swarm']}/README.md": 0,  # goal, members and rules: not entries
            f"swarms/{refs['swarm']}/findings.md": 1,
            "workspaces/demo.md": 2,
        },
        "others": 0,
        "entries": 7,
        "inbox": 2,
        "swarms": 1,
        "other_swarms": 0,
    }
    assert data["swarms"] == [refs["swarm"]]
    assert data["git"] == {
        "versioned": True,
        "head": head(folder),
        "dirty": False,
        "remote": None,
        "state": None,
    }


def test_the_sentence_is_the_one_the_cli_prints(client, root, cli):
    code, out, _ = cli("validate", str(root))
    assert code == 0
    printed = next(line for line in out.splitlines() if line.startswith("Memory:"))
    assert client.get("/memory/status").json()["sentence"] == printed


def test_an_edited_workspace_yaml_shows_on_the_next_request(client, root):
    assert client.get("/memory/status").json()["sentence"] == ON
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  enabled: false\n")
    data = client.get("/memory/status").json()
    assert data["sentence"] == OFF
    assert data["enabled"] is False
    assert data["config"] == {"reader": None, "writer": None}
    assert data["auto"] == []


def test_a_memory_block_shows_with_its_own_numbers(client, root):
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write(
            "memory:\n  reader: {max_results: 3, similarity_threshold: 0.4, search_scope: both}\n"
            "  writer: {min_output_length: 250}\n"
        )
    data = client.get("/memory/status").json()
    assert data["sentence"] == "Memory: on — reader top 3 ≥ 0.4 (scope both), writer ≥ 250 chars"
    assert data["config"]["reader"] == {
        **reader_defaults(),
        "max_results": 3,
        "similarity_threshold": 0.4,
        "search_scope": "both",
    }


def test_hand_edits_make_the_folder_dirty(client, root):
    with open(root / ".swarmkit" / "memory" / "lessons.md", "a", encoding="utf-8") as handle:
        handle.write("- Written by hand\n")
    data = client.get("/memory/status").json()
    assert data["git"]["dirty"] is True
    assert data["counts"]["files"]["lessons.md"] == 2


def test_a_workspace_without_a_memory_folder_yet(tmp_path):
    from starlette.testclient import TestClient

    create_workspace(tmp_path / "fresh", "Fresh")
    with TestClient(create_app(tmp_path / "fresh"), base_url=BASE) as client:
        data = client.get("/memory/status").json()
        assert data["exists"] is False
        assert data["counts"] == {
            "files": {},
            "others": 0,
            "entries": 0,
            "inbox": 0,
            "swarms": 0,
            "other_swarms": 0,
        }
        assert data["git"] == {
            "versioned": False,
            "head": None,
            "dirty": False,
            "remote": None,
            "state": None,
        }
        assert client.get("/memory/entries").json()["entries"] == []
        assert client.get("/memory/inbox").json() == {"entries": []}
        assert not (tmp_path / "fresh" / ".swarmkit" / "memory").exists()  # reading never creates it


def test_an_invalid_workspace_is_a_409_with_the_first_problem(client, root):
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  reader:\n    search_scope: everything\n")
    response = client.get("/memory/status")
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "workspace_invalid"
    assert error["message"].startswith("the workspace is not valid: workspace.yaml:")
    assert "everything" in error["message"]
    assert error["hint"].startswith("run `swarmkit validate ")


def test_a_git_remote_is_shown_without_its_credentials(client, root):
    folder = root / ".swarmkit" / "memory"
    git(folder, "remote", "add", "origin", "https://alice:s3cret@example.invalid/mem.git")
    assert client.get("/memory/status").json()["git"]["remote"] == "https://example.invalid/mem.git"

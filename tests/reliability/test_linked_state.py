"""State folders reached through a symbolic link (issue 18, hostile files): `.swarmkit` itself, a
folder under it, the memory folder's path. Whatever the link points at (a folder elsewhere, `/`,
a file, /dev/zero, nothing, itself), every command that reads or writes state refuses it with one
error, exit 1, and nothing is read or written where it points. Links inside a state folder (a run
record that is a link to a secret file, a FIFO, /dev/zero) are skipped with a warning, or refused
when asked for by name.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from swarmkit.resolver import resolve
from swarmkit.scaffold import create_workspace
from tests.reliability.test_hostile_commands import swarmkit

SECRET = "root:$6$saltsalt$not-a-real-hash:19000:0:99999:7:::\n"


def _make_link(root: Path, where: str, kind: str, tmp_path: Path) -> Path:
    """`root/where` as a link of `kind`; returns the folder a write through it would land in."""
    link = root / where
    link.parent.mkdir(parents=True, exist_ok=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    (tmp_path / "a-file").write_text("a file\n")
    target = {
        "folder elsewhere": str(elsewhere),
        "/": "/",
        "a file": str(tmp_path / "a-file"),
        "/dev/zero": "/dev/zero",
        "dangling": str(tmp_path / "nothing-here"),
        "a loop": link.name,
    }[kind]
    os.symlink(target, link)
    return elsewhere


KINDS = ["folder elsewhere", "/", "a file", "/dev/zero", "dangling", "a loop"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "where", [".swarmkit", ".swarmkit/memory", ".swarmkit/runs", ".swarmkit/conversations"]
)
def test_every_kind_of_linked_state_folder_is_one_diagnostic(tmp_path, where, kind):
    root = tmp_path / "ws"
    create_workspace(root, "Linked")
    _make_link(root, where, kind, tmp_path)
    started = time.process_time()
    resolution = resolve(root)
    assert time.process_time() - started < 3.0
    assert not resolution.valid
    (diagnostic,) = [d for d in resolution.errors]
    assert (diagnostic.code, diagnostic.file) == ("state.linked-folder", where)
    assert diagnostic.message.startswith(f"{where} is a symbolic link (to ")


def test_a_memory_folder_configured_through_a_link_inside_the_workspace_is_refused(tmp_path):
    """storage.memory_folder relative to the workspace, through a linked folder of it: refused; an
    absolute path elsewhere is the user's choice and used as it is."""
    root = tmp_path / "ws"
    create_workspace(root, "Configured")
    text = (root / "workspace.yaml").read_text()
    (root / "workspace.yaml").write_text(text + "storage:\n  memory_folder: notes/memory\n")
    (tmp_path / "elsewhere").mkdir()
    (root / "notes").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (diagnostic,) = resolve(root).errors
    assert (diagnostic.code, diagnostic.file) == ("state.linked-folder", "notes")
    (root / "workspace.yaml").write_text(text + f"storage:\n  memory_folder: {tmp_path / 'elsewhere'}\n")
    assert resolve(root).valid


COMMANDS = {
    "run": ["run", "{ws}", "--input", "I live in Lisbon and I prefer tea over coffee every single morning."],
    "chat": ["chat", "{ws}"],
    "memory add": ["memory", "-w", "{ws}", "add", "I prefer green tea"],
    "memory list": ["memory", "-w", "{ws}", "list"],
    "memory search": ["memory", "-w", "{ws}", "search", "tea"],
    "memory status": ["memory", "-w", "{ws}", "status"],
    "memory show": ["memory", "-w", "{ws}", "show", "me.md"],
    "memory history": ["memory", "-w", "{ws}", "history", "tea"],
    "memory import": ["memory", "-w", "{ws}", "import", "{notes}"],
    "memory sync": ["memory", "-w", "{ws}", "sync"],
    "memory consolidate": ["memory", "-w", "{ws}", "consolidate", "--dry-run"],
    "memory reindex": ["memory", "-w", "{ws}", "reindex"],
    "runs": ["runs", "-w", "{ws}"],
    "runs show": ["runs", "-w", "{ws}", "show", "r-0badc0de"],
    "runs rm": ["runs", "-w", "{ws}", "rm", "r-0badc0de"],
    "conversations": ["conversations", "-w", "{ws}"],
    "conversations show": ["conversations", "-w", "{ws}", "show", "c-0badc0de"],
    "validate": ["validate", "{ws}"],
    "mcp": ["mcp", "{ws}"],
    "serve": ["serve", "{ws}", "--port", "0"],
}


@pytest.fixture(scope="module")
def linked_ws(tmp_path_factory) -> tuple[Path, Path, Path]:
    """A workspace whose .swarmkit links to a folder holding another workspace's state."""
    base = tmp_path_factory.mktemp("linked-state")
    donor = base / "donor"
    create_workspace(donor, "Donor")
    code, _, err = swarmkit("memory", "-w", str(donor), "add", "I prefer black coffee")
    assert code == 0, err
    root = base / "ws"
    create_workspace(root, "Linked")
    (root / ".swarmkit").symlink_to(donor / ".swarmkit", target_is_directory=True)
    notes = base / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("# A\n\n- I like jasmine tea\n")
    return root, donor / ".swarmkit", notes


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_state_command_refuses_a_linked_state_folder(linked_ws, name):
    root, target, notes = linked_ws
    before = _tree(target)
    args = [a.format(ws=root, notes=notes) for a in COMMANDS[name]]
    code, out, err = swarmkit(*args)
    assert code == 1, (name, out, err)
    if name == "validate":
        assert out.startswith(
            f"{root}/.swarmkit: error[state.linked-folder] .swarmkit is a symbolic link (to {target}): "
            "swarmkit keeps its state"
        ), out
    else:
        assert err.startswith(
            f"error: {root}/.swarmkit is a symbolic link (to {target}): swarmkit keeps its state"
        ), (name, err)
    assert _tree(target) == before  # nothing written (memory, runs, index, git) where it points


def _ws_with_runs(tmp_path: Path) -> tuple[Path, str]:
    root = tmp_path / "ws"
    create_workspace(root, "Runs")
    code, _, err = swarmkit(
        "run", str(root), "--input", "I live in Lisbon and I prefer tea over coffee every single morning."
    )
    assert code == 0, err
    (run_id,) = [p.stem for p in (root / ".swarmkit" / "runs").iterdir()]
    return root, run_id


def test_reading_runs_and_conversations_through_a_linked_folder_is_refused(tmp_path):
    from swarmkit.errors import Conflict
    from swarmkit.runtime.conversations import list_conversations, load_conversation
    from swarmkit.runtime.records import list_runs, load_run, remove_run_record

    root, run_id = _ws_with_runs(tmp_path)
    state = root / ".swarmkit"
    elsewhere = tmp_path / "elsewhere"
    (state / "runs").rename(elsewhere)
    (state / "runs").symlink_to(elsewhere, target_is_directory=True)
    (state / "conversations").symlink_to(elsewhere, target_is_directory=True)
    for read in (
        lambda: list_runs(root),
        lambda: load_run(root, run_id),
        lambda: remove_run_record(root, run_id),
        lambda: list_conversations(root),
        lambda: load_conversation(root, "c-0badc0de"),
    ):
        with pytest.raises(Conflict) as refused:
            read()
        assert refused.value.code == "state_folder_linked"
        assert " is a symbolic link (to " in refused.value.message
    assert (elsewhere / f"{run_id}.json").is_file()  # rm through the link deleted nothing


def _hostile_entries(folder: Path, prefix: str, tmp_path: Path) -> None:
    """A link to a secret file, a FIFO, a link to /dev/zero, a file over the cap (sparse), bad JSON."""
    secret = tmp_path / "shadow"
    secret.write_text(SECRET)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{prefix}-5ec12e70.json").symlink_to(secret)
    os.mkfifo(folder / f"{prefix}-00f1f0f0.json")
    (folder / f"{prefix}-0000ee00.json").symlink_to("/dev/zero")
    with open(folder / f"{prefix}-0b16b16b.json", "wb") as handle:
        handle.truncate(64 * 1024 * 1024)
    (folder / f"{prefix}-0bad0bad.json").write_bytes(b"{\xff\xfe not json")
    (folder / f"{prefix}-00de3900.json").write_text("[" * 100_000 + "]" * 100_000)


def test_links_fifos_and_huge_files_in_the_runs_folder_are_skipped_with_a_warning(tmp_path):
    root, run_id = _ws_with_runs(tmp_path)
    _hostile_entries(root / ".swarmkit" / "runs", "r", tmp_path)
    code, out, err = swarmkit("runs", "-w", str(root))
    assert code == 0
    assert out.startswith(run_id)
    assert (
        "warning: .swarmkit/runs/r-5ec12e70.json is skipped: it is a symbolic link, not a regular file\n"
        in err
    )
    assert (
        "warning: .swarmkit/runs/r-00f1f0f0.json is skipped: it is a FIFO (named pipe), not a regular file\n"
        in err
    )
    assert (
        "warning: .swarmkit/runs/r-0000ee00.json is skipped: it is a symbolic link, not a regular file\n"
        in err
    )
    assert (
        "warning: .swarmkit/runs/r-0b16b16b.json is skipped: it is 67,108,864 bytes, over the limit of "
        "8,388,608 bytes\n" in err
    )
    assert "warning: .swarmkit/runs/r-0bad0bad.json is skipped: it is not UTF-8 (byte 1)\n" in err
    assert "warning: .swarmkit/runs/r-00de3900.json is skipped: it is nested too deeply\n" in err
    assert "root:" not in out + err
    code, _, err = swarmkit("runs", "-w", str(root), "show", "r-5ec12e70")
    assert code == 1
    assert err.startswith(
        "error: the record of run r-5ec12e70 cannot be read: it is a symbolic link, not a regular file\n"
    )
    code, _, err = swarmkit("runs", "-w", str(root), "show", "r-0000ee00")
    assert code == 1 and "root:" not in err


def test_links_and_fifos_in_the_conversations_folder_are_skipped_with_a_warning(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Talk")
    code, _, err = swarmkit("chat", str(root), stdin=b"I live in Lisbon\n")
    assert code == 0, err
    _hostile_entries(root / ".swarmkit" / "conversations", "c", tmp_path)
    code, out, err = swarmkit("conversations", "-w", str(root))
    assert code == 0
    assert out.startswith("c-") and len(out.splitlines()) == 1
    assert (
        "warning: .swarmkit/conversations/c-5ec12e70.json is skipped: it is a symbolic link, not a regular file\n"
        in err
    )
    assert (
        "warning: .swarmkit/conversations/c-00f1f0f0.json is skipped: it is a FIFO (named pipe), not a regular "
        "file\n" in err
    )
    code, _, err = swarmkit("conversations", "-w", str(root), "show", "c-5ec12e70")
    assert code == 1
    assert err.startswith(
        "error: the conversation c-5ec12e70 cannot be read: it is a symbolic link, not a regular file\n"
    )


def test_the_api_and_portal_refuse_a_linked_runs_folder_and_skip_linked_records(tmp_path):
    from starlette.testclient import TestClient

    from swarmkit.server.app import create_app

    root, run_id = _ws_with_runs(tmp_path)
    _hostile_entries(root / ".swarmkit" / "runs", "r", tmp_path)
    with TestClient(create_app(root, token="t" * 32), base_url="http://127.0.0.1:8741") as client:
        with pytest.warns(UserWarning):
            data = client.get("/runs").json()
        assert [r["id"] for r in data["runs"]] == [run_id]
        assert (
            ".swarmkit/runs/r-5ec12e70.json is skipped: it is a symbolic link, not a regular file"
            in data["warnings"]
        )
        response = client.get("/runs/r-5ec12e70")
        assert response.status_code == 409 and response.json()["error"]["code"] == "run_unreadable"
        assert "root:" not in response.text
        runs = root / ".swarmkit" / "runs"
        moved = tmp_path / "moved-runs"
        runs.rename(moved)
        runs.symlink_to(moved, target_is_directory=True)
        for path in ("/runs", f"/runs/{run_id}"):
            response = client.get(path)
            assert response.status_code == 409, path
            assert response.json()["error"]["code"] == "state_folder_linked"
        for page in ("/portal/runs", f"/portal/runs/{run_id}", "/portal/memory"):
            response = client.get(page)
            assert response.status_code == 409, (page, response.status_code)
            assert "is a symbolic link" in response.text
        assert json.loads((moved / f"{run_id}.json").read_text())["id"] == run_id


@pytest.mark.parametrize("where", [".git/config", ".gitattributes", ".git/HEAD", ".git/index", "branch ref"])
def test_a_fifo_or_dev_zero_where_git_reads_never_blocks_a_command(tmp_path, where):
    """git reads these on every command: a FIFO blocked it forever, a ref linked to /dev/zero never
    ended. Now git is not run; reading commands answer, writing ones refuse and lose nothing."""
    root = tmp_path / "ws"
    create_workspace(root, "Git files")
    code, _, err = swarmkit("memory", "-w", str(root), "add", "I prefer green tea")
    assert code == 0, err
    folder = root / ".swarmkit" / "memory"
    before = (folder / "me.md").read_bytes()
    if where == "branch ref":
        (ref,) = (folder / ".git" / "refs" / "heads").iterdir()
        ref.unlink()
        ref.symlink_to("/dev/zero")
        shown = ref
    else:
        (folder / where).unlink()
        os.mkfifo(folder / where)
        shown = folder / where
    code, out, _ = swarmkit("memory", "-w", str(root), "list")
    assert code == 0 and "I prefer green tea" in out
    code, _, err = swarmkit("memory", "-w", str(root), "add", "I like window seats")
    assert code == 1
    assert f"was not run in the memory folder {folder}: {shown} is " in err, err
    assert "git would wait on it forever; nothing was written\n" in err
    assert (folder / "me.md").read_bytes() == before
    code, _, err = swarmkit("memory", "-w", str(root), "status")
    assert code in (0, 1)
    code, _, err = swarmkit(
        "run", str(root), "--input", "I live in Lisbon and I prefer tea over coffee every single morning."
    )
    assert code == 0 and "git would wait on it forever" in err
    assert (folder / "me.md").read_bytes() == before

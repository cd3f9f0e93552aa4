"""`swarmkit memory ...`: output, --json, and the exact text of every error a user can hit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from swarmkit.memory.folder.entries import text_digest
from tests.support.git import git


@pytest.fixture
def ws(workspace):
    return workspace()  # tmp_path/ws, cwd = tmp_path, id "demo"


def mem(cli, ws, *args):
    return cli("memory", "--workspace", str(ws), *args)


def folder_of(ws) -> Path:
    return Path(ws).resolve() / ".swarmkit" / "memory"


def a_run(ws, run_id: str) -> str:
    """A run record, so that feedback can name a run that happened in the workspace."""
    from swarmkit.runtime.records import RunRecord, save_run

    save_run(Path(ws), RunRecord(run_id, status="ok", started_at="2026-11-30T09:00:00Z"))
    return run_id


def feedback(cli, ws, run_id: str = "r-00000001", reason: str = "Something was wrong"):
    return mem(cli, ws, "feedback", a_run(ws, run_id), "--reason", reason)


def test_status_before_and_after_the_first_write(cli, ws):
    code, out, err = mem(cli, ws, "status")
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars",
        f"Folder: {folder_of(ws)}",
        "No memory folder yet: it is created on the first write.",
    ]
    assert not folder_of(ws).exists()
    feedback(cli, ws, "r-1a2b3c4d", "It used the old deploy API")
    code, out, _ = mem(cli, ws, "status", "--json")
    info = json.loads(out)
    assert code == 0 and info["exists"] and info["files"]["workspaces/demo.md"] == 2 and info["git"]
    assert info["format_version"] == 1
    mem(cli, ws, "add", "Prefers tabs", "--to", "me")
    listed = mem(cli, ws, "status")[1].splitlines()
    me, ws_file = (os.path.getsize(folder_of(ws) / rel) for rel in ("me.md", "workspaces/demo.md"))
    assert f"  {'me.md':<40} {1:>6} entry    {me} bytes of 64 KB (0%)" in listed
    assert f"  {'workspaces/demo.md':<40} {2:>6} entries  {ws_file} bytes of 64 KB (0%)" in listed


def test_read_commands_on_a_missing_folder(cli, ws):
    # nothing kept yet: `list` lists nothing (runs that kept nothing are no failure), and says why
    why = (
        f"there is no memory folder at {folder_of(ws)} yet: it is created on the first write (a run "
        "that remembers something, or `swarmkit memory import PATH`)\n"
    )
    assert mem(cli, ws, "list") == (0, "No entries.\n", why)
    code, out, _ = mem(cli, ws, "list", "--json")
    assert code == 0 and json.loads(out)["entries"] == []
    assert mem(cli, ws, "list", "me.md")[0] == 0
    for args in (
        ["search", "x"],
        ["inbox"],
        ["show", "me.md#L3"],
        ["history", "x"],
        ["reindex"],
        ["forget", "me.md#L3"],
    ):
        code, out, err = mem(cli, ws, *args)
        assert code == 1, args
        assert err == (
            f"error: there is no memory folder at {folder_of(ws)} yet\n"
            "  hint: it is created on the first write (a run that remembers something, or "
            "`swarmkit memory import PATH`)\n"
        ), args
    assert not folder_of(ws).exists()


def test_feedback_list_search_show_forget(cli, ws):
    code, out, _ = feedback(cli, ws, "r-1a2b3c4d", "It used the old deploy API")
    ref = "workspaces/demo.md#" + text_digest("It used the old deploy API")
    assert code == 0 and out.startswith(f"written {ref}: It used the old deploy API (commit ")
    code, out, _ = feedback(cli, ws, "r-1a2b3c4d", "It used the old deploy API")
    assert out == f"reinforced {ref}: It used the old deploy API (already there; nothing written)\n"
    code, out, _ = mem(cli, ws, "list")
    assert f"{ref}  [user (correction)] It used the old deploy API" in out
    code, out, _ = mem(cli, ws, "search", "old deploy api")
    assert out == f"1.00  {ref}  It used the old deploy API\n"
    code, out, _ = mem(cli, ws, "search", "deploy api", "--json")
    hits = json.loads(out)["results"]
    assert hits[0]["ref"] == hits[0]["stable_ref"] == ref and hits[0]["score"] == 1.0
    code, out, _ = mem(cli, ws, "search", "nothing like it")
    assert out == "No entries match.\n"
    code, out, _ = mem(cli, ws, "show", "workspaces/demo.md#L4", "--json")
    shown = json.loads(out)
    assert shown["metadata"]["origin"] == "feedback" and len(shown["digest"]) == 8
    code, out, _ = mem(cli, ws, "show", "workspaces/demo.md")
    assert out.startswith("# Workspace demo\n")
    code, out, _ = mem(cli, ws, "forget", ref)
    assert code == 0 and out.startswith(f"forgotten {ref}: It used the old deploy API (commit ")


@pytest.mark.parametrize(
    "ref, message",
    [
        (
            "nonsense",
            "error: 'nonsense' is not a memory ref\n  hint: a ref names a file in the memory folder and an "
            "entry, like me.md#3f9a1c2b (its digest) or me.md#L3 (its line); `swarmkit memory list` shows "
            "every entry with its ref\n",
        ),
        (
            "me.md#L40",
            "error: me.md#L40: me.md has only 1 line\n  hint: `swarmkit memory list` shows every entry with its ref\n",
        ),
        (
            "ghost.md#L1",
            "error: ghost.md is not in the memory folder {folder}\n  hint: `swarmkit memory list` shows "
            "every entry with its ref\n",
        ),
    ],
)
def test_bad_refs(cli, ws, ref, message):
    feedback(cli, ws)
    for command in ("show", "forget"):
        code, out, err = mem(cli, ws, command, ref)
        assert code == 1 and out == ""
        assert err == message.format(folder=folder_of(ws))


def test_import_inbox_keep_pin_delete(cli, ws, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("- Prefers dark mode\n- Release on Tuesdays\n- Pager rotates weekly\n")
    code, out, err = mem(cli, ws, "import", str(notes))
    assert code == 0 and err == ""  # not a terminal: no progress bar
    assert out.startswith("Imported 3, duplicates 0, skipped 0; commit ")
    code, out, _ = mem(cli, ws, "import", str(notes), "--json")
    assert json.loads(out)["duplicates"] == 3 and json.loads(out)["commit"] is None
    code, out, _ = mem(cli, ws, "inbox", "--json")
    items = json.loads(out)["entries"]
    assert [i["text"] for i in items] == ["Prefers dark mode", "Release on Tuesdays", "Pager rotates weekly"]
    first, second, third = items
    code, out, _ = mem(cli, ws, "keep", first["ref"], "--to", "me", "--expect", first["digest"])
    assert code == 0 and out.startswith(
        f"kept me.md#{text_digest('Prefers dark mode')}: Prefers dark mode (commit "
    )
    # the lines below moved up, and the ref listed before still names the entry (its digest)
    code, out, _ = mem(cli, ws, "pin", second["ref"], "--expect", second["digest"])
    assert code == 0 and out.startswith(
        f"pinned MEMORY.md#{text_digest('Release on Tuesdays')}: Release on Tuesdays"
    )
    code, out, _ = mem(cli, ws, "inbox")
    assert "Pager rotates weekly" in out
    code, out, _ = mem(cli, ws, "delete", json.loads(mem(cli, ws, "inbox", "--json")[1])["entries"][0]["ref"])
    assert code == 0 and out.startswith(f"deleted {third['ref']}: Pager rotates weekly (commit ")
    assert mem(cli, ws, "inbox")[1] == "The inbox is empty.\n"


def test_import_takes_a_path_relative_to_where_it_runs(cli, ws, tmp_path):
    (tmp_path / "notes").mkdir()  # cwd = tmp_path
    (tmp_path / "notes" / "a.md").write_text("- Prefers dark mode\n")
    code, out, err = mem(cli, ws, "import", "notes")
    assert code == 0 and out.startswith("Imported 1, duplicates 0, skipped 0; commit "), err
    code, out, err = mem(cli, ws, "import", "missing")
    assert (code, out) == (1, "")
    assert (
        err
        == f"error: {tmp_path / 'missing'} does not exist\n  hint: check the path; import reads an existing folder of .md files\n"
    )


def test_history(cli, ws):
    feedback(cli, ws)
    code, out, _ = mem(cli, ws, "history", "feedback:", "--json")
    items = json.loads(out)["changes"]
    assert len(items) == 1 and items[0]["origin"] == "feedback" and items[0]["run"] == "r-00000001"
    assert mem(cli, ws, "history", "nothing-here")[1] == (
        "No history for nothing-here: no entry, now or before, has it as its ref, subject or part of its text.\n"
    )


def test_sync_without_a_remote(cli, ws):
    feedback(cli, ws)
    code, out, err = mem(cli, ws, "sync")
    assert code == 1 and err == (
        "error: the memory folder has no remote to sync with\n"
        "  hint: swarmkit memory sync --remote URL (a git URL or the path of a bare repository)\n"
    )


def test_reindex(cli, ws):
    feedback(cli, ws)
    assert mem(cli, ws, "reindex") == (0, "Indexed 1 entry.\n", "")


def test_an_invalid_workspace(cli, workspace):
    ws = workspace({"workspace.yaml": "apiVersion: swarmkit/v1\nkind: Workspace\nmetadata: {id: Bad Id}\n"})
    code, out, err = mem(cli, ws, "status")
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith("ws/workspace.yaml:") and "error[" in lines[0]
    assert lines[-2:] == [
        f"error: the workspace at {ws} is not valid; its memory folder is unknown",
        f"  hint: run `swarmkit validate {ws}` to see every problem",
    ]
    assert "Traceback" not in err


def test_no_workspace_here(cli, tmp_path):
    code, out, err = cli("memory", "--workspace", str(tmp_path / "nowhere"), "status")
    assert code == 1 and out == ""
    assert err.splitlines()[-2:] == [
        f"error: there is no workspace at {tmp_path / 'nowhere'}",
        "  hint: pass a folder with workspace.yaml, or create one with `swarmkit init PATH`",
    ]


def test_a_busy_folder(cli, ws):
    feedback(cli, ws)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys, time\nfrom swarmkit.memory.store import MemoryStore\n"
                f"s = MemoryStore({str(folder_of(ws))!r}, 'demo')\n"
                "with s.lock:\n    print('locked', flush=True)\n    time.sleep(10)\n"
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        code, out, err = cli(
            "memory", "--workspace", str(ws), "--lock-timeout", "0.2", "forget", "workspaces/demo.md#L4"
        )
        assert code == 1
        assert err == (
            f"error: the memory folder is busy: another swarmkit process (pid {holder.pid}) is writing to it\n"
            "  hint: retry in a moment: the lock is released as soon as that process ends, even if it "
            f"is killed ({folder_of(ws) / '.index' / 'write.lock'})\n"
        )
    finally:
        holder.kill()
        holder.wait()


def test_no_git_warning_on_the_cli(ws, tmp_path):
    env = {"PATH": str(Path(sys.executable).parent), "HOME": str(tmp_path)}
    env |= {k: v for k, v in os.environ.items() if k == "SYSTEMROOT"}  # Windows' Python needs it
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "swarmkit",
            "memory",
            "--workspace",
            str(ws),
            "feedback",
            a_run(ws, "r-00000001"),
            "--reason",
            "Written without git",
        ],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert (
        proc.stdout
        == f"written workspaces/demo.md#{text_digest('Written without git')}: Written without git\n"
    )
    assert proc.stderr == (
        "warning: git is not installed: memory files are written, but nothing is versioned "
        "(install git to keep a history)\n"
    )


def test_validate_does_not_import_the_memory_store(ws):
    code = (
        "import sys\nfrom swarmkit.cli.main import run\nrun(['validate', %r])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('swarmkit.memory.', 'swarmkit.resolver.memory')) or m == 'swarmkit.cli.memory'))"
    )
    proc = subprocess.run([sys.executable, "-c", code % str(ws)], capture_output=True, text=True)
    # semantic: which recall is in force, for the memory line (it looks for packages, imports none),
    # as the person chose it (embedding_settings: the environment, their settings file) and where a
    # fetched model lives (model_cache: a path, nothing read); recall's package loads its steps on
    # first use, so naming semantic.py loads no index
    assert proc.stdout.strip().splitlines()[-1] == (
        "['swarmkit.memory.recall', 'swarmkit.memory.recall.embedding_settings', "
        "'swarmkit.memory.recall.model_cache', 'swarmkit.memory.recall.semantic', "
        "'swarmkit.resolver.memory_config', "
        "'swarmkit.resolver.memory_defaults']"
    )


def test_import_shows_a_progress_bar_only_on_a_terminal(ws, tmp_path):
    import os
    import pty

    notes = tmp_path / "notes"
    notes.mkdir()
    for n in range(3):
        (notes / f"n{n}.md").write_text(f"- Terminal note {n}\n")
    args = [sys.executable, "-m", "swarmkit", "memory", "--workspace", str(ws), "import", str(notes)]
    primary, secondary = pty.openpty()
    try:
        proc = subprocess.run(
            args, stdout=subprocess.PIPE, stderr=secondary, text=True, cwd=tmp_path, timeout=60
        )
        os.close(secondary)
        shown = b""
        while True:
            try:
                chunk = os.read(primary, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(primary)
    assert proc.returncode == 0 and proc.stdout.startswith("Imported 3, duplicates 0, skipped 0; commit ")
    assert b"Importing" in shown and b"100%" in shown


# ---- issue 9, point 7: smaller defects, each with its test ---------------------------------------


def test_a_file_name_with_a_space_is_listed_and_shown(cli, ws):
    feedback(cli, ws)
    (folder_of(ws) / "my notes.md").write_text("# My notes\n\n- Lisbon office opens at 9\n")
    code, out, err = mem(cli, ws, "status")
    assert code == 0 and "my notes.md" in out and err == ""
    code, out, _ = mem(cli, ws, "list")
    listed = next(line for line in out.splitlines() if "Lisbon" in line)
    ref = listed.split("  ")[0].strip()
    assert ref.startswith("my notes.md#") and listed.endswith("Lisbon office opens at 9")
    assert "Lisbon office opens at 9" in mem(cli, ws, "show", "my notes.md#L3")[1]
    assert "Lisbon office opens at 9" in mem(cli, ws, "show", ref)[1]
    assert mem(cli, ws, "forget", ref)[0] == 0
    assert "Lisbon" not in (folder_of(ws) / "my notes.md").read_text()


def test_reindex_with_index_being_a_file_is_a_clear_error(cli, ws):
    feedback(cli, ws)
    index = folder_of(ws) / ".index"
    import shutil

    shutil.rmtree(index)
    index.write_text("not a folder\n")
    code, out, err = mem(cli, ws, "reindex")
    assert code == 1 and out == "" and "Traceback" not in err
    assert err.startswith(f"error: could not rebuild the recall index in {index}: ")
    assert "hint: the folder and its .index/ must be writable folders (remove a file named .index)" in err
    assert mem(cli, ws, "search", "wrong")[0] == 0  # recall still works, from the files


def test_reindex_in_a_read_only_folder_is_a_clear_error(cli, ws):
    import os
    import shutil

    feedback(cli, ws)
    folder = folder_of(ws)
    locked = [folder, folder / ".index"]
    if os.geteuid() == 0:  # root writes through permissions: make the folders immutable instead
        if (
            shutil.which("chattr") is None
            or subprocess.run(["chattr", "+i", *map(str, locked)], capture_output=True).returncode != 0
        ):
            pytest.skip("running as root, and chattr +i is not available to make a folder read-only")
        undo = ["chattr", "-i", *map(str, locked)]
    else:
        for path in locked:
            os.chmod(path, 0o555)
        undo = ["chmod", "755", *map(str, locked)]
    try:
        code, out, err = mem(cli, ws, "reindex")
    finally:
        subprocess.run(undo, check=True)
    assert code == 1 and out == "" and "Traceback" not in err
    assert err.startswith(f"error: could not rebuild the recall index in {folder / '.index'}: ")


def test_any_script_makes_a_user_file(cli, ws):
    code, out, err = cli("memory", "--workspace", str(ws), "--user", "李", "status", "--json")
    # not a plain ASCII name: a readable part kept in its own script, and the id's hash
    assert code == 0 and json.loads(out)["user_file"] == "users/李--yftgpstyhgqbdjki.md"
    zoe = json.loads(cli("memory", "--workspace", str(ws), "--user", "Zoë", "status", "--json")[1])[
        "user_file"
    ]
    zo = json.loads(cli("memory", "--workspace", str(ws), "--user", "Zo", "status", "--json")[1])["user_file"]
    assert (zoe, zo) == ("users/zoë--y2qsngcyf7aratvc.md", "users/zo--yyvvtq2hsinnuq4a.md")
    code, _, err = cli("memory", "--workspace", str(ws), "--user", "!!!", "status")
    assert (
        code == 1
        and err
        == "error: user name '!!!' has no letters or digits\n  hint: use a name such as --user alice\n"
    )


def test_status_says_why_writes_are_refused(cli, ws):
    feedback(cli, ws)
    git(folder_of(ws), "checkout", "-q", "--detach")
    head = git(folder_of(ws), "rev-parse", "HEAD").strip()
    code, out, _ = mem(cli, ws, "status")
    assert (
        code == 0
        and out.splitlines()[-1] == f"Writes are refused: HEAD is not on a branch (detached at {head[:10]})"
    )
    code, _, err = feedback(cli, ws, "r-00000002", "Another thing was wrong")
    assert code == 1 and err == (
        f"error: the memory folder {folder_of(ws)} cannot be written: HEAD is not on a "
        f"branch (detached at {head[:10]}); nothing was written\n"
        "  hint: in that folder, check out the branch first (git switch main), then retry: "
        "a commit here would be lost\n"
    )


def test_search_says_when_it_shows_the_closest_entries(cli, ws):
    from tests.memory.recall.test_recall import ABOUT_EVERYTHING, MANY_THINGS

    for text in MANY_THINGS:
        assert mem(cli, ws, "add", text, "-q")[0] == 0
    question = ABOUT_EVERYTHING
    code, out, _ = mem(cli, ws, "search", question)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "No entry scores 0.15 or more; the closest:"
    assert len(lines) == 6 and all(line.startswith("0.12  ") for line in lines[1:])  # the reader's top 5
    code, out, _ = mem(cli, ws, "search", question, "--threshold", "0.15")  # chosen: kept strictly
    assert (code, out) == (0, "No entries match.\n")


def test_a_run_that_cannot_write_keeps_its_facts_in_the_record(cli, ws):
    feedback(cli, ws)
    git(folder_of(ws), "checkout", "-q", "--detach")
    said = "For the record, I live in Ghent and I work at the harbour office as a logistics planner."
    code, _, err = cli("run", str(ws), "--input", said)
    assert code == 0 and "writer extracted 2: 2 not written (memory unavailable)" in err
    run = json.loads(cli("runs", "-w", str(ws), "--json")[1])["runs"][0]  # the newest
    record = json.loads(cli("runs", "-w", str(ws), "show", run["id"], "--json")[1])
    assert [(w["status"], w["text"], w["reason"]) for w in record["memory_writes"]] == [
        ("not written", text, "the memory folder could not be written; add it with swarmkit memory add")
        for text in ("Lives in Ghent", "Works at the harbour office as a logistics planner")
    ]


def test_feedback_replaces_bytes_that_are_not_utf8_with_u_fffd_and_says_so(cli, ws):
    code, out, err = feedback(
        cli, ws, "r-1a2b3c4d", b"It used the caf\xe9 deploy API".decode("utf-8", "surrogateescape")
    )
    assert code == 0, err
    assert err == (
        "warning: --reason held 1 byte that is not UTF-8: it was replaced with U+FFFD (\ufffd); save the text "
        "as UTF-8 to keep what it said\n"
    )
    kept = (
        (Path(ws).resolve() / ".swarmkit" / "memory" / "workspaces" / "demo.md").read_bytes().decode("utf-8")
    )
    assert "- It used the caf\ufffd deploy API [" in kept

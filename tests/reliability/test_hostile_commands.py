"""Hostile files and bytes given to every command (issue 18, point 2): a mock script that is a FIFO,
/dev/zero, 200,000-deep YAML, an alias bomb, invalid UTF-8 or steps of the wrong type; input that is
not UTF-8; a workspace named with a lone surrogate; a FIFO, device or folder in place of a memory
file; a 12 MB hand-edited file; a runs folder that is a file; a full disk; an import path under
/proc. Each command ends in exit 0, 1 or 2 with a clear message, never 3, never a traceback.

Commands run in a child process (a regression that blocks fails on the timeout, never hangs the
suite, and the terminal's strict UTF-8 is the user's: PYTHONIOENCODING=utf-8:strict). Their CPU
time is measured (getrusage of the children), never wall-clock; the wall-clock figures are in
bench/bench_hostile.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from swarmkit.scaffold import create_workspace

# Each command's CPU time is its rusage (POSIX); the hostile files are POSIX's (FIFOs, /dev, /proc).
resource = pytest.importorskip(
    "resource", reason="the bound is each command's CPU time from getrusage, and the resource module is POSIX"
)

CPU_LIMIT = 3.0  # seconds of CPU per command: the bar
HANG_GUARD = 60  # seconds: a command still running then is blocked (a FIFO read), not slow
SAID = "I live in Lisbon and I prefer tea over coffee for every single meeting, thank you very much."
ENV = dict(os.environ, PYTHONIOENCODING="utf-8:strict", NO_COLOR="1")


def swarmkit(*args: str | bytes, stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run `swarmkit ARGS` (bytes arguments reach argv as they are); judge it as the bar says."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "swarmkit", *args],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=HANG_GUARD,
        env=ENV,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    out = done.stdout.decode("utf-8", "backslashreplace")
    err = done.stderr.decode("utf-8", "backslashreplace")
    shown = " ".join(a if isinstance(a, str) else repr(a) for a in args)
    assert done.returncode in (0, 1, 2), f"swarmkit {shown}: exit {done.returncode}\n{err[-3000:]}"
    assert "Traceback" not in out + err and "internal error" not in err, f"swarmkit {shown}:\n{err[-3000:]}"
    assert cpu <= CPU_LIMIT, f"swarmkit {shown} took {cpu:.2f} s of CPU"
    return done.returncode, out, err


@pytest.fixture(scope="module")
def ws(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hostile-commands") / "ws"
    create_workspace(root, "Hostile")
    code, _, err = swarmkit("memory", "-w", str(root), "add", "I prefer green tea in the morning")
    assert code == 0, err
    return root


def _alias_bomb_script() -> str:
    """A first step holding nine anchors, each nine of the one before; `contains:` is 9**9 items."""
    anchors = ["x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    anchors += [f"x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    return (
        "- reply: a\n  when: {}\n  x:\n"
        + "".join(f"    {a}\n" for a in anchors)
        + ("- when: {contains: *a9}\n  reply: boom\n")
    )


SCRIPTS = {
    "deep.yaml": ("[" * 200_000 + "]" * 200_000 + "\n").encode(),
    "deep.json": ("[" * 200_000 + "]" * 200_000).encode(),
    "bomb.yaml": _alias_bomb_script().encode(),
    "latin1.yaml": b"- reply: caf\xe9\n",
    "not-a-list.yaml": b"reply: hello\n",
    "when-a-list.yaml": b"- when: [1, 2]\n  reply: x\n",
    "tool-calls-a-number.yaml": b"- when: {purpose: answer}\n  tool_calls: 5\n",
    "tool-call-without-name.json": json.dumps([{"tool_calls": [{"arguments": {}}]}]).encode(),
    "contains-a-list.yaml": b"- when: {contains: [a, b]}\n  reply: x\n",
    "reply-a-mapping.yaml": b"- reply: {a: b}\n",
    "unknown-key.yaml": b"- repyl: hello\n",
    "broken.json": b'[{"reply": ',
    # each mapping merges the one before: 209 KB whose building cost 20 s of CPU before the count
    "merge-chain.yaml": (
        "- reply: a\n  when: {}\n  a: &a {k0: 1, k1: 2}\n"
        + "".join(
            f"  m{i}: &m{i}\n    <<: [*{'a' if i == 0 else f'm{i - 1}'}]\n    x{i}: {i}\n"
            for i in range(5000)
        )
    ).encode(),
}

EXPECTED = {
    "deep.yaml": "cannot be parsed: the YAML nests more than 100 levels deep (line 1, column 101)",
    "deep.json": "cannot be parsed: it nests too deeply",
    "bomb.yaml": "cannot be parsed: aliases expand to more than 200,000 values (line 9, column 19)",
    "merge-chain.yaml": "cannot be parsed: aliases expand to more than 200,000 values (line 848, column 10)",
    "latin1.yaml": "is not valid UTF-8 (byte 0xe9 on line 1)",
    "not-a-list.yaml": "is not a list of steps",
    "when-a-list.yaml": ": step 1 `when` is a list, not a mapping",
    "tool-calls-a-number.yaml": ": step 1 `tool_calls` is an integer, not a list",
    "tool-call-without-name.json": ": step 1 `tool_calls[0].name` is missing, not a string",
    "contains-a-list.yaml": ": step 1 `when.contains` is a list, not a string",
    "reply-a-mapping.yaml": ": step 1 `reply` is a mapping, not a string",
    "unknown-key.yaml": ": step 1 has an unknown key 'repyl' (known: when, reply, tool_calls)",
    "broken.json": "cannot be parsed: Expecting value: line 1 column 12 (char 11)",
}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_hostile_mock_script_is_one_clear_error(ws, tmp_path, name):
    path = tmp_path / name
    path.write_bytes(SCRIPTS[name])
    code, out, err = swarmkit("run", str(ws), "--input", SAID, "--script", str(path))
    assert code == 1
    assert err.startswith(
        f"error: the mock script {path}{'' if EXPECTED[name][0] == ':' else ' '}{EXPECTED[name]}\n"
    )
    assert "\n  hint: " in err
    assert out == ""


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "folder"])
def test_a_mock_script_that_is_no_regular_file_is_refused_unread(ws, tmp_path, kind):
    if kind == "fifo":
        path = tmp_path / "script.yaml"
        os.mkfifo(path)
    elif kind == "folder":
        path = tmp_path / "script.yaml"
        path.mkdir()
    else:
        path = Path(kind)
    code, _, err = swarmkit("run", str(ws), "--input", SAID, "--script", str(path))
    assert code in (1, 2)
    if kind == "fifo":
        assert err.startswith(
            f"error: cannot read the mock script {path}: it is a FIFO (named pipe), not a regular file\n"
            "  hint: pass a YAML or JSON file of at most 1024 KB to --script\n"
        )
    elif kind == "/dev/zero":
        assert "it is a device, not a regular file" in err


@pytest.mark.parametrize("where", ["argv", "stdin", "argv --user", "argv --format json"])
def test_input_that_is_not_utf8_runs_with_each_bad_byte_as_u_fffd(ws, where):
    """A byte that is not UTF-8 is replaced with U+FFFD at the door, and one warning says so: the
    record, the memory folder and its commits stay valid UTF-8."""
    said = b"I live in Lisb\xf3n and I prefer caf\xe9 au lait, every single morning of the week."
    args: list[str | bytes] = ["run", str(ws), "--input", said if where.startswith("argv") else "-"]
    if "--user" in where:  # a person's run of the same input (an undecodable id: the test below)
        args += ["--user", "bob"]
    if "--format json" in where:
        args += ["--format", "json"]
    code, out, err = swarmkit(*args, stdin=said if where == "stdin" else None)
    assert code == 0, err
    run_id = re.search(r"\br-[0-9a-f]{8}\b", out + err)[0]
    record = json.loads((ws / ".swarmkit" / "runs" / f"{run_id}.json").read_text(encoding="utf-8"))
    assert record["input"] == said.decode("utf-8", "replace")
    assert err.count("held 2 bytes that are not UTF-8: each was replaced with U+FFFD") == 1, err
    source = "--input" if where.startswith("argv") else "standard input"
    assert f"warning: {source} held 2 bytes" in err
    for path in (ws / ".swarmkit").rglob("*"):
        if path.suffix in (".md", ".json") and ".git" not in path.parts:
            path.read_bytes().decode("utf-8")  # every file of the folder and every record: UTF-8
    git_log = subprocess.run(
        ["git", "-C", str(ws / ".swarmkit" / "memory"), "log", "--format=%B"], capture_output=True, check=True
    )
    git_log.stdout.decode("utf-8")
    assert b"?" not in git_log.stdout


def test_a_user_id_that_is_not_utf8_is_a_usage_error(ws):
    """An id must be recorded whole in its file's heading (folder/people.py): bytes that are not
    UTF-8 cannot be, so the id is refused, exit 2, and nothing runs."""
    runs = lambda: sorted((ws / ".swarmkit" / "runs").glob("r-*.json"))  # noqa: E731
    before = runs()
    code, out, err = swarmkit("run", str(ws), "--input", "hello there", "--user", b"b\xf6b")
    assert code == 2 and "Traceback" not in err
    assert err.startswith("error: user name 'b\\udcf6b' holds a character that is not printable text")
    assert runs() == before


def test_standard_input_without_end_is_a_usage_error(ws):
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "swarmkit", "run", str(ws), "--input", "-"],
            stdin=zero,
            capture_output=True,
            timeout=HANG_GUARD,
            env=ENV,
        )
    assert done.returncode == 2
    assert done.stderr.decode().startswith("error: the input on standard input is over 1,048,576 bytes\n")


def test_a_lone_surrogate_in_a_name_prints_in_every_format(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Surrogate")
    text = (root / "workspace.yaml").read_text(encoding="utf-8")
    (root / "workspace.yaml").write_text(
        text.replace("name: Surrogate", 'name: "\\ud800 x"'), encoding="utf-8"
    )
    for fmt in ("text", "json", "github"):
        code, out, _ = swarmkit("validate", str(root), "--format", fmt, "-v")
        assert code == 0
        if fmt == "json":
            json.loads(out)  # valid JSON: the surrogate is escaped
            assert "\\ud800 x" in out
    code, _, err = swarmkit("run", str(root), "--input", SAID)
    assert code == 0, err
    for args in (
        ["runs", "-w", str(root)],
        ["memory", "-w", str(root), "status"],
        ["memory", "-w", str(root), "list"],
    ):
        swarmkit(*args)


def _memory_folder(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "ws"
    create_workspace(root, "Hostile memory")
    code, _, err = swarmkit("memory", "-w", str(root), "add", "I prefer green tea in the morning")
    assert code == 0, err
    return root, root / ".swarmkit" / "memory"


def _replace(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        os.symlink("/dev/zero", path)  # a link is never read; a device node needs root
        path.unlink()
        os.mknod(path, 0o644 | __import__("stat").S_IFCHR, os.makedev(1, 5))


MEMORY_COMMANDS = [
    ["list"],
    ["search", "tea"],
    ["status"],
    ["inbox"],
    ["add", "Deploys go through staging first"],
    ["show", "me.md"],
    ["show", "lessons.md"],
]


@pytest.mark.parametrize("target", ["me.md", "lessons.md"])
@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_no_regular_file_in_place_of_a_memory_file_never_blocks(tmp_path, target, kind):
    if kind == "device" and os.geteuid() != 0:
        pytest.skip("creating a device node needs root")
    root, folder = _memory_folder(tmp_path)
    _replace(folder / target, kind)
    what = {"fifo": "a FIFO (named pipe)", "folder": "a folder", "device": "a device"}[kind]
    for args in MEMORY_COMMANDS:
        code, _, err = swarmkit("memory", "-w", str(root), *args)
        if args == ["show", target]:
            assert code == 1
            assert f"error: {target} is {what}, not a regular file: it is not read\n" in err
    code, _, err = swarmkit("run", str(root), "--input", SAID)
    assert code == 0, err
    assert f"{target} is {what}, not a regular file" in err


def test_a_write_into_a_file_that_is_not_read_is_refused_and_writes_nothing(tmp_path):
    root, folder = _memory_folder(tmp_path)
    _replace(folder / "lessons.md", "fifo")
    head = subprocess.run(
        ["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout
    code, _, err = swarmkit(
        "memory", "-w", str(root), "add", "--to", "lessons", "Deploys go through staging first"
    )
    assert code == 1
    assert (
        "error: lessons.md is a FIFO (named pipe), not a regular file: it is not read, so nothing was written\n"
        "  hint: remove it, or put a markdown file in its place\n"
    ) in err
    assert (
        subprocess.run(["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
        == head
    )


def test_a_12_mb_hand_edited_file_is_skipped_unread(tmp_path):
    root, folder = _memory_folder(tmp_path)
    line = "- Deploy service {} carefully, one region at a time, and watch the error budget [by: user]\n"
    with open(folder / "lessons.md", "w", encoding="utf-8") as handle:
        handle.write("# Lessons\n")
        for number in range(140_000):
            handle.write(line.format(number))
    assert (folder / "lessons.md").stat().st_size > 12_000_000
    warning = (
        "warning: lessons.md is over 512 KB, too large to be a memory file: it is skipped "
        "(split it, or move it out of the memory folder)"
    )
    for args in (["list"], ["search", "deploy service carefully"], ["status"]):
        code, out, err = swarmkit("memory", "-w", str(root), *args)
        assert code == 0, err
        assert warning in err
        assert "Deploy service" not in out
    code, _, err = swarmkit("memory", "-w", str(root), "add", "I prefer window seats on trains")
    assert code == 0, err  # a write to another file goes through; the big one is not committed
    assert "lessons.md is over 512 KB, too large to be a memory file: it is not committed" in err
    code, _, err = swarmkit("run", str(root), "--input", SAID)
    assert code == 0, err


def test_a_runs_folder_that_is_a_file_is_a_clear_error(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Runs file")
    (root / ".swarmkit").mkdir(exist_ok=True)
    (root / ".swarmkit" / "runs").write_text("not a folder\n")
    code, _, err = swarmkit("run", str(root), "--input", SAID)
    assert code == 1
    assert "was not saved: " in err and ".swarmkit/runs is a file, not a folder\n" in err
    code, out, _ = swarmkit("runs", "-w", str(root))
    assert code == 0
    code, _, err = swarmkit("runs", "-w", str(root), "show", "r-12345678")
    assert code == 1 and err.startswith("error: no run r-12345678 ")


def test_a_run_record_that_is_a_fifo_is_skipped_or_refused(ws):
    runs = ws / ".swarmkit" / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    os.mkfifo(runs / "r-0f0f0f0f.json")
    try:
        code, _, _ = swarmkit("runs", "-w", str(ws))
        assert code == 0
        code, _, err = swarmkit("runs", "-w", str(ws), "show", "r-0f0f0f0f")
        assert code == 1
        assert err.startswith(
            "error: the record of run r-0f0f0f0f cannot be read: it is a FIFO (named pipe), not a regular file\n"
        )
    finally:
        (runs / "r-0f0f0f0f.json").unlink()


def test_a_full_disk_while_saving_a_run_record_is_a_clear_error(tmp_path, monkeypatch):
    """ENOSPC at the write itself (a tiny tmpfs needs root; the error is the same one)."""
    import errno

    from swarmkit.cli.main import run as cli_run
    from swarmkit.memory.folder import atomic

    root = tmp_path / "ws"
    create_workspace(root, "Full disk")
    real_fdopen = os.fdopen

    def full(fd, *args, **kwargs):
        handle = real_fdopen(fd, *args, **kwargs)
        if ".tmp-" in os.readlink(f"/proc/self/fd/{fd}") and "/runs/" in os.readlink(f"/proc/self/fd/{fd}"):

            def no_space(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            handle.write = no_space
        return handle

    monkeypatch.setattr(atomic.os, "fdopen", full)
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = cli_run(["run", str(root), "--input", SAID])
    assert code == 1
    assert "was not saved: No space left on device\n" in err.getvalue()
    assert not list((root / ".swarmkit" / "runs").glob(".*tmp-*"))  # no temp file left behind


@pytest.mark.parametrize("path", ["/proc/1/root", "/proc/self/root/tmp", "/proc/self/cwd"])
def test_an_import_path_under_proc_is_refused(ws, path):
    code, _, err = swarmkit("memory", "-w", str(ws), "import", path)
    assert code == 1
    assert err.startswith(f"error: {path} is a protected system folder; nothing was imported\n")


def test_an_imported_note_that_starts_with_a_byte_order_mark_keeps_its_first_bullet(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Bom")
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "windows.md").write_bytes(
        b"\xef\xbb\xbf- Deploys go through staging first\n- Releases happen on Tuesdays\n"
    )
    code, out, err = swarmkit("memory", "-w", str(root), "import", str(notes), "--json")
    assert code == 0, err
    assert json.loads(out)["imported"] == 2
    inbox = (root / ".swarmkit" / "memory" / "inbox.md").read_text(encoding="utf-8")
    assert "- Deploys go through staging first [" in inbox


def test_the_server_answers_on_lone_surrogates_and_proc_imports(tmp_path):
    """A workspace named "\\ud800 x", a run whose input was not UTF-8, a lone surrogate in a posted
    entry, an import under /proc: every route answers, 200 or a 4xx with a message (it was 500)."""
    import warnings

    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

    from swarmkit.server.app import create_app

    root = tmp_path / "ws"
    create_workspace(root, "Surrogate")
    text = (root / "workspace.yaml").read_text(encoding="utf-8")
    (root / "workspace.yaml").write_text(
        text.replace("name: Surrogate", 'name: "\\ud800 x"'), encoding="utf-8"
    )
    code, out, err = swarmkit("run", str(root), "--input", b"I prefer caf\xe9 every single morning, " * 4)
    assert code == 0, err
    run_id = re.search(r"\br-[0-9a-f]{8}\b", err)[0]
    post = {"X-Swarmkit-Token": "t" * 32, "Content-Type": "application/json"}
    with TestClient(create_app(root, token="t" * 32), base_url="http://127.0.0.1:8741") as client:
        for route in (
            "memory/status",
            "runs",
            f"runs/{run_id}",
            "portal/memory",
            "portal/runs",
            f"portal/runs/{run_id}",
        ):
            response = client.get("/" + route)
            assert response.status_code == 200, (route, response.text[:500])
        assert "caf\ufffd" in client.get(f"/runs/{run_id}").json()["input"]  # replaced at the door
        added = client.post(
            "/memory/entries", content='{"text": "I prefer \\ud800 green tea always"}', headers=post
        )
        assert added.status_code == 200, added.text
        assert added.json()["text"] == "I prefer \ufffd green tea always"
        imported = client.post("/memory/import", content='{"path": "/proc/1/root"}', headers=post)
        assert imported.status_code == 400
        assert imported.json()["error"] == {
            "code": "invalid_import",
            "message": "/proc/1/root is a protected system folder; nothing was imported",
            "hint": "import a folder of your own notes",
        }


def _numstat(folder: Path) -> str:
    """`git log --numstat` of every commit: a binary file shows as `-\t-\t`."""
    return subprocess.run(
        ["git", "-C", str(folder), "log", "--numstat", "--format="], capture_output=True, text=True
    ).stdout


def test_control_characters_never_reach_entry_text(tmp_path):
    root, folder = _memory_folder(tmp_path)
    code, out, err = swarmkit("memory", "-w", str(root), "add", "-", stdin=b"I like \x00 tea")
    assert code == 0, err
    assert re.fullmatch(r"written me\.md#[0-9a-f]{8}: I like tea \(commit [0-9a-f]{10}\)\n", out), out
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "n.md").write_bytes(b"- Deploys \x1b[31mgo\x07 through\x0b staging\x7f first\n")
    code, _, err = swarmkit("memory", "-w", str(root), "import", str(notes))
    assert code == 0, err
    inbox = (folder / "inbox.md").read_bytes()
    assert b"- Deploys go through staging first [" in inbox
    for name in ("me.md", "inbox.md"):
        data = (folder / name).read_bytes()
        assert not re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", data.replace(b"\n", b"")), (name, data)
    assert "-\t-\t" not in _numstat(folder)  # git diffs both files as text


@pytest.mark.parametrize("state", ["runs", "conversations"])
def test_a_state_folder_that_is_a_link_is_refused_and_nothing_is_written_outside(
    tmp_path, monkeypatch, state
):
    """Refused before anything runs (the resolver's state.linked-folder): no turn, no memory write."""
    root = tmp_path / "ws"
    create_workspace(root, "Linked state")
    outside = tmp_path / "outside"
    outside.mkdir()
    linked = root / ".swarmkit" / state
    linked.parent.mkdir(exist_ok=True)
    linked.symlink_to(outside, target_is_directory=True)
    shown = linked.relative_to(tmp_path)
    monkeypatch.chdir(tmp_path)
    if state == "conversations":
        code, _, err = swarmkit("chat", "ws", stdin=b"I live in Lisbon\n")
    else:
        code, _, err = swarmkit("run", "ws", "--input", SAID)
    assert code == 1
    assert err == (
        f"error: {shown} is a symbolic link (to {outside}): swarmkit keeps its state (memory, runs, "
        "conversations) only in real folders inside the workspace, so nothing was read or written\n"
        f"  hint: remove the link (rm {shown}): swarmkit makes a real folder on its next write; to keep memory "
        "in another folder, set storage.memory_folder in workspace.yaml to it\n"
    )
    assert [p.name for p in outside.iterdir()] == []
    assert not (root / ".swarmkit" / "memory").exists()  # nothing ran, so nothing was remembered


def test_writing_under_a_linked_state_folder_is_refused_where_it_writes(tmp_path):
    """Past the resolver (a link made while a chat runs): the writer refuses it too."""
    from swarmkit.runtime.records import RunRecord, save_run

    root = tmp_path / "ws"
    create_workspace(root, "Linked later")
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / ".swarmkit").mkdir(exist_ok=True)
    (root / ".swarmkit" / "runs").symlink_to(outside, target_is_directory=True)
    with pytest.raises(Exception, match="was not saved: .* is a symbolic link .*writes only inside"):
        save_run(root, RunRecord("r-0000beef"))
    assert [p.name for p in outside.iterdir()] == []


OSC_TITLE = "\x1b]0;pwned\x07"
OSC_LINK = "\x1b]8;;http://evil.example/\x07click\x1b]8;;\x07"
HOSTILE_SHOWN = f"Pay {OSC_LINK} here{OSC_TITLE} \x1b[31mnow\x1b[0m\x9b2J\x1bPq#0\x1b\\ done\x1b(B"


def test_what_is_printed_holds_no_control_sequence_and_what_is_stored_keeps_its_bytes(tmp_path, monkeypatch):
    root, folder = _memory_folder(tmp_path)
    hand = f"# Notes\n\n- {HOSTILE_SHOWN}\n"
    (folder / "notes.md").write_text(hand, encoding="utf-8")  # a hand edit: stored as it is
    code, _, err = swarmkit("run", str(root), "--input", f"I live in Lisbon {HOSTILE_SHOWN}")
    assert code == 0, err
    run_id = re.search(r"r-[0-9a-f]{8}", err).group(0)
    monkeypatch.chdir(tmp_path)
    printed = []
    for args in (
        ["memory", "-w", "ws", "list"],
        ["memory", "-w", "ws", "show", "notes.md"],
        ["memory", "-w", "ws", "search", "pay here now done"],
        ["memory", "-w", "ws", "inbox"],
        ["runs", "-w", "ws", "show", run_id],
    ):
        code, out, err = swarmkit(*args)
        assert code == 0, err
        printed.append(out + err)
    code, out, err = swarmkit("chat", "ws", stdin=f"hello {HOSTILE_SHOWN}\n/memory\n".encode())
    assert code == 0, err
    printed.append(out + err)
    for text in printed:
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", text), ascii(text)
    assert "- Pay click here now done\n" in printed[1]  # exactly what a user sees
    assert "Pay click here now done" in printed[0] and "Pay click here now done" in printed[2]
    assert "I live in Lisbon Pay click here now done" in printed[4]
    assert (folder / "notes.md").read_text(encoding="utf-8") == hand
    record = json.loads((root / ".swarmkit" / "runs" / f"{run_id}.json").read_text(encoding="utf-8"))
    assert record["input"] == f"I live in Lisbon {HOSTILE_SHOWN}"
    code, out, _ = swarmkit("runs", "-w", "ws", "show", run_id, "--format", "json")
    assert json.loads(out)["input"] == record["input"] and "\x9b" not in out  # JSON: \u009b


def test_a_link_in_place_of_a_memory_file_is_refused_and_never_committed_as_a_deletion(tmp_path):
    root, folder = _memory_folder(tmp_path)
    (folder / "me.md").unlink()
    (folder / "me.md").symlink_to("/dev/zero")
    (folder / "lessons.md").unlink()
    (folder / "lessons.md").symlink_to("/etc/passwd")
    head = subprocess.run(
        ["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout
    for target in ("me.md", "lessons.md"):
        warning = (
            f"warning: {target} is a symbolic link, not a regular file: it is skipped "
            "(remove it, or put a markdown file in its place)\n"
        )
        code, _, err = swarmkit("memory", "-w", str(root), "list")
        assert code == 0 and warning in err, err
        code, out, _ = swarmkit("memory", "-w", str(root), "search", "tea")
        assert code == 0 and "green tea" not in out
        code, _, err = swarmkit("memory", "-w", str(root), "show", target)
        assert code == 1
        assert err == (
            f"error: {target} is a symbolic link, not a regular file: it is not read\n"
            "  hint: remove it, or put a markdown file in its place\n"
        )
    code, _, err = swarmkit("memory", "-w", str(root), "add", "I prefer window seats on trains")
    assert code == 1
    assert err.endswith(
        "error: me.md is a symbolic link, not a regular file: it is not read, so nothing was written\n"
        "  hint: remove it, or put a markdown file in its place\n"
    )
    assert (
        subprocess.run(["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
        == head
    )
    code, _, err = swarmkit(
        "memory", "-w", str(root), "add", "--to", "workspace", "Deploys go through staging first"
    )
    assert code == 0, err  # another file is written; the links are left out of its commit
    shown = subprocess.run(
        ["git", "-C", str(folder), "show", "--name-status", "--format=", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout
    assert "me.md" not in shown and "lessons.md" not in shown, shown
    tracked = subprocess.run(
        ["git", "-C", str(folder), "show", "HEAD:me.md"], capture_output=True, text=True
    ).stdout
    assert "- I prefer green tea in the morning" in tracked


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_workspace_yaml_that_is_no_regular_file_is_said_to_be_what_it_is(tmp_path, kind):
    root = tmp_path / "w"
    root.mkdir()
    if kind == "fifo":
        os.mkfifo(root / "workspace.yaml")
        expected = (
            "error[file.unreadable] cannot read the file: it is a FIFO (named pipe), not a regular file\n"
        )
    else:
        (root / "workspace.yaml").symlink_to("/dev/zero")
        expected = "error[file.outside-workspace] the file is a link to /dev/zero, outside the workspace\n"
    code, out, _ = swarmkit("validate", str(root))
    assert code == 1
    assert out.startswith(f"{root}/workspace.yaml:1:1: {expected}"), out
    assert "no workspace.yaml" not in out


def test_misleading_import_and_folder_messages_say_what_the_path_is(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Messages")
    code, _, err = swarmkit("memory", "-w", str(root), "import", "/dev/zero")
    assert code == 1
    assert (
        err == "error: /dev/zero is a device, not a folder\n  hint: import a folder; its .md files are read\n"
    )
    (root / ".swarmkit").write_text("")
    code, _, err = swarmkit("memory", "-w", str(root), "list")
    assert code == 1
    assert err == (
        f"error: there is no memory folder at {root}/.swarmkit/memory: {root}/.swarmkit is a file, not a folder\n"
        f"  hint: move {root}/.swarmkit away; the memory folder is then created on the first write\n"
    )
    (root / ".swarmkit").unlink()
    (root / ".swarmkit").mkdir()
    (root / ".swarmkit" / "memory").write_text("")
    code, _, err = swarmkit("memory", "-w", str(root), "list")
    assert code == 1 and err.startswith(
        f"error: there is no memory folder at {root}/.swarmkit/memory: {root}/.swarmkit/memory is a file, not a folder\n"
    )


def test_an_import_counts_and_lists_every_skipped_file_and_keeps_the_notes_beside_a_bad_byte(tmp_path):
    root, folder = _memory_folder(tmp_path)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_bytes(b"- I take the 8:10 train to work\n- the caf\xe9 opens at nine\n")
    os.mkfifo(notes / "pipe.md")
    (notes / "link.md").symlink_to("/etc/passwd")
    code, out, err = swarmkit("memory", "-w", str(root), "import", str(notes))
    assert code == 0, err
    assert re.fullmatch(
        r"Imported 2, duplicates 0, skipped 0 entries and 2 files; commit [0-9a-f]{10}\n"
        r"  skipped link\.md: symlink\n"
        r"  skipped pipe\.md: a FIFO \(named pipe\), not a regular file\n"
        r"Review them with `swarmkit memory inbox`\.\n",
        out,
    ), out
    inbox = (folder / "inbox.md").read_bytes()
    assert b"- I take the 8:10 train to work [" in inbox
    assert "- the caf\ufffd opens at nine [" in inbox.decode("utf-8")  # the bad byte as U+FFFD, its note kept
    assert "warning: a.md held bytes that are not UTF-8: each was replaced with U+FFFD" in err
    code, out, err = swarmkit("memory", "-w", str(root), "inbox")
    assert code == 0 and "the caf" in out, err


WORKSPACE_VALUES = {
    "a 5,000-digit integer": ("x_big: " + "9" * 5000 + "\n", "error[yaml.number-too-long]"),
    "a complex key": ("? [a, b]\n: 1\n", "error[yaml.non-string-key]"),
    "a mapping as a key": ("? {a: 1}\n: 1\n", "error[yaml.syntax]"),
    "a NUL in the memory folder": ('storage:\n  memory_folder: "a\\0b"\n', "error[storage.memory-folder]"),
    "a 5,000-character memory folder": (
        "storage:\n  memory_folder: " + "a" * 5000 + "\n",
        "error[storage.memory-folder]",
    ),
    "a 6,000-byte memory folder path": (
        "storage:\n  memory_folder: " + "/".join(["a" * 200] * 30) + "\n",
        "error[storage.memory-folder]",
    ),
    "a lone surrogate in the memory folder": (
        'storage:\n  memory_folder: "notes\\ud800"\n',
        "error[storage.memory-folder]",
    ),
}


@pytest.mark.parametrize("case", sorted(WORKSPACE_VALUES))
def test_a_hostile_value_in_workspace_yaml_is_one_diagnostic_for_every_command(tmp_path, case):
    """Each once ended in exit 3: Python's ValueError past 4,300 digits, and an OSError (or
    ValueError for NUL) wherever a command first touched a memory folder that cannot exist."""
    text, marker = WORKSPACE_VALUES[case]
    root = tmp_path / "ws"
    create_workspace(root, "Hostile")
    with (root / "workspace.yaml").open("a") as handle:
        handle.write(text)
    for command in (
        ("validate", str(root)),
        ("run", str(root), "--input", "hello"),
        ("memory", "-w", str(root), "status"),
        ("memory", "-w", str(root), "add", "I like tea"),
        ("memory", "-w", str(root), "search", "tea"),
    ):
        code, out, err = swarmkit(*command)
        assert code == 1, (command, out, err)
        assert marker in out + err, (command, out, err)
    assert not (root / ".swarmkit" / "memory").exists()


@pytest.mark.parametrize("kind", ["sparse 2 GB file", "FIFO"])
def test_a_hostile_write_counter_in_the_index_is_replaced_unread(tmp_path, kind):
    """The consolidation pass's write counter (.index/consolidate-writes, derived) was read whole:
    a sparse 2 GB file there cost each `memory add` ~30 s of CPU; a FIFO would block it."""
    root = tmp_path / "ws"
    create_workspace(root, "Hostile")
    assert swarmkit("memory", "-w", str(root), "add", "I prefer green tea in the morning")[0] == 0
    counter = root / ".swarmkit" / "memory" / ".index" / "consolidate-writes"
    counter.unlink()
    if kind == "FIFO":
        os.mkfifo(counter)
    else:
        with counter.open("wb") as handle:
            handle.truncate(2 * 1024**3)
    code, out, err = swarmkit("memory", "-w", str(root), "add", "I moved to Porto last spring")
    assert code == 0, err
    assert counter.is_file() and counter.read_text() == "1\n"  # counting starts again


def test_a_path_the_system_refuses_is_a_clear_error_naming_it(tmp_path):
    """ENAMETOOLONG and its kin once escaped as exit 3 from init, run -w, memory show and schema."""
    long_name = "n" * 5000
    root = tmp_path / "ws"
    create_workspace(root, "Hostile")
    assert swarmkit("memory", "-w", str(root), "add", "I prefer green tea")[0] == 0
    for command in (
        ("init", str(tmp_path / long_name)),
        ("run", "-w", str(tmp_path / long_name), "--input", "hello"),
        ("memory", "-w", str(root), "show", f"{long_name}.md#L1"),
        ("schema", "--out", str(tmp_path / long_name)),
    ):
        code, out, err = swarmkit(*command)
        assert code == 1, (command, err)
        assert err.startswith("error: the system refused: "), err
        assert "File name too long" in err and "…" in err  # the path is shown, its middle elided
        assert "\n  hint: use a shorter path: a file name holds at most 255 bytes, a path 4,096\n" in err


@pytest.mark.parametrize("kind", ["device", "FIFO"])
def test_schema_out_that_is_no_folder_says_what_it_is(tmp_path, kind):
    target = Path("/dev/null") if kind == "device" else tmp_path / "pipe"
    if kind == "FIFO":
        os.mkfifo(target)
    code, out, err = swarmkit("schema", "--out", str(target))
    described = "a device" if kind == "device" else "a FIFO (named pipe)"
    assert (code, out) == (1, "")
    assert err == (
        f"error: --out {target} is {described}, not a folder; nothing was written\n"
        "  hint: give --out a folder (it is created if it does not exist)\n"
    )


def test_a_line_ref_of_5000_digits_is_no_ref(ws):
    code, out, err = swarmkit("memory", "-w", str(ws), "show", "me.md#L" + "9" * 5000)
    assert code == 1
    assert err.startswith("error: 'me.md#L" + "9" * 53 + "…999999999999' is not a memory ref\n"), err


def test_a_threshold_that_is_not_a_number_is_refused_by_validate_and_run(tmp_path):
    """`.nan` passes JSON Schema's bounds (every comparison with NaN is false); run then failed."""
    root = tmp_path / "ws"
    create_workspace(root, "Hostile")
    with (root / "workspace.yaml").open("a") as handle:
        handle.write("memory:\n  reader:\n    similarity_threshold: .nan\n")
    for command in (("validate", str(root)), ("run", str(root), "--input", "hello")):
        code, out, err = swarmkit(*command)
        assert code == 1
        assert (
            "workspace.yaml:35:27: error[schema.range] memory.reader.similarity_threshold is .nan "
            "(not a number), which no setting can mean\n"
        ) in out + err
    assert (
        "\n  hint: write a number, or remove the key for its default\n" in swarmkit("validate", str(root))[1]
    )


def test_twenty_thousand_artifact_files_are_refused_unread_by_every_command(tmp_path):
    """Each file costs validation ~1 ms: 20,000 small ones cost validate 15 s of CPU and memory
    list/add (which validate to find the memory folder) did not answer within 20 s."""
    root = tmp_path / "ws"
    create_workspace(root, "Hostile")
    for i in range(20_000):
        (root / "skills" / f"s{i}.yaml").write_text("apiVersion: swarmkit/v1\nkind: Skill\n")
    for command in (
        ("validate", str(root)),
        ("run", str(root), "--input", "hello"),
        ("memory", "-w", str(root), "list"),
        ("memory", "-w", str(root), "add", "I like tea"),
    ):
        code, out, err = swarmkit(*command)  # within the CPU bound, or it fails here
        assert code == 1
        assert "error[workspace.too-many-files] the workspace holds 20,003 artifact files" in out + err


def test_a_memory_md_that_is_a_folder_is_named_by_every_command(tmp_path):
    """It was "no memory folder yet" for status/list, "not a memory folder" for add, and a run
    silently recalled nothing."""
    root = tmp_path / "ws"
    create_workspace(root, "Hostile")
    assert swarmkit("memory", "-w", str(root), "add", "I prefer green tea in the morning")[0] == 0
    memory_md = root / ".swarmkit" / "memory" / "MEMORY.md"
    memory_md.unlink()
    memory_md.mkdir()
    said = f"{memory_md} is a folder, not a regular file: the memory folder cannot be read, and nothing was written"
    for command in (("status",), ("list",), ("search", "tea"), ("add", "I moved to Porto")):
        code, out, err = swarmkit("memory", "-w", str(root), *command)
        assert code == 1, (command, err)
        assert err.startswith(f"error: {said}\n  hint: remove it and restore the file"), err
    code, out, err = swarmkit("run", str(root), "--input", "What do I drink?")
    assert code == 0
    assert f"warning: memory: could not recall: {said}" in err


def test_chat_fed_binary_data_ends_at_the_first_nul(ws):
    """`chat < /dev/urandom` never ended: every random "line" was a turn and a run."""
    noise = b"hello there\n" + bytes(range(256)) * 64 + b"\nmore\n" * 1000
    code, out, err = swarmkit("chat", str(ws), stdin=noise)
    assert code == 2
    assert (
        "error: line 2 of standard input holds a NUL byte: it is binary data, not text; "
        "the turns before it were saved\n  hint: pipe a text file, one turn per line\n"
    ) in err

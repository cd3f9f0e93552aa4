"""Every command that reads a workspace takes it as `run`, `chat` and `validate` do: first (issue 33:
`swarmkit runs ws`, `swarmkit conversations ws` and `swarmkit memory ws list` answered "no such
command 'ws'"); where a subcommand's own word stands, the error says a workspace goes with -w."""

from __future__ import annotations

import io
import json


def test_runs_conversations_and_memory_take_the_workspace_first(init_ws, cli, monkeypatch):
    root = init_ws()
    monkeypatch.chdir(root.parent)
    ws = root.name
    monkeypatch.setattr("sys.stdin", io.StringIO("I live in Oslo\n"))
    assert cli("chat", ws)[0] == 0
    code, out, err = cli("runs", ws, "--format", "json")
    assert code == 0, err
    (run,) = json.loads(out)["runs"]
    assert cli("runs", ws, "show", run["id"])[1].splitlines()[0].startswith(f"run {run['id']}")
    code, out, _ = cli("conversations", ws, "--format", "json")
    assert code == 0 and len(json.loads(out)["conversations"]) == 1
    code, out, _ = cli("memory", ws, "list")
    assert code == 0 and out.startswith("me.md#") and "Lives in Oslo" in out
    assert cli("memory", ws, "--user", "ana", "list")[0] == 0
    assert cli("memory", "--user", "ana", ws, "status")[0] == 0
    # the same workspace with -w as well is one workspace; another one is an error
    assert cli("memory", "-w", ws, ws, "list")[0] == 0
    (root.parent / "elsewhere").mkdir()
    code, _, err = cli("memory", "-w", ws, "elsewhere", "list")
    assert code == 2 and err.splitlines()[0] == f"error: two workspaces named: elsewhere and -w {ws}"


def test_where_a_positional_cannot_be_the_error_says_it_goes_with_w(init_ws, cli, monkeypatch):
    root = init_ws()
    monkeypatch.chdir(root.parent)
    ws = root.name
    for args, group, sub in (
        (("memory", "list", ws), "memory", "list"),
        (("runs", "show", ws), "runs", "show"),
        (("runs", "show", ws, "r-12345678"), "runs", "show"),
        (("conversations", "show", ws), "conversations", "show"),
    ):
        code, _, err = cli(*args)
        assert code == 2, args
        assert err.splitlines() == [
            f"error: {ws} is a workspace, and here a workspace goes with -w",
            f"  hint: swarmkit {group} -w {ws} {sub} … (or first: swarmkit {group} {ws} {sub} …)",
        ], args


def test_a_word_that_is_no_folder_is_still_no_such_command(init_ws, cli, monkeypatch):
    root = init_ws()
    monkeypatch.chdir(root)
    code, _, err = cli("runs", "nosuch")
    assert code == 2 and err.splitlines()[0] == "error: no such command 'nosuch'"

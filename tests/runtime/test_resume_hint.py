"""The hint a chat ends with resumes it from where it was typed: it names the workspace the chat
named (issue 33: `swarmkit chat ws` ended with `swarmkit chat --resume c-…`, which fails there with
"no workspace here")."""

from __future__ import annotations

import io
import shlex


def last_hint(err: str) -> list[str]:
    line = err.splitlines()[-1]
    assert " Go on with: " in line, line
    return shlex.split(line.split(" Go on with: ", 1)[1])


def test_the_resume_hint_names_the_workspace_and_works_as_printed(init_ws, cli, monkeypatch, tmp_path):
    root = init_ws()
    monkeypatch.chdir(root.parent)  # the folder the chat is typed in: the workspace is below it
    monkeypatch.setattr("sys.stdin", io.StringIO("I live in Oslo\n"))
    code, _, err = cli("chat", root.name)
    assert code == 0
    hint = last_hint(err)
    assert hint[:3] == ["swarmkit", "chat", root.name] and hint[3] == "--resume"
    monkeypatch.setattr("sys.stdin", io.StringIO("Where do I live?\n"))
    code, out, err = cli(*hint[1:])
    assert code == 0, err
    assert out.strip() == "lead: Where do I live? From memory: Lives in Oslo."


def test_a_workspace_given_with_w_is_named_too(init_ws, cli, monkeypatch):
    root = init_ws()
    monkeypatch.chdir(root.parent)
    monkeypatch.setattr("sys.stdin", io.StringIO("I live in Oslo\n"))
    code, _, err = cli("chat", "-w", root.name, "--user", "ana")
    hint = last_hint(err)
    assert hint[2] == root.name and hint[3] == "--resume" and hint[-2:] == ["--user", "ana"]


def test_a_workspace_found_upward_is_not_named(init_ws, cli, monkeypatch):
    root = init_ws()
    monkeypatch.chdir(root)
    monkeypatch.setattr("sys.stdin", io.StringIO("I live in Oslo\n"))
    code, _, err = cli("chat")
    assert last_hint(err)[:3] == ["swarmkit", "chat", "--resume"]

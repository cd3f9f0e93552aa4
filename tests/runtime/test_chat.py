"""`swarmkit chat` and `swarmkit conversations`: turns from a pipe and a terminal, saved and resumed."""

from __future__ import annotations

import io
import json
import os
import stat

import pytest

from swarmkit.runtime.conversations import HISTORY_TURNS, Conversation, conversations_dir


def chat(cli, monkeypatch, root, lines: str, *args: str):
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    return cli("chat", str(root), *args)


def only_conversation(root) -> dict:
    (path,) = conversations_dir(root).glob("c-*.json")
    return json.loads(path.read_text())


def test_a_piped_chat_remembers_within_the_conversation(init_ws, cli, monkeypatch):
    root = init_ws()
    code, out, err = chat(cli, monkeypatch, root, "I live in Oslo.\nWhere do I live?\n")
    assert code == 0
    told, asked = out.splitlines()
    assert told == (
        "lead: Thank you for telling me. I will remember that: lives in Oslo. If anything changes, "
        "tell me and I will keep my notes about you up to date."
    )
    assert asked == "lead: Where do I live? From memory: Lives in Oslo."
    saved = only_conversation(root)
    assert err.splitlines()[0] == (
        f"Conversation {saved['id']} with demo (topology main): 0 turns before. /help lists commands; "
        "each line is a turn."
    )
    assert err.splitlines()[-1] == (
        f"Conversation {saved['id']} saved (2 turns). Go on with: swarmkit chat {root} --resume {saved['id']}"
    )
    assert [t["input"] for t in saved["turns"]] == ["I live in Oslo.", "Where do I live?"]
    assert saved["turns"][0]["wrote"] == [
        {"status": "written", "ref": saved["turns"][0]["wrote"][0]["ref"], "text": "Lives in Oslo"}
    ]
    assert [hit["text"] for hit in saved["turns"][1]["recalled"]] == ["Lives in Oslo"]
    # every turn is a run record that names its conversation and what it was given
    for number, turn in enumerate(saved["turns"], 1):
        record = json.loads((root / ".swarmkit" / "runs" / f"{turn['run']}.json").read_text())
        assert record["conversation"] == {
            "id": saved["id"],
            "turn": number,
            "history_turns": number - 1,
            "cut_turns": 0,
        }
    code, out, _ = cli("conversations", "-w", str(root))
    assert out.startswith(f"{saved['id']}  {saved['updated_at']}  main         2 turns   I live in Oslo.")
    code, out, _ = cli("runs", "-w", str(root), "show", saved["turns"][1]["run"])
    assert out.splitlines()[2] == f"conversation {saved['id']} turn 2 (given 1 earlier turns)"


def test_a_resumed_conversation_gives_the_model_its_earlier_turns(init_ws, cli, monkeypatch):
    from swarmkit.runtime.providers import mock

    root = init_ws()
    chat(cli, monkeypatch, root, "My editor is Helix, for the record.\n")
    first = only_conversation(root)
    seen = []
    complete = mock.MockProvider.complete
    monkeypatch.setattr(
        mock.MockProvider, "complete", lambda self, request: seen.append(request) or complete(self, request)
    )
    code, out, err = chat(cli, monkeypatch, root, "And what did I just say?\n", "--resume", first["id"])
    assert code == 0
    assert err.splitlines()[0].startswith(f"Resuming {first['id']} with demo (topology main): 1 turn before.")
    root_answer = next(r for r in seen if r.agent == "lead" and r.purpose == "answer")
    assert [m["role"] for m in root_answer.messages] == ["system", "user", "assistant", "user"]
    assert root_answer.messages[1]["content"] == "My editor is Helix, for the record."
    assert root_answer.messages[2]["content"] == first["turns"][0]["output"]
    child = next(r for r in seen if r.agent == "researcher" and r.purpose == "answer")
    assert [m["role"] for m in child.messages] == ["system", "user"]  # a child gets its task only
    assert len(only_conversation(root)["turns"]) == 2


def test_the_history_a_turn_is_given_is_bounded_and_the_cut_is_counted():
    turns = [{"input": f"q{n}", "output": f"a{n}", "status": "ok"} for n in range(HISTORY_TURNS + 3)]
    history, cut = Conversation("c-00000000", turns=turns).history()
    assert cut == 3 and len(history) == 2 * HISTORY_TURNS
    assert (
        history[0] == {"role": "user", "content": "q3"} and history[-1]["content"] == f"a{HISTORY_TURNS + 2}"
    )
    long = [{"input": "x" * 5000, "output": "y" * 1000, "status": "ok"} for _ in range(3)]
    history, cut = Conversation("c-00000000", turns=long).history()
    assert (len(history), cut) == (2, 2)  # 8,000 characters: the newest turn only
    failed = [{"input": "q", "output": None, "status": "failed"}]
    assert Conversation("c-00000000", turns=failed).history() == ([], 0)


def test_slash_commands(init_ws, cli, monkeypatch):
    root = init_ws()
    lines = "/memory\nI live in Oslo.\n/memory\n/nope\n/help\n/exit\nI live in Rome.\n"
    code, out, err = chat(cli, monkeypatch, root, lines)
    assert code == 0
    ref = only_conversation(root)["turns"][0]["wrote"][0]["ref"]
    assert out.splitlines() == [
        "No turn yet: memory has recalled nothing in this conversation.",
        "lead: Thank you for telling me. I will remember that: lives in Oslo. If anything changes, "
        "tell me and I will keep my notes about you up to date.",
        "recalled: nothing",
        "kept:",
        f"  written {ref}  Lives in Oslo",
        "/memory      what memory recalled and kept in the last turn",
        "/forget REF  forget an entry (its ref as /memory or `swarmkit memory list` shows it)",
        "/history     this conversation so far",
        "/exit        end the conversation (Ctrl-D does too)",
    ]
    assert "error: no command /nope\n  hint: /help lists the commands\n" in err
    assert len(only_conversation(root)["turns"]) == 1  # nothing after /exit ran


def test_forget_from_the_chat(init_ws, cli, monkeypatch):
    root = init_ws()
    chat(cli, monkeypatch, root, "I live in Oslo.\n")
    ref = only_conversation(root)["turns"][0]["wrote"][0]["ref"]  # as /memory shows it
    code, out, err = chat(cli, monkeypatch, root, f"/forget {ref}\n/forget\n/forget me.md#L99\n")
    assert out.splitlines()[0].startswith("forgotten me.md#") and out.splitlines()[0].endswith(
        ": Lives in Oslo"
    )
    assert "error: /forget needs a ref\n" in err
    assert "error: me.md#L99: me.md has only 2 lines\n" in err
    code, out, _ = cli("memory", "-w", str(root), "list")
    assert "Oslo" not in out


def test_conversations_are_their_persons_and_screened(init_ws, cli, monkeypatch):
    root = init_ws()
    chat(cli, monkeypatch, root, "My wifi password is hunter2-Sesame!\n", "--user", "ana")
    saved = only_conversation(root)
    assert saved["user"] == "ana"
    path = conversations_dir(root) / f"{saved['id']}.json"
    assert "hunter2" not in path.read_text()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    code, out, _ = cli("conversations", "-w", str(root))
    assert out == "No conversations yet. Start one with: swarmkit chat\n"
    code, out, _ = cli("conversations", "-w", str(root), "--user", "ana", "--json")
    assert [c["id"] for c in json.loads(out)["conversations"]] == [saved["id"]]
    code, out, err = cli("conversations", "-w", str(root), "show", saved["id"])
    assert code == 1
    assert err == (
        f"error: no conversation {saved['id']} among the owner's in this workspace\n"
        "  hint: `swarmkit conversations` lists the owner's, `swarmkit conversations --user NAME` a person's\n"
    )
    code, _, err = chat(cli, monkeypatch, root, "hi\n", "--user", "Ana Smith")
    assert err.splitlines()[-1].endswith("--user 'Ana Smith'")  # a hint that can be pasted
    code, out, _ = cli("conversations", "-w", str(root), "show", saved["id"], "--user", "ana")
    assert code == 0 and out.splitlines()[1].startswith("1. you: My wifi password is [REDACTED_SECRET]")
    code, _, err = cli("conversations", "-w", str(root), "show", "c-nothere")
    assert code == 1 and "is not a conversation id" in err


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal is POSIX")
def test_on_a_terminal_it_prompts_ctrl_c_drops_a_line_and_ctrl_d_ends(init_ws):
    """The terminal path, on a real pseudo-terminal: the prompt, a line typed, Ctrl-C, Ctrl-D."""
    import pty
    import select
    import sys
    import time

    root = init_ws()
    # pty.fork: the child's controlling terminal is the pty, so Ctrl-C is a SIGINT as on a terminal
    pid, leader = pty.fork()
    if pid == 0:  # the child
        os.environ["NO_COLOR"] = "1"
        os.execv(sys.executable, [sys.executable, "-m", "swarmkit", "chat", str(root)])
    seen = b""

    def read_until(marker: bytes, budget: float = 60.0) -> None:
        nonlocal seen
        deadline = time.monotonic() + budget  # a guard against a hang, not a timing assertion
        while marker not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(leader, 4096)
                except OSError:
                    break

    def prompts_after(count: int) -> None:
        """Wait for the prompt to have been shown more than `count` times."""
        deadline = time.monotonic() + 60
        while seen.count(b"you> ") <= count and time.monotonic() < deadline:
            read_until(b"\0never", 0.5)

    prompts_after(0)
    os.write(leader, b"half a line\x03")  # Ctrl-C: the line is dropped, the prompt comes back
    prompts_after(1)
    os.write(leader, b"I live in Oslo.\r")
    prompts_after(2)  # the answer, then the prompt again
    os.write(leader, b"\x04")  # Ctrl-D ends the conversation
    read_until(b"saved (1 turn)")
    deadline = time.monotonic() + 60  # a guard against a hang, not a timing assertion
    while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
        read_until(b"\0never", 0.5)
    os.close(leader)
    assert done[0] == pid and os.waitstatus_to_exitcode(done[1]) == 0
    text = seen.decode("utf-8", "replace")
    assert "Ctrl-D ends." in text and "I will remember that: lives in Oslo." in text
    assert "half a line" not in only_conversation(root)["turns"][0]["input"]


def told_and_asked() -> list[list[str]]:
    from tests.runtime.test_mock_extraction import table

    return table("| Told | Asked back | Fact recalled | Recall |")


def with_the_model_if_installed(monkeypatch, tmp_path) -> bool:
    """Recall by meaning in force where the semantic extra and its packaged model are installed
    (`make test` installs them; tests/conftest.py turns the model off for every other test)."""
    from swarmkit.memory.recall import semantic

    monkeypatch.delenv(semantic.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    semantic.forget_choice()
    return isinstance(semantic.choice(), semantic.Model)


@pytest.mark.parametrize("by_meaning", [False, True], ids=["words", "words and meaning"])
def test_facts_told_in_a_chat_are_recalled_when_asked_in_other_words(
    init_ws, cli, monkeypatch, tmp_path, by_meaning
):
    """Every row of docs/providers.md's table, told in one chat on the mock, then asked back: by
    words alone the "words" rows, and every row with recall by meaning (where its model is installed)."""
    if by_meaning and not with_the_model_if_installed(monkeypatch, tmp_path):
        pytest.skip("the semantic extra and its packaged model are not installed")
    rows = told_and_asked()
    assert len(rows) >= 12
    root = init_ws()
    code, out, err = chat(cli, monkeypatch, root, "".join(row[0] + "\n" for row in rows))
    assert code == 0 and len(out.splitlines()) == len(rows)
    for told, asked, fact, how in rows:
        if how == "meaning" and not by_meaning:
            continue
        code, out, _ = cli("memory", "-w", str(root), "search", asked, "--json")
        texts = [hit["text"] for hit in json.loads(out)["results"]][:5]
        assert fact in texts, (told, asked, texts)


def test_piped_bytes_that_are_not_utf8_and_an_endless_line(init_ws, tmp_path):
    """From a real pipe: an undecodable byte is U+FFFD in the conversation and its run (a warning says so); a
    line with no end (`< /dev/zero`) is refused after the turns before it were saved."""
    import subprocess
    import sys

    root = init_ws()
    said = subprocess.run(
        [sys.executable, "-m", "swarmkit", "chat", str(root)],
        input=b"My editor is Helix \xff.\n",
        capture_output=True,
        timeout=120,
    )
    assert said.returncode == 0, said.stderr
    saved = only_conversation(root)
    assert saved["turns"][0]["input"] == "My editor is Helix \ufffd."
    assert "warning: line 1 of standard input held 1 byte that is not UTF-8" in said.stderr.decode()
    with open("/dev/zero", "rb") as zero:
        endless = subprocess.run(
            [sys.executable, "-m", "swarmkit", "chat", str(root)],
            stdin=zero,
            capture_output=True,
            timeout=120,
        )
    assert endless.returncode == 2
    assert b"error: a line on standard input is over 1,048,576 bytes" in endless.stderr


@pytest.mark.parametrize(
    ("announced", "given"),
    [
        ("My door PIN? I'll send it in my next message.", "4417"),
        ("Here's the alarm code, next message:", "4 0 2 1"),
        ("The new router password follows in the next message.", "Tidal-Moss-44!"),
    ],
)
def test_a_secret_announced_in_one_message_and_given_in_the_next_is_kept_nowhere(
    init_ws, cli, monkeypatch, announced, given
):
    """Issue 29: a turn holding nothing but a value is screened as read after the turn before it."""
    root = init_ws()
    code, out, _ = chat(cli, monkeypatch, root, f"{announced}\n{given}\nWhat did I say?\n")
    assert code == 0
    assert given not in out
    saved = only_conversation(root)
    assert saved["turns"][1]["input"] == "[REDACTED_SECRET]"
    kept = [
        path
        for path in root.rglob("*")
        if path.is_file() and ".git" not in path.parts and given in path.read_text(errors="replace")
    ]
    assert kept == []
    # a value alone with nothing before it that announces one is a plain message
    code, out, _ = chat(cli, monkeypatch, root, "Thanks for the help.\n4417\n")
    assert "4417" in out

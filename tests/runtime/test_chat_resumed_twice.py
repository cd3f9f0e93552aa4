"""Issue 29 (hostile): two `swarmkit chat --resume` of one conversation at once keep every turn.

Each session read the conversation when it started and wrote it back whole after each turn, so
the second writer dropped the first one's turns (and both exited 0). A turn now joins the turns
saved meanwhile, under an OS lock on the conversations folder (the memory folder's lock). Two real
processes, their turns interleaved one by one."""

from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading

from swarmkit.scaffold import create_workspace


class Chat:
    """A `swarmkit chat` process fed one line at a time; its answers (stdout) and notes (stderr)."""

    def __init__(self, root, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "swarmkit", "chat", str(root), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.out: queue.Queue = queue.Queue()
        self.err: queue.Queue = queue.Queue()
        for stream, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=self._read, args=(stream, into), daemon=True).start()

    @staticmethod
    def _read(stream, into) -> None:
        for line in stream:
            into.put(line.rstrip("\n"))

    def note(self, pattern: str) -> str:
        """The first line on stderr matching `pattern` (waiting for it)."""
        while True:
            line = self.err.get(timeout=120)
            if re.search(pattern, line):
                return line

    def say(self, text: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        return self.out.get(timeout=120)

    def end(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(timeout=120)


def test_two_resumes_of_one_conversation_keep_every_turn(tmp_path):
    root = tmp_path / "ws"
    create_workspace(root, "Chat")
    first = Chat(root)
    assert "first turn" in first.say("first turn")
    assert first.end() == 0
    conversation = re.search(r"(c-[0-9a-f]{8})", first.note(r"saved")).group(1)

    one, two = Chat(root, "--resume", conversation), Chat(root, "--resume", conversation)
    one.note(r"^Resuming"), two.note(r"^Resuming")  # both read the conversation before any turn
    said = ["first turn"]
    for n in range(3):
        for name, chat in (("one", one), ("two", two)):
            text = f"{name} says {n}"
            assert text in chat.say(text)
            said.append(text)
    assert (one.end(), two.end()) == (0, 0)
    path = root / ".swarmkit" / "conversations" / f"{conversation}.json"
    turns = json.loads(path.read_text(encoding="utf-8"))["turns"]
    assert [turn["input"] for turn in turns] == said
    # each turn's run record says which turn it was, and each run is there
    for number, turn in enumerate(turns, 1):
        record = json.loads((root / ".swarmkit" / "runs" / f"{turn['run']}.json").read_text(encoding="utf-8"))
        assert record["conversation"]["turn"] == number

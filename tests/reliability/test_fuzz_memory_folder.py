"""Fuzzing hand-edited memory folders: whatever a person (or a merge) leaves in the markdown files,
`swarmkit memory` commands and the next run end in exit 0 or 1, never a traceback, and the next
write still goes through."""

from __future__ import annotations

import contextlib
import io
import string
import tempfile
import warnings
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from swarmkit.cli.main import run as cli_run
from swarmkit.memory.folder.results import MemoryWarning
from swarmkit.memory.store import MemoryStore
from swarmkit.scaffold import create_workspace
from tests.reliability.harness import examples

FILES = [
    "MEMORY.md",
    "me.md",
    "lessons.md",
    "inbox.md",
    "workspaces/fuzz.md",
    "users/al.md",
    "swarms/main-r-1a2b3c4d/findings.md",
    "swarms/main-r-1a2b3c4d/README.md",
    "notes/deep/x.md",
]
# Pieces of the entry format, so random lines often look almost like entries.
PIECES = [
    "- ",
    "* ",
    "[",
    "]",
    "[[",
    "]]",
    "by: ",
    "agent",
    "user",
    "; ",
    "kind: ",
    "subject: ",
    "source: ",
    "added: ",
    "2026-11-30",
    "9999-99-99",
    "swarmkit://runs/r-1a2b3c4d",
    "## Index",
    "# Memory",
    "\n",
    "\r\n",
    "\t",
    ":",
    "é",
    "\u2028",
    "\x00",
    "<no-memory>",
    "- [ ] ",
    "#L",
    "me.md#L3",
    " ",
]
LINES = st.lists(
    st.one_of(st.sampled_from(PIECES), st.text(string.printable + "é🙂", max_size=20)), max_size=25
).map("".join)
CONTENT = st.one_of(st.lists(LINES, max_size=12).map("\n".join), st.binary(max_size=300))
WORKSPACE = "apiVersion: swarmkit/v1\nkind: Workspace\nmetadata: {id: fuzz, name: Fuzz}\n"


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("ignore", MemoryWarning)
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def _handled(code: int, out: str, err: str) -> None:
    assert code in (0, 1), f"exit {code}\n{out}\n{err}"
    assert "Traceback" not in out + err


_BASE = None


def _base() -> Path:
    """A workspace whose memory folder exists (made once, copied per example)."""
    global _BASE
    if _BASE is None:
        _BASE = Path(tempfile.mkdtemp(prefix="memfuzz-")) / "ws"
        create_workspace(_BASE, "Fuzz")
        (_BASE / "workspace.yaml").write_text(WORKSPACE)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MemoryWarning)
            store = MemoryStore(_BASE / ".swarmkit" / "memory", "fuzz")
            store.remember("Deploys go through staging first", kind="rule")
            store.remember("Our release train leaves on Tuesdays", target="inbox", source="import")
    return _BASE


@settings(max_examples=examples(60))
@given(
    edits=st.dictionaries(st.sampled_from(FILES), CONTENT, min_size=1, max_size=4),
    query=st.sampled_from(["deploys staging", "release train", "é", "[[", "by: user", "x" * 300]),
)
def test_hand_edited_memory_folder_never_gets_a_traceback(edits, query):
    import shutil

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        shutil.copytree(_base(), root, symlinks=True)
        folder = root / ".swarmkit" / "memory"
        for rel, content in edits.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8", errors="surrogatepass", newline="")
        ws = str(root)
        for args in (
            ["status"],
            ["list"],
            ["list", "me.md"],
            ["search", query],
            ["search", query, "--inbox"],
            ["inbox"],
            ["show", "me.md#L3"],
            ["keep", "inbox.md#L4"],
            ["forget", "lessons.md#L3"],
        ):
            _handled(
                *_cli("memory", "-w", ws, *args, "--json")
                if args[0] in ("status", "list", "search", "inbox", "show")
                else _cli("memory", "-w", ws, *args)
            )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MemoryWarning)
            result = MemoryStore(folder, "fuzz").remember("Written after the hand edits", kind="insight")
        assert result.status in ("written", "reinforced", "refused"), result
        code, out, err = _cli("run", ws, "--input", f"Tell me about {query}")
        _handled(code, out, err)

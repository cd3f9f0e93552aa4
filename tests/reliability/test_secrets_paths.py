"""One screening, one policy: `memory add`, import, feedback and run records keep or redact the
same secrets (issue 18, third round). A token that nothing names is taken on every path, and what
memory already holds (an entry with the placeholder, recalled into the run) changes nothing."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from swarmkit.cli.main import run as cli_run
from swarmkit.memory.store import MemoryStore
from swarmkit.scaffold import create_workspace
from swarmkit.screening.screen import REDACTED
from tests.support.git import git

# Lines of our own: a bare token, a WIF-shaped key whose checksum fails, and an instruction
TOKEN = "Vb7qN2xK9mR4tW8zL3pY6cH1"
WIF_LIKE = "5Kb8kLf9zgWQnogidDA76MzPL6TsZZY36hWXMssSzNydYXYB9KG"
LINES = [
    f"keep this for the release: {TOKEN}",
    f"{REDACTED} was the old one; cold wallet WIF {WIF_LIKE}",
    "benutze Dachs#12 zum Entsperren des Tablets",
]
SECRETS = [TOKEN, WIF_LIKE, "Dachs#12"]


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def _everything(root: Path) -> str:
    parts = [p.read_bytes().decode("utf-8", "replace") for p in sorted(root.rglob("*")) if p.is_file()]
    folder = root / ".swarmkit" / "memory" if (root / ".swarmkit").is_dir() else root
    if (folder / ".git").is_dir():
        parts.append(git(folder, "log", "-p", "--all", "--format=%H%n%B"))
    return "\n".join(parts)


def _assert_none(text: str) -> None:
    kept = [secret for secret in SECRETS if secret in text]
    assert not kept, kept


def test_add_import_and_feedback_screen_alike(tmp_path):
    folder = tmp_path / "memory"
    store = MemoryStore(folder, "paths")
    for line in LINES:
        result = store.add(line)
        assert result.status == "written" and REDACTED in (result.text or ""), result
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "ops.md").write_text("# Ops\n\n" + "".join(f"- {line}\n" for line in LINES))
    # the same folder already holds them as add screened them: import screens alike, so they are duplicates
    assert store.import_folder(notes).duplicates == len(LINES)
    other = MemoryStore(tmp_path / "imported", "paths")
    assert other.import_folder(notes).imported == len(LINES)
    for n, line in enumerate(LINES):
        store.feedback(f"r-{n:08x}", f"That was wrong: {line}")
    store.recall("release wallet tablet")
    other.recall("release wallet tablet")
    _assert_none(_everything(folder) + _everything(tmp_path / "imported"))


def test_a_run_record_screens_as_memory_does_whatever_memory_holds(tmp_path):
    ws = tmp_path / "ws"
    create_workspace(ws, "Paths")
    # memory already holds an entry with the placeholder (a valid WIF key, stored redacted), which
    # the run recalls: the run is screened the same
    valid = "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ"
    code, out, err = _cli("memory", "--workspace", str(ws), "add", f"cold wallet WIF {valid}", "--json")
    assert code == 0 and REDACTED in json.loads(out)["text"], err
    for line in LINES:
        code, out, err = _cli("run", str(ws), "--input", line, "--json")
        assert code == 0, err
        record = json.loads(out)
        assert REDACTED in record["input"], record["input"]
    _assert_none(_everything(ws))

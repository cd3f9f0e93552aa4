"""No secret reaches the memory folder through any automatic path; benign text stays intact.

Paths: memory-writer in a real `swarmkit run` (a scripted extraction, and the mock's own extraction),
swarm notes through the swarm_note tool (text, sources and the swarm README's goal), import from a
folder, and feedback. The folder is searched as files and as its whole git history.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from swarmkit.cli.main import run as cli_run
from swarmkit.memory.store import MemoryStore
from swarmkit.scaffold import create_workspace
from swarmkit.screening.screen import screen
from swarmkit.speech.facts import in_the_speakers_voice
from tests.screening.example_files import Secret, benign_texts, channel_corpus, held_out
from tests.support.git import git
from tests.support.memory_files import assert_every_file_parses
from tests.support.screening import assert_taken_out

# The examples of tests/screening/examples/ told in prose, code, a URL and JSON, the benign ones,
# and the shapes a review held out
SECRETS = channel_corpus()
BENIGN = benign_texts("told to every channel")
HELD_OUT = held_out()
FAMILIES = {s.family for s in SECRETS}


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def _folder_text(folder: Path) -> str:
    """Every file in the memory folder (git's own files aside) and every commit with its diff."""
    parts = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and ".git" not in path.relative_to(folder).parts:
            parts.append(path.read_bytes().decode("utf-8", "replace"))
    parts.append(git(folder, "log", "-p", "--all", "--format=%H%n%B"))
    return "\n".join(parts)


def leaked(text: str, corpus: list[Secret] = SECRETS) -> list[str]:
    """The corpus items whose secret part is in the text (a short one only as a whole word: a PIN
    of four digits is in some commit hash by chance)."""
    out = []
    for secret in corpus:
        for core in {secret.core, quote(secret.core, safe="")}:
            found = (
                re.search(rf"(?<![A-Za-z0-9]){re.escape(core)}(?![A-Za-z0-9])", text)
                if len(core) < 8
                else core in text
            )
            if found:
                out.append(secret.id)
                break
    return out


def assert_no_secret(folder: Path, corpus: list[Secret] = SECRETS) -> None:
    """Not in any file of the folder (the recall index built first), nor in its git history."""
    MemoryStore(folder, "reliability").recall("staging deploy credential token password")
    assert (folder / ".index" / "recall.sqlite3").exists()
    found = leaked(_folder_text(folder), corpus)
    assert not found, f"secrets reached the memory folder: {found}"


def assert_no_secret_in_runs(ws: Path, corpus: list[Secret] = SECRETS) -> None:
    """Not in any run record, nor in what `swarmkit runs show --json` and the server give."""
    records = sorted((ws / ".swarmkit" / "runs").glob("r-*.json"))
    assert records
    for path in records:
        if os.name == "posix":  # owner-only; Windows keeps its own access lists
            assert path.stat().st_mode & 0o777 == 0o600
        found = leaked(path.read_text(encoding="utf-8"), corpus)
        assert not found, f"secrets reached the run record {path.name}: {found}"


@pytest.fixture
def ws(tmp_path) -> Path:
    root = tmp_path / "ws"
    create_workspace(root, "Secrets")
    return root


def _script(tmp_path: Path, steps: list[dict]) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(steps))
    return str(path)


def _run(ws: Path, tmp_path: Path, text: str, steps: list[dict]) -> dict:
    code, out, err = _cli("run", str(ws), "--input", text, "--json", "--script", _script(tmp_path, steps))
    assert code == 0, err
    return json.loads(out)


def _entry_texts(folder: Path) -> set[str]:
    return {e.text for e in assert_every_file_parses(folder)}


def test_the_corpus_covers_every_redaction_family():
    assert len(FAMILIES) == 33 and len(SECRETS) == 4 * 33
    assert {s.context for s in SECRETS} == {"prose", "code", "url", "json"}
    assert len({s.core for s in SECRETS}) == len(SECRETS)


@pytest.mark.parametrize("secret", SECRETS, ids=lambda s: s.id)
def test_screening_removes_every_secret(secret):
    assert_taken_out(screen(secret.text), secret.core)


def false_positive_rate() -> tuple[float, list[tuple[str, str]]]:
    altered = []
    for text in BENIGN:
        screened = screen(text)
        if not screened.ok or screened.text != text:
            altered.append((text, screened.refused or screened.text))
    return len(altered) / len(BENIGN), altered


def test_benign_corpus_false_positive_rate_is_at_most_one_percent():
    rate, altered = false_positive_rate()
    print(f"\nscreening false-positive rate: {len(altered)}/{len(BENIGN)} = {rate:.1%}")
    assert len(BENIGN) >= 300 and len(set(BENIGN)) == len(BENIGN)
    assert rate <= 0.01, altered


def test_memory_writer_in_a_run_never_writes_a_secret(ws, tmp_path):
    """A scripted extraction returns every secret and every benign text as facts."""
    facts = [{"text": s.text, "kind": "insight"} for s in SECRETS] + [
        {"text": b, "kind": "insight"} for b in BENIGN
    ]
    steps = [{"when": {"purpose": "extract"}, "reply": json.dumps({"facts": facts})}]
    record = _run(
        ws, tmp_path, "Summarise what the team knows about the staging deploy, in detail please.", steps
    )
    folder = ws / ".swarmkit" / "memory"
    statuses = [w["status"] for w in record["memory_writes"]]
    # those in the first person ("I use a password manager") are no one's here (the run's input does
    # not say them): the writer leaves them out (runtime/fact_voice.py, tests/runtime/test_writer_voice.py)
    third_person = {text for text in BENIGN if not in_the_speakers_voice(text)}
    assert len(third_person) >= 300
    assert statuses.count("written") >= len(third_person), record["memory_writes"]
    assert_no_secret(folder)
    assert_no_secret_in_runs(ws)
    assert third_person <= _entry_texts(folder)  # benign facts were written word for word


def test_mock_extraction_of_a_users_secrets_never_writes_them(ws, tmp_path):
    said = ". ".join(f"My credential is {s.text}" for s in SECRETS) + ". I live in Lisbon."
    record = _run(ws, tmp_path, said, [])
    assert any(w["status"] == "written" for w in record["memory_writes"])  # "Lives in Lisbon"
    assert_no_secret(ws / ".swarmkit" / "memory")
    assert_no_secret_in_runs(ws)  # the input held every secret


def test_swarm_notes_never_keep_a_secret(ws, tmp_path):
    """Notes whose text, sources or the swarm's goal (the run's input) hold secrets."""
    calls = [
        {
            "name": "swarm_note",
            "arguments": {
                "kind": "finding",
                "text": s.text,
                "sources": [f"https://ops:{quote(s.core, safe='')}@logs.example.com/x"],
            },
        }
        for s in SECRETS
    ]
    calls += [{"name": "swarm_note", "arguments": {"kind": "finding", "text": b}} for b in BENIGN]
    steps = [{"when": {"agent": "researcher", "purpose": "answer"}, "reply": "", "tool_calls": calls}]
    goal = "Find why staging fails; the deploy uses " + " and ".join(s.text for s in SECRETS[:8])
    record = _run(ws, tmp_path, goal, steps)
    folder = ws / ".swarmkit" / "memory"
    swarm = record["swarm"]
    assert swarm and (folder / "swarms" / swarm / "README.md").exists()
    assert_no_secret(folder)
    assert_no_secret_in_runs(ws)
    findings = {e.text for e in assert_every_file_parses(folder) if e.file.endswith("findings.md")}
    # the findings file holds 64 KB: the notes past it wait in the inbox for room (or are refused when
    # that is full too), never turned away by screening
    full = {
        c["arguments"]["text"]
        for c in record["tool_calls"]
        if c["result"]["status"] in ("held", "refused") and "is full" in (c["result"]["reason"] or "")
    }
    assert len(set(BENIGN) - full) >= 300 and set(BENIGN) - full <= findings


def test_import_never_keeps_a_secret(tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "secrets.md").write_text("# Ops notes\n\n" + "".join(f"- {s.text}\n" for s in SECRETS))
    (notes / "sub").mkdir()
    (notes / "sub" / "benign.md").write_text("".join(f"- {b}\n" for b in BENIGN))
    folder = tmp_path / "memory"
    result = MemoryStore(folder, "reliability").import_folder(notes)
    assert result.imported >= len(BENIGN)
    assert_no_secret(folder)
    assert set(BENIGN) <= {e.text for e in assert_every_file_parses(folder) if e.file == "inbox.md"}


def test_feedback_never_keeps_a_secret(tmp_path):
    folder = tmp_path / "memory"
    store = MemoryStore(folder, "reliability")
    for n, secret in enumerate(SECRETS):
        store.feedback(f"r-{n:08x}", f"That was wrong: {secret.text}")
    for n, text in enumerate(BENIGN):
        # a workspace's feedback file holds 64 KB: the benign corpus goes to three of them
        MemoryStore(folder, f"reliability-{n % 3}").feedback(f"r-b{n:07x}", text)
    assert_no_secret(folder)
    assert set(BENIGN) <= {e.text for e in assert_every_file_parses(folder)}


def test_metadata_values_are_screened_like_the_text(tmp_path):
    """A subject or sources a model chose are written into the line too."""
    store = MemoryStore(tmp_path / "memory", "reliability")
    token = next(s for s in SECRETS if s.id == "github classic/prose")
    github = Secret(token.family, token.context, token.text, token.core.removeprefix("ghp_"))  # its body
    url = next(s for s in SECRETS if s.family == "url credentials")
    store.remember(
        "Staging deploys need the ops key",
        kind="insight",
        subject=f"api_key={github.core}",
        extra={"sources": f"https://ops:{url.core}@logs.example.com/x"},
    )
    assert_no_secret(tmp_path / "memory", [github, url])
    line = (tmp_path / "memory" / "lessons.md").read_text().splitlines()[-1]
    assert "subject: api_key_redacted;" in line and "sources: https:// REDACTED_SECRET @logs" in line


def test_a_record_written_before_screening_is_served_screened(ws):
    """Records from before issue 9 hold texts verbatim: the CLI and the server screen them on read."""
    import warnings

    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

    from swarmkit.server.app import create_app

    corpus = SECRETS[::7]
    folder = ws / ".swarmkit" / "runs"
    folder.mkdir(parents=True)
    said = " ".join(s.text for s in corpus)
    record = {
        "id": "r-0000beef",
        "workspace": "secrets",
        "topology": "main",
        "started_at": "2026-11-30T10:00:00Z",
        "status": "ok",
        "input": said,
        "output": said,
        "agents": [{"id": "lead", "output": said}],
        "tool_calls": [{"name": "remember_fact", "arguments": {"password": "Hunter22x", "value": said}}],
    }
    (folder / "r-0000beef.json").write_text(json.dumps(record))
    corpus = corpus + [Secret("tool argument", "json", "", "Hunter22x")]
    code, out, _ = _cli("runs", "-w", str(ws), "--json", "show", "r-0000beef")
    assert code == 0 and not leaked(out, corpus)
    with TestClient(create_app(ws, token="t" * 32), base_url="http://127.0.0.1:8741") as client:
        for route in ("/runs", "/runs/r-0000beef", "/portal/runs", "/portal/runs/r-0000beef"):
            response = client.get(route)
            assert response.status_code == 200 and not leaked(response.text, corpus), route


def _locomo() -> Path | None:
    """The shared LoCoMo dev split: $SWARMKIT_LOCOMO, ../shared/data/locomo-dev, /work/shared/data/locomo-dev."""
    import os

    repo = Path(__file__).resolve().parents[2]
    for candidate in (
        os.environ.get("SWARMKIT_LOCOMO"),
        repo.parent / "shared" / "data" / "locomo-dev",
        "/work/shared/data/locomo-dev",
    ):
        if candidate and Path(candidate).is_dir() and list(Path(candidate).glob("conversation-*.json")):
            return Path(candidate)
    return None


def test_real_conversation_facts_are_left_intact():
    """A benign corpus nobody tuned the rules on: every fact and question of LoCoMo's dev split
    (people talking about their lives: dates, places, numbers, plans)."""
    folder = _locomo()
    if folder is None:
        pytest.skip("the LoCoMo dev split is not here (set SWARMKIT_LOCOMO to its folder)")
    texts = []
    for path in sorted(folder.glob("conversation-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        texts += [fact["text"] for fact in data["facts"]] + [q["question"] for q in data["questions"]]
    altered = [text for text in texts if screen(text).text != text]
    print(f"\nscreening false-positive rate on LoCoMo: {len(altered)}/{len(texts)}")
    assert len(texts) > 1000 and len(altered) <= len(texts) // 100, altered[:10]


def test_held_out_shapes_reach_no_file_commit_index_or_run_record(ws, tmp_path):
    """Told to a run (the mock's own extraction, and a scripted one), imported, and given as
    feedback: none of the held-out secrets is kept anywhere."""
    said = ". ".join(s.text for s in HELD_OUT) + ". I live in Lisbon."
    _run(ws, tmp_path, said, [])
    facts = [{"text": s.text + " (noted for the team)", "kind": "insight"} for s in HELD_OUT]
    steps = [{"when": {"purpose": "extract"}, "reply": json.dumps({"facts": facts})}]
    record = _run(ws, tmp_path, "What should the team keep about the office and the wallet?", steps)
    assert any(w["status"] == "written" for w in record["memory_writes"]), record["memory_writes"]
    folder = ws / ".swarmkit" / "memory"
    notes = tmp_path / "held-out-notes"
    notes.mkdir()
    (notes / "office.md").write_text("".join(f"- {s.text}\n" for s in HELD_OUT))
    store = MemoryStore(folder, "reliability")
    assert store.import_folder(notes).imported >= 1
    for n, secret in enumerate(HELD_OUT):
        store.feedback(f"r-{n:08x}", f"Remember this: {secret.text}")
    assert_no_secret(folder, HELD_OUT)
    assert_no_secret_in_runs(ws, HELD_OUT)

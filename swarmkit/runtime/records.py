"""Run records: one JSON file per run in <workspace>/.swarmkit/runs/<id>.json.

A record holds what a person needs to debug a run: input, output, the agents called, every
decision-skill outcome, the recalled memory refs, the memory writes and every model call. It is
screened as memory is (every text redacted; a value is screened together with its key, so that
`{"password": "…"}` from a model's tool call is caught; a secret found in one field is redacted
wherever else it is echoed) and readable by its owner only (0600).
A record written before screening existed (no `screened` mark) is screened whenever it is read.

RunRecord is the typed record the runtime fills and the CLI and server read. A record written
before records carried `record_version` (or edited by hand) is read leniently: a missing or
mistyped value reads as empty, and keys this version does not know are kept.

A record is its person's, as their memory file is: `user` is whom it ran for (none: the owner).
A view (`swarmkit runs --user`, `swarmkit serve --user`) lists and shows only its person's runs,
and another person's run is as missing as one that never was, so its id tells nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from swarmkit.errors import Conflict, NotFound
from swarmkit.run_ids import check_run_id
from swarmkit.safe_read import MISSING, FileRefused
from swarmkit.workspace.layout import STATE_FOLDER

RUNS_DIR = Path(STATE_FOLDER) / "runs"
MAX_RECORD_BYTES = 8 * 1024 * 1024  # a record over this is not one swarmkit wrote: it is not read
SCREENED = 1  # the `screened` mark of a record whose texts went through screening
RECORD_VERSION = 1  # the `record_version` of what this version writes
INPUT_PREVIEW = 200  # characters of the input a summary shows
ANYONE = object()  # the `user` of a listing or a load that is every person's, not one view's
# Memory writes that are not facts kept for later recall: swarm notes and curated proposals.
NOTE_KINDS = ("finding", "ruled_out", "question", "answer", "curated")


def screened(value, key: str = "", found: list[str] | None = None):
    """The value with every secret redacted: strings, and the keys and values of dicts and lists
    (each secret replaced is appended to `found`).

    One screening pass per field (issue 31): a string under a key is read once, together with its
    key ("password": "hunter2" is a secret only next to its key), and what is found past the key is
    redacted in the value; a text met again in the same value (a dict key in every item, the input
    in each prompt) is not read again."""
    seen: dict[tuple[str, str], str] = {}

    def text(key: str, value: str) -> str:
        if (key, value) not in seen:
            seen[key, value] = _screened_text(key, value, found)
        return seen[key, value]

    def walk(value, key: str):
        if isinstance(value, str):
            return text(key, value)
        if isinstance(value, dict):
            return {
                text("", k) if isinstance(k, str) else k: walk(v, k if isinstance(k, str) else "")
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [walk(item, key) for item in value]
        return value

    return walk(value, key)


def _screened_text(key: str, value: str, found: list[str] | None) -> str:
    """One string of a record, read once: with its key before it when it has one. A secret whose
    span takes in the key ("password: hunter2" read as one) is redacted from the value's start."""
    from swarmkit.screening.screen import redact, replaced
    from swarmkit.screening.secrets import find_spans

    if not key:
        return redact(value, found)[0]
    shift = len(key) + 2  # "key: "
    spans = [
        (max(start - shift, 0), end - shift) for start, end in find_spans(f"{key}: {value}") if end > shift
    ]
    return replaced(value, spans, found) if spans else value


# A secret found in one field is redacted in every other, where the words around it may differ: an
# agent's output that quotes the user ("You wrote: “…”"), a prompt that wraps the input, a tool call.
# Fields that name or time things (never text a person or a model wrote): an echo is not looked for
# there, so a PIN "2026" told in the input cannot turn `started_at` into "[REDACTED_SECRET]-12-01…".
STRUCTURAL = frozenset(
    """id started_at finished_at duration_ms workspace topology provider user status record_version
    screened format_version swarm ref stable_ref run_id agent role parent kind commit
    updated_at at run""".split()  # the last three: a conversation's and its turns'
)


def _without(value, pattern, key: str = ""):
    """The value with every echo of a secret the pattern names redacted (dict keys too), except in
    the structural fields."""
    from swarmkit.screening.screen import REDACTED

    if key in STRUCTURAL:
        return value
    if isinstance(value, str):
        return pattern.sub(REDACTED, value) if value else value
    if isinstance(value, dict):
        return {
            (pattern.sub(REDACTED, k) if isinstance(k, str) else k): _without(
                v, pattern, k if isinstance(k, str) else ""
            )
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_without(item, pattern) for item in value]
    return value


def screened_record(record: dict) -> dict:
    """The record as it may be kept and shown (see `screened`), marked as screened: a secret found
    in any of its texts is redacted from all of them."""
    if record.get("screened") == SCREENED:
        return record
    out = screened_throughout(record)
    out["screened"] = SCREENED
    return out


def screened_throughout(value):
    """The value screened (see `screened`), and every secret found in one of its texts redacted
    wherever another echoes it: a run record, a conversation whose later turn quotes an earlier one."""
    from swarmkit.screening.screen import echo_pattern

    found: list[str] = []
    out = screened(value, found=found)
    # folded: a model's reply that re-spells a secret as a key (`user.notes.card_4981_4366_…`)
    pattern = echo_pattern(found, folded=True)
    return _without(out, pattern) if pattern is not None else out


@dataclass
class RunRecord:
    """One run: what a person needs to debug it. Lists hold one JSON object per item."""

    id: str
    workspace: str | None = None
    topology: str | None = None
    started_at: str | None = None
    finished_at: str | None = None
    duration_ms: float | None = None
    provider: str | None = None
    user: str | None = None
    input: Any = None
    output: Any = None
    status: str | None = None
    agents: list[dict] = field(default_factory=list)
    decisions: list[dict] = field(default_factory=list)
    recalled: list[dict] = field(default_factory=list)
    memory_writes: list[dict] = field(default_factory=list)
    model_calls: list[dict] = field(default_factory=list)
    tool_calls: list[dict] = field(default_factory=list)
    mcp_servers: list[dict] = field(default_factory=list)  # each MCP server the run started, or could not
    swarm: str | None = None
    memory: dict = field(default_factory=dict)  # {enabled, sentence, writer?: why it kept nothing}
    warnings: list[str] = field(default_factory=list)
    skipped: list = field(default_factory=list)
    error: Any = None
    tainted: dict = field(default_factory=dict)  # agent id -> the untrusted content it read
    # a chat turn's: {id, turn, history_turns, cut_turns} (how many earlier turns it was given, cut)
    conversation: dict = field(default_factory=dict)
    record_version: int | None = RECORD_VERSION
    screened: int | None = None
    extra: dict = field(default_factory=dict)  # keys this version does not know, kept as they were

    @classmethod
    def from_json(cls, data: dict, run_id: str | None = None) -> RunRecord:
        """The record in `data`, read leniently; `run_id` (its file's) stands in for a missing id."""
        known = {f.name: f for f in fields(cls) if f.name != "extra"}
        values: dict[str, Any] = {}
        for name, spec in known.items():
            if name not in data:
                if name == "record_version":
                    values[name] = None  # written before records were versioned
                continue
            values[name] = _lenient(str(spec.type), data[name])
        if not isinstance(values.get("id"), str):
            values["id"] = run_id if run_id is not None else str(data.get("id"))
        extra = {key: value for key, value in data.items() if key not in known}
        return cls(**values, extra=extra)

    def to_json(self) -> dict:
        """The record as a JSON object: the known keys in their order, then any others."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}
        if out["record_version"] is None:
            del out["record_version"]
        if out["screened"] is None:
            del out["screened"]
        return out | self.extra

    def summary(self) -> dict:
        """One line of a runs list: enough to pick a run, not its whole transcript."""
        text = " ".join(str(self.input or "").split())
        return {
            "id": self.id,
            "workspace": self.workspace,
            "topology": self.topology,
            "status": self.status,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "duration_ms": self.duration_ms,
            "provider": self.provider,
            "user": self.user,
            "input": text if len(text) <= INPUT_PREVIEW else text[: INPUT_PREVIEW - 1] + "…",
            "agents": len(self.agents),
            "swarm": self.swarm,
            "error": self.error,
            "conversation": self.conversation.get("id"),
        }

    @property
    def kept_facts(self) -> list[dict]:
        """The memory writes of facts (not swarm notes or curated proposals)."""
        return [w for w in self.memory_writes if w.get("kind") not in NOTE_KINDS]

    def is_for(self, user: str | None) -> bool:
        """Whether this run is `user`'s (None: the owner's); a record with no user is the owner's."""
        return person_key(self.user) == person_key(user)

    @property
    def sort_key(self) -> tuple[str, str]:
        return (str(self.started_at or ""), self.id)


def _lenient(kind: str, value: Any) -> Any:
    """`value` if it has the type the field `kind` names (its annotation), else that type's empty value."""
    if kind.startswith("list"):
        items = value if isinstance(value, list) else []
        return [item for item in items if isinstance(item, dict)] if kind == "list[dict]" else items
    if kind == "dict":
        return value if isinstance(value, dict) else {}
    if kind == "str" or kind == "str | None":
        return value if isinstance(value, str) else None
    if kind == "float | None":
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None
    if kind == "int | None":
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    return value


def person_key(user: str | None) -> str:
    """Who a record's user is: the exact id, in NFC (memory/people.py: "Zoë" typed as NFC or NFD is
    one person, "zoë" or "ZOË" another); "" is the owner. A record written when runs were matched
    by slug holds the id as it was given, so it matches the same rule."""
    from swarmkit.memory import person_id

    return person_id(user) if isinstance(user, str) else ""


def runs_dir(workspace_root: Path) -> Path:
    return Path(workspace_root) / RUNS_DIR


def save_run(workspace_root: Path, record: RunRecord, carried: tuple[str, ...] = ()) -> RunRecord:
    """Screen the record and write it atomically, readable by its owner only; return what was saved.
    `carried`: secrets its input holds that only the conversation before it tells (a PIN given in
    the message after the one that announced it), redacted wherever the record echoes them."""
    from swarmkit.memory import atomic_write, sweep_temp_files
    from swarmkit.surrogates import json_dumps
    from swarmkit.workspace.state_folders import ensure_state_folder

    folder = runs_dir(workspace_root)
    saved = screened_record(dict(record.to_json(), screened=None))
    if carried:
        from swarmkit.screening.screen import echo_pattern

        # as written first (its symbols too), then re-spelled as a key would be
        for folded in (False, True):
            pattern = echo_pattern(list(carried), folded=folded)
            if pattern is not None:
                saved = _without(saved, pattern)
    try:
        ensure_state_folder(workspace_root, folder)
        atomic_write(folder / f"{record.id}.json", json_dumps(saved, indent=2) + "\n", mode=0o600)
        sweep_temp_files(folder, depth=0)  # a run killed while saving leaves its temp file
    except OSError as exc:  # the folder is a file, the disk is full, no permission
        problem = (
            f"{folder} is a file, not a folder"
            if isinstance(exc, (FileExistsError, NotADirectoryError))
            else str(exc.strerror or exc)
        )
        raise Conflict(
            f"the record of run {record.id} was not saved: {problem}",
            f"free the disk or fix {folder} (a folder swarmkit may write); what the run wrote to "
            "memory is kept",
            code="run_unsaved",
        ) from None
    return RunRecord.from_json(saved)


def _not_found(run_id: str, user) -> NotFound:
    if user is ANYONE:
        return NotFound(
            f"no run {run_id} in this workspace", "`swarmkit runs` lists the runs", code="run_not_found"
        )
    # the same words whether it never was or is another person's: a view learns nothing of others
    whose = "the owner's" if user is None else f"{user}'s"
    return NotFound(
        f"no run {run_id} among {whose} runs in this workspace",
        "`swarmkit runs` lists the owner's runs, `swarmkit runs --user NAME` a person's",
        code="run_not_found",
    )


def load_run(workspace_root: Path, run_id: str, user=ANYONE) -> RunRecord:
    """The record of `run_id`; with `user` (None: the owner), only if it is that person's run.
    A runs folder reached through a symbolic link is refused (StateFolderLinked), as writing it is."""
    from swarmkit.workspace.state_files import NotJson, read_state_file

    folder = runs_dir(workspace_root)
    path = folder / f"{check_run_id(run_id)}.json"
    try:
        data = read_state_file(workspace_root, folder, path.name, MAX_RECORD_BYTES)
    except FileRefused as refused:
        if refused.reason == MISSING:
            raise _not_found(run_id, user) from None
        raise Conflict(
            f"the record of run {run_id} cannot be read: {refused.problem}",
            f"delete {path}",
            code="run_unreadable",
        ) from None
    except NotJson as exc:
        raise Conflict(
            f"the record of run {run_id} cannot be read: {exc}", f"delete {path}", code="run_unreadable"
        ) from None
    if not isinstance(data, dict):
        raise Conflict(
            f"the record of run {run_id} is not a JSON object", f"delete {path}", code="run_unreadable"
        )
    record = RunRecord.from_json(screened_record(data), run_id)
    if user is not ANYONE and not record.is_for(user):
        raise _not_found(run_id, user)
    return record


RUN_FILE = re.compile(r"r-[0-9a-f]{8}\.json")


def list_runs(workspace_root: Path, user=ANYONE, skipped: list[str] | None = None) -> list[RunRecord]:
    """Every readable record (with `user`, that person's; None: the owner's), newest first. A file
    that is no record (a link, a FIFO, over the cap, not a JSON object) is skipped with a warning,
    added to `skipped`; a runs folder reached through a symbolic link is refused (StateFolderLinked)."""
    from swarmkit.workspace.state_files import list_state_files

    listing = list_state_files(workspace_root, runs_dir(workspace_root), RUN_FILE, MAX_RECORD_BYTES)
    records = []
    for run_id, data in listing.files:
        if not isinstance(data, dict):
            listing.skip(f"{run_id}.json", "it is not a JSON object")
            continue
        record = RunRecord.from_json(screened_record(data), run_id)
        if user is ANYONE or record.is_for(user):
            records.append(record)
    if skipped is not None:
        skipped.extend(listing.skipped)
    records.sort(key=lambda r: r.sort_key, reverse=True)
    return records


def remove_run_record(workspace_root: Path, run_id: str) -> bool:
    """Delete the record (a link in its place goes, never what it points at); a runs folder reached
    through a symbolic link is refused (StateFolderLinked): its files are not this workspace's."""
    from swarmkit.workspace.state_folders import check_state_folder

    path = runs_dir(workspace_root) / f"{check_run_id(run_id)}.json"
    check_state_folder(workspace_root, path.parent)
    try:
        path.unlink()
        return True
    except FileNotFoundError:
        return False

"""Conversations: the turns of a `swarmkit chat`, one JSON file each in .swarmkit/conversations/.

A turn is one run of the topology (its run record names the conversation and the turn), given the
conversation so far. What a turn sends is bounded: the last HISTORY_TURNS turns, at most
HISTORY_CHARS characters of them; older turns are cut, and the run record says how many. A
conversation is screened as run records are and readable by its owner only (0600), and it is its
person's as their runs are: a view lists and shows only its own conversations.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from swarmkit.errors import Conflict, NotFound, SwarmkitError
from swarmkit.runtime.records import ANYONE, person_key, screened_throughout
from swarmkit.workspace.layout import STATE_FOLDER

CONVERSATIONS_DIR = Path(STATE_FOLDER) / "conversations"
CONVERSATION_ID = re.compile(r"^c-[0-9a-f]{8}$")
HISTORY_TURNS = 8  # earlier turns a new turn is given
HISTORY_CHARS = 8000  # characters of them, at most: a long conversation does not grow each prompt
TITLE = 60  # characters of the first message a listing shows


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def new_conversation_id() -> str:
    return "c-" + os.urandom(4).hex()


def check_conversation_id(conversation_id: str) -> str:
    if not isinstance(conversation_id, str) or CONVERSATION_ID.match(conversation_id) is None:
        raise SwarmkitError(
            f'"{conversation_id}" is not a conversation id',
            "conversation ids look like c-1a2b3c4d; `swarmkit conversations` lists them",
            code="invalid_conversation_id",
        )
    return conversation_id


@dataclass
class Conversation:
    """One chat: whose it is, with which topology, and its turns (oldest first)."""

    id: str
    workspace: str | None = None
    topology: str | None = None
    user: str | None = None
    started_at: str | None = None
    updated_at: str | None = None
    # each: {input, output, run, status, at, recalled: [{ref, text}], wrote: [{status, ref, text}]}
    turns: list[dict] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict) -> Conversation:
        """Read leniently, as run records are: a value of the wrong type reads as empty."""
        values: dict[str, Any] = {}
        for spec in fields(cls):
            value = data.get(spec.name)
            if spec.name == "turns":
                values["turns"] = [t for t in value if isinstance(t, dict)] if isinstance(value, list) else []
            elif isinstance(value, str):
                values[spec.name] = value
        values.setdefault("id", "")
        return cls(**values)

    def to_json(self) -> dict:
        return {spec.name: getattr(self, spec.name) for spec in fields(self)}

    def is_for(self, user: str | None) -> bool:
        return person_key(self.user) == person_key(user)

    @property
    def title(self) -> str:
        first = " ".join(str(self.turns[0].get("input") or "").split()) if self.turns else ""
        return first if len(first) <= TITLE else first[: TITLE - 1] + "…"

    def history(self) -> tuple[list[dict], int]:
        """The chat messages a new turn is given (user and assistant, oldest first) and how many
        earlier turns were cut to keep them within HISTORY_TURNS and HISTORY_CHARS."""
        kept: list[dict] = []
        size = 0
        answered = [t for t in self.turns if t.get("status") == "ok"]
        for turn in reversed(answered[-HISTORY_TURNS:]):
            said, answer = str(turn.get("input") or ""), str(turn.get("output") or "")
            if kept and size + len(said) + len(answer) > HISTORY_CHARS:
                break
            size += len(said) + len(answer)
            kept = [{"role": "user", "content": said}, {"role": "assistant", "content": answer}] + kept
        return kept, len(answered) - len(kept) // 2

    def summary(self) -> dict:
        return {
            "id": self.id,
            "workspace": self.workspace,
            "topology": self.topology,
            "user": self.user,
            "started_at": self.started_at,
            "updated_at": self.updated_at,
            "turns": len(self.turns),
            "title": self.title,
        }


def conversations_dir(workspace_root: Path) -> Path:
    return Path(workspace_root) / CONVERSATIONS_DIR


MAX_CONVERSATION_BYTES = 16 * 1024 * 1024  # a file over this was not written by swarmkit: not read


def _writing(workspace_root: Path):
    """The lock that serialises the writers of a workspace's conversations across processes (two
    `chat --resume` of one conversation, a portal turn): the memory folder's OS lock
    (memory/folder/locking.py) on `.swarmkit/conversations/.write.lock`, released when its holder
    ends, however it ends. A turn holds it only while it saves, never while a model answers."""
    from swarmkit.memory import FolderLock
    from swarmkit.workspace.state_folders import ensure_state_folder

    folder = conversations_dir(workspace_root)
    try:
        ensure_state_folder(workspace_root, folder)
    except OSError as exc:  # a file in its place, no permission: the save below says it in its words
        raise Conflict(
            f"the conversations folder {folder} cannot be written: {exc.strerror or exc}",
            f"fix {folder} (a folder swarmkit may write); each turn's run record is kept",
            code="conversation_unsaved",
        ) from None
    return FolderLock(folder / ".write.lock", what="the conversations folder")


def _turns_now(workspace_root: Path, conversation: Conversation) -> list[dict]:
    """The conversation's turns as saved now (another session may have added some since this one
    read it); this session's own when it has none saved or its file cannot be read."""
    try:
        return load_conversation(workspace_root, conversation.id).turns
    except SwarmkitError:
        return list(conversation.turns)


def save_conversation(workspace_root: Path, conversation: Conversation) -> None:
    """Screen the conversation and write it atomically, readable by its owner only (bytes that were
    not UTF-8 as `\\udcXX` escapes, as run records keep them)."""
    from swarmkit.memory import atomic_write
    from swarmkit.surrogates import json_dumps
    from swarmkit.workspace.state_folders import ensure_state_folder

    folder = conversations_dir(workspace_root)
    try:
        ensure_state_folder(workspace_root, folder)
        data = screened_throughout(conversation.to_json())
        atomic_write(folder / f"{conversation.id}.json", json_dumps(data, indent=2) + "\n", mode=0o600)
    except OSError as exc:  # the folder is a file, the disk is full, no permission
        raise Conflict(
            f"the conversation {conversation.id} was not saved: {exc.strerror or exc}",
            f"free the disk or fix {folder} (a folder swarmkit may write); each turn's run record is kept",
            code="conversation_unsaved",
        ) from None


def _not_found(conversation_id: str, user) -> NotFound:
    whose = "" if user is ANYONE else (" among the owner's" if user is None else f" among {user}'s")
    return NotFound(
        f"no conversation {conversation_id}{whose} in this workspace",
        "`swarmkit conversations` lists the owner's, `swarmkit conversations --user NAME` a person's",
        code="conversation_not_found",
    )


def load_conversation(workspace_root: Path, conversation_id: str, user=ANYONE) -> Conversation:
    """The conversation; with `user` (None: the owner), only if it is that person's. A
    conversations folder reached through a symbolic link is refused (StateFolderLinked)."""
    from swarmkit.safe_read import MISSING, FileRefused
    from swarmkit.workspace.state_files import NotJson, read_state_file

    folder = conversations_dir(workspace_root)
    path = folder / f"{check_conversation_id(conversation_id)}.json"
    try:
        data = read_state_file(workspace_root, folder, path.name, MAX_CONVERSATION_BYTES)
    except FileRefused as refused:
        if refused.reason == MISSING:
            raise _not_found(conversation_id, user) from None
        raise Conflict(
            f"the conversation {conversation_id} cannot be read: {refused.problem}",
            f"delete {path}",
            code="conversation_unreadable",
        ) from None
    except NotJson as exc:
        raise Conflict(
            f"the conversation {conversation_id} cannot be read: {exc}",
            f"delete {path}",
            code="conversation_unreadable",
        ) from None
    if not isinstance(data, dict):
        raise Conflict(
            f"the conversation {conversation_id} is not a JSON object",
            f"delete {path}",
            code="conversation_unreadable",
        )
    conversation = Conversation.from_json(data)
    conversation.id = conversation_id
    if user is not ANYONE and not conversation.is_for(user):
        raise _not_found(conversation_id, user)
    return conversation


CONVERSATION_FILE = re.compile(r"c-[0-9a-f]{8}\.json")


def list_conversations(
    workspace_root: Path, user=ANYONE, skipped: list[str] | None = None
) -> list[Conversation]:
    """Every readable conversation (with `user`, that person's), most recently updated first; a
    file that is none (a link, a FIFO, over the cap, not a JSON object) is skipped with a warning,
    added to `skipped`; a folder reached through a symbolic link is refused (StateFolderLinked)."""
    from swarmkit.workspace.state_files import list_state_files

    folder = conversations_dir(workspace_root)
    listing = list_state_files(workspace_root, folder, CONVERSATION_FILE, MAX_CONVERSATION_BYTES)
    out = []
    for conversation_id, data in listing.files:
        if not isinstance(data, dict):
            listing.skip(f"{conversation_id}.json", "it is not a JSON object")
            continue
        conversation = Conversation.from_json(data)
        conversation.id = conversation_id
        if user is ANYONE or conversation.is_for(user):
            out.append(conversation)
    if skipped is not None:
        skipped.extend(listing.skipped)
    out.sort(key=lambda c: (c.updated_at or "", c.id), reverse=True)
    return out


def turn_of(record) -> dict:
    """What a conversation keeps of a turn: its words, its run, and what memory did in it."""
    return {
        "input": record.input,
        "output": record.output if record.status == "ok" else None,
        "run": record.id,
        "status": record.status,
        "at": record.finished_at or now(),
        # each agent recalls for itself: one line per entry, whoever recalled it
        "recalled": list(
            {r.get("ref"): {"ref": r.get("ref"), "text": r.get("text")} for r in record.recalled}.values()
        ),
        "wrote": [
            {"status": w.get("status"), "ref": w.get("ref"), "text": w.get("text")} for w in record.kept_facts
        ],
    }


def _told_after_last_turn(conversation: Conversation, text: str) -> tuple[str, ...]:
    """The secrets this turn's text holds when read after the turn before it (what the person
    said and what they were answered): "My PIN? I'll send it in my next message", then "4417"."""
    from swarmkit.screening.screen import told_after

    if not conversation.turns:
        return ()
    last = conversation.turns[-1]
    before = "\n".join(str(last.get(key) or "") for key in ("input", "output") if last.get(key))
    return tuple(told_after(before, text))


def take_turn(workspace, topology, providers, conversation: Conversation, text: str):
    """Run one turn of `conversation` (the topology given its history), keep its run record and the
    turn, and return the record as it was kept (screened). A failed or cancelled turn is kept too,
    with its status, before the exception goes on."""
    from swarmkit.memory import LockBusy
    from swarmkit.runtime.engine import Run
    from swarmkit.runtime.records import save_run

    conversation.turns = _turns_now(workspace.root, conversation)  # another session's turns too
    history, cut = conversation.history()
    the_run = Run(workspace, topology, providers, user=conversation.user, history=history)
    the_run.carried_secrets = _told_after_last_turn(conversation, text)
    the_run.record.conversation = {
        "id": conversation.id,
        "turn": len(conversation.turns) + 1,
        "history_turns": len(history) // 2,
        "cut_turns": cut,
    }
    failure: SwarmkitError | None = None
    try:
        the_run.execute(text)
    except SwarmkitError as exc:  # a provider failed: the turn is kept, then the error goes on
        failure = exc
        raise
    finally:
        the_run.record.conversation["turn"] = len(_turns_now(workspace.root, conversation)) + 1
        # first: the record never waits on a lock
        saved = save_run(workspace.root, the_run.record, the_run.carried_secrets)
        if failure is not None and saved.error:
            failure.message = saved.error  # as the record keeps it: screened (an endpoint may echo the input)
        # The turn joins the turns saved meanwhile, under the conversations' lock: two sessions of
        # one conversation (`chat --resume` twice) each keep every turn, the other's included.
        try:
            with _writing(workspace.root):
                conversation.turns = _turns_now(workspace.root, conversation)
                conversation.turns.append(turn_of(saved))
                conversation.updated_at = now()
                save_conversation(workspace.root, conversation)
        except LockBusy as busy:
            raise Conflict(
                f"the conversation {conversation.id} was not saved: {busy.message}",
                busy.hint or "",
                code="conversation_unsaved",
            ) from None
    return saved

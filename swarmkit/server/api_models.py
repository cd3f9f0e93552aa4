"""The API's bodies and replies as models: FastAPI writes the OpenAPI document from them (the routes
name them), and the routes read their bodies' field names from them (params.json_body).

The entry shapes come from swarmkit/memory/folder/entry_model.py, which the CLI and the MCP server print too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from swarmkit.memory import EntryView, MemoryWrite, SearchHit, WriteResult

_NO_EXTRA = ConfigDict(extra="forbid")  # a request body: any other field is refused (400)


# ---- errors ---------------------------------------------------------------------------------
class ErrorDetail(BaseModel):
    model_config = _NO_EXTRA
    code: str = Field(description="Stable code, e.g. token_required, run_not_found.")
    message: str
    hint: str | None = Field(None, description="What to do next (absent when there is nothing to add).")


class Error(BaseModel):
    """Every error: `{"error": {"code", "message", "hint"?}}`, never a traceback."""

    model_config = _NO_EXTRA
    error: ErrorDetail


# ---- memory: bodies -------------------------------------------------------------------------
class NewEntry(BaseModel):
    model_config = _NO_EXTRA
    text: str = Field(
        max_length=500,
        examples=["I live in Munich"],
        description="One fact; screened (secrets refused), at most 500 characters.",
    )
    kind: str | None = Field(None, description="Default: read from a first-person sentence, else none.")
    subject: str | None = Field(
        None,
        examples=["user.location"],
        description="A later value for the same subject replaces this one (default: read from the text).",
    )
    to: str | None = Field(
        None,
        examples=["me", "lessons", "workspace", "notes/project.md"],
        description="me, lessons, workspace or a .md file (default: the view's own file for a fact about "
        "them or any text in the first person (I, my, me, mine), else lessons.md).",
    )


class EntryEdit(BaseModel):
    model_config = _NO_EXTRA
    text: str = Field(
        max_length=500,
        examples=["Deploys go through staging, then canary"],
        description="The entry's new text; screened (secrets refused), at most 500 characters.",
    )


class InboxAction(BaseModel):
    model_config = _NO_EXTRA
    ref: str = Field(examples=["inbox.md#3f9a1c2b", "inbox.md#L5"])
    expect: str = Field(description="The digest GET /memory/inbox showed; a changed entry is refused.")


class InboxKeep(InboxAction):
    to: Literal["me", "lessons", "workspace"] = "me"


class InboxAccept(InboxAction):
    text: str | None = Field(None, description="A merge's text in the person's own words.")


class ImportRequest(BaseModel):
    model_config = _NO_EXTRA
    path: str = Field(
        examples=["/home/ana/notes"],
        description="An absolute folder on the server's machine, read, never written.",
    )


# ---- memory: replies ------------------------------------------------------------------------
@dataclass(frozen=True)
class EntryResult(WriteResult):
    """What a write did to which entry (the CLI's `--format json` of it), with the write's warnings."""

    warnings: list[str] = field(default_factory=list)


class EntryList(BaseModel):
    query: str | None
    scope: str | None
    threshold: float | None = None
    limit: int
    total: int
    truncated: bool
    entries: list[SearchHit | EntryView] = Field(
        description="A search's hits (best first) or a listing's entries (file and line order)."
    )


class Inbox(BaseModel):
    entries: list[EntryView]


class Change(BaseModel):
    commit: str
    date: str = Field(description="The commit's date (ISO 8601).")
    message: str | None = None
    origin: str | None = None
    run: str | None = None
    change: Literal["added", "changed", "replaced", "merged", "moved", "removed"]
    file: str
    text: str
    old: str | None = Field(None, description="The text it had before.")
    from_: str | None = Field(None, alias="from", description="The file it moved from.")


class History(BaseModel):
    entry: str = Field(description="The ref asked about.")
    changes: list[Change] = Field(description="Newest first, from the memory folder's git history.")


class ImportResult(BaseModel):
    imported: int
    duplicates: int
    skipped: int
    truncated: bool = Field(description="A limit (200 files, 2 MB) stopped the walk.")
    commit: str | None
    files_read: int | None = None
    skipped_files: list[dict[str, str]] = []
    warnings: list[str] = []


class Day(BaseModel):
    day: str = Field(json_schema_extra={"format": "date"})
    added: int
    replaced: int
    forgotten: int


class Event(BaseModel):
    day: str
    date: str
    commit: str
    file: str
    change: Literal["added", "replaced", "forgotten"]
    text: str
    old: str | None = Field(None, description="The text it replaced.")
    origin: str | None = None
    run: str | None = None


class Timeline(BaseModel):
    file: str | None
    days: list[Day] = Field(description="Changes per day, oldest first.")
    events: list[Event] = Field(description="Each change, newest first.")


class ReaderConfig(BaseModel):
    max_results: int
    similarity_threshold: float
    search_scope: str


class WriterConfig(BaseModel):
    min_output_length: int


class UpstreamConfig(BaseModel):
    """Upstream swarmkit's GET /memory/config: the memory block over the defaults."""

    enabled: bool
    reader: ReaderConfig
    writer: WriterConfig
    explicit: list[str] = Field(description="The memory bindings workspace.yaml wrote itself.")
    governed_store: bool = Field(description="A governed-memory skill exists.")


class WorkspaceName(BaseModel):
    id: str
    name: str
    root: str


class BindingConfig(BaseModel):
    reader: ReaderConfig | None
    writer: WriterConfig | None


class Counts(BaseModel):
    files: dict[str, int] = Field(description="Entries per file this view may see.")
    others: int | None = Field(None, description="Other people's personal files, not shown.")
    entries: int
    inbox: int
    swarms: int
    other_swarms: int | None = Field(
        None, description="Swarm folders of other people's runs: that they exist, never their names."
    )


class GitState(BaseModel):
    versioned: bool
    head: str | None
    dirty: bool = Field(description="Uncommitted hand edits.")
    remote: str | None = None
    state: str | None = Field(
        None, description="Why writes are refused now (a merge in progress, HEAD on no branch, ...), or null."
    )


class Budget(BaseModel):
    bytes: int
    limit: int
    share: float = Field(description="bytes / limit")
    warning: str | None


class Status(BaseModel):
    workspace: WorkspaceName
    enabled: bool
    sentence: str = Field(description="The sentence the CLI prints.")
    config: BindingConfig
    explicit: list[str] = Field(description="Memory bindings workspace.yaml writes itself.")
    auto: list[str] = Field(description="Memory bindings swarmkit added.")
    folder: str
    exists: bool = Field(description="False until the first write creates the folder.")
    user: str | None = Field(
        None, description="Whose view this server serves: null for the owner (swarmkit serve --user)."
    )
    user_file: str | None = Field(
        None, description="The personal file of this view: me.md or users/<name>.md."
    )
    counts: Counts
    swarms: list[str]
    git: GitState
    budgets: dict[str, Budget] = Field(
        {}, description="Each file's size against its limit; a warning from 80%."
    )
    warnings: list[str] = []
    recall: dict[str, Any] | None = Field(
        None, description="With the semantic extra: which recall is in force."
    )


# ---- runs -----------------------------------------------------------------------------------
RUN_ID = r"^r-[0-9a-f]{8}$"


class RunSummary(BaseModel):
    id: str = Field(pattern=RUN_ID)
    workspace: str | None = None
    topology: str | None = None
    status: str | None = Field(examples=["ok", "rejected", "failed"])
    started_at: str | None
    finished_at: str | None = None
    duration_ms: float | None = None
    provider: str | None = None
    user: str | None = None
    input: str | None = Field(None, description="The first 200 characters of the run's input.")
    agents: int | None = None
    swarm: str | None = None
    error: Any = None
    conversation: str | None = Field(
        None, description="The conversation (swarmkit chat) this run is a turn of."
    )


class RunList(BaseModel):
    total: int
    runs: list[RunSummary]
    warnings: list[str] = Field(
        default_factory=list, description="Files of the folder that were skipped, and why."
    )


class Run(BaseModel):
    """The run record as `swarmkit run` wrote it."""

    id: str = Field(pattern=RUN_ID)
    input: Any = None
    output: Any = None
    status: str | None = None
    agents: list[dict[str, Any]] = []
    decisions: list[dict[str, Any]] = []
    recalled: list[dict[str, Any]] = []
    memory_writes: list[MemoryWrite] = []
    model_calls: list[dict[str, Any]] = []
    memory: dict[str, Any] | None = None


class RunDeleted(BaseModel):
    status: Literal["deleted"]
    id: str
    swarm: str | None = Field(None, description="The swarm folder removed with it.")


# ---- conversations --------------------------------------------------------------------------
class ConversationSummary(BaseModel):
    id: str = Field(pattern=r"^c-[0-9a-f]{8}$")
    workspace: str | None = None
    topology: str | None = None
    user: str | None = None
    started_at: str | None = None
    updated_at: str | None = None
    turns: int
    title: str | None = Field(None, description="The first message, cut to 60 characters.")


class ConversationList(BaseModel):
    total: int
    conversations: list[ConversationSummary]
    warnings: list[str] = Field(
        default_factory=list, description="Files of the folder that were skipped, and why."
    )


class ConversationTurn(BaseModel):
    input: str | None
    output: str | None = None
    run: str
    status: str | None
    at: str | None = None
    recalled: list[dict[str, Any]] = []
    wrote: list[dict[str, Any]] = []


class Conversation(BaseModel):
    id: str
    workspace: str | None = None
    topology: str | None = None
    user: str | None = None
    started_at: str | None = None
    updated_at: str | None = None
    turns: list[ConversationTurn]


class Say(BaseModel):
    model_config = _NO_EXTRA
    text: str = Field(max_length=20000)
    conversation: str | None = Field(None, description="Go on with this conversation.")
    topology: str | None = Field(None, description="A new conversation's topology, when there are several.")


class Turn(BaseModel):
    conversation: ConversationSummary
    turn: ConversationTurn
    status: str
    output: str | None = None
    error: Any = None


def body_fields(model: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(required, optional) field names of a request body, in the model's order."""
    required = tuple(name for name, f in model.model_fields.items() if f.is_required())
    optional = tuple(name for name, f in model.model_fields.items() if not f.is_required())
    return required, optional

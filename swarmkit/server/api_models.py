"""The API's parameters, bodies and replies as models: FastAPI validates each request against them
(the routes' signatures name them) and writes the OpenAPI document from them.

A constraint declared here is enforced: a value it refuses is a 400 in the server's error family
(server/validation.py words it; a field whose refusal needs words of its own gets them from a
check, server/refusals.py). The entry shapes come from swarmkit/memory/folder/entry_model.py, which
the CLI and the MCP server print too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from swarmkit.errors import SwarmkitError
from swarmkit.memory import (
    INBOX_MD,
    KEEP_TARGETS,
    MAX_TEXT,
    EntryView,
    MemoryWrite,
    SearchHit,
    WriteResult,
    check_ref,
    too_long,
)
from swarmkit.run_ids import check_run_id
from swarmkit.server.errors import ApiError
from swarmkit.server.refusals import refusal, words_of

_NO_EXTRA = ConfigDict(extra="forbid")  # a request body: any other field is refused (400)

RUN_ID = r"^r-[0-9a-f]{8}$"
CONVERSATION_ID = r"^c-[0-9a-f]{8}$"
LIST_LIMIT = 1000  # entries a listing gives without limit=
LIST_LIMIT_MAX = 10000
SEARCH_LIMIT_MAX = 100  # or the reader's own max_results, when it is larger (api_memory.py)
TURN_TEXT_MAX = 20_000  # characters of one message said from the portal


# ---- path parameters --------------------------------------------------------------------------
def check_entry_ref(ref: str) -> None:
    try:
        check_ref(ref)
    except SwarmkitError:
        raise ApiError(
            400,
            "invalid_ref",
            f"{ref!r} is not an entry ref",
            "refs look like me.md#3f9a1c2b (or a line, me.md#L3), with # sent as %23; "
            "GET /memory/entries lists them",
        ) from None


def check_conversation_id(conversation_id: str) -> None:
    from swarmkit.runtime.conversations import check_conversation_id as check

    check(conversation_id)


EntryRef = Annotated[
    str,
    Path(description="The entry's ref, its # sent as %23 (me.md%233f9a1c2b)."),
    words_of(check_entry_ref),
]
RunId = Annotated[str, Path(pattern=RUN_ID), words_of(check_run_id)]
ConversationId = Annotated[str, Path(pattern=CONVERSATION_ID), words_of(check_conversation_id)]


# ---- query parameters -------------------------------------------------------------------------
def out_of_range(name: str, low: float, high: float, raw: object, whole: bool = True) -> str:
    """The words for a number parameter the server refuses (the validation handler's too)."""
    kind = "a whole number" if whole else "a number"
    return f"{name} must be {kind} from {_number(low)} to {_number(high)}, not {raw!r}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class EntriesQuery(BaseModel):
    """GET /memory/entries lists entries, or searches them when q is given; some parameters apply to
    one of the two only, and limit's range is each one's own."""

    q: str = Field("", description="Search words; without it, every entry is listed.")
    scope: str | None = Field(
        None, description="Search only: user, all, both or swarm:<slug> (default: the reader's search_scope)."
    )
    limit: int | None = Field(
        None,
        ge=1,
        description="At most this many entries (search default: the reader's max_results; listing: 1000).",
    )
    threshold: float | None = Field(
        None,
        ge=0,
        le=1,
        allow_inf_nan=False,
        description="Search only: minimum score, kept strictly (default: the reader's similarity_threshold, "
        "with the closest entries when none clears it).",
    )
    file: str | None = Field(None, description="Listing only: one file, e.g. lessons.md.")

    @property
    def searching(self) -> bool:
        return bool(self.q.strip())

    @field_validator("limit", mode="wrap")
    @classmethod
    def _limit(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> Any:
        searching = bool(str(info.data.get("q") or "").strip())
        # a search's upper bound is the reader's too, which api_memory.py checks once it has it
        high = SEARCH_LIMIT_MAX if searching else LIST_LIMIT_MAX
        try:
            limit = handler(value)
        except ValidationError:
            limit = 0
        if limit is None:
            return None
        if limit < 1 or (not searching and limit > high):
            raise refusal(SwarmkitError(out_of_range("limit", 1, high, value)))
        return limit

    @model_validator(mode="after")
    def _one_mode(self) -> EntriesQuery:
        if self.searching and self.file:
            raise refusal(
                SwarmkitError(
                    "file applies to listing; a search uses scope", "drop file=, or drop q= to list one file"
                )
            )
        if not self.searching:
            for name in ("scope", "threshold"):
                if getattr(self, name) is not None:
                    raise refusal(
                        SwarmkitError(
                            f"{name} applies to a search", "add q=WORDS to search, or drop it to list entries"
                        )
                    )
        return self


RunStatus = Literal["ok", "failed", "rejected", "interrupted"]


class RunFilters(BaseModel):
    """Which of the view's runs to show: the filters of GET /runs and of the Runs page."""

    q: str | None = Field(None, description="Words the input or the output holds, all of them.")
    status: RunStatus | None = Field(None, description="Only runs that ended so.")
    since: date | None = Field(None, description="Runs started on or after this day.")
    until: date | None = Field(None, description="Runs started on or before this day.")
    person: str | None = Field(
        None,
        description="The owner's view only: another person's runs (their id), or every person's (*); "
        "a person's view is refused it (403).",
    )

    @property
    def filtered(self) -> bool:
        return any((self.q, self.status, self.since, self.until, self.person))


class RunsQuery(RunFilters):
    limit: int = Field(100, ge=1, le=10000, description="At most this many (default 100).")
    offset: int = Field(0, ge=0, le=10**9, description="Skip this many of the matching runs.")


class RunsPageQuery(RunFilters):
    offset: int = Field(0, ge=0, le=10**9)


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
def _entry_text(verb: str):
    """An entry's text: over MAX_TEXT characters, it is refused in the store's own words."""

    def check(text: object) -> None:
        if isinstance(text, str) and len(text) > MAX_TEXT:
            raise too_long(len(text), verb)

    return words_of(check)


class NewEntry(BaseModel):
    model_config = _NO_EXTRA
    text: Annotated[str, _entry_text("written")] = Field(
        max_length=MAX_TEXT,
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
    text: Annotated[str, _entry_text("changed")] = Field(
        max_length=MAX_TEXT,
        examples=["Deploys go through staging, then canary"],
        description="The entry's new text; screened (secrets refused), at most 500 characters.",
    )


def check_inbox_ref(ref: object) -> None:
    if not isinstance(ref, str):
        return  # the field's type refuses it, in the general words
    try:
        rel, _ = check_ref(ref)
    except SwarmkitError:
        rel = None
    if rel != INBOX_MD:
        raise ApiError(
            400,
            "invalid_ref",
            f"{ref!r} is not an inbox ref",
            "inbox refs look like inbox.md#3f9a1c2b (or a line, inbox.md#L5); GET /memory/inbox lists them",
        )


def check_keep_target(to: object) -> None:
    if isinstance(to, str) and to not in KEEP_TARGETS:
        raise SwarmkitError(f"cannot keep an entry in {to!r}", f"to is one of: {', '.join(KEEP_TARGETS)}")


class InboxAction(BaseModel):
    model_config = _NO_EXTRA
    ref: Annotated[str, words_of(check_inbox_ref)] = Field(examples=["inbox.md#3f9a1c2b", "inbox.md#L5"])
    expect: str = Field(description="The digest GET /memory/inbox showed; a changed entry is refused.")


class InboxKeep(InboxAction):
    to: Annotated[Literal["me", "lessons", "workspace"], words_of(check_keep_target)] = "me"


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
    truncated: bool = Field(description="A limit (200 files, 2 MB, the inbox's size) stopped the import.")
    limits: list[str] = Field([], description="Which limits stopped it ('200 files', ...).")
    commit: str | None
    files_read: int | None = None
    skipped_files: list[dict[str, str]] = []
    not_utf8: list[str] = Field(
        [], description="Files read whose bytes that were not UTF-8 were each replaced with U+FFFD."
    )
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
        None, description="Which recall is in force (absent with SWARMKIT_EMBEDDING_MODEL=off)."
    )


# ---- runs -----------------------------------------------------------------------------------


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
    id: str = Field(pattern=CONVERSATION_ID)
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


def check_turn_text(text: object) -> None:
    if isinstance(text, str) and len(text) > TURN_TEXT_MAX:
        raise SwarmkitError(f"text is over {TURN_TEXT_MAX} characters", "say it in shorter messages")


class Say(BaseModel):
    model_config = _NO_EXTRA
    text: Annotated[str, words_of(check_turn_text)] = Field(max_length=TURN_TEXT_MAX)
    conversation: str | None = Field(None, description="Go on with this conversation.")
    topology: str | None = Field(None, description="A new conversation's topology, when there are several.")


class Turn(BaseModel):
    conversation: ConversationSummary
    turn: ConversationTurn
    status: str
    output: str | None = None
    error: Any = None

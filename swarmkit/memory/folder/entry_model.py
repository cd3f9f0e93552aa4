"""The one shape of a memory entry on every surface: the CLI's JSON, the HTTP API (and its OpenAPI
document), the MCP server's tools and run records' memory writes all build these and print `to_dict()`.

Typed dataclasses rather than pydantic BaseModels, read by pydantic v2 where a schema is wanted
(`schema()`, the server's OpenAPI document): importing pydantic and building a first model costs
about 95 ms of CPU, a third of a one-shot `swarmkit memory add`, which never needs a schema. Each
field's docstring is its description in the schema (pydantic's `use_attribute_docstrings`).

A field added to `EntryRef` reaches every surface; one added to `EntryView` every listing, search
and show of an entry.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from swarmkit.memory.folder import entries as E
from swarmkit.run_ids import run_of

# pydantic reads this plain dict (a ConfigDict is a TypedDict) without it being imported here
_SCHEMA_CONFIG = {"use_attribute_docstrings": True}


@dataclass(frozen=True, kw_only=True)
class EntryRef:
    """What every surface says of an entry, whatever else it says: which entry, and its text."""

    __pydantic_config__ = _SCHEMA_CONFIG

    ref: str | None
    """file#digest of the text (me.md#3f9a1c2b): names the entry however the lines above it move."""
    text: str | None
    """The entry's text, without its metadata."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, kw_only=True)
class EntryView(EntryRef):
    """One memory entry: a markdown bullet on one line of a memory file."""

    ref: str
    """file#digest of the text (me.md#3f9a1c2b): names the entry however the lines above it move
    (file#Lline, e.g. me.md#L3, names a line and is accepted as input too)."""
    text: str
    """The entry's text, without its metadata."""
    stable_ref: str
    """The same value as ref (kept for clients written when ref was the line)."""
    file: str
    """Path relative to the memory folder."""
    line: int
    """The entry's line in its file, from 1."""
    by: Literal["user", "agent"]
    """Who wrote it; a hand-written line is the user's."""
    kind: str | None
    """What sort of fact (preference, rule, ...), when the metadata says."""
    source: str | None
    """Where it came from (swarmkit://runs/ID for a run's write)."""
    run: str | None
    """The run that wrote it (from source swarmkit://runs/ID)."""
    added: str | None
    """The date it was written (YYYY-MM-DD)."""
    author: str | None
    """The agent that wrote a swarm note."""
    digest: str | None
    """Digest of the whole line, metadata included: inbox actions and forget send it back as
    expect, so an entry changed since it was listed is refused."""
    metadata: dict[str, str]
    """Every key of the line's metadata group, as written."""

    @classmethod
    def of(cls, entry: E.Entry, raw_line: str | None) -> EntryView:
        """The view of `entry`, read from `raw_line` (None when the line is not at hand: no digest)."""
        meta = entry.meta
        return cls(
            ref=entry.ref,
            text=entry.text,
            stable_ref=entry.ref,
            file=entry.file,
            line=entry.line,
            by="agent" if entry.by == "agent" else "user",
            kind=entry.kind,
            source=meta.get("source"),
            run=run_of(meta.get("source")),
            added=meta.get("added"),
            author=meta.get("author"),
            digest=None if raw_line is None else E.text_digest(raw_line),
            metadata=dict(meta),
        )


@dataclass(frozen=True, kw_only=True)
class SearchHit(EntryView):
    """One entry recall found: the entry, its score and how it was found."""

    score: float
    """Recall's score, 0..1 (rounded to 4 places)."""
    unreviewed: bool
    """The entry is in the inbox: nobody reviewed it."""
    folded: list[str]
    """Refs (file#digest) of lower hits that restate this one, folded into it."""

    @classmethod
    def found(cls, hit, view: EntryView | None) -> SearchHit:
        """A recall hit with its entry's view (None when its line changed since: built from the hit)."""
        if view is None:
            view = EntryView.of(E.Entry(hit.text, {}, hit.file, hit.line), None)
        fields = {name: getattr(view, name) for name in view.__dataclass_fields__}
        return cls(**fields, score=round(hit.score, 4), unreviewed=hit.unreviewed, folded=list(hit.folded))


@dataclass(frozen=True, kw_only=True)
class MemoryWrite(EntryRef):
    """One write a run made to memory (a run record's `memory_writes`)."""

    ref: str | None
    """file#digest of the entry written, or None when nothing was written."""
    text: str | None
    """The text as the run asked it written (secrets redacted)."""
    agent: str
    """The agent whose output it came from."""
    status: str
    """written, replaced, reinforced, held (in the inbox), refused, not written, ..."""
    reason: str | None
    """Why it was held, refused or not written."""
    kind: str | None = None
    """A swarm note's kind (finding, question, ...) or curated; None for a fact."""


def schema(shape: type, ref_template: str = "#/components/schemas/{model}") -> tuple[dict, dict]:
    """(schema, the schemas it refers to by name) of a shape, as it is serialised; pydantic is
    imported here only."""
    from pydantic import TypeAdapter

    document = TypeAdapter(shape).json_schema(mode="serialization", ref_template=ref_template)
    return document, document.pop("$defs", {})

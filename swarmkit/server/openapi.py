"""The OpenAPI 3.1 document of the API, kept by hand next to the routes; a test checks that the two
agree and that every response the tests see matches its schema."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from swarmkit import __version__
from swarmkit.memory.actions.inbox import KEEP_TARGETS
from swarmkit.memory.folder.entries import KINDS
from swarmkit.memory.recall import SCOPES
from swarmkit.resolver.memory_config import default_sentence
from swarmkit.server.guard import TOKEN_HEADER
from swarmkit.server.json_response import JSONResponse


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict:
    return _json(_ref("Error"), description)


_NULLABLE_STR = {"type": ["string", "null"]}
_NULLABLE_INT = {"type": ["integer", "null"]}

ENTRY = {
    "type": "object",
    "description": "One memory entry: a markdown bullet on one line of a memory file.",
    "required": ["ref", "file", "line", "text", "by", "kind"],
    "properties": {
        "ref": {
            "type": "string",
            "description": "file#digest of the text: names the entry however lines above it move "
            "(file#Lline, e.g. me.md#L3, names a line and is accepted as input too)",
            "examples": ["me.md#3f9a1c2b"],
        },
        "stable_ref": {
            "type": "string",
            "description": "The same value as ref (kept for clients written when ref was the line).",
            "examples": ["me.md#3f9a1c2b"],
        },
        "file": {"type": "string", "description": "Path relative to the memory folder."},
        "line": {"type": "integer", "minimum": 1},
        "text": {"type": "string"},
        "by": {"enum": ["user", "agent"], "description": "Who wrote it; a hand-written line is the user's."},
        "kind": _NULLABLE_STR,
        "source": _NULLABLE_STR,
        "run": {
            "type": ["string", "null"],
            "description": "The run that wrote it (from source swarmkit://runs/ID).",
        },
        "added": _NULLABLE_STR,
        "author": {"type": ["string", "null"], "description": "The agent that wrote a swarm note."},
        "digest": {
            "type": "string",
            "description": "Digest of the whole line; inbox actions send it back as expect.",
        },
        "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
        "score": {"type": "number", "minimum": 0, "maximum": 1, "description": "Search only: recall score."},
        "unreviewed": {"type": "boolean", "description": "Search only: the entry is in the inbox."},
        "folded": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Search only: refs (file#digest) of lower hits that restate this one, folded into it.",
        },
    },
}

SCHEMAS = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "additionalProperties": False,
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "additionalProperties": False,
                "properties": {
                    "code": {
                        "type": "string",
                        "description": "Stable code, e.g. token_required, run_not_found.",
                    },
                    "message": {"type": "string"},
                    "hint": {"type": "string", "description": "What to do next."},
                },
            }
        },
    },
    "Timeline": {
        "type": "object",
        "required": ["file", "days", "events"],
        "properties": {
            "file": _NULLABLE_STR,
            "days": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["day", "added", "replaced", "forgotten"],
                    "properties": {
                        "day": {"type": "string", "format": "date"},
                        "added": {"type": "integer"},
                        "replaced": {"type": "integer"},
                        "forgotten": {"type": "integer"},
                    },
                },
            },
            "events": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["day", "date", "commit", "file", "change", "text"],
                    "properties": {
                        "day": {"type": "string"},
                        "date": {"type": "string"},
                        "commit": {"type": "string"},
                        "file": {"type": "string"},
                        "change": {"type": "string", "enum": ["added", "replaced", "forgotten"]},
                        "text": {"type": "string"},
                        "old": {"type": ["string", "null"], "description": "The text it replaced."},
                        "origin": _NULLABLE_STR,
                        "run": _NULLABLE_STR,
                    },
                },
            },
        },
    },
    "RunDeleted": {
        "type": "object",
        "required": ["status", "id"],
        "properties": {
            "status": {"const": "deleted"},
            "id": {"type": "string"},
            "swarm": {"type": ["string", "null"], "description": "The swarm folder removed with it."},
        },
    },
    "ConversationSummary": {
        "type": "object",
        "required": ["id", "turns"],
        "properties": {
            "id": {"type": "string", "pattern": "^c-[0-9a-f]{8}$"},
            "workspace": _NULLABLE_STR,
            "topology": _NULLABLE_STR,
            "user": _NULLABLE_STR,
            "started_at": _NULLABLE_STR,
            "updated_at": _NULLABLE_STR,
            "turns": {"type": "integer"},
            "title": {"type": "string", "description": "The first message, cut to 60 characters."},
        },
    },
    "ConversationList": {
        "type": "object",
        "required": ["total", "conversations"],
        "properties": {
            "total": {"type": "integer"},
            "conversations": {"type": "array", "items": _ref("ConversationSummary")},
        },
    },
    "ConversationTurn": {
        "type": "object",
        "required": ["input", "run", "status"],
        "properties": {
            "input": {"type": ["string", "null"]},
            "output": {"type": ["string", "null"]},
            "run": {"type": "string"},
            "status": _NULLABLE_STR,
            "at": _NULLABLE_STR,
            "recalled": {"type": "array", "items": {"type": "object"}},
            "wrote": {"type": "array", "items": {"type": "object"}},
        },
    },
    "Conversation": {
        "type": "object",
        "required": ["id", "turns"],
        "properties": {
            "id": {"type": "string"},
            "workspace": _NULLABLE_STR,
            "topology": _NULLABLE_STR,
            "user": _NULLABLE_STR,
            "started_at": _NULLABLE_STR,
            "updated_at": _NULLABLE_STR,
            "turns": {"type": "array", "items": _ref("ConversationTurn")},
        },
    },
    "Say": {
        "type": "object",
        "required": ["text"],
        "additionalProperties": False,
        "properties": {
            "text": {"type": "string", "maxLength": 20000},
            "conversation": {"type": "string", "description": "Go on with this conversation."},
            "topology": {
                "type": "string",
                "description": "A new conversation's topology, when there are several.",
            },
        },
    },
    "Turn": {
        "type": "object",
        "required": ["conversation", "turn", "status"],
        "properties": {
            "conversation": _ref("ConversationSummary"),
            "turn": _ref("ConversationTurn"),
            "status": {"type": "string"},
            "output": {"type": ["string", "null"]},
            "error": {},
        },
    },
    "UpstreamConfig": {
        "type": "object",
        "description": "Upstream swarmkit's GET /memory/config: the memory block over the defaults.",
        "required": ["enabled", "reader", "writer", "explicit", "governed_store"],
        "properties": {
            "enabled": {"type": "boolean"},
            "reader": {
                "type": "object",
                "required": ["max_results", "similarity_threshold", "search_scope"],
                "properties": {
                    "max_results": {"type": "integer"},
                    "similarity_threshold": {"type": "number"},
                    "search_scope": {"type": "string", "enum": ["user", "all", "both"]},
                },
            },
            "writer": {
                "type": "object",
                "required": ["min_output_length"],
                "properties": {"min_output_length": {"type": "integer"}},
            },
            "explicit": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The memory bindings workspace.yaml wrote itself.",
            },
            "governed_store": {"type": "boolean", "description": "A governed-memory skill exists."},
        },
    },
    "Status": {
        "type": "object",
        "required": [
            "workspace",
            "enabled",
            "sentence",
            "config",
            "explicit",
            "auto",
            "folder",
            "exists",
            "counts",
            "swarms",
            "git",
        ],
        "properties": {
            "workspace": {
                "type": "object",
                "required": ["id", "name", "root"],
                "properties": {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "root": {"type": "string"},
                },
            },
            "enabled": {"type": "boolean"},
            "sentence": {
                "type": "string",
                "description": "The sentence the CLI prints.",
                "examples": [default_sentence()],
            },
            "config": {
                "type": "object",
                "required": ["reader", "writer"],
                "properties": {
                    "reader": {
                        "type": ["object", "null"],
                        "required": ["max_results", "similarity_threshold", "search_scope"],
                        "properties": {
                            "max_results": {"type": "integer"},
                            "similarity_threshold": {"type": "number"},
                            "search_scope": {"enum": list(SCOPES)},
                        },
                    },
                    "writer": {
                        "type": ["object", "null"],
                        "required": ["min_output_length"],
                        "properties": {"min_output_length": {"type": "integer"}},
                    },
                },
            },
            "explicit": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Memory bindings workspace.yaml writes itself.",
            },
            "auto": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Memory bindings swarmkit added.",
            },
            "folder": {"type": "string"},
            "exists": {"type": "boolean", "description": "False until the first write creates the folder."},
            "user": {
                "type": ["string", "null"],
                "description": "Whose view this server serves: null for the owner (swarmkit serve --user).",
            },
            "user_file": {
                "type": "string",
                "description": "The personal file of this view: me.md or users/<name>.md.",
            },
            "counts": {
                "type": "object",
                "required": ["files", "entries", "inbox", "swarms"],
                "properties": {
                    "files": {
                        "type": "object",
                        "additionalProperties": {"type": "integer"},
                        "description": "Entries per file this view may see.",
                    },
                    "others": {"type": "integer", "description": "Other people's personal files, not shown."},
                    "entries": {"type": "integer"},
                    "inbox": {"type": "integer"},
                    "swarms": {"type": "integer"},
                },
            },
            "swarms": {"type": "array", "items": {"type": "string"}},
            "git": {
                "type": "object",
                "required": ["versioned", "head", "dirty"],
                "properties": {
                    "versioned": {"type": "boolean"},
                    "head": _NULLABLE_STR,
                    "dirty": {"type": "boolean", "description": "Uncommitted hand edits."},
                    "remote": _NULLABLE_STR,
                    "state": {
                        **_NULLABLE_STR,
                        "description": "Why writes are refused now (a merge in "
                        "progress, HEAD on no branch, ...), or null.",
                    },
                },
            },
            "budgets": {
                "type": "object",
                "description": "Each file's size against its limit; a warning from 80% of it.",
                "additionalProperties": {
                    "type": "object",
                    "required": ["bytes", "limit", "share", "warning"],
                    "properties": {
                        "bytes": {"type": "integer"},
                        "limit": {"type": "integer"},
                        "share": {"type": "number", "description": "bytes / limit"},
                        "warning": _NULLABLE_STR,
                    },
                },
            },
            "warnings": {"type": "array", "items": {"type": "string"}},
        },
    },
    "Entry": ENTRY,
    "EntryList": {
        "type": "object",
        "required": ["query", "scope", "limit", "total", "truncated", "entries"],
        "properties": {
            "query": _NULLABLE_STR,
            "scope": _NULLABLE_STR,
            "threshold": {"type": ["number", "null"]},
            "limit": {"type": "integer"},
            "total": {"type": "integer"},
            "truncated": {"type": "boolean"},
            "entries": {"type": "array", "items": _ref("Entry")},
        },
    },
    "Inbox": {
        "type": "object",
        "required": ["entries"],
        "properties": {"entries": {"type": "array", "items": _ref("Entry")}},
    },
    "InboxAction": {
        "type": "object",
        "required": ["ref", "expect"],
        "additionalProperties": False,
        "properties": {
            "ref": {"type": "string", "examples": ["inbox.md#3f9a1c2b", "inbox.md#L5"]},
            "expect": {
                "type": "string",
                "description": "The digest GET /memory/inbox showed; a changed entry is refused.",
            },
        },
    },
    "InboxAccept": {
        "type": "object",
        "required": ["ref", "expect"],
        "additionalProperties": False,
        "properties": {
            "ref": {"type": "string", "examples": ["inbox.md#L5"]},
            "expect": {"type": "string"},
            "text": {"type": "string", "description": "A merge's text in the person's own words."},
        },
    },
    "InboxKeep": {
        "type": "object",
        "required": ["ref", "expect"],
        "additionalProperties": False,
        "properties": {
            "ref": {"type": "string", "examples": ["inbox.md#3f9a1c2b", "inbox.md#L5"]},
            "expect": {"type": "string"},
            "to": {"enum": list(KEEP_TARGETS), "default": "me"},
        },
    },
    "ActionResult": {
        "type": "object",
        "required": ["status", "ref", "commit", "text"],
        "properties": {
            "status": {"enum": ["kept", "pinned", "deleted"]},
            "ref": {"type": "string", "description": "Where the entry is now (or was, for deleted)."},
            "stable_ref": _NULLABLE_STR,
            "reason": _NULLABLE_STR,
            "commit": {"type": ["string", "null"], "description": "The git commit of the change."},
            "text": {"type": "string", "description": "The text of the entry it moved or deleted."},
            "old": _NULLABLE_STR,
            "warnings": {"type": "array", "items": {"type": "string"}},
        },
    },
    "NewEntry": {
        "type": "object",
        "required": ["text"],
        "additionalProperties": False,
        "properties": {
            "text": {
                "type": "string",
                "maxLength": 500,
                "examples": ["I live in Munich"],
                "description": "One fact; screened (secrets refused), at most 500 characters.",
            },
            "kind": {
                "enum": list(KINDS),
                "description": "Default: read from a first-person sentence, else none.",
            },
            "subject": {
                "type": "string",
                "examples": ["user.location"],
                "description": "A later value for the same subject replaces this one (default: read "
                "from the text).",
            },
            "to": {
                "type": "string",
                "examples": ["me", "lessons", "workspace", "notes/project.md"],
                "description": "me, lessons, workspace or a .md file (default: the view's own file for a fact "
                "about them or any text in the first person (I, my, me, mine), else lessons.md).",
            },
        },
    },
    "EntryResult": {
        "type": "object",
        "required": ["status", "ref", "stable_ref", "text", "commit"],
        "properties": {
            "status": {
                "enum": ["written", "replaced", "reinforced"],
                "description": "replaced: it took the place of the entry with the same subject (old); "
                "reinforced: the same text was there already (no commit).",
            },
            "ref": {
                "type": "string",
                "description": "file#digest of the text",
                "examples": ["me.md#3f9a1c2b"],
            },
            "stable_ref": {
                "type": "string",
                "description": "The same value as ref.",
                "examples": ["me.md#3f9a1c2b"],
            },
            "text": {"type": "string", "description": "The text as written (secrets redacted)."},
            "old": {"type": ["string", "null"], "description": "The text it replaced."},
            "reason": _NULLABLE_STR,
            "commit": {"type": ["string", "null"]},
            "warnings": {"type": "array", "items": {"type": "string"}},
        },
    },
    "ImportRequest": {
        "type": "object",
        "required": ["path"],
        "additionalProperties": False,
        "properties": {
            "path": {
                "type": "string",
                "examples": ["/home/ana/notes"],
                "description": "An absolute folder on the server's machine, read, never written.",
            }
        },
    },
    "ImportResult": {
        "type": "object",
        "required": ["imported", "duplicates", "skipped", "truncated", "commit"],
        "properties": {
            "imported": {"type": "integer"},
            "duplicates": {"type": "integer"},
            "skipped": {"type": "integer"},
            "truncated": {"type": "boolean", "description": "A limit (200 files, 2 MB) stopped the walk."},
            "commit": {"type": ["string", "null"]},
            "files_read": {"type": "integer"},
            "skipped_files": {"type": "array", "items": {"type": "object"}},
            "warnings": {"type": "array", "items": {"type": "string"}},
        },
    },
    "RunSummary": {
        "type": "object",
        "required": ["id", "status", "started_at"],
        "properties": {
            "id": {"type": "string", "pattern": "^r-[0-9a-f]{8}$"},
            "workspace": _NULLABLE_STR,
            "topology": _NULLABLE_STR,
            "status": {"type": ["string", "null"], "examples": ["ok", "rejected", "failed"]},
            "started_at": _NULLABLE_STR,
            "finished_at": _NULLABLE_STR,
            "duration_ms": {"type": ["number", "null"]},
            "provider": _NULLABLE_STR,
            "user": _NULLABLE_STR,
            "input": {"type": "string", "description": "The first 200 characters of the run's input."},
            "agents": {"type": "integer"},
            "swarm": _NULLABLE_STR,
            "error": {},
            "conversation": {
                "type": ["string", "null"],
                "description": "The conversation (swarmkit chat) this run is a turn of.",
            },
        },
    },
    "RunList": {
        "type": "object",
        "required": ["total", "runs"],
        "properties": {"total": {"type": "integer"}, "runs": {"type": "array", "items": _ref("RunSummary")}},
    },
    "Run": {
        "type": "object",
        "description": "The run record as `swarmkit run` wrote it.",
        "required": ["id"],
        "properties": {
            "id": {"type": "string", "pattern": "^r-[0-9a-f]{8}$"},
            "input": {"type": "string"},
            "output": {"type": ["string", "null"]},
            "status": {"type": "string"},
            "agents": {"type": "array", "items": {"type": "object"}},
            "decisions": {"type": "array", "items": {"type": "object"}},
            "recalled": {"type": "array", "items": {"type": "object"}},
            "memory_writes": {"type": "array", "items": {"type": "object"}},
            "model_calls": {"type": "array", "items": {"type": "object"}},
            "memory": {"type": ["object", "null"]},
        },
    },
}

_GUARDED = {
    "403": _error(
        "Refused: missing or wrong token, a cross-origin request, or an unknown Host; nothing was written."
    ),
}
_WORKSPACE = {"409": _error("The workspace is not valid (code workspace_invalid).")}


def _action(name: str, schema: str, summary: str) -> dict:
    return {
        "post": {
            "summary": summary,
            "operationId": f"inbox_{name}",
            "security": [{"token": []}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref(schema)}}},
            "responses": {
                "200": _json(_ref("ActionResult"), "Done, in one git commit."),
                "400": _error("Bad body or a ref outside the inbox."),
                **_GUARDED,
                "409": _error(
                    "The entry changed since it was listed, the folder is missing or full, "
                    "or the workspace is not valid; nothing was changed."
                ),
                "415": _error("The body is not JSON."),
            },
        }
    }


def _query(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


PATHS = {
    "/memory/status": {
        "get": {
            "summary": "The effective memory configuration and the memory folder's state",
            "operationId": "memory_status",
            "responses": {"200": _json(_ref("Status"), "Status."), **_WORKSPACE},
        }
    },
    "/memory/config": {
        "get": {
            "summary": "The effective memory block in upstream swarmkit's shape (read-only)",
            "operationId": "memory_config",
            "responses": {"200": _json(_ref("UpstreamConfig"), "Upstream's memory config."), **_WORKSPACE},
        }
    },
    "/memory/timeline": {
        "get": {
            "summary": "Entries added, replaced and forgotten over time, from the folder's git history",
            "operationId": "memory_timeline",
            "parameters": [_query("file", {"type": "string"}, "One file's changes, e.g. me.md.")],
            "responses": {
                "200": _json(
                    _ref("Timeline"), "Changes per day (oldest first) and each change (newest first)."
                ),
                **_WORKSPACE,
            },
        }
    },
    "/memory/entries": {
        "get": {
            "summary": "List entries, or search them as the memory-reader recalls (when q is given)",
            "operationId": "memory_entries",
            "parameters": [
                _query("q", {"type": "string"}, "Search words; without it, every entry is listed."),
                _query(
                    "scope",
                    {"type": "string"},
                    "Search only: user, all, both or swarm:<slug> (default: the reader's search_scope).",
                ),
                _query(
                    "limit",
                    {"type": "integer", "minimum": 1},
                    "At most this many entries (search default: the reader's max_results; listing: 1000).",
                ),
                _query(
                    "threshold",
                    {"type": "number", "minimum": 0, "maximum": 1},
                    "Search only: minimum score, kept strictly (default: the reader's similarity_threshold, "
                    "with the closest entries when none clears it).",
                ),
                _query("file", {"type": "string"}, "Listing only: one file, e.g. lessons.md."),
            ],
            "responses": {
                "200": _json(_ref("EntryList"), "Entries in file and line order, or hits best first."),
                "400": _error("A bad parameter."),
                "403": _error("Another person's file (code not_yours): shown only to their view."),
                "404": _error("No such file (code file_not_found)."),
                **_WORKSPACE,
            },
        },
        "post": {
            "summary": "Add an entry as the person's own: screened, deduped, one git commit",
            "operationId": "memory_add",
            "security": [{"token": []}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("NewEntry")}}},
            "responses": {
                "200": _json(_ref("EntryResult"), "Written (or already there)."),
                "400": _error(
                    "Empty, over-long, secret-only or not-a-fact text, an unknown kind, a target that "
                    "takes no added entries (code invalid_entry), or a bad body; nothing was written."
                ),
                **_GUARDED,
                "409": _error("The target file is full, or the workspace is not valid; nothing was written."),
                "415": _error("The body is not JSON."),
            },
        },
    },
    "/memory/import": {
        "post": {
            "summary": "Import the notes (.md bullets) of a folder into the inbox, in one git commit",
            "operationId": "memory_import",
            "security": [{"token": []}],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": _ref("ImportRequest")}},
            },
            "responses": {
                "200": _json(
                    _ref("ImportResult"), "Imported (the counts say how many, and what was skipped)."
                ),
                "400": _error(
                    "The path is not an absolute, existing, importable folder (code invalid_import); "
                    "nothing was written."
                ),
                **_GUARDED,
                "409": _error("The workspace is not valid."),
                "415": _error("The body is not JSON."),
            },
        }
    },
    "/memory/inbox": {
        "get": {
            "summary": "Unreviewed entries, each with the digest that keep / pin / delete send back",
            "operationId": "memory_inbox",
            "responses": {"200": _json(_ref("Inbox"), "The inbox."), **_WORKSPACE},
        }
    },
    "/memory/inbox/keep": _action(
        "keep", "InboxKeep", "Move an inbox entry to me.md, lessons.md or the workspace file, as the user's"
    ),
    "/memory/inbox/pin": _action(
        "pin", "InboxAction", "Move an inbox entry above ## Index in MEMORY.md (always loaded), as the user's"
    ),
    "/memory/inbox/delete": _action("delete", "InboxAction", "Delete an inbox entry"),
    "/memory/inbox/accept": _action(
        "accept", "InboxAccept", "Do what a consolidation proposal says (merge or drop), in one git commit"
    ),
    "/memory/inbox/keep-both": _action(
        "keep_both", "InboxAction", "Keep the entries a consolidation proposal names, as they are"
    ),
    "/runs": {
        "get": {
            "summary": "The runs of this view's person (serve --user; default: the owner's), newest first",
            "operationId": "runs",
            "parameters": [
                _query("limit", {"type": "integer", "minimum": 1}, "At most this many (default 100)."),
                _query("offset", {"type": "integer", "minimum": 0}, "Skip this many of the matching runs."),
                _query("q", {"type": "string"}, "Words the input or the output holds, all of them."),
                _query(
                    "status",
                    {"type": "string", "enum": ["ok", "failed", "rejected", "interrupted"]},
                    "Only runs that ended so.",
                ),
                _query("since", {"type": "string", "format": "date"}, "Runs started on or after this day."),
                _query("until", {"type": "string", "format": "date"}, "Runs started on or before this day."),
                _query(
                    "person",
                    {"type": "string"},
                    "The owner's view only: another person's runs (their id), or every person's (*); "
                    "a person's view is refused it (403).",
                ),
            ],
            "responses": {
                "200": _json(_ref("RunList"), "The matching runs (total: how many match)."),
                "400": _error("A bad parameter."),
            },
        }
    },
    "/runs/{run_id}": {
        "get": {
            "summary": "One run's record, if it is this view's person's",
            "operationId": "run",
            "parameters": [
                {
                    "name": "run_id",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "pattern": "^r-[0-9a-f]{8}$"},
                },
                _query(
                    "person",
                    {"type": "string"},
                    "The owner's view only: another person's runs (their id), or every person's (*); "
                    "a person's view is refused it (403).",
                ),
            ],
            "responses": {
                "200": _json(_ref("Run"), "The record."),
                "400": _error("Not a run id (code invalid_run_id)."),
                "404": _error("No such run, or another person's (code run_not_found)."),
                "409": _error("The record cannot be read (code run_unreadable)."),
            },
        },
        "delete": {
            "summary": "Remove one of this view's runs and its swarm folder (swarmkit runs rm)",
            "operationId": "run_delete",
            "security": [{"token": []}],
            "parameters": [
                {
                    "name": "run_id",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "pattern": "^r-[0-9a-f]{8}$"},
                },
                _query(
                    "person",
                    {"type": "string"},
                    "The owner's view only: another person's runs (their id), or every person's (*); "
                    "a person's view is refused it (403).",
                ),
            ],
            "responses": {
                "200": _json(_ref("RunDeleted"), "Removed."),
                "400": _error("Not a run id (code invalid_run_id)."),
                **_GUARDED,
                "404": _error("No such run, or another person's (code run_not_found)."),
            },
        },
    },
    "/conversations": {
        "get": {
            "summary": "The conversations of this view's person (swarmkit chat), most recent first",
            "operationId": "conversations",
            "parameters": [
                _query("limit", {"type": "integer", "minimum": 1}, "At most this many (default 100).")
            ],
            "responses": {
                "200": _json(_ref("ConversationList"), "Conversations."),
                "400": _error("A bad parameter."),
            },
        },
        "post": {
            "summary": "Say one thing: a turn of a conversation (a new one without `conversation`), run as swarmkit chat runs it",
            "operationId": "conversation_say",
            "security": [{"token": []}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Say")}}},
            "responses": {
                "200": _json(_ref("Turn"), "The turn, kept (its status says whether the run went through)."),
                "400": _error("Bad body, or a provider this turn cannot use."),
                **_GUARDED,
                "404": _error("No such conversation, or another person's (code conversation_not_found)."),
                **_WORKSPACE,
                "415": _error("The body is not JSON."),
            },
        },
    },
    "/conversations/{conversation_id}": {
        "get": {
            "summary": "One conversation, with what memory recalled and kept at each turn",
            "operationId": "conversation",
            "parameters": [
                {
                    "name": "conversation_id",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "pattern": "^c-[0-9a-f]{8}$"},
                }
            ],
            "responses": {
                "200": _json(_ref("Conversation"), "The conversation."),
                "400": _error("Not a conversation id (code invalid_conversation_id)."),
                "404": _error("No such conversation, or another person's (code conversation_not_found)."),
                "409": _error("It cannot be read (code conversation_unreadable)."),
            },
        }
    },
    "/openapi.json": {
        "get": {
            "summary": "This document",
            "operationId": "openapi",
            "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {}}}},
        }
    },
}


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "swarmkit serve",
            "version": __version__,
            "description": (
                "The memory and runs of one swarmkit workspace. Every request must use a loopback Host "
                "(or the host the server was bound to). Every POST must carry the per-server token in "
                f"the {TOKEN_HEADER} header and, when sent by a browser, come from the server's own "
                'origin. Errors are {"error": {"code", "message", "hint"?}}.'
            ),
        },
        "paths": PATHS,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {"token": {"type": "apiKey", "in": "header", "name": TOKEN_HEADER}},
        },
    }


def openapi_json(request: Request) -> JSONResponse:
    return JSONResponse(document())


ROUTES = [Route("/openapi.json", openapi_json, methods=["GET"])]

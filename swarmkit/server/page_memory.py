"""The Memory page: the effective configuration (read-only), search, adding and importing, the inbox,
files and swarms, as one person's view (a person's own file is shown to them only). What it shows
is gathered here; templates/memory.html lays it out."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import Query
from starlette.requests import Request

from swarmkit.memory import ADD_TARGETS, KINDS, USER_KINDS, FileClass
from swarmkit.server import memory_view as view
from swarmkit.server.api_memory import search_defaults
from swarmkit.server.api_route import PageRoute
from swarmkit.server.context import load
from swarmkit.server.errors import ApiError
from swarmkit.server.render import render

PROPOSAL_ACTIONS = {"merge": "Merge into one", "supersede": "Drop the older", "drop": "Drop"}


def shown_path(path: str, root: Path) -> str:
    """A path inside the workspace is shown relative to it (shorter, and the same on every machine)."""
    try:
        return str(Path(path).relative_to(root))
    except ValueError:
        return str(path)


def config_rows(info: dict, root: Path) -> list[tuple[str, str]]:
    reader, writer = info["config"]["reader"], info["config"]["writer"]
    reader_text = (
        "off"
        if reader is None
        else f"top {reader['max_results']} entries scoring ≥ {reader['similarity_threshold']:g}, "
        f"scope {reader['search_scope']}"
    )
    writer_text = (
        "off" if writer is None else f"keeps facts from answers of ≥ {writer['min_output_length']} characters"
    )
    bindings = [f"{name} (added by swarmkit)" for name in info["auto"]]
    bindings += [f"{name} (written in workspace.yaml)" for name in info["explicit"]]
    return [
        ("Memory", "on" if info["enabled"] else "off"),
        ("Reader", reader_text),
        ("Writer", writer_text),
        ("Bindings", ", ".join(bindings) or "none"),
        ("Folder", shown_path(info["folder"], root)),
    ]


def viewing(info: dict) -> str:
    whose = "the owner's" if info["user"] is None else f"{info['user']}'s"
    others = info["counts"]["others"]
    if others:
        rest = f"{others} other {'person' if others == 1 else 'people'}'s file{'s' if others != 1 else ''} not shown"
    else:
        rest = "other people's files are never shown here"
    return f"Viewing {whose} memory ({info['user_file']}); {rest}"


def keep_default(entry: dict) -> str:
    return "me" if entry.get("kind") in (None, *USER_KINDS) else "lessons"


def files(ctx, info: dict) -> list[dict]:
    """Each kept file (not the inbox, not a swarm's) in the order its class says, with its entries
    and its size against its limit (marked from 80%, its warning as the title)."""
    from swarmkit.memory import Budget

    rels = [rel for rel in info["counts"]["files"] if not view.is_inbox(rel) and not view.is_swarm_file(rel)]
    out = []
    for rel in sorted(rels, key=lambda rel: (FileClass.of(rel).rules.order, rel)):
        budget = info["budgets"].get(rel)
        if budget is not None:
            used = Budget("", budget["bytes"], budget["limit"]).sentence()
            budget = {"used": used, "warning": budget["warning"]}
        entries = view.file_entries(ctx.store, rel)
        out.append({"rel": rel, "label": FileClass.of(rel).rules.label, "entries": entries, "budget": budget})
    return out


def git_text(info: dict) -> str:
    git = info["git"]
    if not info["exists"]:
        return "Git: no folder yet"
    if not git["versioned"]:
        return "Git: not versioned (is git installed?)"
    state = "uncommitted hand edits" if git["dirty"] else "clean"
    remote = f", remote {git['remote']}" if git["remote"] else ""
    return f"Git: {(git['head'] or 'no commits')[:10]} ({state}){remote}"


def memory_page(
    request: Request,
    q: Annotated[str, Query(description="Search words")] = "",
    # None when not given: the workspace's memory settings say the default scope (search_defaults)
    scope: Annotated[str | None, Query(description="A search's scope")] = None,
):
    query, scope = q.strip(), (scope or "").strip()
    ctx = load(request)
    info = view.status(ctx.workspace, ctx.store)
    max_results, threshold, default_scope = search_defaults(ctx.settings)
    hits: list[dict] = []
    search_error = None
    if query:
        try:
            hits = view.search(ctx.store, query, scope or default_scope, max_results, threshold)
        except ApiError as error:
            search_error = error.message
    labels = {"me": info["user_file"], "lessons": "lessons.md", "workspace": ctx.store.workspace_file}
    return render(
        request,
        "memory.html",
        "Memory",
        "memory",
        info=info,
        viewing=viewing(info),
        config_rows=config_rows(info, ctx.workspace.root),
        query=query,
        scope=scope,
        scopes=view.SEARCH_SCOPES,
        reader={"max_results": max_results, "threshold": f"{threshold:g}", "scope": default_scope},
        hits=hits,
        search_error=search_error,
        kinds=KINDS,
        targets=[(target, labels[target]) for target in ADD_TARGETS],
        keep_targets=[(target, labels[target]) for target in ("me", "lessons", "workspace")],
        keep_default=keep_default,
        inbox=[(e, view.proposal_view(ctx.store, e)) for e in view.file_entries(ctx.store, "inbox.md")],
        proposal_actions=PROPOSAL_ACTIONS,
        files=files(ctx, info) if info["exists"] else [],
        swarms=view.swarm_folders(ctx.store, info["swarms"]),
        git_text=git_text(info),
    )


ROUTES = [PageRoute("/portal/memory", memory_page, "Memory")]

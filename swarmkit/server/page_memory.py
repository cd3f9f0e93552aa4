"""The Memory page: the effective configuration (read-only), search, adding and importing, the inbox,
files and swarms, as one person's view (a person's own file is shown to them only)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.routing import Route

from swarmkit.memory import ADD_TARGETS, KINDS, USER_KINDS, FileClass
from swarmkit.run_ids import is_run_id
from swarmkit.server import memory_view as view
from swarmkit.server.api_memory import search_defaults
from swarmkit.server.context import WorkspaceInvalid, load
from swarmkit.server.errors import ApiError
from swarmkit.server.html import Safe, join, prose, tag
from swarmkit.server.layout import diagnostics_panel, empty, page


def shown_path(path: str, root: Path) -> str:
    """A path inside the workspace is shown relative to it (shorter, and the same on every machine)."""
    try:
        return str(Path(path).relative_to(root))
    except ValueError:
        return str(path)


def run_link(run_id: str | None) -> Safe | None:
    if is_run_id(run_id):
        return tag("a", run_id, href=f"/portal/runs/{run_id}")
    return None


def source_cell(entry: dict) -> Safe:
    return run_link(entry.get("run")) or tag("span", entry.get("source") or "—", class_="muted")


def who(entry: dict) -> str:
    return f"{entry['by']} ({entry['author']})" if entry.get("author") else entry["by"]


def entries_table(entries: list[dict], score: bool = False, editable: bool = False) -> Safe:
    """Entries as table rows; `editable` (a kept file's) gives each an Edit form and a Forget button."""
    heads = (["Score"] if score else []) + ["Entry", "Who", "Kind", "Source run", "Added", "Ref"]
    heads += ["Change"] if editable else []
    rows = []
    for e in entries:
        cells = [tag("td", f"{e['score']:.2f}", class_="num")] if score else []
        text = [prose(e["text"]), tag("span", " unreviewed", class_="badge") if e.get("unreviewed") else None]
        cells += [
            tag("td", text, class_="text"),
            tag("td", who(e), class_=f"by by-{e['by']}"),
            tag("td", e.get("kind") or "—"),
            tag("td", source_cell(e)),
            tag("td", e.get("added") or "—"),
            tag("td", tag("code", e.get("stable_ref") or e["ref"])),
        ]
        cells += [tag("td", entry_actions(e), class_="change")] if editable else []
        rows.append(tag("tr", cells, class_="entry", data_ref=e["ref"]))
    return tag(
        "table", tag("thead", tag("tr", [tag("th", h) for h in heads])), tag("tbody", rows), class_="entries"
    )


def entry_actions(entry: dict) -> Safe:
    """Edit (a new text, PUT /memory/entries/REF) and Forget (DELETE, with the line's digest as
    expect: an entry changed since the page was shown is refused)."""
    form = tag(
        "form",
        tag(
            "input",
            type="text",
            name="text",
            value=entry["text"],
            maxlength="500",
            required=True,
            aria_label=f"New text for {entry['ref']}",
        ),
        " ",
        tag("button", "Save", type="submit"),
        class_="edit-entry",
        data_put=entry_path(entry["ref"]),
    )
    return join(
        [
            tag("details", tag("summary", "Edit"), form),
            tag(
                "button",
                "Forget",
                type="button",
                data_action="forget",
                data_expect=entry["digest"],
                class_="danger",
            ),
        ]
    )


def entry_path(ref: str) -> str:
    """The API path of one entry: its ref with `#` (and every other reserved character) escaped."""
    from urllib.parse import quote

    return "/memory/entries/" + quote(ref, safe="")


def config_section(info: dict, root: Path) -> Safe:
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
    rows = [
        ("Memory", "on" if info["enabled"] else "off"),
        ("Reader", reader_text),
        ("Writer", writer_text),
        ("Bindings", ", ".join(bindings) or "none"),
        ("Folder", shown_path(info["folder"], root)),
    ]
    table = tag(
        "table", [tag("tr", tag("th", k, scope="row"), tag("td", v)) for k, v in rows], class_="config"
    )
    note = tag(
        "p",
        "Read-only: edit the memory block in workspace.yaml and reload this page to see the change.",
        class_="muted",
    )
    off = (
        None
        if info["enabled"]
        else tag(
            "p",
            "Agents neither recall from this folder nor write to it while memory is off; "
            "it stays here to read and curate.",
            id="memory-off",
        )
    )
    return tag("section", tag("h2", "Configuration"), table, off, note, id="config")


def search_section(ctx, query: str, scope: str) -> Safe:
    max_results, threshold, default_scope = search_defaults(ctx.settings)
    options = [tag("option", f"reader's scope ({default_scope})", value="", selected=scope == "")]
    options += [tag("option", s, value=s, selected=scope == s) for s in view.SEARCH_SCOPES]
    form = tag(
        "form",
        tag(
            "input",
            type="search",
            name="q",
            value=query,
            placeholder="Search memory as the reader recalls",
            aria_label="Search words",
        ),
        tag("select", options, name="scope", aria_label="Scope"),
        tag("button", "Search", type="submit"),
        method="get",
        action="/portal/memory",
        class_="search",
    )
    results: Safe | None = None
    if query:
        try:
            hits = view.search(ctx.store, query, scope or default_scope, max_results, threshold)
        except ApiError as error:
            results = tag("p", prose(error.message), class_="error")
        else:
            caption = tag(
                "p",
                f"{len(hits)} match{'es' if len(hits) != 1 else ''} for “{query}” "
                f"(top {max_results}, score ≥ {threshold:g}, scope {scope or default_scope})",
                class_="muted",
            )
            results = join([caption, entries_table(hits, score=True) if hits else None])
    return tag("section", tag("h2", "Search"), form, tag("div", results, id="search-results"), id="search")


def add_section(ctx, info: dict) -> Safe:
    """Tell memory a fact directly (POST /memory/entries), or import a folder of notes into the
    inbox (POST /memory/import); portal.js posts both with the page's token."""
    kinds = [tag("option", "kind: from the text", value="")] + [tag("option", k, value=k) for k in KINDS]
    labels = {"me": info["user_file"], "lessons": "lessons.md", "workspace": ctx.store.workspace_file}
    targets = [
        tag("option", "file: yours for text about you or in the first person, else lessons.md", value="")
    ]
    targets += [tag("option", labels[t], value=t) for t in ADD_TARGETS]
    add = tag(
        "form",
        tag(
            "input",
            type="text",
            name="text",
            required=True,
            maxlength="500",
            aria_label="Fact to remember",
            placeholder="A fact to remember, e.g. I live in Munich",
        ),
        tag("select", kinds, name="kind", aria_label="Kind"),
        tag("select", targets, name="to", aria_label="File"),
        tag("button", "Add", type="submit"),
        method="post",
        action="/memory/entries",
        class_="inline",
        id="add-form",
        data_post="/memory/entries",
    )
    notes = tag(
        "form",
        tag(
            "input",
            type="text",
            name="path",
            required=True,
            aria_label="Folder of notes",
            placeholder="/home/you/notes (a folder on this machine)",
        ),
        tag("button", "Import", type="submit"),
        method="post",
        action="/memory/import",
        class_="inline",
        id="import-form",
        data_post="/memory/import",
    )
    return tag(
        "section",
        tag("h2", "Add"),
        tag(
            "p",
            "A fact you add is yours: screened, one git commit; a new value "
            "for the same thing replaces the old one.",
            class_="muted",
        ),
        add,
        tag("h3", "Import notes from a folder…"),
        tag(
            "p",
            "Markdown bullets of a folder (another agent's memory folder, say) go to the inbox for you to "
            "review; the folder is read, never written.",
            class_="muted",
        ),
        notes,
        id="add",
    )


def keep_default(entry: dict) -> str:
    return "me" if entry.get("kind") in (None, *USER_KINDS) else "lessons"


def inbox_item(entry: dict, workspace_file: str, user_file: str) -> Safe:
    targets = (("me", user_file), ("lessons", "lessons.md"), ("workspace", workspace_file))
    default = keep_default(entry)
    select = tag(
        "select",
        [tag("option", label, value=value, selected=value == default) for value, label in targets],
        name="to",
        aria_label="Keep in",
    )
    meta = [
        f"by {who(entry)}",
        f"kind {entry['kind']}" if entry.get("kind") else None,
        f"source {entry['source']}" if entry.get("source") else None,
        f"added {entry['added']}" if entry.get("added") else None,
    ]
    actions = tag(
        "div",
        tag("label", "Keep in ", select),
        " ",
        tag("button", "Keep", type="button", data_action="keep"),
        " ",
        tag(
            "button",
            "Pin",
            type="button",
            data_action="pin",
            title="Move it above ## Index in MEMORY.md: always loaded",
        ),
        " ",
        tag("button", "Delete", type="button", data_action="delete", class_="danger"),
        class_="actions",
    )
    return tag(
        "li",
        tag("p", prose(entry["text"]), class_="text"),
        tag("p", " · ".join(m for m in meta if m), " · ", tag("code", entry["stable_ref"]), class_="meta"),
        actions,
        class_="entry inbox-entry",
        # the buttons send its line with the line's digest as `expect`: exact even when two inbox
        # entries share a text (and so a digest ref), and refused if the line changed since
        data_ref=f"{entry['file']}#L{entry['line']}",
        data_digest=entry["digest"],
    )


PROPOSAL_ACTIONS = {"merge": "Merge into one", "supersede": "Drop the older", "drop": "Drop"}


def proposal_item(entry: dict, proposal: dict) -> Safe:
    """A consolidation proposal: what it does, its evidence, and the entries it names side by side."""
    heads = ["", "Entry", "Who", "Added", "Ref"]
    rows = []
    for named in proposal["entries"]:
        e = named["entry"]
        if proposal["action"] == "drop":
            role = "goes"
        else:
            role = "kept" if named["keep"] else ("merged in" if proposal["action"] == "merge" else "goes")
        cells = [tag("td", tag("span", role, class_=f"badge role-{role.replace(' ', '-')}"))]
        if e is None:
            cells += [tag("td", "changed or gone since it was proposed", class_="muted", colspan="3")]
        else:
            cells += [
                tag("td", e["text"], class_="text"),
                tag("td", who(e), class_=f"by by-{e['by']}"),
                tag("td", e.get("added") or "—"),
            ]
        cells.append(tag("td", tag("code", named["stable_ref"])))
        rows.append(tag("tr", cells, class_="entry"))
    side_by_side = tag(
        "table",
        tag("thead", tag("tr", [tag("th", h) for h in heads])),
        tag("tbody", rows),
        class_="entries evidence",
    )
    actions = tag(
        "div",
        tag(
            "button",
            f"Accept: {PROPOSAL_ACTIONS.get(proposal['action'], proposal['action'])}",
            type="button",
            data_action="accept",
        ),
        " ",
        tag(
            "button",
            "Keep both" if len(proposal["entries"]) > 1 else "Keep it",
            type="button",
            data_action="keep-both",
            title="Leave the entries as they are; they are not proposed together again",
        ),
        class_="actions",
    )
    return tag(
        "li",
        tag("p", tag("span", f"{proposal['reason']} ", class_="badge"), entry["text"], class_="text"),
        tag(
            "p",
            "Evidence: ",
            proposal["evidence"] or "—",
            " · ",
            tag("code", entry["stable_ref"]),
            class_="meta",
        ),
        side_by_side,
        actions,
        class_="entry inbox-entry proposal",
        data_ref=entry["ref"],
        data_digest=entry["digest"],
    )


def inbox_section(ctx, info: dict) -> Safe:
    entries = view.file_entries(ctx.store, "inbox.md")
    intro = tag(
        "p",
        "Imports, contradictions and tainted notes wait here, never recalled for agents. "
        "Keep moves an entry into your files as yours, Pin puts it in MEMORY.md (always loaded), "
        "Delete removes it; each is one git commit. Consolidation proposals show their evidence, the "
        "entries side by side: Accept merges or drops as proposed, Keep both leaves them as they are.",
        class_="muted",
    )
    body = (
        tag(
            "ul",
            [
                proposal_item(e, proposal)
                if (proposal := view.proposal_view(ctx.store, e)) is not None
                else inbox_item(e, ctx.store.workspace_file, info["user_file"])
                for e in entries
            ],
            class_="inbox",
        )
        if entries
        else empty("The inbox is empty.")
    )
    return tag("section", tag("h2", f"Inbox ({len(entries)} unreviewed)"), intro, body, id="inbox")


def memory_files(info: dict) -> list[str]:
    files = [rel for rel in info["counts"]["files"] if not view.is_inbox(rel) and not view.is_swarm_file(rel)]
    return sorted(files, key=lambda rel: (FileClass.of(rel).rules.order, rel))


def budget_badge(budget: dict | None) -> Safe | None:
    """The file's size against its limit; marked from 80% (its warning as the title)."""
    if budget is None:
        return None
    from swarmkit.memory import Budget

    used = Budget("", budget["bytes"], budget["limit"]).sentence()
    if budget["warning"]:
        return tag("span", used, class_="badge budget budget-warn", title=budget["warning"])
    return tag("span", used, class_="muted budget")


def files_section(ctx, info: dict) -> Safe:
    if not info["exists"]:
        return tag(
            "section",
            tag("h2", "Files"),
            empty(
                prose(
                    "No memory folder yet: it is created on the first write (a run that remembers "
                    "something, or `swarmkit memory import PATH`)."
                )
            ),
            id="files",
        )
    blocks = []
    for rel in memory_files(info):
        entries = view.file_entries(ctx.store, rel)
        label = FileClass.of(rel).rules.label
        heading = tag(
            "h3",
            tag("code", rel),
            " ",
            tag(
                "span", f"{label} · {len(entries)} entr{'ies' if len(entries) != 1 else 'y'}", class_="muted"
            ),
            " ",
            budget_badge(info["budgets"].get(rel)),
        )
        warning = (info["budgets"].get(rel) or {}).get("warning")
        blocks.append(
            tag(
                "section",
                heading,
                tag("p", warning, class_="warning", role="note") if warning else None,
                entries_table(entries, editable=True) if entries else empty("No entries yet."),
                class_="memory-file",
                data_file=rel,
            )
        )
    return tag("section", tag("h2", "Files"), blocks, id="files")


def swarms_section(ctx, info: dict) -> Safe:
    folders = view.swarm_folders(ctx.store, info["swarms"])
    blocks = []
    for swarm in folders:
        facts = [
            tag("dt", "Goal"),
            tag("dd", swarm["goal"] or "(not stated)"),
            tag("dt", "Run"),
            tag("dd", run_link(swarm["run"]) or swarm["run"] or "—"),
            tag("dt", "Members"),
            tag("dd", ", ".join(swarm["members"]) or "(none listed)"),
        ]
        parts = [tag("h3", tag("code", f"swarms/{swarm['slug']}/")), tag("dl", facts)]
        for name, entries in swarm["files"].items():
            parts.append(tag("h4", name))
            parts.append(entries_table(entries) if entries else empty("None yet."))
        blocks.append(tag("section", parts, class_="swarm", id=f"swarm-{swarm['slug']}"))
    hidden = info["counts"].get("other_swarms") or 0
    intro = tag(
        "p",
        "Notes the agents of one multi-agent run share: findings, ruled-out paths, questions."
        + (f" {hidden} of other people's runs, shown only to them." if hidden else ""),
        class_="muted",
    )
    return tag(
        "section",
        tag("h2", f"Swarm folders ({len(folders)})"),
        intro,
        blocks or empty("No swarm folders yet."),
        id="swarms",
    )


def git_line(info: dict) -> Safe:
    git = info["git"]
    if not info["exists"]:
        text = "Git: no folder yet"
    elif not git["versioned"]:
        text = "Git: not versioned (is git installed?)"
    else:
        state = "uncommitted hand edits" if git["dirty"] else "clean"
        remote = f", remote {git['remote']}" if git["remote"] else ""
        text = f"Git: {(git['head'] or 'no commits')[:10]} ({state}){remote}"
    return tag("p", text, id="git", class_="muted")


def memory_page(request: Request):
    query = request.query_params.get("q", "").strip()
    scope = request.query_params.get("scope", "").strip()
    try:
        ctx = load(request)
    except WorkspaceInvalid as error:
        return page(request, "Memory", diagnostics_panel(error), "memory", status_code=409)
    info = view.status(ctx.workspace, ctx.store)
    sentence = tag(
        "p", info["sentence"], id="memory-sentence", class_="sentence " + ("on" if info["enabled"] else "off")
    )
    whose = "the owner's" if info["user"] is None else f"{info['user']}'s"
    others = info["counts"]["others"]
    viewing = tag(
        "p",
        f"Viewing {whose} memory ({info['user_file']}); ",
        f"{others} other {'person' if others == 1 else 'people'}'s file{'s' if others != 1 else ''} not shown"
        if others
        else "other people's files are never shown here",
        id="view",
        class_="muted",
    )
    notice = tag("p", "", id="notice", role="status", aria_live="polite")
    body = join(
        [
            sentence,
            viewing,
            notice,
            config_section(info, ctx.workspace.root),
            search_section(ctx, query, scope),
            add_section(ctx, info),
            inbox_section(ctx, info),
            files_section(ctx, info),
            swarms_section(ctx, info),
            git_line(info),
        ]
    )
    return page(request, "Memory", body, "memory", workspace=f"{ctx.workspace.name} ({ctx.workspace.id})")


ROUTES = [Route("/portal/memory", memory_page, methods=["GET"])]

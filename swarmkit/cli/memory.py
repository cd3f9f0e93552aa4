"""`swarmkit memory`: read, search and curate the workspace's memory folder."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from swarmkit.memory import Progress

from swarmkit.cli import output
from swarmkit.cli.options import (
    common_options,
    format_options,
    json_document,
    output_format,
    remember_given,
)
from swarmkit.cli.workspace_args import WorkspaceGroup
from swarmkit.errors import SwarmkitError
from swarmkit.memory import KEEP_TARGETS, KINDS, SCOPES, digest_ref
from swarmkit.urls import without_credentials

DEFAULT_LOCK_TIMEOUT = 10.0


def memory_options(f: Callable) -> Callable:
    """--user and --lock-timeout, accepted by `memory` and by each of its commands."""
    f = click.option(
        "--lock-timeout",
        type=click.FloatRange(min=0),
        expose_value=False,
        callback=remember_given,
        help=f"Seconds to wait for another process writing to the folder before giving up "
        f"[default: {DEFAULT_LOCK_TIMEOUT:g}].",
    )(f)
    f = click.option(
        "--user",
        expose_value=False,
        callback=remember_given,
        help="Act for a named user (their file is users/<user>.md instead of me.md).",
    )(f)
    return common_options(f)


def _state(ctx: click.Context) -> dict:
    """What this command resolved: the store, the memory settings and the workspace root."""
    return ctx.find_root().meta.setdefault("swarmkit.memory", {})


def _store(ctx: click.Context):
    """The workspace's MemoryStore (resolved once per command)."""
    obj = _state(ctx)
    if "store" in obj:
        return obj["store"]
    from swarmkit.cli.options import workspace_folder
    from swarmkit.cli.resolving import resolve_or_stop
    from swarmkit.memory import MemoryStore

    workspace = resolve_or_stop(workspace_folder(), "its memory folder is unknown")
    output.progress_bars()
    given = output.settings.given
    store = MemoryStore(
        workspace.memory.folder,
        workspace.id,
        given.get("user"),
        lock_timeout=given.get("lock_timeout", DEFAULT_LOCK_TIMEOUT),
    )
    obj["store"] = store
    obj["settings"] = workspace.memory
    obj["root"] = workspace.root
    return store


def _finish(ctx: click.Context, code: int = 0) -> int:
    store = _state(ctx).get("store")
    for message in store.warnings if store is not None else []:
        output.warning(message)
    return code


def _json(data: dict) -> None:
    output.result(json_document(data))


def _as_json() -> bool:
    return output_format() == "json"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _require_folder(store) -> None:
    if not store.exists():
        raise store.missing_error()


def _result_line(result) -> str:
    """What a change did, to which entry, with the text it changed: `replaced me.md#3f9a1c2b:
    Lives in Berlin → Lives in Munich (commit 1a2b3c4d5e)`."""
    head = result.status + (f" {result.ref}" if result.ref else "")
    if result.text is not None:
        head += ": " + (f"{result.old} → {result.text}" if result.old is not None else result.text)
    notes = [result.reason] if result.reason else []
    if result.status == "reinforced":
        notes.append("already there; nothing written")
    if result.commit:
        notes.append(f"commit {result.commit[:10]}")
    return head + (f" ({'; '.join(notes)})" if notes else "")


def _report(ctx: click.Context, result, code: int = 0) -> int:
    """A change's result: its line, or with --format json the result as a document."""
    if _as_json():
        _json(result.to_dict())
    else:
        output.result(_result_line(result))
    return _finish(ctx, code)


def _stable(entry) -> str:
    return entry.ref


@click.group(cls=WorkspaceGroup)
@memory_options
def memory() -> None:
    """Read, search and curate the memory folder (markdown files under git)."""


@memory.command()
@format_options("text", "json")
@memory_options
@click.pass_context
def status(ctx: click.Context) -> int:
    """Where the folder is, its files and entry counts, the inbox, swarms and git state."""
    store = _store(ctx)
    info = store.status()
    info["folder"] = os.path.normpath(info["folder"])  # a workspace found above: no `topologies/..`
    info["memory"] = _state(ctx)["settings"].sentence()
    from swarmkit.memory import describe_recall_model as describe
    from swarmkit.memory import recall_model_dict as to_dict

    if describe() is not None:  # nothing with SWARMKIT_EMBEDDING_MODEL=off: the output is as it was
        info["recall"] = to_dict()
    if _as_json():
        _json(info)
        return _finish(ctx)
    output.result(info["memory"])
    output.result(f"Folder: {info['folder']}")
    if not info["exists"]:
        output.result("No memory folder yet: it is created on the first write.")
        return _finish(ctx)
    from swarmkit.memory import Budget

    for rel, count in info["files"].items():
        size = info["budgets"][rel]
        used = Budget(rel, size["bytes"], size["limit"]).sentence()
        output.result(f"  {rel:<40} {count:>6} {'entry  ' if count == 1 else 'entries'}  {used}")
    for warning in info["budget_warnings"]:
        output.warning(warning)
    if info["others"]:
        output.result(f"Other people's files: {info['others']} (shown only to them: --user NAME)")
    output.result(f"Inbox: {info['inbox']} unreviewed")
    if info["swarms"]:
        output.result(f"Swarms: {', '.join(info['swarms'])}")
    if info["other_swarms"]:
        output.result(f"Swarms of other people's runs: {info['other_swarms']} (shown only to them)")
    if info["git"]:
        state = "uncommitted hand edits" if info["dirty"] else "clean"
        output.result(
            f"Git: {info['head'][:10] if info['head'] else 'no commits'} ({state})"
            + (f", remote {without_credentials(info['remote'])}" if info["remote"] else "")
        )
        if info["git_state"]:
            output.result(f"Writes are refused: {info['git_state']}")
    else:
        output.result("Git: not versioned")
    return _finish(ctx)


@memory.command("list")
@click.argument("file", required=False)
@format_options("text", "json")
@memory_options
@click.pass_context
def list_(ctx: click.Context, file: str | None) -> int:
    """Every entry with its ref (or only FILE's, e.g. lessons.md)."""
    from swarmkit.cli.workspace_args import misplaced

    misplaced(file or "", "memory list")  # `swarmkit memory list ws`: the workspace goes first, or with -w
    store = _store(ctx)
    if store.exists():
        items = store.entries(file)
    else:
        # Nothing kept yet (say, runs that found nothing to keep): nothing to list, which is no
        # failure. A file in the folder's place still is: no write can create the folder there.
        missing = store.missing_error()
        if not store.can_be_created():
            raise missing
        if file:
            from swarmkit.memory import check_ref

            check_ref(f"{file}#L1")  # a path that could never be a memory file is still refused
        output.note(f"{missing.message}: {missing.hint}")
        items = []
    if _as_json():
        from swarmkit.memory import with_lines

        _json({"entries": [v.to_dict() for v in with_lines(store, items)]})
        return _finish(ctx)
    for e in items:
        kind = f" ({e.kind})" if e.kind else ""
        output.result(f"{_stable(e):<28} [{e.by}{kind}] {e.text}")
    if not items:
        output.result("No entries.")
    return _finish(ctx)


@memory.command()
@click.argument("query")
@click.option(
    "--max",
    "max_results",
    type=click.IntRange(min=1),
    help="At most this many results (default: reader config).",
)
@click.option(
    "--threshold", type=click.FloatRange(0, 1), help="Minimum score, 0..1 (default: reader config)."
)
@click.option("--scope", type=click.Choice(SCOPES), help="Which files to search (default: reader config).")
@click.option("--inbox", is_flag=True, help="Also search the inbox (its entries are marked [unreviewed]).")
@click.option(
    "--explain",
    is_flag=True,
    help="Show each score's parts: by words and, with an embedding model, by meaning.",
)
@format_options("text", "json")
@memory_options
@click.pass_context
def search(ctx, query, max_results, threshold, scope, inbox, explain) -> int:
    """Recall: entries ranked by the share of the query's weight they contain (score 0..1)."""
    store = _store(ctx)
    _require_folder(store)
    _model_on_first_need(ctx)
    reader = _state(ctx)["settings"].search_reader  # what an agent recalls with; options override it
    chosen = threshold is not None  # a threshold given here is kept strictly: no closest fallback
    threshold = threshold if chosen else reader.similarity_threshold
    hits = store.recall(
        query,
        max_results if max_results is not None else reader.max_results,
        threshold,
        scope or reader.search_scope,
        include_inbox=inbox,
        closest=not chosen,
    )
    if _as_json():
        from swarmkit.memory import hit_views

        results = [
            view.to_dict() | ({"explain": _explain(h)} if explain else {})
            for h, view in zip(hits, hit_views(store, hits), strict=True)
        ]
        _json({"query": query, "results": results})
        return _finish(ctx)
    # recall's fallback: say so, or the scores look wrong (the best may not come first: recall/whose.py)
    if hits and max(h.score for h in hits) < threshold:
        output.result(f"No entry scores {threshold:g} or more; the closest:")
    for h in hits:
        mark = " [unreviewed]" if h.unreviewed else ""
        alike = f" (also said as {', '.join(h.folded)})" if h.folded else ""
        output.result(f"{h.score:.2f}  {digest_ref(h.file, h.text):<28}{mark} {h.text}{alike}")
        if explain:
            output.result(f"      {_explain_line(_explain(h))}")
    if not hits:
        output.result("No entries match.")
    return _finish(ctx)


def _explain(hit) -> dict:
    """A hit's score and its parts (docs/memory-folder.md: the score formula)."""
    parts = hit.parts
    if parts is None:
        return {"score": round(hit.score, 4), "words": round(hit.score, 4), "meaning": None}
    from swarmkit.memory import SEMANTIC_WEIGHT, semantic_part

    cosine = parts.cosine
    return {
        "score": round(hit.score, 4),
        "words": round(parts.lexical, 4),
        "meaning": None if cosine is None else round(semantic_part(cosine), 4),
        "cosine": None if cosine is None else round(cosine, 4),
        # this query's weights: its words weigh less when they say little (fusion.words_weight)
        "weights": {"words": round(parts.weight, 4), "meaning": SEMANTIC_WEIGHT},
    }


def _explain_line(parts: dict) -> str:
    if parts["meaning"] is None and "weights" not in parts:
        return f"words {parts['words']:.2f} (recall by words only)"
    if parts["meaning"] is None:
        return f"= {round(parts['weights']['words'], 2):g} × words {parts['words']:.2f} (no vector yet: by words only)"
    w = parts["weights"]
    return (
        f"= {round(w['words'], 2):g} × words {parts['words']:.2f} + {w['meaning']:g} × meaning"
        f" {parts['meaning']:.2f} (cosine {parts['cosine']:.2f})"
    )


@memory.command()
@click.argument("ref")
@format_options("text", "json")
@memory_options
@click.pass_context
def show(ctx: click.Context, ref: str) -> int:
    """Show one entry (me.md#3f9a1c2b or me.md#L3) with its metadata, or a whole file (lessons.md)."""
    store = _store(ctx)
    _require_folder(store)
    if "#" not in ref and ref.endswith(".md"):
        from swarmkit.memory import check_ref

        check_ref(f"{ref}#L1")  # the same path rules as a ref
        store.check_visible(ref)
        lines = store.read_lines(ref, refuse=True)  # asked for by name: why it is not read
        if lines is None:
            raise SwarmkitError(
                f"{ref} is not in the memory folder {store.folder}",
                "`swarmkit memory status` lists the files",
            )
        if _as_json():
            from swarmkit.memory import line_views

            _json(
                {
                    "file": ref,
                    "text": "\n".join(lines) + "\n",
                    "entries": [v.to_dict() for v in line_views(store, ref, lines)],
                }
            )
        else:
            output.result("\n".join(lines))
        return _finish(ctx)
    from swarmkit.memory import EntryView

    entry, lines = store.entry_at(ref)
    view = EntryView.of(entry, lines[entry.line - 1])
    if _as_json():
        _json(view.to_dict())
        return _finish(ctx)
    output.result(f"{view.ref} ({entry.line_ref}): {entry.text}")
    for key, value in entry.meta.items():
        output.result(f"  {key}: {value}")
    # not the ref's digest (of the text): this one covers the whole line, metadata included
    output.result(f"  line digest (for --expect): {view.digest}")
    return _finish(ctx)


def _text_argument(text: str) -> str:
    """The text to keep, from the argument or (`-`) standard input, as valid Unicode (user_text.py)."""
    from swarmkit.cli.user_text import read_stdin, valid_text

    if text == "-":
        return read_stdin("a memory entry holds at most 500 characters: say the fact in a sentence")
    return valid_text(text, "the text")


@memory.command()
@click.argument("text")
@click.option(
    "--kind", type=click.Choice(KINDS), help="What sort of fact (default: read from the text, else none)."
)
@click.option(
    "--subject",
    help="What it is about, e.g. user.location: a later value for it replaces this one "
    '(default: read from the text, e.g. "I live in Munich").',
)
@click.option(
    "--to",
    "to",
    metavar="FILE",
    help="me | lessons | workspace, or a .md file of the memory folder "
    "(default: your file, me.md or users/<user>.md, for a fact about you or any text in the first "
    "person (I, my, me, mine); else lessons.md).",
)
@format_options("text", "json")
@memory_options
@click.pass_context
def add(ctx: click.Context, text: str, kind: str | None, subject: str | None, to: str | None) -> int:
    """Tell memory TEXT directly (- reads it from standard input): yours, screened, deduped, one commit."""
    store = _store(ctx)
    text = _text_argument(text)
    _model_on_first_need(ctx)
    return _report(ctx, store.add(text, kind, subject, to))


def _model_on_first_need(ctx: click.Context) -> None:
    """search and add recall or embed: the embedding model is fetched first if it is not here yet."""
    from swarmkit.cli.meaning import fetch_model_on_first_need

    fetch_model_on_first_need(_state(ctx)["settings"].enabled)


@memory.command()
@click.argument("ref")
@click.argument("text")
@format_options("text", "json")
@memory_options
@click.pass_context
def edit(ctx: click.Context, ref: str, text: str) -> int:
    """Replace the text of the entry at REF with TEXT (- reads standard input); it becomes yours (one commit)."""
    return _report(ctx, _store(ctx).edit(ref, _text_argument(text)))


@memory.command()
@click.argument("ref")
@click.option("--expect", help="Only if the entry still has this text or digest.")
@format_options("text", "json")
@memory_options
@click.pass_context
def forget(ctx: click.Context, ref: str, expect: str | None) -> int:
    """Remove the entry at REF (one commit)."""
    return _report(ctx, _store(ctx).forget(ref, expect))


@memory.command()
@click.argument("entry", metavar="REF|SUBJECT|TEXT")
@format_options("text", "json")
@memory_options
@click.pass_context
def history(ctx: click.Context, entry: str) -> int:
    """Every change to one entry, newest first, from the folder's git history (older texts included)."""
    items = _store(ctx).history(entry)
    if _as_json():
        _json({"entry": entry, "changes": items})
        return _finish(ctx)
    for item in items:
        where = f"{item['from']} → {item['file']}" if item["from"] else item["file"]
        text = f"{item['old']} → {item['text']}" if item["change"] in ("changed", "merged") else item["text"]
        by = ", ".join(f"{k} {item[k]}" for k in ("origin", "run") if item.get(k))
        output.result(
            f"{item['date'][:10]} {item['commit'][:10]} {item['change']} {where}: {text}"
            + (f" ({by})" if by else "")
        )
    if not items:
        output.result(
            f"No history for {entry}: no entry, now or before, has it as its ref, subject or part of its text."
        )
    return _finish(ctx)


@memory.command("import")
@click.argument("path")
@format_options("text", "json")
@memory_options
@click.pass_context
def import_(ctx: click.Context, path: str) -> int:
    """Import notes (.md bullets) from the folder at PATH into the inbox, in one commit."""
    store = _store(ctx)
    if path.strip():
        path = os.path.abspath(path)  # relative to where the command runs
    result = store.import_folder(path, _ImportProgress())
    if _as_json():
        _json(result.to_dict())
        return _finish(ctx)
    output.result(
        f"Imported {result.imported}, duplicates {result.duplicates}, skipped {result.skipped}"
        + (
            f" {'entry' if result.skipped == 1 else 'entries'} and {_files(len(result.skipped_files))}"
            if result.skipped_files
            else ""
        )
        + (f", truncated at {' and '.join(result.limits)}" if result.truncated else "")
        + (f"; commit {result.commit[:10]}" if result.commit else "")
    )
    for rel, why in result.skipped_files:  # each counted in the line above
        output.result(f"  skipped {rel}: {why}")
    for rel in result.not_utf8:
        output.warning(
            f"{rel} held bytes that are not UTF-8: each was replaced with U+FFFD (\ufffd) in its notes; "
            "save the file as UTF-8 to keep what it said"
        )
    if result.imported:
        output.say("Review them with `swarmkit memory inbox`.")
    return _finish(ctx)


class _ImportProgress:
    """import's files read, on recall's progress bar (a terminal only; never with --quiet)."""

    def __init__(self) -> None:
        self.bar: Progress | None = None

    def __call__(self, done: int, total: int) -> None:
        from swarmkit.memory import Progress

        bar = self.bar = self.bar or Progress(total, label="Importing", min_total=2)
        bar.advance(done - bar.done)
        if done >= total:
            bar.close()


@memory.command()
@format_options("text", "json")
@memory_options
@click.pass_context
def inbox(ctx: click.Context) -> int:
    """Unreviewed entries: keep, pin or delete each one (refs and digests shown)."""
    from swarmkit.memory import inbox_views

    store = _store(ctx)
    _require_folder(store)
    items = [view.to_dict() for view in inbox_views(store)]
    if _as_json():
        _json({"entries": items})
        return _finish(ctx)
    proposals = 0
    for item in items:
        why = item["metadata"].get("contradicts")
        if item["metadata"].get("marker") == "proposal":
            proposals += 1
            why = None
            output.result(f"{item['stable_ref']:<18} [proposal] {item['text']}")
            output.result(
                f"{'':<18}   {item['metadata'].get('evidence', '')}: {item['metadata'].get('entries', '')}"
            )
            continue
        output.result(f"{item['stable_ref']:<18} {item['text']}" + (f" (contradicts {why})" if why else ""))
    if not items:
        output.result("The inbox is empty.")
    else:
        if proposals < len(items):
            output.say("Keep: swarmkit memory keep REF --to me|lessons|workspace (or pin REF, delete REF)")
        if proposals:
            output.say("Proposals: swarmkit memory accept REF (or keep-both REF)")
    return _finish(ctx)


def inbox_action(name: str | None = None, *options: Callable) -> Callable:
    """An inbox action's command (keep, pin, delete, accept, keep-both): REF, its own options, then
    the `--expect` guard, the formats and the memory options every one of them takes."""

    def decorate(f: Callable) -> Callable:
        f = click.pass_context(f)
        f = memory_options(f)
        f = format_options("text", "json")(f)
        f = click.option(
            "--expect", help="The digest (or text) `swarmkit memory inbox` showed; refuses if it changed."
        )(f)
        for option in reversed(options):
            f = option(f)
        f = click.argument("ref")(f)
        return memory.command(name)(f)

    return decorate


@inbox_action(
    None, click.option("--to", "to", type=click.Choice(KEEP_TARGETS), default="me", show_default=True)
)
def keep(ctx: click.Context, ref: str, to: str, expect: str | None) -> int:
    """Move an inbox entry into your files, as yours (one commit)."""
    return _report(ctx, _store(ctx).inbox_keep(ref, to, expect))


@inbox_action()
def pin(ctx: click.Context, ref: str, expect: str | None) -> int:
    """Move an inbox entry above "## Index" in MEMORY.md: always loaded (one commit)."""
    return _report(ctx, _store(ctx).inbox_pin(ref, expect))


@inbox_action()
def delete(ctx: click.Context, ref: str, expect: str | None) -> int:
    """Delete an inbox entry (one commit)."""
    return _report(ctx, _store(ctx).inbox_delete(ref, expect))


@memory.command()
@click.argument("run_id")
@click.option("--reason", required=True, help="What was wrong, in one or two sentences.")
@format_options("text", "json")
@memory_options
@click.pass_context
def feedback(ctx: click.Context, run_id: str, reason: str) -> int:
    """Record your feedback on one of your runs as a correction (the owner's in the workspace file,
    a named user's in their own file)."""
    from swarmkit.cli.user_text import valid_text

    reason = valid_text(reason, "--reason")
    store = _store(ctx)
    from swarmkit.run_ids import is_run_id
    from swarmkit.runtime.records import load_run

    if is_run_id(run_id.strip()):
        # a run that happened here, and this person's own (the owner's: a run with no user);
        # another person's run is refused as if it never was, so its id tells nothing
        load_run(_state(ctx)["root"], run_id.strip(), store.user)
    result = store.feedback(run_id, reason)
    return _report(ctx, result, 0 if result.status != "refused" else 1)


@memory.command()
@click.option("--remote", help="Set the folder's git remote first (a URL or the path of a bare repository).")
@format_options("text", "json")
@memory_options
@click.pass_context
def sync(ctx: click.Context, remote: str | None) -> int:
    """Pull (rebase; entries merge by union) and push the folder's git remote."""
    info = _store(ctx).sync(remote)
    if _as_json():
        _json(info)
        return _finish(ctx)
    if info.get("cloned"):
        output.result(f"Cloned {without_credentials(info['remote'])} ({info['pulled']} commits).")
    else:
        output.result(
            f"Synced with {without_credentials(info['remote'])}: pulled {info['pulled']}, pushed {info['pushed']} commits."
        )
    for merge in info.get("merged", []):
        where = f"{merge['subject']} ({merge['file']})"
        if merge.get("replaced") is not None:
            output.result(
                f'  {where}: kept "{merge["kept"]}" ({merge["kept_ref"]}); "{merge["replaced"]}", '
                "which one machine had replaced, stays gone"
            )
        elif merge["inbox"] is None:
            output.result(f"  {where} was set to the same value on two machines: kept once")
        else:
            output.result(
                f'  {where} changed on two machines: kept "{merge["kept"]}" ({merge["kept_ref"]}); '
                f'"{merge["inbox"]}" waits in the inbox (swarmkit memory inbox)'
            )
    return _finish(ctx)


@memory.command()
@format_options("text", "json")
@memory_options
@click.pass_context
def reindex(ctx: click.Context) -> int:
    """Rebuild the recall index from the files (it also refreshes itself after hand edits)."""
    store = _store(ctx)
    _require_folder(store)
    count = store.reindex()
    from swarmkit.memory import describe_recall_model as describe
    from swarmkit.memory import recall_model_dict as to_dict

    recall = describe()  # None with SWARMKIT_EMBEDDING_MODEL=off: the output is as it was
    embedded, notice = store.reembed(lambda line: output.result(line, err=True)) if recall else (0, None)
    if notice:
        output.result(f"swarmkit: {notice}", err=True)
    if _as_json():
        _json({"indexed": count} | ({"embedded": embedded, "recall": to_dict()} if recall else {}))
    else:
        output.result(f"Indexed {_plural(count, 'entry', 'entries')}.")
        if recall and embedded:
            output.result(f"Embedded {_plural(embedded, 'entry', 'entries')} for {describe()}.")
    return _finish(ctx)


def _quoted(entry: dict) -> str:
    return f"{entry['stable_ref']} {_cut(entry['text'])!r}"


def _cut(text: str) -> str:
    from swarmkit.memory import cut_text

    return cut_text(text, 60)


_REASONS = {  # a finding's reason, as counted in words
    "duplicate": ("duplicate", "duplicates"),
    "contradiction": ("contradiction", "contradictions"),
    "chatter": ("chatter", "chatter"),
    "instruction": ("instruction", "instructions"),
    "pronoun": ("pronoun-only value", "pronoun-only values"),
    "pinned": ("repeat of a pinned line", "repeats of a pinned line"),
    "copy": ("exact copy", "exact copies"),
}


def _finding_lines(item: dict) -> list[str]:
    """One proposal in words: what it does to which entries, then its evidence."""
    entries = item["entries"]
    keep = item["keep"]
    if item["action"] == "merge":
        head = " + ".join(_quoted(e) for e in entries) + f" → keep {keep}"
    elif item["action"] == "supersede":
        gone = [e for e in entries if e["stable_ref"] != keep]
        kept = next(e for e in entries if e["stable_ref"] == keep)
        head = "drop " + ", ".join(_quoted(e) for e in gone) + ", keep " + _quoted(kept)
    elif item["reason"] == "copy":  # a copy shares its original's ref: its line tells it apart
        head = ", ".join(f"{e['file']}#L{e['line']} {_cut(e['text'])!r}" for e in entries)
    else:
        head = ", ".join(_quoted(e) for e in entries)
    return [f"{item['action']} {item['reason']}: {head}", f"  {item['evidence']}"]


@memory.command()
@click.option("--dry-run", is_flag=True, help="Print the proposals; write nothing.")
@click.option(
    "--similarity",
    type=click.Choice(["lexical", "semantic"]),
    help="Compare by words, or by words and meaning (default: semantic when an embedding model is in force).",
)
@format_options("text", "json")
@memory_options
@click.pass_context
def consolidate(ctx: click.Context, dry_run: bool, similarity: str | None) -> int:
    """Find near-duplicates, contradictions and junk; propose each in the inbox (one commit)."""
    store = _store(ctx)
    result = store.consolidate(dry_run=dry_run, similarity=similarity)
    data = result.to_dict()
    if _as_json():
        _json(data)
        return _finish(ctx)
    if not result.findings:
        output.result(f"Nothing to consolidate in {_plural(result.entries, 'entry', 'entries')}.")
        return _finish(ctx)
    counts = ", ".join(
        _plural(n, *_REASONS.get(reason, (reason, reason))) for reason, n in sorted(data["found"].items())
    )
    output.result(
        f"Found {len(result.findings)} in {_plural(result.entries, 'entry', 'entries')} "
        f"({result.similarity} similarity): {counts}"
    )
    for item in data["proposals"]:
        for line in _finding_lines(item):
            output.result(line)
    if dry_run:
        output.result("Dry run: nothing was proposed or changed.")
    else:
        n = len(result.proposed)
        output.result(
            f"Proposed {n} in the inbox"
            + (f" (commit {result.commit[:10]})" if result.commit else "")
            + ": accept each with `swarmkit memory accept REF`, or `swarmkit memory keep-both REF`"
        )
    return _finish(ctx)


@inbox_action(
    None,
    click.option(
        "--text", help="The merged entry's text, in your words (merge proposals; - reads standard input)."
    ),
)
def accept(ctx: click.Context, ref: str, text: str | None, expect: str | None) -> int:
    """Do what a consolidation proposal in the inbox says: merge or drop (one commit)."""
    return _report(ctx, _store(ctx).accept(ref, _text_argument(text) if text else None, expect))


@inbox_action("keep-both")
def keep_both(ctx: click.Context, ref: str, expect: str | None) -> int:
    """Answer a consolidation proposal by keeping its entries as they are (never proposed again)."""
    return _report(ctx, _store(ctx).keep_both(ref, expect))


def _files(count: int) -> str:
    return f"{count} file{'' if count == 1 else 's'}"

"""The embedding model on first need: a command that recalls or writes (run, chat, `memory search`,
`memory add`) calls fetch_model_on_first_need() before it does, which fetches the default model once
when none is in force (memory/recall/download.py), saying what on stderr, or says in one line why
recall is by words for now. It fetches nothing for a workspace with memory off, with
SWARMKIT_EMBEDDING_MODEL set (off, a folder), with a packaged or cached model, or while a failure
is remembered."""

from __future__ import annotations

from swarmkit.cli import output


def fetch_model_on_first_need(memory_enabled: bool) -> None:
    if not memory_enabled:
        return
    from swarmkit.memory.recall import semantic

    found = semantic.choice()
    if not (isinstance(found, semantic.Lexical) and found.reason == semantic.NO_MODEL):
        return
    from swarmkit.memory.recall.download import later, remembered_failure

    failed = semantic.fetch_default(output.note)
    if failed is None:
        return
    failure = remembered_failure()
    output.warning(f"recall is by words only for now: {failed}" + (f"; {later(failure)}" if failure else ""))

"""What a reference may name: the ids defined, and the ones that may exist but were dropped.

A file that cannot be loaded, or a workspace.yaml entry with errors, is reported for its own
problem; a reference to it must not also be called unknown. Ids that may exist are the stems of
files that did not load (files are usually named after their ids), the ids their text declares on
a plain `id:` or `name:` line, and the ids of entries with errors.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

# `id: alpha` at the top level, or `name: main` under metadata; no nesting in the pattern, so one
# line costs linear time whatever it holds.
_ID_LINE = re.compile(r"[ ]{0,4}(?:id|name)[ ]*:[ ]*[\"']?([A-Za-z0-9][\w.@-]*)[\"']?[ ]*(?:#.*)?")
# ... or in a flow mapping: `metadata: {id: helper, name: Helper}`.
_FLOW_ID = re.compile(r"[{,][ ]*(?:id|name)[ ]*:[ ]*[\"']?([A-Za-z0-9][\w.@-]*)")
_SCANNED = 64 * 1024  # the head of a file that did not load: where its id is


def ids_in_text(text: str | None) -> set[str]:
    """The ids a file that did not load seems to declare, read line by line from its head (the text
    the loader already read; None when it could not be read at all)."""
    if not text:
        return set()
    head = text[:_SCANNED]
    ids = set()
    for line in head.splitlines():
        if (plain := _ID_LINE.fullmatch(line)) is not None:
            ids.add(plain.group(1))
        elif line.startswith("metadata:"):
            ids.update(m.group(1) for m in _FLOW_ID.finditer(line))
    return ids


@dataclass(frozen=True)
class Known:
    """The ids of one kind a workspace declares, and those it may declare where a file was dropped."""

    ids: Collection[str]
    maybe: frozenset[str] = field(default_factory=frozenset)
    complete: bool = True  # False: something was dropped whose id cannot be read, so no id is unknown

    def unknown(self, ident: str) -> bool:
        return self.complete and ident not in self.ids and ident not in self.maybe

    def __contains__(self, ident: object) -> bool:
        return ident in self.ids

    def __iter__(self):
        return iter(self.ids)


def declared(ws_data, loaded: bool, key: str, id_key: str) -> Known:
    """Ids of the entries of workspace.yaml's list `key`, read even from a workspace with errors."""
    if not loaded or not isinstance(ws_data, dict):
        return Known(frozenset(), complete=False)  # workspace.yaml did not load: nothing is known
    entries = ws_data.get(key)
    if entries is None:
        return Known(frozenset())
    if not isinstance(entries, list):
        return Known(frozenset(), complete=False)
    ids = {e[id_key] for e in entries if isinstance(e, dict) and isinstance(e.get(id_key), str)}
    return Known(frozenset(ids), complete=len(ids) == len(entries))

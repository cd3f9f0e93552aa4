"""What a reference may name: the ids defined, and the ones that may exist but were dropped.

A file that cannot be loaded, or a workspace.yaml entry with errors, is reported for its own
problem; a reference to it must not also be called unknown. Ids that may exist are the stems of
files that did not load (files are named after their ids) and the ids of entries with errors.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Known:
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

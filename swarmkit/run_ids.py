"""Run ids (`r-1a2b3c4d`) and `swarmkit://runs/<id>`, the source that names a run in memory entries.

The runtime makes run ids and records runs; memory names the run an entry came from. Both read
this one module, which imports nothing of either.
"""

from __future__ import annotations

import os
import re

from swarmkit.errors import SwarmkitError

RUN_ID = re.compile(r"^r-[0-9a-f]{8}$")
SOURCE_PREFIX = "swarmkit://runs/"
_SOURCE = re.compile(rf"^{re.escape(SOURCE_PREFIX)}(?P<id>r-[0-9a-f]{{8}})$")


def new_run_id() -> str:
    return "r-" + os.urandom(4).hex()


def is_run_id(text: object) -> bool:
    return isinstance(text, str) and RUN_ID.match(text) is not None


def check_run_id(run_id: str) -> str:
    if not is_run_id(run_id):
        raise SwarmkitError(
            f'"{run_id}" is not a run id',
            "run ids look like r-1a2b3c4d; `swarmkit runs` lists them",
            code="invalid_run_id",
        )
    return run_id


def run_source(run_id: str) -> str:
    """The `source` of an entry a run wrote: swarmkit://runs/r-1a2b3c4d."""
    return SOURCE_PREFIX + run_id


def run_of(source: str | None) -> str | None:
    """The run id an entry came from (`source: swarmkit://runs/r-1a2b3c4d`), if any."""
    match = _SOURCE.match((source or "").strip())
    return match.group("id") if match else None

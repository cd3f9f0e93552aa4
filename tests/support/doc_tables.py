"""The tables of a markdown page in docs/, read as the tests that check each row need them."""

from __future__ import annotations

from pathlib import Path

DOCS = Path(__file__).parents[2] / "docs"


def table(page: str, header: str) -> list[list[str]]:
    """The rows of the table on docs/`page` whose header line is `header`, as lists of cells."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    start = lines.index(header) + 2  # the header, then the |---| line
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    assert rows, header
    return rows

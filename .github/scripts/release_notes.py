"""The release notes of a version tag: its dated section of CHANGELOG.md, checked against the package.

    python .github/scripts/release_notes.py v0.2.0 > notes.md

The release workflow runs this before it builds anything: a tag that does not name the version in
swarmkit/__init__.py, or a CHANGELOG.md without a dated section for it (`## [0.2.0] - 2026-11-20`),
stops the release with a message saying what to fix; otherwise the section's text (the heading
left out) is printed, and becomes the GitHub release's notes. Only the standard library: the
release job installs nothing else before it runs this.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
_VERSION = re.compile(r'^__version__ = "([^"]+)"$', re.MULTILINE)
_SECTION = re.compile(r"^## \[([^\]]+)\](.*)$", re.MULTILINE)
_DATED = re.compile(r" - \d{4}-\d{2}-\d{2}$")


class ReleaseError(Exception):
    """What stops a release, and how to fix it."""

    def __init__(self, message: str, hint: str):
        super().__init__(message)
        self.message, self.hint = message, hint


def package_version(init_text: str) -> str:
    found = _VERSION.search(init_text)
    if found is None:
        raise ReleaseError(
            'swarmkit/__init__.py has no line `__version__ = "…"`',
            "the version is read from there (pyproject.toml's [tool.hatch.version])",
        )
    return found.group(1)


def release_notes(tag: str, changelog: str, version: str) -> str:
    """The CHANGELOG section of the version `tag` names, which must be the package's `version`."""
    if tag != f"v{version}":
        raise ReleaseError(
            f"the tag {tag} does not name the package's version {version} (swarmkit/__init__.py)",
            f"tag the commit that sets the version: `git tag v{version}`, or set __version__ first",
        )
    sections = list(_SECTION.finditer(changelog))
    for index, heading in enumerate(sections):
        if heading.group(1) != version:
            continue
        if not _DATED.fullmatch(heading.group(2)):
            raise ReleaseError(
                f"CHANGELOG.md's section for {version} is not dated: {heading.group(0).strip()!r}",
                f"write its release date when you cut it: '## [{version}] - YYYY-MM-DD'",
            )
        end = sections[index + 1].start() if index + 1 < len(sections) else len(changelog)
        body = changelog[heading.end() : end].strip()
        if not body:
            raise ReleaseError(
                f"CHANGELOG.md's section for {version} is empty",
                "move the [Unreleased] entries under it: they are the release notes",
            )
        return body + "\n"
    raise ReleaseError(
        f"CHANGELOG.md has no section for {version}",
        f"move the [Unreleased] entries under '## [{version}] - YYYY-MM-DD': they are the release notes",
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: release_notes.py TAG   (a version tag, such as v0.2.0)", file=sys.stderr)
        return 2
    try:
        version = package_version((REPO / "swarmkit" / "__init__.py").read_text(encoding="utf-8"))
        notes = release_notes(argv[0], (REPO / "CHANGELOG.md").read_text(encoding="utf-8"), version)
    except ReleaseError as problem:
        print(f"error: {problem.message}\n  hint: {problem.hint}", file=sys.stderr)
        return 1
    sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

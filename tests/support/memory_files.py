"""Reading memory files on the test side: their lines, an entry's ref, and checks that nothing is torn."""

from __future__ import annotations

from pathlib import Path

from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import digest_ref
from tests.support.git import run_git


def assert_fsck_clean(folder: Path) -> None:
    done = run_git(folder, "fsck", "--full", "--strict", "--no-dangling")
    assert done.returncode == 0 and not done.stdout.strip() and "error" not in done.stderr.lower(), (
        f"git fsck:\n{done.stdout}\n{done.stderr}"
    )


def assert_every_file_parses(folder: Path) -> list[E.Entry]:
    """Every markdown file is UTF-8 text ending in a newline, and every bullet line is an entry."""
    found: list[E.Entry] = []
    for path in sorted(folder.rglob("*.md")):
        if ".git" in path.parts:
            continue
        data = path.read_bytes()
        text = data.decode("utf-8")  # raises on a torn multi-byte character
        assert text.endswith("\n"), f"{path} ends without a newline: a half-written line"
        assert "\x00" not in text, f"{path} holds NUL bytes"
        rel = path.relative_to(folder).as_posix()
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith("- ") and "[by:" in line:
                entry = E.parse_line(line, rel, number)
                assert entry is not None and line.rstrip().endswith("]"), (
                    f"{rel}:{number}: torn entry {line!r}"
                )
                found.append(entry)
    return found


def lines(folder: Path, rel: str) -> list[str]:
    return (folder / rel).read_text().splitlines()


def ref_of(rel: str, text: str) -> str:
    """The ref that names an entry: its file and the digest of its text (me.md#3f9a1c2b)."""
    return digest_ref(rel, text)


def another_memory_folder(root: Path) -> Path:
    """Another memory folder at `root`: its owner's me.md and a person's file, next to a shared
    lesson (an import must never read the personal ones into a shared place)."""
    (root / "users").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n## Index\n- [[me]]\n")
    (root / "me.md").write_text("# About me\n\n- My bank PIN hint is my first cat\n")
    (root / "users" / "carol.md").write_text("# About carol\n\n- Carol sees Dr. Weiss on Fridays\n")
    (root / "lessons.md").write_text("# Lessons\n\n- Release trains leave on Tuesdays\n")
    return root

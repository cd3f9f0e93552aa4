"""Import notes from a folder of markdown files into inbox.md, read-only and in one commit.

An import is the importing person's: from a person's view its entries are held for them (`for:
users/<name>.md`, as the memory-writer holds a personal fact), so no other view sees them. A memory
folder among what is imported keeps its personal files (me.md, users/*.md) to itself: they are
another folder's people's facts, and are never read."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.screening.screen import NO_MEMORY, redact, salience_problem, screen_entry
from swarmkit.surrogates import ERRORS as SURROGATES

if TYPE_CHECKING:
    from swarmkit.memory.actions.parts import MemoryParts
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.recall.dedupe import DedupeKeys

MAX_DEPTH = 4  # a file's depth counts its own name: root/a.md is 1, root/1/2/3/a.md is 4
MAX_FILES = 200
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 2 * 1024 * 1024
SCREEN_BUDGET = 256 * 1024  # characters of entry text screened per import (refused ones included)
UNREAD_LISTED = 1000  # files past a walk's limit that the result names; the walk stops after them
# What stopped an import, as the result names it
FILES_LIMIT = f"{MAX_FILES} files"
BYTES_LIMIT = f"{MAX_TOTAL_BYTES // (1024 * 1024)} MB of notes in all"
INBOX_LIMIT = "the inbox's 64 KB"
SCREEN_LIMIT = f"{SCREEN_BUDGET // 1024}K characters screened per import"
_PROTECTED_TREES = (
    "/proc",
    "/sys",
    "/dev",
    "/etc",
    "/boot",
    "/bin",
    "/sbin",
    "/usr",
    "/lib",
    "/lib32",
    "/lib64",
    "/System",
    "/Library",
)
_PROTECTED_EXACT = (
    "/",
    "/var",
    "/opt",
    "/root",
    "/home",
    "/Users",
    "/run",
    "/private",
    "/Volumes",
    "/tmp",
    "/mnt",
    "/media",
    "/srv",
    "/Applications",
)


@dataclass
class ImportResult:
    imported: int = 0
    duplicates: int = 0
    skipped: int = 0  # entries refused by screening or over the inbox limit
    truncated: bool = False  # the walk stopped at 200 files / 2 MB, or the inbox filled up
    limits: list[str] = field(default_factory=list)  # which limits stopped it (FILES_LIMIT, ...)
    commit: str | None = None
    files_read: int = 0
    skipped_files: list[tuple[str, str]] = field(default_factory=list)  # (path, why)
    # files read whose bytes that were not UTF-8 were each replaced with U+FFFD
    not_utf8: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "imported": self.imported,
            "duplicates": self.duplicates,
            "skipped": self.skipped,
            "truncated": self.truncated,
            "limits": list(self.limits),
            "commit": self.commit,
            "files_read": self.files_read,
            "skipped_files": [{"path": p, "reason": r} for p, r in self.skipped_files],
            "not_utf8": list(self.not_utf8),
        }


class BadSource(SwarmkitError):
    """The folder to import cannot be imported: not absolute, missing, protected, the memory folder."""

    code = "invalid_import"


class _Stop(Exception):
    pass


def limit_reached(result: ImportResult, limit: str) -> None:
    result.truncated = True
    if limit not in result.limits:
        result.limits.append(limit)


def _protected(real: Path) -> bool:
    text = real.as_posix()
    try:
        home = Path.home().resolve()
    except (RuntimeError, KeyError):  # no home folder known
        home = None
    if text in _PROTECTED_EXACT or real == home:
        return True
    return any(text == tree or text.startswith(tree + "/") for tree in _PROTECTED_TREES)


def check_source(store: MemoryFolder, path) -> Path:
    """The folder to import, resolved; every way it can be wrong is a SwarmkitError."""
    try:
        return _checked_source(store, path)
    except OSError as exc:  # /proc/1/root: even looking at it may be refused
        raise BadSource(
            f"{path} cannot be read: {exc.strerror or exc}; nothing was imported",
            "import a folder of your own notes that you may read",
        ) from None


def _not_a_folder(given: Path) -> str | None:
    """What `given` is when it exists and is no folder ("a file", "a device"), else None; a link
    is told as a link by the caller, so it is not followed here."""
    import stat

    from swarmkit.safe_read import kind_of

    try:
        mode = os.stat(given, follow_symlinks=False).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(mode) or stat.S_ISLNK(mode):
        return None
    return "a file" if stat.S_ISREG(mode) else kind_of(mode)


def _checked_source(store: MemoryFolder, path) -> Path:
    raw = str(path)
    given = Path(raw)
    if not raw.strip():
        raise BadSource("import needs a folder", "swarmkit memory import /absolute/path/to/notes")
    if not given.is_absolute():
        raise BadSource(
            f"import needs an absolute path, not {raw!r}",
            f"use the full path, for example {given.absolute()}",
        )
    what = _not_a_folder(given)
    if what:  # before the protected check: `/dev/zero` is no folder at all, protected or not
        raise BadSource(f"{raw} is {what}, not a folder", "import a folder; its .md files are read")
    if _protected(Path(os.path.normpath(given))):  # as given: /proc/<pid>/root resolves elsewhere
        raise BadSource(
            f"{raw} is a protected system folder; nothing was imported", "import a folder of your own notes"
        )
    if given.is_symlink():
        raise BadSource(
            f"{raw} is a symlink; import reads only a real folder",
            f"import the folder it points to: {given.resolve()}",
        )
    if not given.exists():
        raise BadSource(
            f"{raw} does not exist", "check the path; import reads an existing folder of .md files"
        )
    real = given.resolve()
    if _protected(real):
        raise BadSource(
            f"{raw} is a protected system folder; nothing was imported", "import a folder of your own notes"
        )
    memory = store.folder.resolve()
    if real == memory:
        raise BadSource(
            f"{raw} is the memory folder itself; nothing was imported", "import another folder of notes"
        )
    if memory in real.parents:
        raise BadSource(
            f"{raw} is inside the memory folder {memory}; nothing was imported",
            "import a folder outside the memory folder",
        )
    return real


def walk(root: Path, memory: Path, result: ImportResult) -> list[tuple[str, Path]]:
    """Sorted: .md files only, no hidden entries or symlinks, depth ≤ 4, ≤ 200 files, ≤ 2 MB. The
    .md files past a limit are named in `skipped_files` as not read (at most UNREAD_LISTED)."""
    from swarmkit.safe_read import kind_of

    found: list[tuple[str, Path]] = []
    unread: list[str] = []  # .md files past a limit: listed (at most UNREAD_LISTED), not read
    total = 0

    def visit(folder: Path, depth: int) -> None:
        nonlocal total
        try:
            items = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            result.skipped_files.append((os.path.relpath(folder, root), f"unreadable: {exc.strerror}"))
            return
        for item in items:
            rel = os.path.relpath(item.path, root).replace(os.sep, "/")
            if item.name.startswith("."):
                continue
            if item.is_symlink():
                result.skipped_files.append((rel, "symlink"))
                continue
            if item.is_dir(follow_symlinks=False):
                real = Path(item.path).resolve()
                if real == memory or memory in real.parents or root not in real.parents:
                    continue
                if depth + 1 > MAX_DEPTH:
                    result.skipped_files.append((rel, f"deeper than {MAX_DEPTH} levels"))
                    continue
                visit(Path(item.path), depth + 1)
            elif item.name.endswith(".md") and not item.is_file(follow_symlinks=False):
                kind = kind_of(item.stat(follow_symlinks=False).st_mode)  # a FIFO is never opened
                result.skipped_files.append((rel, f"{kind}, not a regular file"))
            elif item.is_file(follow_symlinks=False) and item.name.endswith(".md"):
                if result.limits:  # past a limit: named as not read, never read
                    unread.append(rel)
                    result.skipped_files.append((rel, f"not read: the import stops at {result.limits[0]}"))
                    if len(unread) >= UNREAD_LISTED:
                        raise _Stop
                    continue
                if len(found) >= MAX_FILES:
                    limit_reached(result, FILES_LIMIT)
                    unread.append(rel)
                    result.skipped_files.append((rel, f"not read: the import stops at {FILES_LIMIT}"))
                    continue
                size = item.stat(follow_symlinks=False).st_size
                if size > MAX_FILE_BYTES:
                    result.skipped_files.append((rel, "over 256 KB"))
                    continue
                if total + size > MAX_TOTAL_BYTES:
                    limit_reached(result, BYTES_LIMIT)
                    unread.append(rel)
                    result.skipped_files.append((rel, f"not read: the import stops at {BYTES_LIMIT}"))
                    continue
                total += size
                found.append((rel, Path(item.path)))

    try:
        visit(root, 1)
    except _Stop:
        result.skipped_files.append(
            ("…", f"the walk stopped after naming {UNREAD_LISTED} files it did not read")
        )
    return found


def _read(path: Path) -> tuple[str | None, str]:
    """(the note's text, "") for a regular file of at most MAX_FILE_BYTES, a byte-order mark dropped
    (it would hide the first bullet); else (None, why it was not read). A byte that is not UTF-8 is
    replaced with U+FFFD (why says so: "not UTF-8"): one bad byte never costs the file's other notes,
    nor its own, and never reaches the inbox file as it came (a file no longer UTF-8)."""
    from swarmkit.safe_read import FileRefused, decode_text, read_regular

    try:
        data = read_regular(path, MAX_FILE_BYTES, follow_links=False)
    except FileRefused as refused:
        return None, f"not read: {refused.problem}"
    try:
        return decode_text(data), ""
    except UnicodeDecodeError:
        return decode_text(data, "replace"), NOT_UTF8


NOT_UTF8 = "not UTF-8"


INTRO_CONTEXT = 300  # characters of the line that introduces a list, screened with each of its notes


def _in_context(entries: list, text: str) -> list:
    """The file's entries, each screened together with the line that introduces its list: a note
    is an entry of its own, but its heading may be what says it is a secret ("## GitHub backup
    codes" above "- 8472-1934"). Only that line, not the notes around it (a flat list of unrelated
    notes must not lend each other context), and at most INTRO_CONTEXT characters of it."""
    from dataclasses import replace

    from swarmkit.screening.screen import REDACTED
    from swarmkit.screening.secrets import find_spans

    lines = E.split_lines(text)
    intro_of: dict[int, str] = {}
    intro = ""
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped and stripped[:1] not in ("-", "*"):
            intro = stripped[-INTRO_CONTEXT:]
        intro_of[number] = intro
    out = []
    for entry in entries:
        before = intro_of.get(entry.line, "")
        if before and 0 < entry.line <= len(lines):
            together = before + "\n" + lines[entry.line - 1]
            told = [together[a:b] for a, b in find_spans(together) if a > len(before)]
            cleaned = entry.text
            for secret in sorted(told, key=len, reverse=True):
                cleaned = cleaned.replace(secret, REDACTED)
            if cleaned != entry.text:
                entry = replace(entry, text=cleaned)
        out.append(entry)
    return out


def personal_file(path: Path) -> bool:
    """Is this a person's file of a memory folder (a folder with MEMORY.md at its top): its me.md,
    or a file in its users/ (names compared as a case-insensitive filesystem would)."""
    if path.name.lower() == "me.md":
        return (path.parent / "MEMORY.md").is_file()
    return path.parent.name.lower() == "users" and (path.parent.parent / "MEMORY.md").is_file()


def _screened(
    parts: MemoryParts, notes: list[tuple[str, dict]], result: ImportResult
) -> list[tuple[str, dict]]:
    """The notes to write, screened. Screening stops where it can change nothing: a note already in
    the folder word for word is a duplicate as it is, and once the inbox would be full or
    SCREEN_BUDGET characters were screened, the rest is skipped (truncated), so a folder of hostile
    notes costs a bounded amount of work."""
    from swarmkit.memory.folder.layout import FILE_LIMIT, INBOX_MD

    store = parts.reader
    seen: DedupeKeys | set[str] = parts.recaller.dedupe_keys() if store.exists() else set()
    inbox = store.path(INBOX_MD)
    room = FILE_LIMIT - (inbox.stat().st_size if inbox.is_file() else 0)
    budget = SCREEN_BUDGET
    out = []
    for text, meta in notes:
        if E.dedupe_key(E.clean_text(text)) in seen:
            result.duplicates += 1
            continue
        if room <= 0 or budget <= 0:
            result.skipped += 1
            limit_reached(result, INBOX_LIMIT if room <= 0 else SCREEN_LIMIT)
            continue
        budget -= min(len(text), 4 * E.MAX_TEXT)
        screened = screen_entry(text)
        clean = E.clean_text(screened.text) if screened.ok else ""
        if not screened.ok or salience_problem(clean):
            result.skipped += 1
            continue
        room -= len(E.render(clean, meta).encode("utf-8", SURROGATES)) + 1
        seen.add(E.dedupe_key(clean))
        out.append((clean, meta))
    return out


def import_folder(
    parts: MemoryParts, path, progress: Callable[[int, int], None] | None = None
) -> ImportResult:
    """Read the folder's notes into inbox.md (one commit); the source folder is never written."""
    from swarmkit.memory.folder.layout import FILE_LIMIT, INBOX_MD

    store = parts.reader
    root = check_source(store, path)
    result = ImportResult()
    files = walk(root, store.folder.resolve(), result)
    # the folder's name goes into every line's metadata and into the commit message
    name = E.clean_value(redact(root.name)[0]) or "folder"
    notes: list[tuple[str, dict]] = []
    held = {"for": store.person_file} if store.user is not None else {}  # the importer's own inbox
    for done, (rel, file_path) in enumerate(files, 1):
        if personal_file(file_path):  # never read: another folder's person's facts stay theirs
            result.skipped_files.append((rel, "a personal file of another memory folder"))
            if progress is not None:
                progress(done, len(files))
            continue
        text, why = _read(file_path)
        if text is not None and why == NOT_UTF8:
            result.not_utf8.append(rel)
        if text is None:
            result.skipped_files.append((rel, why))
        elif NO_MEMORY in text.lower():
            result.skipped_files.append((rel, "contains <no-memory>"))
        else:
            result.files_read += 1
            for entry in _in_context(E.parse_text(text, rel), text):
                kind = entry.kind if entry.kind in E.KINDS else None
                added = E.valid_date(entry.meta.get("added")) or E.today()
                notes.append(
                    (
                        entry.text,
                        {
                            "by": "agent",
                            "kind": kind,
                            "source": "import",
                            "added": added,
                            "import": f"folder:{name}",
                        }
                        | held,
                    )
                )
        if progress is not None:
            progress(done, len(files))
    candidates = _screened(parts, notes, result)
    if not candidates:
        return result
    with store.writing():
        seen = parts.recaller.dedupe_keys()
        lines = store.read_lines(INBOX_MD, exact=True)
        lines = list(lines) if lines is not None else store.new_file(INBOX_MD)
        while lines and not lines[-1].strip():
            lines.pop()
        size = len(("\n".join(lines) + "\n").encode("utf-8", SURROGATES))
        added_lines = 0
        full = False
        for clean, meta in candidates:
            key = E.dedupe_key(clean)
            if key in seen:
                result.duplicates += 1
                continue
            if full:
                result.skipped += 1
                continue
            line = E.render(clean, meta)
            grow = len(line.encode("utf-8", SURROGATES)) + 1
            if size + grow > FILE_LIMIT:
                full = True  # the inbox is full: the rest waits for a review
                limit_reached(result, INBOX_LIMIT)
                result.skipped += 1
                continue
            seen.add(key)
            lines.append(line)
            size += grow
            added_lines += 1
        result.imported = added_lines
        if added_lines:
            result.commit = store.apply(
                {INBOX_MD: lines}, f"Import {added_lines} notes from folder:{name}", "import"
            )
    return result

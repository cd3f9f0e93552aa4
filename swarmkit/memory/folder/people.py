"""Who a person is, and which memory file is theirs: one id, one file, and never two ids one file.

A person's id is their name exactly as given (`--user`, `serve --user`, a run's user), normalised to
NFC only: the same name typed as NFC or NFD is one person, while case, punctuation, width and font
(`Ana`, `ana.smith`, `ana_smith`, `ａｎａ`, `𝐚𝐧𝐚`) make different people, as a login system sees them.
NFKC or case folding would merge ids a login system keeps apart.

Their file is `users/<name>.md`, where <name> is the id itself when the id is a plain name
(lowercase ASCII letters and digits, single `.`, `_` or `-` between them, at most 64 characters, not a
Windows device name): such a name means the same file on every filesystem, case-insensitive ones
included. Any other id gets a readable slug (letters and digits of any script, lowercased; `-` for
the rest) plus `--` and 16 base32 characters of the SHA-256 of the exact id (80 bits): `Ana Smith` →
`users/ana-smith--<hash>.md`. A plain name never holds `--`, so it never equals a hashed one, and two
hashed names differ in their hash. A file's heading `# About <id>` records whose it is.

Files written before (the old mapping: NFKC, lowercase, runs of anything else → `-`, cut at 64) are
found by that heading: a file is its recorded person's when the mapping or the old mapping takes that
id to it, and a file with no such record is the plain id's whose name it has, nobody else's.
"""

from __future__ import annotations

import base64
import hashlib
import re
import unicodedata

USERS_DIR = "users"
ID_LIMIT = 256  # characters: the id is written whole in its file's heading
PLAIN_LIMIT = 64  # characters of a plain name
SLUG_LIMIT = 48  # characters of the readable part of a hashed name
HASH_CHARS = 16  # base32 characters of the id's SHA-256: 80 bits
HEADING = "# About "
_PLAIN = re.compile(r"[a-z0-9]+(?:[._-][a-z0-9]+)*")
# Windows refuses these as file names, with any extension (con.md, con.smith.md)
_DEVICE = re.compile(r"(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])", re.IGNORECASE)


def person_id(name: str) -> str:
    """The id of the person named `name`: the name in NFC, nothing else changed."""
    return unicodedata.normalize("NFC", name)


def id_problem(name: object) -> str | None:
    """Why `name` cannot be a person's id (it could not be recorded as it is), or None."""
    if not isinstance(name, str):
        return f"user name {name!r} is not text"
    if not name.isprintable():  # a newline would split its heading; a lone surrogate is not text
        return (
            f"user name {name!r} holds a character that is not printable text "
            "(a control character, a separator other than a space, or bytes that are not UTF-8)"
        )
    if name != name.strip():
        return f"user name {name!r} starts or ends with a space"
    if len(name) > ID_LIMIT:
        return f"user name {name[:24]!r}… is longer than {ID_LIMIT} characters"
    if not any(ch.isalnum() for ch in name):
        return f"user name {name!r} has no letters or digits"
    return None


def is_plain(pid: str) -> bool:
    """Is the id a file name as it is, the same on every filesystem."""
    return (
        len(pid) <= PLAIN_LIMIT
        and _PLAIN.fullmatch(pid) is not None
        and not _DEVICE.fullmatch(pid.split(".")[0])
    )


def _readable(text: str, limit: int) -> str:
    """Letters and digits of any script, lowercased; every other run becomes `-`."""
    out = "".join(ch if ch.isalnum() and ch.isprintable() else "-" for ch in text.lower())
    return re.sub(r"-+", "-", out).strip("-")[:limit].strip("-")


def file_stem(name: str) -> str:
    """The name of the person's file, without `users/` and `.md` (see the module's docstring)."""
    pid = person_id(name)
    if is_plain(pid):
        return pid
    digest = hashlib.sha256(pid.encode("utf-8", "surrogatepass")).digest()
    tag = base64.b32encode(digest).decode("ascii").lower()[:HASH_CHARS]
    return f"{_readable(pid, SLUG_LIMIT) or 'user'}--{tag}"


def person_file(name: str) -> str:
    """`users/<stem>.md`: the person's own file."""
    return f"{USERS_DIR}/{file_stem(name)}.md"


def legacy_slug(name: str, limit: int = 64) -> str:
    """The old mapping, kept to find files written before: NFKC, lowercase, any other run → `-`."""
    return _readable(unicodedata.normalize("NFKC", str(name)), limit)


def legacy_file(name: str) -> str | None:
    slug = legacy_slug(name)
    return f"{USERS_DIR}/{slug}.md" if slug else None


def heading(name: str) -> str:
    return HEADING + person_id(name)


def recorded_owner(rel: str, first_line: str | None) -> str | None:
    """Whose the file `rel` is by its heading `# About <id>`: that id, when the mapping or the old
    one takes it to `rel` (a heading edited to name someone else records nothing)."""
    line = (first_line or "").lstrip("\ufeff").rstrip("\r")
    if not line.startswith(HEADING):
        return None
    pid = person_id(line[len(HEADING) :].strip())
    if id_problem(pid) is not None:
        return None
    return pid if rel in (person_file(pid), legacy_file(pid)) else None


def is_theirs(name: str, rel: str, first_line: str | None) -> bool:
    """Is the file `rel` (starting with `first_line`) the person's: its recorded owner is them or,
    when it records nobody, it has their name."""
    owner = recorded_owner(rel, first_line)
    return owner == person_id(name) if owner is not None else rel == person_file(name)

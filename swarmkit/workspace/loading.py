"""Reading one YAML file into plain data, turning every way it can be broken into a diagnostic."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from swarmkit.safe_read import without_bom
from swarmkit.workspace.diagnostics import Diagnostic, pointer_of
from swarmkit.workspace.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_PURE_PARSE_BYTES
from swarmkit.workspace.shape import HINTS
from swarmkit.workspace.source import SourceFile
from swarmkit.workspace.yaml_text import YamlRefused, load_yaml_text


def load_source(
    path: Path, rel: str, expected_kind: str, text: str | None = None
) -> tuple[SourceFile, list[Diagnostic]]:
    """The file at `path`, read from the disk, or from `text` where an editor holds it unsaved."""
    source = SourceFile(path=path, rel=rel, expected_kind=expected_kind)
    problem = _read_text(source) if text is None else _take_text(source, text)
    if problem is not None:
        return source, [problem]
    problem = _parse(source)
    if problem is not None:
        return source, [problem]
    return source, _check_shape(source)


def _read_text(source: SourceFile) -> Diagnostic | None:
    from swarmkit.safe_read import NOT_REGULAR, TOO_LARGE, FileRefused, read_regular

    rel = source.rel
    try:
        raw = read_regular(source.path, MAX_FILE_BYTES)
    except FileRefused as refused:
        if refused.reason == NOT_REGULAR:
            # reading a FIFO or a device would block or never end
            return Diagnostic(
                "file.unreadable",
                f"cannot read the file: it is {refused.kind}, not a regular file",
                rel,
                1,
                1,
                hint="workspace files must be plain files; remove or rename this one",
            )
        if refused.reason == TOO_LARGE:
            return _too_large(rel, refused.size or 0)
        return Diagnostic(
            "file.unreadable",
            f"cannot read the file: {refused.problem}",
            rel,
            1,
            1,
            hint="check that the file exists and that you may read it",
        )
    raw = without_bom(raw)  # harmless: editors on Windows add it
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return Diagnostic(
            "file.encoding",
            f"the file is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
            rel,
            line,
            column,
            hint="save the file as UTF-8",
        )
    source.text = text
    return None


def _take_text(source: SourceFile, text: str) -> Diagnostic | None:
    """An editor's text, held to the limit a file on disk is (its UTF-8 size, as it would be saved)."""
    text = text.removeprefix("\ufeff")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        return _too_large(source.rel, size)
    source.text = text
    return None


def _too_large(rel: str, size: int) -> Diagnostic:
    return Diagnostic(
        "file.too-large",
        f"the file is {size:,} bytes; workspace files may be at most {MAX_FILE_BYTES:,} bytes",
        rel,
        1,
        1,
        hint="split it into several files, or remove what is not configuration",
    )


def _parse(source: SourceFile) -> Diagnostic | None:
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    rel, text = source.rel, source.text
    assert text is not None, "parsed after it was read"
    try:
        data = load_yaml_text(text)
    except MarkedYAMLError as exc:
        return _marked_error(exc, rel, text)
    except YamlRefused as exc:  # too deep, an alias bomb, a number too long: refused at a place
        return Diagnostic(exc.code, str(exc), rel, exc.line, exc.column, hint=HINTS[exc.code])
    except RecursionError:
        return Diagnostic(
            "yaml.too-deep",
            f"the YAML nests more than {MAX_DEPTH} levels deep",
            rel,
            1,
            1,
            hint="flatten the structure; no swarmkit file needs that much nesting",
        )
    except YAMLError as exc:  # ReaderError (control characters) and friends carry no mark
        line, column = _offset_position(text, getattr(exc, "position", 0) or 0)
        detail = str(getattr(exc, "reason", "") or exc).strip().splitlines()[0]
        return Diagnostic(
            "yaml.syntax",
            f"YAML cannot be read: {detail}",
            rel,
            line,
            column,
            hint="remove control characters (such as NUL bytes) from the file",
        )
    if data is None:
        return Diagnostic(
            "file.empty",
            "the file is empty",
            rel,
            1,
            1,
            hint=f"write {_article(source.expected_kind)} document, or delete the file",
        )
    if not isinstance(data, dict):
        return Diagnostic(
            "yaml.not-mapping",
            f"the document is {_describe(data)}, but {_article(source.expected_kind)} must be a mapping",
            rel,
            1,
            1,
            hint="start the file with `apiVersion: swarmkit/v1` and `kind: ...` keys",
        )
    source.data = data
    return None


def _marked_error(exc, rel: str, text: str) -> Diagnostic:
    from ruamel.yaml.composer import ComposerError
    from ruamel.yaml.constructor import DuplicateKeyError

    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = (exc.problem or "").strip()
    if isinstance(exc, DuplicateKeyError):
        key = problem.split('"')[1] if problem.count('"') >= 2 else "?"
        first = _first_occurrence(text, key, line, column)
        where = f" (first at line {first})" if first else ""
        return Diagnostic(
            "yaml.duplicate-key",
            f'duplicate key "{key}"{where}',
            rel,
            line,
            column,
            hint="a key may appear once per mapping; delete or merge one of them",
        )
    if isinstance(exc, ComposerError) and "single document" in (exc.context or ""):
        return Diagnostic(
            "yaml.multiple-documents",
            "the file holds more than one YAML document",
            rel,
            line,
            column,
            hint="put each artifact in a file of its own (remove the `---` separator)",
        )
    context = (exc.context or "").strip()
    if "'\\t'" in problem or _char_at(text, line, column) == "\t":
        return Diagnostic(
            "yaml.syntax",
            "YAML syntax error: a tab character here; YAML indents with spaces, never tabs",
            rel,
            line,
            column,
            hint="replace the tab with spaces",
        )
    if (
        context.startswith("while scanning a quoted scalar")
        and "end of stream" in problem
        and exc.context_mark
    ):
        # The scanner gives up at the end of the file; the mistake is where the quote opens.
        mark = exc.context_mark
        return Diagnostic(
            "yaml.syntax",
            "YAML syntax error: the quote that opens here is never closed",
            rel,
            mark.line + 1,
            mark.column + 1,
            hint="add the matching closing quote at the end of the value",
        )
    if (
        len(text) > MAX_PURE_PARSE_BYTES
        and "found unexpected ':'" in problem
        and context.startswith("while scanning a plain scalar")
    ):
        # The pure parser, which reads this, is not asked for so large a file.
        return Diagnostic(
            "yaml.syntax",
            "YAML syntax error: a value holding ':' inside [ ] or { } in a file over "
            f"{MAX_PURE_PARSE_BYTES // 1024} KiB",
            rel,
            line,
            column,
            hint='put the value in quotes, as in ["knowledge:read"], or split the file',
        )
    problem = problem.replace("'<stream end>'", "the end of the file")
    detail = problem if not context else f"{problem} ({context})"
    return Diagnostic(
        "yaml.syntax",
        f"YAML syntax error: {detail}",
        rel,
        line,
        column,
        hint="check the indentation, quotes and brackets around this position",
    )


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    if 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]):
        return lines[line - 1][column - 1]
    return ""


def _first_occurrence(text: str, key: str, line: int, column: int) -> int | None:
    """The line where a duplicated key first appears: same indentation, looking back."""
    lines = text.splitlines()
    prefix = " " * (column - 1)
    for number in range(line - 1, 0, -1):
        candidate = lines[number - 1]
        if candidate.startswith(prefix + key) and candidate[len(prefix) + len(key) :].lstrip().startswith(
            ":"
        ):
            return number
    return None


def _check_shape(source: SourceFile) -> list[Diagnostic]:
    """Refuse alias bombs, self-referencing aliases, over-deep nesting and non-string keys."""
    from swarmkit.workspace.shape import ShapeRefused, check_shape

    problems: list[Diagnostic] = []
    try:
        check_shape(source.data, lambda key, path: problems.append(_non_string_key(source, key, path)))
    except ShapeRefused as refused:
        # Locating needs the slower round-trip parse, which a 10,000-deep document would choke.
        too_deep = refused.code == "yaml.too-deep"
        line, column = (1, 1) if too_deep else source.locate(refused.path, "key")
        source.data = None
        return [
            Diagnostic(
                refused.code,
                refused.message,
                source.rel,
                line,
                column,
                pointer_of(refused.path),
                HINTS[refused.code],
            )
        ]
    if problems:
        source.data = None
    return problems


def _non_string_key(source: SourceFile, key: Any, path: tuple) -> Diagnostic:
    line, column = source.locate(path, "key")
    return Diagnostic(
        "yaml.non-string-key",
        f"the key {key!r} is not a string",
        source.rel,
        line,
        column,
        pointer_of(path),
        hint="write keys as plain words, for example `name:`",
    )


def _offset_position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def _describe(value: Any) -> str:
    from swarmkit.workspace.describe import describe_type

    return describe_type(value)


def _article(kind: str) -> str:
    return ("an " if kind[:1] in "AEIOU" else "a ") + kind

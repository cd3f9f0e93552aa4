"""Checking a loaded document against its kind's JSON Schema; each violation becomes a diagnostic."""

from __future__ import annotations

from typing import Any

from swarmkit.workspace.describe import SCHEMA_TYPE_WORDS, describe_type, show_value
from swarmkit.workspace.diagnostics import Diagnostic, pointer_of
from swarmkit.workspace.layout import KIND_FOLDERS
from swarmkit.workspace.limits import MAX_DIAGNOSTICS_PER_FILE
from swarmkit.workspace.source import SourceFile
from swarmkit.workspace.suggest import closest, did_you_mean

# What a pattern means, for hints: users should not have to read regular expressions.
_PATTERN_WORDS = {
    "^[a-z][a-z0-9-]*$": "lowercase letters, digits and dashes, starting with a letter (for example my-agent)",
    "^https?://": "a URL starting with http:// or https://",
    "^[A-Za-z_][A-Za-z0-9_]*$": "an environment variable name (letters, digits and _)",
}
_PATTERN_WORDS["^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*$"] = (
    "a scope written resource:action (for example design:approve)"
)
_PATTERN_WORDS["^(pack:|server:)?[a-z][a-z0-9-]*$"] = (
    "a skill id, or server:<id> or pack:<id> (lowercase letters, digits and dashes)"
)


# Keys of swarmkit's earlier format, now written as upstream writes swarmkit/v1:
# (old key, the key that replaces it where it was allowed) -> hint.
_RENAMED = {
    ("read_only", "iam"): "a read-only swarm member is written iam: {base_scope: [swarm:read]}",
    ("url", "endpoint"): "an http MCP server's address is written endpoint:",
}


def _is_semver(pattern: str) -> bool:
    return "\\d+\\.\\d+\\.\\d+" in pattern or "[0-9]+\\.[0-9]+\\.[0-9]+" in pattern


def _version_hint(value: Any, pattern: str) -> str:
    """The version the user most likely meant: 1.0 -> 1.0.0, 2 -> 2.0.0; else an example."""
    prefix = ">=" if pattern.startswith("^>=") else ""
    text = str(value).strip().removeprefix(prefix).lstrip("vV")
    parts = text.split(".")
    if 1 <= len(parts) <= 3 and all(p.isascii() and p.isdigit() for p in parts):
        return prefix + ".".join(str(int(p)) for p in parts + ["0"] * (3 - len(parts)))
    return "a version of three numbers, such as " + prefix + "1.0.0"


_SCOPE_HINT = 'use "*" for every agent, or agent ids separated by commas (for example "lead, writer")'


def check_document(source: SourceFile) -> list[Diagnostic]:
    """Kind against folder first (a file in the wrong folder is checked by no schema), then schema."""
    from swarmkit.schemas import KIND_SCHEMAS, validator_for
    from swarmkit.workspace.schema_verdict import passes

    data = source.data
    kind = data.get("kind")
    expected = source.expected_kind
    problems: list[Diagnostic] = []
    if isinstance(kind, str) and kind != expected:
        line, column = source.locate(("kind",))
        folder = KIND_FOLDERS.get(expected)
        where = f"files in {folder}/" if folder else "workspace.yaml"
        if kind in KIND_SCHEMAS:
            target = KIND_FOLDERS.get(kind, "the workspace folder as workspace.yaml")
            hint = f"move the file to {target}/" if kind in KIND_FOLDERS else f"move it to {target}"
            hint += f", or change kind to {expected}"
            return [
                Diagnostic(
                    "kind.mismatch",
                    f"kind is {kind}, but {where} must have kind {expected}",
                    source.rel,
                    line,
                    column,
                    "/kind",
                    hint,
                )
            ]
        problems.append(
            Diagnostic(
                "kind.mismatch",
                f"kind is {show_value(kind)}, but {where} must have kind {expected}",
                source.rel,
                line,
                column,
                "/kind",
                did_you_mean(kind, [expected], f"write kind: {expected}"),
            )
        )
    if not passes(expected, data):
        # jsonschema only for a document that fails, for its errors: its import and checks cost
        # most of validating a valid workspace
        _add_schema_errors(source, validator_for(expected), problems)
    text = source.text or ""
    spelled_nan = ".nan" in text or ".NaN" in text or ".NAN" in text  # YAML's only spellings of NaN
    for path in _not_a_number(data) if spelled_nan else ():
        problems.append(
            _diag(
                "schema.range",
                f"{_field_name(path)} is .nan (not a number), which no setting can mean",
                source,
                path,
                hint="write a number, or remove the key for its default",
            )
        )
    return _dedupe(problems)


def _add_schema_errors(source: SourceFile, validator, problems: list[Diagnostic]) -> None:
    for error in validator.iter_errors(source.data):
        if problems and tuple(error.absolute_path) == ("kind",):
            continue  # already reported as kind.mismatch
        if len(problems) >= MAX_DIAGNOSTICS_PER_FILE:
            # Errors are found lazily: stopping here keeps a file of thousands of mistakes fast.
            problems.append(
                Diagnostic(
                    "schema.too-many-errors",
                    f"more than {MAX_DIAGNOSTICS_PER_FILE} problems in this file; the rest are not listed",
                    source.rel,
                    1,
                    1,
                    hint="fix these first, then validate again",
                )
            )
            break
        problems.extend(_to_diagnostics(error, source, validator.schema))


def _not_a_number(data: Any) -> list[tuple]:
    """The paths of .nan values: JSON Schema's bounds compare false with NaN, so a `.nan`
    threshold would pass every check and fail where it is used."""
    out: list[tuple] = []
    stack: list[tuple[tuple, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, float):
            if value != value:
                out.append(path)
        elif isinstance(value, dict):
            stack.extend((path + (key,), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((path + (index,), item) for index, item in enumerate(value))
    return sorted(out, key=str)


def _dedupe(items: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for item in items:
        key = (item.code, item.pointer, item.message)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _field_name(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


def _diag(code, message, source, path, at="value", hint=""):
    line, column = source.locate(path, at)
    return Diagnostic(code, message, source.rel, line, column, pointer_of(path), hint)


def _to_diagnostics(error, source: SourceFile, root: dict) -> list[Diagnostic]:
    path = tuple(error.absolute_path)
    name = _field_name(path)
    kind = error.validator
    value = error.instance
    schema = error.schema

    role = _root_role(error, source, path)
    if role is not None:
        return role
    if kind == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        out = []
        for key in value:
            if key in allowed:
                continue
            renamed = [hint for (old, new), hint in _RENAMED.items() if old == key and new in allowed]
            hint = (
                renamed[0] if renamed else did_you_mean(key, allowed, "allowed here: " + ", ".join(allowed))
            )
            where = f" in {name}" if path else ""
            out.append(
                _diag(
                    "schema.unknown-field",
                    f'unknown field "{key}"{where}',
                    source,
                    path + (key,),
                    "key",
                    hint,
                )
            )
        return out
    if kind == "required":
        out = []
        for key in error.validator_value:
            if isinstance(value, dict) and key not in value:
                subject = name if path else "the document"
                out.append(
                    _diag(
                        "schema.required",
                        f'{subject} is missing the required field "{key}"',
                        source,
                        path,
                        "key",
                        _required_hint(key, value, schema),
                    )
                )
        return out
    if kind == "type":
        expected = error.validator_value
        words = (
            " or ".join(str(SCHEMA_TYPE_WORDS.get(t, t)) for t in expected)
            if isinstance(expected, list)
            else SCHEMA_TYPE_WORDS.get(expected, expected)
        )
        hint = _type_hint(expected, value)
        if expected == "string" and _is_semver(schema.get("pattern", "")) and isinstance(value, (int, float)):
            hint = "write " + _version_hint(value, schema["pattern"]) + " (a version has three numbers)"
        return [
            _diag(
                "schema.type", f"{name} must be {words}, not {describe_type(value)}", source, path, hint=hint
            )
        ]
    if kind == "enum":
        options = [str(o) for o in error.validator_value]
        hint = (
            did_you_mean(value, options, "use one of: " + ", ".join(options))
            if isinstance(value, str)
            else "use one of: " + ", ".join(options)
        )
        return [
            _diag(
                "schema.enum",
                f"{name} is {show_value(value)}, which is not one of: {', '.join(options)}",
                source,
                path,
                hint=hint,
            )
        ]
    if kind == "const":
        return [
            _diag(
                "schema.const",
                f"{name} must be {show_value(error.validator_value)}, not {show_value(value)}",
                source,
                path,
                hint=f"write {path[-1] if path else 'it'}: {error.validator_value}",
            )
        ]
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = error.validator_value
        relation = {
            "minimum": f"at least {bound}",
            "maximum": f"at most {bound}",
            "exclusiveMinimum": f"more than {bound}",
            "exclusiveMaximum": f"less than {bound}",
        }[kind]
        low, high = schema.get("minimum"), schema.get("maximum")
        span = (
            f"use a value from {low} to {high}"
            if low is not None and high is not None
            else f"use a value of {relation}"
        )
        return [
            _diag(
                "schema.range",
                f"{name} is {show_value(value)}, but it must be {relation}",
                source,
                path,
                hint=span,
            )
        ]
    if kind == "pattern":
        pattern = error.validator_value
        if _is_semver(pattern):
            words = "use " + _version_hint(value, pattern)
        elif pattern.startswith("^\\s*(\\*"):
            words = _SCOPE_HINT
        else:
            words = "use " + _PATTERN_WORDS.get(pattern, f"a value matching {pattern}")
        return [
            _diag(
                "schema.pattern",
                f"{name} is {show_value(value)}, which is not allowed here",
                source,
                path,
                hint=words,
            )
        ]
    if kind in ("minLength", "maxLength", "minItems", "maxItems"):
        bound = error.validator_value
        unit = "characters" if kind.endswith("Length") else "items"
        if kind.startswith("min") and bound == 1:
            message, hint = f"{name} must not be empty", "give it a value"
        else:
            relation = f"at least {bound} {unit}" if kind.startswith("min") else f"at most {bound} {unit}"
            message, hint = f"{name} must have {relation}", f"use {relation}"
        return [_diag("schema.length", message, source, path, hint=hint)]
    if kind == "oneOf":
        return _one_of(error, source, path, name, root)
    if kind == "anyOf" and all(set(b) == {"required"} for b in error.validator_value):
        keys = [b["required"][0] for b in error.validator_value]
        return [
            _diag(
                "schema.required",
                f"{name} needs one of: {', '.join(keys)}",
                source,
                path,
                "key",
                f'add "{keys[0]}:" or "{keys[1]}:"' if len(keys) == 2 else "add one of them",
            )
        ]
    if (
        kind == "not"
        and isinstance(error.validator_value, dict)
        and set(error.validator_value) == {"required"}
    ):
        keys = error.validator_value["required"]
        return [
            _diag(
                "schema.invalid",
                f"{name} may not have both {' and '.join(keys)}",
                source,
                path,
                "key",
                f"keep {keys[0]} or {keys[1]}, not both",
            )
        ]
    return [
        _diag(
            "schema.invalid", f"{name}: {error.message}", source, path, hint="see the schema: swarmkit schema"
        )
    ]


def _root_role(error, source: SourceFile, path: tuple) -> list[Diagnostic] | None:
    """A role that does not fit the agent's place in the tree, in the words of topology.root-role."""
    if error.validator not in ("const", "enum") or path[-1:] != ("role",) or path[:2] != ("agents", "root"):
        return None
    role = error.instance
    if role not in ("root", "leader", "worker"):
        return [] if error.validator == "const" or error.validator_value == ["leader", "worker"] else None
    agent = source.data
    for part in path[:-1]:
        agent = agent[part]
    if len(path) == 3:
        return [
            _diag(
                "topology.root-role",
                f'the root agent "{agent.get("id")}" has role {role}; it must be root',
                source,
                path,
                hint="write role: root for agents.root",
            )
        ]
    return [
        _diag(
            "topology.root-role",
            f'"{agent.get("id")}" has role root, but only agents.root may',
            source,
            path,
            hint="use leader for an agent with children, worker otherwise",
        )
    ]


def _one_of(error, source: SourceFile, path: tuple, name: str, root: dict) -> list[Diagnostic]:
    """A tagged union (implementation.type): report against the branch the `type` names."""
    value = error.instance
    branches = error.validator_value
    tags = [b for b in (_branch_tag(error, i, root) for i in range(len(branches))) if b]
    if isinstance(value, dict) and tags:
        tag = value.get("type")
        if tag in tags:
            index = [_branch_tag(error, i, root) for i in range(len(branches))].index(tag)
            chosen = [
                e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == index
            ]
            out = []
            for sub in chosen:
                out.extend(_to_diagnostics(sub, source, root))
            if out:
                return out
        if "type" not in value:
            return [
                _diag(
                    "schema.required",
                    f'{name} is missing the required field "type"',
                    source,
                    path,
                    "key",
                    "use one of: " + ", ".join(tags),
                )
            ]
        return [
            _diag(
                "schema.enum",
                f"{name}.type is {show_value(tag)}, which is not one of: {', '.join(tags)}",
                source,
                path + ("type",),
                hint=did_you_mean(str(tag), tags, "use one of: " + ", ".join(tags)),
            )
        ]
    return _untagged(error, source, path, name, root)


_JSON_TYPES: dict[str, type] = {
    "object": dict,
    "array": list,
    "string": str,
    "null": type(None),
    "boolean": bool,
}


def _branch(error, index: int, root: dict) -> dict:
    branch = error.validator_value[index]
    ref = branch.get("$ref", "")
    if ref.startswith("#/$defs/"):
        return root.get("$defs", {}).get(ref[len("#/$defs/") :], {})
    if ref.startswith("common.schema.json#/$defs/"):
        from swarmkit.schemas import load_schema

        return load_schema("common")["$defs"].get(ref.rsplit("/", 1)[-1], {})
    return branch


def _fits(branch: dict, value: Any) -> bool:
    kinds = branch.get("type")
    if kinds is None:
        if "enum" in branch:
            return any(type(v) is type(value) for v in branch["enum"])
        return True
    kinds = kinds if isinstance(kinds, list) else [kinds]
    for kind in kinds:
        if kind in ("number", "integer"):
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return True
        elif isinstance(value, _JSON_TYPES[kind]):
            return True
    return False


def _untagged(error, source: SourceFile, path: tuple, name: str, root: dict) -> list[Diagnostic]:
    """A union without a type tag: report against the one branch of the value's type, if one."""
    value = error.instance
    branches = [_branch(error, i, root) for i in range(len(error.validator_value))]
    if all(set(b) <= {"required", "not"} for b in branches):  # exactly one of some keys
        keys = [b["required"][0] for b in branches]
        present = [k for k in keys if isinstance(value, dict) and k in value]
        what = "both " + " and ".join(present) if len(present) > 1 else "none of them"
        return [
            _diag(
                "schema.invalid",
                f"{name} must have exactly one of {', '.join(keys)}, not {what}",
                source,
                path,
                "key",
                f"keep one of {', '.join(keys)}",
            )
        ]
    fitting = [i for i, b in enumerate(branches) if _fits(b, value)]
    if len(fitting) == 1:
        chosen = [
            e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == fitting[0]
        ]
        out = []
        for sub in chosen:
            out.extend(_to_diagnostics(sub, source, root))
        if out:
            return out
    words = []
    for b in branches:
        kinds = b.get("type", "string" if "enum" in b else None)
        for kind in kinds if isinstance(kinds, list) else [kinds]:
            word = SCHEMA_TYPE_WORDS.get(kind, "a value") if kind else "a value"
            if word not in words:
                words.append(word)
    return [
        _diag(
            "schema.type",
            f"{name} must be {' or '.join(words)}, not {describe_type(value)}",
            source,
            path,
            hint="see the schema: swarmkit schema",
        )
    ]


def _branch_tag(error, index: int, root: dict) -> str | None:
    """The `type` const of one oneOf branch, following a local #/$defs/ reference."""
    branch = error.validator_value[index]
    ref = branch.get("$ref", "")
    if ref.startswith("#/$defs/"):
        branch = root.get("$defs", {}).get(ref[len("#/$defs/") :], {})
    return branch.get("properties", {}).get("type", {}).get("const")


def _required_hint(key: str, value: Any, schema: dict) -> str:
    stray = closest(key, [k for k in value if isinstance(k, str)]) if isinstance(value, dict) else None
    if stray is not None and stray not in schema.get("properties", {}):
        return f'add "{key}:" (is "{stray}" a misspelling of it?)'
    return f'add "{key}:"'


def _type_hint(expected, value: Any) -> str:
    if expected == "string" and not isinstance(value, (dict, list)):
        return "put the value in quotes to make it a string"
    if expected == "object":
        return "write it as indented key: value lines"
    if expected == "array":
        return "write it as a list: one `- item` per line, or [a, b]"
    if expected == "boolean":
        return "write true or false"
    return f"write {SCHEMA_TYPE_WORDS.get(expected, expected) if isinstance(expected, str) else 'a value of that type'}"

"""The workspace `swarmkit init` writes: template files from swarmkit/templates/init/."""

from __future__ import annotations

import json
import re
from pathlib import Path

from swarmkit.errors import SwarmkitError

TEMPLATE_DIR = Path(__file__).parent / "templates" / "init"
# (template file, where it goes in the new workspace), in the order they are reported.
FILES = (
    ("workspace.yaml", "workspace.yaml"),
    ("topologies/main.yaml", "topologies/main.yaml"),
    ("archetypes/assistant.yaml", "archetypes/assistant.yaml"),
    ("skills/summarize.yaml", "skills/summarize.yaml"),
    ("gitignore", ".gitignore"),
)
# The schemas of the files init writes (their `$schema` comments point here, for editors).
INIT_SCHEMAS = ("workspace", "topology", "archetype", "skill")
_PLAIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 _.()'-]*")
_NOT_YAML_PRINTABLE = re.compile("[\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}


def workspace_id(name: str) -> str:
    """An id for the name: lowercase, dashes for anything else, starting with a letter."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:64].strip("-")
    if not slug or not slug[0].isalpha():
        slug = ("ws-" + slug).strip("-")[:64]
    return slug


def yaml_scalar(text: str) -> str:
    """The text as a YAML scalar: plain when that is safe, double-quoted otherwise."""
    if _PLAIN_NAME.fullmatch(text) and text.lower() not in _YAML_WORDS and not text.endswith(" "):
        return text
    # JSON escapes C0 controls; YAML also forbids DEL, C1 controls and non-characters unescaped
    return _NOT_YAML_PRINTABLE.sub(
        lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(text, ensure_ascii=False)
    )


def flow_mapping(values: dict) -> str:
    """The mapping as one line of YAML flow style: {max_results: 5, search_scope: all}."""
    items = (
        f"{key}: {yaml_scalar(value) if isinstance(value, str) else json.dumps(value)}"
        for key, value in values.items()
    )
    return "{" + ", ".join(items) + "}"


def memory_defaults_lines() -> dict[str, str]:
    """The template's commented memory block shows the schema's defaults, whatever options it gains."""
    from swarmkit.memory_skills import reader_defaults, writer_defaults

    return {
        "{{memory_reader}}": flow_mapping(reader_defaults()),
        "{{memory_writer}}": flow_mapping(writer_defaults()),
    }


def create_workspace(path: str | Path, name: str | None = None) -> list[str]:
    """Write the workspace; refuse when PATH already holds a workspace or any file init writes."""
    from swarmkit.schemas import schema_text

    root = Path(path)
    if root.exists() and not root.is_dir():
        raise SwarmkitError(f"{root} exists and is not a folder", "choose a new folder name")
    existing = [rel for _, rel in FILES if (root / rel).exists()]
    if (root / "workspace.yml").exists():
        existing.append("workspace.yml")
    if existing:
        what = (
            "a workspace" if any(r.startswith("workspace.") for r in existing) else "files init would write"
        )
        raise SwarmkitError(
            f"{root} already holds {what} ({', '.join(existing)}); nothing was written",
            "choose an empty or new folder, or edit the existing workspace",
        )
    if name is not None and not name.strip():
        raise SwarmkitError(
            "--name is empty", "give the workspace a name, for example --name 'Research team'"
        )
    # strip before falling back: a folder named " " must not give an empty name
    display = (name or "").strip() or root.resolve().name.strip() or "workspace"
    # the id too: a name such as "True" or "Null" gives an id that YAML reads as a boolean or null
    values = {
        "{{name}}": yaml_scalar(display),
        "{{id}}": yaml_scalar(workspace_id(display)),
        **memory_defaults_lines(),
    }
    written = []
    for template, rel in FILES:
        text = (TEMPLATE_DIR / template).read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace(key, value)
        _write(root / rel, text)
        written.append(rel)
    for schema in INIT_SCHEMAS:
        rel = f".schema/{schema}.schema.json"
        _write(root / rel, schema_text(schema))
        written.append(rel)
    return written


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "x", encoding="utf-8", newline="\n") as handle:  # "x": never overwrite
        handle.write(text)

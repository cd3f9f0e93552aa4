"""Every example in the README and docs/ is run: console transcripts must print exactly what they show."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from swarmkit.resolver import resolve
from tests.helpers import write_overlay

REPO = Path(__file__).parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
WS = "apiVersion: swarmkit/v1\nkind: Workspace\nmetadata:\n  id: demo\n  name: Demo\n"

# What a document's examples assume already exists, as (command args) or {path: text} overlays.
SETUP: dict[str, list] = {
    "README.md": [{"broken/workspace.yaml": WS + "memory:\n  reader:\n    search_scope: everything\n"}],
    "cli.md": [["init", "team", "--name", "Research team"]],
}


def console_blocks(text: str) -> list[list[tuple[list[str], str]]]:
    """Each ```console block as [(argv, expected output)] for its `$ swarmkit ...` lines."""
    blocks = []
    for body in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        steps: list[tuple[list[str], list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((shlex.split(line[2:]), []))
            else:
                steps[-1][1].append(line)
        blocks.append([(argv, "".join(out_line + "\n" for out_line in out)) for argv, out in steps])
    return blocks


def doc_ids():
    return [p.name for p in DOCS if "```console" in p.read_text() or "```yaml" in p.read_text()]


@pytest.mark.parametrize("name", doc_ids())
def test_console_examples_print_what_they_show(name, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = next(p for p in DOCS if p.name == name)
    for step in SETUP.get(name, []):
        if isinstance(step, dict):
            write_overlay(tmp_path, step)
        else:
            assert cli(*step)[0] == 0
    for block in console_blocks(path.read_text()):
        for argv, expected in block:
            assert argv[0] == "swarmkit", argv
            _, out, err = cli(*argv[1:])
            assert out + err == expected, f"{name}: $ {shlex.join(argv)}"


@pytest.mark.parametrize("name", doc_ids())
def test_yaml_examples_are_valid(name, tmp_path):
    path = next(p for p in DOCS if p.name == name)
    for index, snippet in enumerate(re.findall(r"```yaml\n(.*?)```", path.read_text(), flags=re.S)):
        data = YAML(typ="safe").load(snippet)
        if set(data) <= {"memory", "governance"}:  # a workspace.yaml excerpt
            root = tmp_path / f"{name}-{index}"
            write_overlay(root, {"workspace.yaml": WS + snippet})
            resolution = resolve(root)
            assert resolution.valid, (name, index, resolution.diagnostics)
        else:
            pytest.fail(f"{name}: yaml example {index} is not a known kind of excerpt")

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

# Commands of sh blocks that are not run: a server that runs until stopped.
SH_NOT_RUN = {"serve"}

# What a document's examples assume already exists, as (command args) or {path: text} overlays.
SETUP: dict[str, list] = {
    "README.md": [{"broken/workspace.yaml": WS + "memory:\n  reader:\n    search_scope: everything\n"}],
    "cli.md": [["init", "team", "--name", "Research team"]],
    "memory.md": [["init", "team"]],
}


def example_blocks(text: str) -> list[tuple[str, list[tuple[list[str], str]]]]:
    """("console" | "sh", [(argv, expected output)]) for each block, in document order.

    Console blocks show `$ swarmkit ...` lines and their exact output; sh blocks show commands only.
    """
    blocks = []
    for kind, body in re.findall(r"```(console|sh)\n(.*?)```", text, flags=re.S):
        steps: list[tuple[list[str], list[str]]] = []
        for line in body.splitlines():
            if kind == "console" and line.startswith("$ "):
                steps.append((shlex.split(line[2:]), []))
            elif kind == "console":
                steps[-1][1].append(line)
            elif line.startswith("swarmkit ") and shlex.split(line)[1] not in SH_NOT_RUN:
                steps.append((shlex.split(line.split(" #")[0]), []))
        blocks.append((kind, [(argv, "".join(out_line + "\n" for out_line in out)) for argv, out in steps]))
    return blocks


def doc_ids():
    return [p.name for p in DOCS if any(f"```{k}" in p.read_text() for k in ("console", "sh", "yaml"))]


@pytest.mark.parametrize("name", doc_ids())
def test_command_examples_run_and_print_what_they_show(name, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = next(p for p in DOCS if p.name == name)
    for step in SETUP.get(name, []):
        if isinstance(step, dict):
            write_overlay(tmp_path, step)
        else:
            assert cli(*step)[0] == 0
    for kind, block in example_blocks(path.read_text()):
        for argv, expected in block:
            assert argv[0] == "swarmkit", argv
            status, out, err = cli(*argv[1:])
            if kind == "console":
                assert out + err == expected, f"{name}: $ {shlex.join(argv)}"
            else:
                assert status == 0, f"{name}: {shlex.join(argv)} exited {status}: {err}"


@pytest.mark.parametrize("name", doc_ids())
def test_yaml_examples_are_valid(name, tmp_path):
    path = next(p for p in DOCS if p.name == name)
    for index, snippet in enumerate(re.findall(r"```yaml\n(.*?)```", path.read_text(), flags=re.S)):
        data = YAML(typ="safe").load(snippet)
        if set(data) <= {"memory", "governance", "storage", "model_providers", "mcp_servers"}:  # a workspace.yaml excerpt
            root = tmp_path / f"{name}-{index}"
            write_overlay(root, {"workspace.yaml": WS + snippet})
            resolution = resolve(root)
            assert resolution.valid, (name, index, resolution.diagnostics)
        else:
            pytest.fail(f"{name}: yaml example {index} is not a known kind of excerpt")

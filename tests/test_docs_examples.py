"""Every example in the README and docs/ is run: console transcripts must print exactly what they show.

A document's blocks run in order, from one temporary folder:
- ```console: `$ swarmkit ...` lines, each followed by exactly what it prints (stdout + stderr);
- ```sh: `swarmkit ...` lines, each of which must succeed (`serve` runs until stopped: not run);
- ```yaml after a paragraph that says "Append this to `FILE`": appended to FILE, as a reader does;
  any other ```yaml is a workspace.yaml excerpt (it must validate), a pre-commit configuration or
  a GitHub Actions workflow (checked against this repository's hook, action and version).
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import swarmkit
from swarmkit.resolver import resolve
from tests.support.workspaces import write_overlay

REPO = Path(__file__).parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
WS = "apiVersion: swarmkit/v1\nkind: Workspace\nmetadata:\n  id: demo\n  name: Demo\n"

# Commands of sh blocks that are not run: a server that runs until stopped.
SH_NOT_RUN = {"serve"}

# What a document's examples assume already exists: commands to run first.
SETUP: dict[str, list] = {
    "cli.md": [["init", "team", "--name", "Research team"]],
    "memory.md": [["init", "team"]],
    "errors.md": [["init", "team"]],
    "ci.md": [["init", "team"]],
}

APPEND = re.compile(r"[Aa]ppend this to `([^`]+)`")


def example_blocks(text: str) -> list[tuple[str, list]]:
    """(kind, steps) for each block in document order: console and sh blocks give (argv, expected
    output) steps; an append block gives one (file, text) step."""
    blocks: list[tuple[str, list]] = []
    for match in re.finditer(r"```(console|sh|yaml)\n(.*?)```", text, flags=re.S):
        kind, body = match.groups()
        if kind == "yaml":
            before = text[: match.start()].rstrip().rsplit("\n\n", 1)[-1]
            target = APPEND.search(before)
            if target:
                blocks.append(("append", [(target[1], body)]))
            continue
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


def append(root: Path, rel: str, text: str) -> None:
    with open(root / rel, "a", encoding="utf-8") as handle:
        handle.write(text)


@pytest.mark.parametrize("name", doc_ids())
def test_command_examples_run_and_print_what_they_show(name, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = next(p for p in DOCS if p.name == name)
    for step in SETUP.get(name, []):
        assert cli(*step)[0] == 0
    for kind, block in example_blocks(path.read_text()):
        if kind == "append":
            append(tmp_path, *block[0])
            continue
        for argv, expected in block:
            assert argv[0] == "swarmkit", argv
            status, out, err = cli(*argv[1:])
            if kind == "console":
                assert out + err == expected, f"{name}: $ {shlex.join(argv)}"
            else:
                assert status == 0, f"{name}: {shlex.join(argv)} exited {status}: {err}"


def test_every_console_example_is_run():
    """No `$ swarmkit` line hides in a block that the test above does not run."""
    for path in DOCS:
        for kind, body in re.findall(r"```(\w*)\n(.*?)```", path.read_text(), flags=re.S):
            if kind != "console":
                assert not re.search(r"^\$ swarmkit", body, flags=re.M), (path.name, body)


def test_the_readme_installs_with_pipx_and_uv_by_the_published_name():
    readme = (REPO / "README.md").read_text()
    name = project()["name"]
    assert name != "swarmkit"  # that name on PyPI is an unrelated project
    assert f"pipx install {name}" in readme and f"uv tool install {name}" in readme


def project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def repository() -> str:
    """owner/name of the repository, from pyproject's Homepage."""
    return project()["urls"]["Homepage"].removeprefix("https://github.com/")


@pytest.mark.parametrize("name", doc_ids())
def test_yaml_examples_are_valid(name, tmp_path):
    path = next(p for p in DOCS if p.name == name)
    text = path.read_text()
    for index, match in enumerate(re.finditer(r"```yaml\n(.*?)```", text, flags=re.S)):
        if APPEND.search(text[: match.start()].rstrip().rsplit("\n\n", 1)[-1]):
            continue  # run by the command examples, where its effect is shown
        snippet = match[1]
        data = YAML(typ="safe").load(snippet)
        workspace_keys = {"memory", "governance", "storage", "model_providers", "mcp_servers"}
        if isinstance(data, dict) and set(data) <= workspace_keys:  # a workspace.yaml excerpt
            root = tmp_path / f"{name}-{index}"
            write_overlay(root, {"workspace.yaml": WS + snippet})
            resolution = resolve(root)
            assert resolution.valid, (name, index, resolution.diagnostics)
        elif isinstance(data, dict) and "repos" in data:
            check_pre_commit_config(data)
        elif isinstance(data, dict) and ("jobs" in data or "steps" in data):
            check_workflow(data)
        else:
            pytest.fail(f"{name}: yaml example {index} is not a known kind of excerpt")


def check_pre_commit_config(config: dict) -> None:
    hooks = {h["id"] for h in YAML(typ="safe").load((REPO / ".pre-commit-hooks.yaml").read_text())}
    (repo,) = config["repos"]
    assert repo["repo"] == project()["urls"]["Homepage"]
    assert repo["rev"] == f"v{swarmkit.__version__}"
    assert {h["id"] for h in repo["hooks"]} <= hooks


def check_workflow(workflow: dict) -> None:
    steps = workflow.get("steps") or [s for job in workflow["jobs"].values() for s in job["steps"]]
    for step in steps:
        if "uses" in step and step["uses"].startswith(repository()):
            assert step["uses"] == f"{repository()}@v{swarmkit.__version__}"
            action = YAML(typ="safe").load((REPO / "action.yml").read_text())
            assert set(step.get("with", {})) <= set(action["inputs"])
        if "pip install" in step.get("run", ""):
            assert step["run"].split("pip install ", 1)[1].split()[0] == project()["name"]

"""Upstream's own workspaces validate and run here; what swarmkit writes passes upstream's validator."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from swarmkit.runtime.providers.catalog import BUILTIN_PROVIDERS
from tests.compat.corpus import (
    BROKEN,
    REPO,
    RUNNABLE,
    VALID,
    copy_workspace,
    needs_corpus,
    upstream_python,
    upstream_validate,
)

LEVELS = sorted(p for p in (REPO / "examples" / "levels").glob("[0-9][0-9]-*") if p.is_dir())


@pytest.mark.parametrize("workspace", VALID)
def test_every_valid_upstream_workspace_validates(workspace, cli):
    root = needs_corpus() / workspace
    status, out, err = cli("validate", str(root))
    assert status == 0, out
    assert " is valid" in out and err == ""


@pytest.mark.parametrize("workspace", RUNNABLE)
def test_every_upstream_workspace_runs_offline(workspace, cli, tmp_path):
    """Each topology of each workspace, with the mock provider; what run skips is recorded, not fatal."""
    root = copy_workspace(needs_corpus() / workspace, tmp_path / "ws")
    from swarmkit.resolver import resolve

    topologies = list(resolve(root).workspace.topologies)
    assert topologies
    for topology in topologies:
        status, out, err = cli(
            "run",
            str(root),
            topology,
            "--input",
            "Review the order flow, please.",
            "--provider",
            "mock",
            "--json",
        )
        record = json.loads(out)
        failed = [s["id"] for s in record["mcp_servers"] if s["status"] == "failed"]
        if record["status"] == "failed":
            # a required decision skill whose MCP server cannot start here (no uv, a variable unset)
            # stops the run, as a gate that cannot judge must: the record says which and why
            assert status == 1 and "could not judge" in record["error"], record["error"]
            assert any(f"MCP server {server} could not start" in record["error"] for server in failed)
            continue
        assert status == 0, f"{topology}: {err}"
        assert record["status"] == "ok" and record["output"]
        assert all(set(item) == {"feature", "where", "detail"} for item in record["skipped"])
    status, _, err = cli("run", str(root), topologies[0], "--input", "hello", "--provider", "mock")
    assert [line for line in err.splitlines() if line.startswith("run r-")]  # the summary line
    recorded = json.loads(cli("runs", "--workspace", str(root), "--json")[1])["runs"]
    assert recorded  # every run is recorded


def test_what_run_skips_is_named_in_the_record_and_the_summary(cli, tmp_path):
    root = copy_workspace(needs_corpus() / "examples/sdlc-pipeline/workspace", tmp_path / "ws")
    status, out, err = cli(
        "run", str(root), "oms-build-harness", "--input", "Build it.", "--provider", "mock"
    )
    assert status == 0
    assert err.splitlines()[-1].endswith("; skipped features: executors, funnels, iam scopes, triggers")
    status, out, _ = cli(
        "run", str(root), "oms-build-harness", "--input", "Build it.", "--provider", "mock", "--json"
    )
    skipped = json.loads(out)["skipped"]
    assert {
        "feature": "executors",
        "where": "agent builder",
        "detail": "upstream runs it on the claude-code harness; here its model answers",
    } in skipped
    assert any(
        item["feature"] == "triggers" and "ci-build-ready, fortnightly-audit" in item["detail"]
        for item in skipped
    )


def test_the_broken_workspace_is_refused_with_the_typo_named(cli):
    root = needs_corpus() / BROKEN
    status, out, _ = cli("validate", str(root))
    assert status == 1
    assert out == (
        # its workspace.yaml drops the MCP server its skill calls: upstream accepts that, so a warning
        f'{root}/skills/say-hello.yaml:10:11: warning[ref.unknown-mcp-server] unknown MCP server "hello-world"\n'
        "  hint: declare it in workspace.yaml under mcp_servers\n"
        f'{root}/topologies/hello.yaml:23:20: error[ref.unknown-archetype] unknown archetype "greter"\n'
        '  hint: did you mean "greeter"?\n'
        "1 error in 1 file, 1 warning: the workspace is not valid\n"
    )


def test_upstream_accepts_init_output(upstream, tmp_path):
    from swarmkit.scaffold import create_workspace

    create_workspace(tmp_path / "new" / "team", "Research team")
    result = upstream_validate(upstream, tmp_path / "new" / "team", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("level", LEVELS, ids=lambda p: p.name)
def test_upstream_accepts_every_level(upstream, level, tmp_path):
    result = upstream_validate(upstream, level, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_provider_table_matches_upstreams_bundled_providers(upstream):
    """Names, base URLs and key variables of upstream's provider files, as the table has them."""
    from swarmkit.workspace.yaml_text import load_yaml_text

    where = subprocess.run(
        [upstream_python(upstream), "-c", "import swarmkit_runtime; print(swarmkit_runtime.__file__)"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert where.returncode == 0, where.stderr
    files = sorted((Path(where.stdout.strip()).parent / "model_providers" / "providers").glob("*.yaml"))
    assert len(files) >= 5, files
    for path in files:
        spec = load_yaml_text(path.read_text(encoding="utf-8"))
        name, body = spec["metadata"]["id"], spec["spec"]
        ours = BUILTIN_PROVIDERS[name]
        assert ours.key_env == (body.get("auth") or {}).get("api_key_env", ""), name
        assert ours.runnable == (body["extends"] == "openai-compatible" or name == "ollama"), name
        if body.get("base_url") and body["extends"] == "openai-compatible":
            assert ours.base_url == body["base_url"], name

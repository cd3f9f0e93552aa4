"""Upstream's built-in provider names in `swarmkit run`: the OpenAI-compatible ones are reached at
their documented base URL with their key variable, on a real loopback server; the others are named."""

from __future__ import annotations

import json

import pytest

from swarmkit.runtime.providers.catalog import BUILTIN_PROVIDERS, class_protocol, expand
from tests.runtime.test_openai_provider import FakeEndpoint


@pytest.fixture
def endpoint():
    server = FakeEndpoint()
    yield server
    server.close()


def with_provider(root, provider: str, name: str = "some-model") -> None:
    archetype = (root / "archetypes/assistant.yaml").read_text()
    (root / "archetypes/assistant.yaml").write_text(
        archetype.replace(
            "    provider: mock # the built-in offline provider; see model_providers in workspace.yaml\n"
            "    name: swarmkit-mock",
            f"    provider: {provider}\n    name: {name}",
        )
    )


def test_a_local_builtin_is_reached_at_its_documented_url(init_ws, endpoint, cli, monkeypatch):
    """ollama: ${OLLAMA_BASE_URL:-http://localhost:11434}/v1, no key."""
    root = init_ws()
    with_provider(root, "ollama", "llama3.1")
    monkeypatch.setenv("OLLAMA_BASE_URL", endpoint.url.removesuffix("/v1"))
    status, out, err = cli("run", str(root), "--input", "hi", "--json")
    assert status == 0, err
    record = json.loads(out)
    assert {(c["provider"], c["model"]) for c in record["model_calls"]} == {("ollama", "llama3.1")}
    assert "Authorization" not in endpoint.headers[0]


def test_a_hosted_builtin_sends_the_key_from_its_variable(init_ws, endpoint, cli, monkeypatch):
    root = init_ws()
    with_provider(root, "groq")
    monkeypatch.setenv("GROQ_API_KEY", "gsk-test")
    status, out, err = cli("run", str(root), "--input", "hi", "--base-url", endpoint.url, "--json")
    assert status == 0, err
    assert endpoint.headers[0]["Authorization"] == "Bearer gsk-test"
    assert json.loads(out)["provider"] == "groq"

    monkeypatch.delenv("GROQ_API_KEY")
    status, out, err = cli("run", str(root), "--input", "hi")
    assert (status, out) == (1, "")
    assert err == (
        'error: model provider "groq" reads its key from $GROQ_API_KEY, which is not set\n'
        "  hint: export GROQ_API_KEY=..., or pass --api-key\n"
    )


def test_a_provider_run_cannot_speak_is_named_with_a_hint_before_anything_runs(init_ws, cli):
    root = init_ws()
    with_provider(root, "anthropic", "claude-sonnet-4-6")
    status, out, err = cli("run", str(root), "--input", "hi")
    assert (status, out) == (1, "")
    assert err == (
        'error: swarmkit run cannot use provider "anthropic": it speaks the anthropic API, not the OpenAI-compatible one\n'
        "  hint: use an OpenAI-compatible gateway for it, for example provider openrouter with model name "
        "anthropic/claude-sonnet-4, or declare one under model_providers with class openai-compatible; "
        "--provider mock runs offline\n"
    )
    assert not (root / ".swarmkit" / "runs").exists()  # nothing ran, nothing was recorded
    status, _, err = cli("run", str(root), "--input", "hi", "--provider", "mock")
    assert status == 0, err


def test_an_unknown_forced_provider_gets_a_did_you_mean(init_ws, cli):
    status, _, err = cli("run", str(init_ws()), "--input", "hi", "--provider", "openrouterr")
    assert status == 1
    assert err == 'error: unknown model provider "openrouterr"\n  hint: did you mean "openrouter"?\n'


def test_a_declared_provider_of_a_class_run_cannot_use_is_named(init_ws, cli):
    root = init_ws(
        workspace_yaml_extra="model_providers:\n  - provider_id: bedrock\n    class: acme.Bedrock\n"
    )
    with_provider(root, "bedrock")
    status, _, err = cli("run", str(root), "--input", "hi")
    assert status == 1
    assert err.startswith(
        'error: model provider "bedrock" has class "acme.Bedrock", which swarmkit run cannot use\n'
    )


def test_the_table():
    runnable = sorted(name for name, p in BUILTIN_PROVIDERS.items() if p.runnable)
    assert runnable == [
        "groq",
        "lemonade",
        "llama-server",
        "mlx-lm",
        "mock",
        "ollama",
        "openai",
        "openrouter",
        "openvino-model-server",
        "together",
    ]
    assert all(p.hint for p in BUILTIN_PROVIDERS.values() if not p.runnable)
    assert expand("${NOPE_UNSET:-http://x}/v1", {}) == "http://x/v1"
    assert expand("${SET}/v1", {"SET": "http://y"}) == "http://y/v1"
    assert class_protocol("swarmkit_runtime.model_providers.OpenAIModelProvider") == "openai-compatible"
    assert class_protocol("mock") == "mock" and class_protocol("acme.Bedrock") is None


# ---- one table: the docs, the schema and the init template say what catalog.py holds ------------

ROOT = __import__("pathlib").Path(__file__).parents[2]


def _names_in(text: str) -> list[str]:
    import re

    return re.findall(r"`([a-z][a-z0-9-]*)`", text)


def test_compatibility_md_lists_the_table_row_by_row():
    doc = (ROOT / "docs" / "compatibility.md").read_text(encoding="utf-8")
    section = doc.split("## Providers", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    shown = {}
    for row in rows:
        name, protocol, base_url, key_env, reached = [cell.strip() for cell in row.strip("|").split("|")]
        shown[name.strip("`")] = (base_url, key_env.strip("`"), reached.startswith("✓"))
    assert list(shown) == list(BUILTIN_PROVIDERS)
    for name, provider in BUILTIN_PROVIDERS.items():
        base_url, key_env, reached = shown[name]
        assert (provider.base_url in base_url, key_env, reached) == (
            True,
            provider.key_env,
            provider.runnable,
        ), name


def test_cli_md_names_the_runnable_and_the_other_built_in_names():
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    paragraph = doc.split("one of upstream's built-in names", 1)[1].split("The workspace `init` writes", 1)[0]
    runnable = [name for name in BUILTIN_PROVIDERS if BUILTIN_PROVIDERS[name].runnable and name != "mock"]
    others = [name for name in BUILTIN_PROVIDERS if not BUILTIN_PROVIDERS[name].runnable]
    assert _names_in(paragraph) == runnable + others


def test_every_name_the_errors_doc_the_schema_and_the_init_template_give_is_in_the_table():
    import re

    from swarmkit.schemas import load_schema

    errors = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    section = errors.split("### `ref.unknown-provider`", 1)[1].split("###", 1)[0]
    described = load_schema("common")["$defs"]["ModelRef"]["properties"]["provider"]["description"]
    template = (ROOT / "swarmkit" / "templates" / "init" / "workspace.yaml").read_text(encoding="utf-8")
    named = {
        "errors.md": [n for n in _names_in(section) if n not in ("model_providers", "provider_id")],
        "schema": re.search(r"a built-in name \(([^)]*)\)", described)
        .group(1)
        .replace(", ...", "")
        .split(", "),
        "init template": re.search(r"Built-in names such as (.*?) need", template, re.S)
        .group(1)
        .replace("\n#", "")
        .replace(" or ", ", ")
        .split(", "),
    }
    for where, names in named.items():
        assert names and set(n.strip() for n in names) <= set(BUILTIN_PROVIDERS), where


def test_the_help_and_the_hint_read_the_table():
    from swarmkit.cli.run import run
    from swarmkit.runtime.providers.catalog import runnable_names, some_names

    provider = next(p for p in run.params if p.name == "provider")
    assert ", ".join(runnable_names()[1:6]) in provider.help
    assert some_names(3) == "mock, openai or openrouter"

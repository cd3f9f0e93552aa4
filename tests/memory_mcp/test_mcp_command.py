"""What `swarmkit mcp` says when it cannot serve, exactly; and what a run says without the mcp extra."""

from __future__ import annotations

import pytest

from swarmkit import extras
from swarmkit.scaffold import create_workspace


@pytest.fixture
def init_ws(tmp_path):
    def make(workspace_yaml_extra: str = ""):
        root = tmp_path / "ws"
        create_workspace(root, "Demo")
        with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
            handle.write(workspace_yaml_extra)
        return root

    return make


def test_memory_off_is_a_usage_error(cli, init_ws):
    root = init_ws(workspace_yaml_extra="memory:\n  enabled: false\n")
    status, out, err = cli("mcp", str(root))
    assert (status, out) == (2, "")
    assert err == (
        "error: memory is off in this workspace (memory.enabled: false): there is nothing to serve\n"
        "  hint: remove `enabled: false` from the memory block of workspace.yaml\n"
    )


def test_a_user_name_without_letters_is_a_usage_error(cli, init_ws):
    status, _, err = cli("mcp", str(init_ws()), "--user", "...")
    assert status == 2
    assert (
        err == "error: user name '...' has no letters or digits\n  hint: pass --user NAME, e.g. --user ana\n"
    )


def test_without_the_mcp_extra_it_names_the_extra_and_the_command(cli, init_ws, monkeypatch):
    monkeypatch.setattr(extras, "missing_modules", lambda extra: ["mcp"] if extra == "mcp" else [])
    status, _, err = cli("mcp", str(init_ws()))
    assert status == 1
    assert err == (
        "error: swarmkit mcp needs the `mcp` extra (mcp), which is not installed\n"
        f"  hint: install it: {extras.install_command('mcp')}\n"
    )


def test_a_run_without_the_mcp_extra_says_its_servers_need_it(init_ws, monkeypatch, tmp_path):
    from tests.runtime.mcp_workspace import mcp_workspace
    from tests.runtime.test_mcp_client import run_with
    from tests.support.runs import RecordingMock

    monkeypatch.setattr(extras, "missing_modules", lambda extra: ["mcp"] if extra == "mcp" else [])
    root = mcp_workspace(
        tmp_path / "mcp-ws",
        [{"id": "time", "transport": "stdio", "command": ["mcp-server-time"]}],
        {"t": ("time", "x")},
    )
    record = run_with(root, RecordingMock())
    assert record["status"] == "ok"
    assert record["mcp_servers"][0]["detail"] == (
        f"MCP servers need the `mcp` extra, which is not installed (install it: {extras.install_command('mcp')})"
    )

"""The editor set-ups of docs/editors.md, run where they can be: headless Neovim runs the Lua block
and its own diagnostics are read back; the VS Code and Helix blocks are parsed and the command they
name is started and answers the protocol's initialize.

Neovim is Debian's (`apt-get install neovim`); .ci/run installs it and sets SWARMKIT_REQUIRE_NEOVIM=1,
so there a missing Neovim fails instead of skipping.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.support.jsonrpc import JsonRpcClient

DOC = Path(__file__).parents[2] / "docs" / "editors.md"
BIN = str(Path(sys.executable).parent)  # where this install's `swarmkit` is


def block(language: str) -> str:
    [found] = re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return found


def neovim() -> str:
    found = shutil.which("nvim")
    if found is None:
        if os.environ.get("SWARMKIT_REQUIRE_NEOVIM"):
            pytest.fail("SWARMKIT_REQUIRE_NEOVIM is set but nvim is not installed (apt-get install neovim)")
        pytest.skip("Neovim is not installed (apt-get install neovim); .ci/run installs it")
    return found


# After the documented set-up: edit files as a person would, wait for Neovim's diagnostics, write
# what Neovim holds to a JSON file.
SCRIPT = r"""
local out = {}
local function lsp_code(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
end
local function snapshot()
  local shown = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(shown, { line = d.lnum, col = d.col, end_col = d.end_col, message = d.message,
                          code = lsp_code(d), severity = d.severity, source = d.source })
  end
  return shown
end
local function wait(test)
  return vim.wait(30000, test, 50)
end
vim.cmd("filetype on")
vim.cmd("edit " .. vim.fn.fnameescape(WORKSPACE .. "/workspace.yaml"))
out.attached = wait(function() return #vim.lsp.buf_get_clients(0) > 0 end)
vim.api.nvim_buf_set_lines(0, -1, -1, false, { "memory:", "  reader:", "    search_scope: everything" })
out.flagged = wait(function() return #vim.diagnostic.get(0) > 0 end)
out.scope = snapshot()
vim.api.nvim_buf_set_lines(0, -2, -1, false, { "    search_scope: user" })
out.cleared = wait(function() return #vim.diagnostic.get(0) == 0 end)
vim.cmd("edit " .. vim.fn.fnameescape(WORKSPACE .. "/topologies/main.yaml"))
vim.cmd([[%s/\[summarize\]/[summarise]/]])
out.topology_flagged = wait(function() return #vim.diagnostic.get(0) > 0 end)
out.topology = snapshot()
vim.fn.writefile({ vim.fn.json_encode(out) }, RESULT)
vim.cmd("qa!")
"""


def test_headless_neovim_shows_validates_diagnostics(team, tmp_path):
    nvim = neovim()
    result = tmp_path / "result.json"
    init = tmp_path / "init.lua"
    init.write_text(
        block("lua") + f"\nWORKSPACE = {json.dumps(str(team))}\nRESULT = {json.dumps(str(result))}\n" + SCRIPT
    )
    home = tmp_path / "home"  # no user configuration, state or shada of this machine's
    env = {
        **os.environ,
        "PATH": BIN + os.pathsep + os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }
    done = subprocess.run(
        [nvim, "--headless", "-n", "-i", "NONE", "-u", str(init)],
        cwd=team,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        stdin=subprocess.DEVNULL,
    )
    assert result.is_file(), (done.stdout, done.stderr)
    found = json.loads(result.read_text())
    assert found["attached"] and found["flagged"] and found["cleared"] and found["topology_flagged"], found
    [scope] = found["scope"]
    text = (team / "workspace.yaml").read_text() + "memory:\n  reader:\n    search_scope: everything\n"
    row = text.split("\n").index("    search_scope: everything")
    assert scope == {
        "line": row,
        "col": 18,
        "end_col": 28,
        "message": 'memory.reader.search_scope is "everything", which is not one of: user, all, both\n'
        "hint: use one of: user, all, both",
        "code": "schema.enum",
        "severity": 1,
        "source": "swarmkit",
    }
    [missing] = found["topology"]
    assert missing["code"] == "ref.unknown-skill"
    assert missing["message"] == 'unknown skill "summarise"\nhint: did you mean "summarize"?'
    topology = (team / "topologies" / "main.yaml").read_text()
    assert topology.split("\n")[missing["line"]].strip() == "skills_additional: [summarize]"  # unsaved
    assert (team / "topologies" / "main.yaml").read_text() == topology


@pytest.mark.parametrize("editor", ["vscode", "helix"])
def test_the_command_each_editor_is_told_to_start_serves_the_protocol(editor, team):
    if editor == "vscode":
        settings = json.loads(block("json"))
        command = [settings["glspc.server.command"], *settings["glspc.server.commandArguments"]]
        assert settings["glspc.server.languageId"] == ["yaml"]
    else:
        config = tomllib.loads(block("toml"))
        server = config["language-server"]["swarmkit"]
        command = [server["command"], *server["args"]]
        [yaml] = config["language"]
        assert yaml["name"] == "yaml" and "swarmkit" in yaml["language-servers"]
    client = JsonRpcClient([shutil.which(command[0], path=BIN) or command[0], *command[1:]], cwd=team)
    answer = client.start(team)
    assert answer["serverInfo"]["name"] == "swarmkit"
    assert {"definitionProvider", "hoverProvider", "completionProvider", "documentSymbolProvider"} <= set(
        answer["capabilities"]
    )
    assert client.close() == 0

"""What every command shares: where the workspace is, options before or after a command, the one
error form, warnings, JSON documents with a format version, quiet and verbose, colour, Ctrl-C,
completion, and the extras a command needs."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import click
import pytest

from swarmkit.cli.group import COMMANDS
from swarmkit.cli.group import cli as root_command
from swarmkit.extras import install_command

REPO = Path(__file__).parents[2]
REMEMBER = "Two things to remember about me: I live in Lisbon and my editor is Helix."


def swarmkit(*args: str, cwd: Path, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    """The real command in a child process (signals, terminals, the environment, missing modules)."""
    return subprocess.run(
        [sys.executable, "-m", "swarmkit", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
        **kwargs,
    )


@pytest.fixture
def team(workspace):
    return workspace(name="Team")  # tmp_path/ws; cwd = tmp_path


# ---- which workspace ---------------------------------------------------------------------------


def test_the_workspace_is_found_upward_from_the_current_folder(team, cli, monkeypatch):
    assert cli("run", "--input", REMEMBER, "-w", "ws")[0] == 0
    monkeypatch.chdir(team / "topologies")
    status, out, err = cli("validate", "-v")
    assert status == 0 and out.startswith('Workspace "team" (Team) is valid')
    assert err.startswith(f"workspace: .. (found above {Path.cwd()})\nexit 0 after ")
    status, out, err = cli("run", "--input", "Where do I live?")
    assert status == 0 and "recalled 1" in err
    assert len(cli("runs")[1].splitlines()) == 2
    assert "Lives in Lisbon" in cli("memory", "list")[1]
    status, out, _ = cli(
        "run", "main", "--input", "Where do I live?"
    )  # one argument, not a folder: the topology
    assert status == 0


def test_outside_a_workspace_commands_say_so(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    expected = (
        f"error: no workspace here: no workspace.yaml in {tmp_path} or any folder above it\n"
        "  hint: pass the workspace with -w PATH, or create one with `swarmkit init PATH`\n"
    )
    for args in (["runs"], ["runs", "show", "r-1a2b3c4d"], ["memory", "list"], ["run", "--input", "hi"]):
        assert cli(*args) == (1, "", expected), args
    status, out, err = cli("runs", "-w", ".")
    assert (status, err) == (
        1,
        "error: there is no workspace at . (no workspace.yaml)\n  hint: pass a workspace "
        "folder with -w PATH, or create one with `swarmkit init PATH`\n",
    )
    assert cli("run", "teem", "--input", "hi") == (
        2,
        "",
        "error: there is no folder teem, and no workspace here or "
        "above to run a topology teem of\n  hint: pass the workspace "
        "folder: swarmkit run WORKSPACE [TOPOLOGY] --input ...\n",
    )
    status, out, _ = cli("validate")  # the diagnostic names what is missing
    assert status == 1 and "error[workspace.not-found]" in out


def every_command():
    """(path, click command) for every command and subcommand."""
    import click

    out = []
    for name in COMMANDS:
        command = root_command.get_command(None, name)
        out.append(([name], command))
        if isinstance(command, click.Group):
            out += [([name, sub], command.get_command(None, sub)) for sub in command.list_commands(None)]
    return out


def test_every_command_takes_workspace_quiet_and_verbose():
    for path, command in every_command():
        options = {opt for param in command.params for opt in getattr(param, "opts", [])}
        assert {"-w", "--workspace", "-q", "--quiet", "-v", "--verbose"} <= options, path


def test_options_are_taken_before_or_after_the_command(team, cli):
    assert cli("run", "-w", "ws", "--input", REMEMBER)[0] == 0
    run_id = json.loads(cli("runs", "-w", "ws", "--json")[1])["runs"][0]["id"]
    after = cli("runs", "show", run_id, "--json", "-w", "ws")
    before = cli("-w", "ws", "runs", "--json", "show", run_id)
    assert after[0] == 0 and after == before and json.loads(after[1])["id"] == run_id
    assert cli("memory", "--user", "ana", "list", "-w", "ws") == cli(
        "memory", "list", "--user", "ana", "-w", "ws"
    )
    assert cli("-q", "validate", "ws") == cli("validate", "ws", "-q") == (0, "", "")


# ---- output --------------------------------------------------------------------------------------


def test_every_json_output_carries_the_format_version_and_json_is_format_json(team, cli, tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.md").write_text("- Release on Tuesdays\n")
    commands = [
        ["validate", "ws"],
        ["run", "ws", "--input", REMEMBER],
        ["runs", "-w", "ws"],
        ["memory", "-w", "ws", "status"],
        ["memory", "-w", "ws", "list"],
        ["memory", "-w", "ws", "search", "Lisbon"],
        ["memory", "-w", "ws", "show", "me.md"],
        ["memory", "-w", "ws", "history", "user.location"],
        ["memory", "-w", "ws", "inbox"],
        ["memory", "-w", "ws", "add", "Prefers tabs"],
        ["memory", "-w", "ws", "reindex"],
        ["memory", "-w", "ws", "import", "notes"],
    ]
    for args in commands:
        status, out, err = cli(*args, "--format", "json")
        document = json.loads(out)
        assert status == 0 and next(iter(document)) == "format_version" and document["format_version"] == 1, (
            args
        )
        if args[0] != "run" and "add" not in args and "import" not in args:  # these change what they read
            assert cli(*args, "--json")[1] == out, args


def test_usage_errors_and_problems_share_the_error_hint_form(team, cli):
    assert cli("runs", "-w", "ws", "show") == (
        2,
        "",
        "error: missing argument 'RUN_ID'\n  hint: `swarmkit runs show --help` shows the usage\n",
    )
    assert cli("validate", "-q", "-v") == (
        2,
        "",
        "error: --quiet and --verbose contradict each other; pass one of "
        "them\n  hint: `swarmkit validate --help` shows the usage\n",
    )
    status, _, err = cli("memory", "-w", "ws", "show", "me.md#L1")
    assert status == 1 and err.startswith("error: ") and "\n  hint: " in err


def test_a_mistyped_command_gets_its_close_names(cli):
    """Issue 18: the lazy root group left click's command list empty, so `valdate` got no guess."""
    assert cli("valdate") == (
        2,
        "",
        "error: no such command 'valdate'\n  hint: did you mean validate? `swarmkit --help` shows the usage\n",
    )
    assert cli("memory", "--user", "ana", "ad")[2] == (
        "error: no such command 'ad'\n  hint: did you mean add? `swarmkit memory --help` shows the usage\n"
    )
    assert cli("xyzzy")[2] == "error: no such command 'xyzzy'\n  hint: `swarmkit --help` shows the usage\n"


def test_a_missing_option_value_points_at_the_commands_own_help(team, cli):
    """Issue 18: `run ws --input` (no value) pointed at `swarmkit --help`."""
    assert cli("run", "ws", "--input") == (
        2,
        "",
        "error: option '--input' requires an argument\n  hint: `swarmkit run --help` shows the usage\n",
    )
    assert cli("memory", "add", "--user")[2] == (
        "error: option '--user' requires an argument\n  hint: `swarmkit memory add --help` shows the usage\n"
    )


def _value_options(command: click.Command) -> list[str]:
    return [
        param.opts[0]
        for param in command.params
        if isinstance(param, click.Option) and not param.is_flag and not param.count
    ]


@pytest.mark.parametrize("path", [p for p, _ in every_command()], ids=" ".join)
def test_every_commands_usage_errors_point_at_its_own_help(path, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    command = dict((tuple(p), c) for p, c in every_command())[tuple(path)]
    shown = f"`swarmkit {' '.join(path)} --help` shows the usage\n"
    status, _, err = cli(*path, "--no-such-option")
    assert (status, err) == (2, f"error: no such option '--no-such-option'\n  hint: {shown}")
    for option in _value_options(command):
        status, _, err = cli(*path, option)
        assert (status, err) == (2, f"error: option '{option}' requires an argument\n  hint: {shown}"), option


def test_an_option_a_command_lacks_says_what_is_right_not_a_far_guess(cli):
    """Issue 18: `schema --format` was offered --out, and `validate --bogus` --verbose (dashes made
    the names look alike)."""
    assert cli("schema", "--format", "json")[2] == (
        "error: no such option '--format'\n  hint: the schemas are JSON only: `swarmkit schema NAME` "
        "prints one, --out DIR writes them; `swarmkit schema --help` shows the usage\n"
    )
    assert cli("validate", "--bogus")[2] == (
        "error: no such option '--bogus'\n  hint: `swarmkit validate --help` shows the usage\n"
    )
    assert cli("runs", "--all-user")[2] == (
        "error: no such option '--all-user'\n  hint: did you mean --all-users? `swarmkit runs --help` shows the usage\n"
    )


def test_schema_help_lists_only_the_options_it_uses(cli):
    status, out, _ = cli("schema", "--help")
    assert status == 0 and "--workspace" not in out and "not used" not in out
    assert "  --out DIRECTORY  Write NAME.schema.json files into this folder.\n" in out
    assert cli("schema", "-w", ".", "skill")[0] == 0  # taken, as by every command


def test_a_warning_is_one_warning_line_never_a_python_warning(team, tmp_path):
    no_git = tmp_path / "bin"  # a PATH without git: the memory store warns
    no_git.mkdir()
    done = swarmkit("run", "ws", "--input", REMEMBER, cwd=tmp_path, env={"PATH": str(no_git)})
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0] == (
        "warning: git is not installed: memory files are written, but nothing is versioned "
        "(install git to keep a history)"
    )
    assert lines[1].startswith("run r-") and len(lines) == 2


def test_quiet_keeps_results_and_verbose_adds_the_steps(team, cli):
    status, out, err = cli("run", "ws", "--input", REMEMBER, "-q")
    assert status == 0 and out.startswith("lead: ") and err == ""
    status, out, err = cli("run", "ws", "--input", REMEMBER, "--verbose")
    assert "  agent researcher (worker): " in err and "  model call lead extract swarmkit-mock: " in err
    assert cli("init", "other", "-q") == (0, "", "")
    assert (Path("other") / "workspace.yaml").is_file()


def test_a_command_group_alone_prints_its_help(cli):
    assert cli("memory") == cli("memory", "--help")
    status, out, err = cli()
    assert (status, err) == (0, "") and out.startswith("Usage: swarmkit [OPTIONS] COMMAND [ARGS]...")


def test_memory_help_shows_each_command_line_whole(cli):
    status, out, _ = cli("memory", "--help")
    commands = out.split("Commands:")[1]
    assert status == 0 and "..." not in commands
    assert "Recall: entries ranked by the share of the query's weight they contain (score 0..1)." in " ".join(
        out.split()
    )


# ---- colour --------------------------------------------------------------------------------------

RED = "\x1b[31m"


def on_a_terminal(args: list[str], cwd: Path, env: dict) -> str:
    """What the command writes to a real terminal (a pseudo-terminal: POSIX, imported here so that
    the module loads on Windows, where the tests that need one are skipped)."""
    import pty

    main, child = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "swarmkit", *args],
        cwd=cwd,
        stdout=child,
        stderr=child,
        env={**{k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}, **env},
    ) as process:
        os.close(child)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
    os.close(main)
    return b"".join(chunks).decode()


def test_colour_on_a_terminal_and_never_with_no_color(team, tmp_path):
    with open(tmp_path / "ws" / "workspace.yaml", "a") as handle:
        handle.write("memory: {reader: {search_scope: everything}}\n")
    shown = on_a_terminal(["validate", "ws"], tmp_path, {})
    assert f"{RED}\x1b[1merror\x1b[0m[schema.enum]" in shown
    assert "\x1b[" not in on_a_terminal(["validate", "ws"], tmp_path, {"NO_COLOR": "1", "FORCE_COLOR": "1"})
    piped = swarmkit("validate", "ws", cwd=tmp_path, env={"NO_COLOR": "", "FORCE_COLOR": ""})
    assert "\x1b[" not in piped.stdout  # a pipe gets none
    forced = swarmkit("validate", "ws", cwd=tmp_path, env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert f"{RED}\x1b[1merror\x1b[0m[schema.enum]" in forced.stdout


def test_progress_on_a_terminal_for_import_and_reindex_and_none_with_quiet(team, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    for index in range(3):
        (notes / f"{index}.md").write_text(f"- Release train {index} leaves on Tuesdays\n")
    shown = on_a_terminal(["memory", "-w", "ws", "import", "notes"], tmp_path, {})
    assert "Importing [##########" in shown and "Imported 3" in shown
    shown = on_a_terminal(["memory", "-w", "ws", "reindex"], tmp_path, {})
    assert "Indexing memory [" in shown and "Indexed 3 entries." in shown
    assert on_a_terminal(["memory", "-w", "ws", "reindex", "-q"], tmp_path, {}) == "Indexed 3 entries.\r\n"
    (notes / "3.md").write_text("- One more note about the deploy window\n")
    quiet = on_a_terminal(["memory", "-w", "ws", "import", "notes", "--quiet"], tmp_path, {})
    assert "Importing" not in quiet and quiet.startswith("Imported 1, duplicates 3")


# ---- Ctrl-C --------------------------------------------------------------------------------------


class SilentEndpoint:
    """A loopback HTTP endpoint that accepts a request and never answers: a long model call."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.asked = threading.Event()
        self.connections: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.getsockname()[1]}/v1"

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.connections.append(connection)
            connection.recv(65536)
            self.asked.set()

    def close(self) -> None:
        for connection in self.connections:
            connection.close()
        self.server.close()


def test_ctrl_c_during_a_long_run_exits_130_and_records_the_run(team, tmp_path, cli):
    endpoint = SilentEndpoint()
    try:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "swarmkit",
                "run",
                "ws",
                "--provider",
                "openai",
                "--base-url",
                endpoint.url,
                "--api-key",
                "k",
                "--input",
                "Where do I live?",
            ],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            # a shell starts a command with Ctrl-C's default action; the suite's process may have
            # inherited SIGINT ignored from something it ran, and a child keeps an ignored signal
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert endpoint.asked.wait(60), process.communicate()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        endpoint.close()
    assert process.returncode == 130
    assert (out, err) == ("", "error: interrupted\n")
    (summary,) = json.loads(cli("runs", "-w", "ws", "--json")[1])["runs"]
    assert summary["status"] == "interrupted"


# Ctrl-C reaches Python as a call of its SIGINT handler: from the terminal's line discipline on
# POSIX, from the console through the C runtime on Windows, where a child without a console cannot
# be sent one. So the handler is set off from inside the command (signal.raise_signal) at a chosen
# moment, and everything from there is what a real Ctrl-C does, on every system: the test above
# sends a real SIGINT where there is one.
INTERRUPTED = """
import signal, sys
from swarmkit.memory.folder import memory_folder
from swarmkit.runtime.providers.mock import MockProvider

def ctrl_c(real):
    def interrupted(*args, **kwargs):
        signal.raise_signal(signal.SIGINT)
        return real(*args, **kwargs)
    return interrupted

if sys.argv[1] == "the model answers":
    MockProvider.complete = ctrl_c(MockProvider.complete)
else:  # inside the memory folder's lock, as a file is replaced
    memory_folder.atomic_write = ctrl_c(memory_folder.atomic_write)
from swarmkit.cli.main import main
sys.argv = ["swarmkit", *sys.argv[2:]]
main()
"""


@pytest.mark.parametrize("moment", ["the model answers", "memory is written"])
def test_ctrl_c_through_the_signal_handler_exits_130_and_records_the_run(team, tmp_path, cli, moment):
    before = cli("memory", "-w", "ws", "list", "--json")[1]
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED, moment, "run", "ws", "--input", REMEMBER],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "error: interrupted\n")
    (summary,) = json.loads(cli("runs", "-w", "ws", "--json")[1])["runs"]
    assert summary["status"] == "interrupted"
    # nothing half-written, the lock released (not left for a takeover), and the next write goes on
    assert cli("memory", "-w", "ws", "list", "--json")[1] == before
    memory = tmp_path / "ws" / ".swarmkit" / "memory"
    if (memory / ".index" / "write.lock").exists():
        assert (memory / ".index" / "write.lock").read_text() == ""
    assert cli("memory", "-w", "ws", "add", "My editor is Helix")[0] == 0
    status = subprocess.run(["git", "status", "--porcelain"], cwd=memory, capture_output=True, text=True)
    assert status.stdout == ""


# ---- shell completion ---------------------------------------------------------------------------


def test_shell_completion_scripts_and_completions(tmp_path):
    for shell in ("bash", "zsh", "fish"):
        done = swarmkit(cwd=tmp_path, env={"_SWARMKIT_COMPLETE": f"{shell}_source"})
        assert done.returncode == 0 and "_SWARMKIT_COMPLETE" in done.stdout, shell
    done = swarmkit(
        cwd=tmp_path,
        env={"_SWARMKIT_COMPLETE": "bash_complete", "COMP_WORDS": "swarmkit mem", "COMP_CWORD": "1"},
    )
    assert done.stdout.split() == ["plain,memory"]
    done = swarmkit(
        cwd=tmp_path,
        env={
            "_SWARMKIT_COMPLETE": "bash_complete",
            "COMP_WORDS": "swarmkit validate --format j",
            "COMP_CWORD": "3",
        },
    )
    assert done.stdout.split() == ["plain,json"]


# ---- extras --------------------------------------------------------------------------------------

BLOCKER = textwrap.dedent("""
    import sys

    class Missing:  # as if the extra were not installed: its modules cannot be imported
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {blocked!r}:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None

    sys.meta_path.insert(0, Missing())
    from swarmkit.cli.main import main
    main(sys.argv[1:])
""")


def without(modules: set[str], *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", BLOCKER.format(blocked=modules), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_missing_extra_is_named_with_the_command_that_installs_it(team, tmp_path):
    done = without({"starlette", "uvicorn"}, "serve", "ws", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (  # fastapi stands on starlette: without it, fastapi is missing too
        "error: swarmkit serve needs the `serve` extra (fastapi, starlette, uvicorn), which is not installed\n"
        f"  hint: install it: {install_command('serve')}\n"
    )
    for module in ("fastapi", "jinja2"):  # jinja2: the portal's pages are its templates
        done = without({module}, "serve", "ws", cwd=tmp_path)
        assert (done.returncode, done.stdout) == (1, "")
        assert done.stderr == (
            f"error: swarmkit serve needs the `serve` extra ({module}), which is not installed\n"
            f"  hint: install it: {install_command('serve')}\n"
        )
    for provider in ("openai", "groq"):  # groq: its key variable is not set either; the extra comes first
        done = without({"httpx"}, "run", "ws", "--provider", provider, "--input", "hi", cwd=tmp_path)
        assert (done.returncode, done.stdout) == (1, "")
        assert done.stderr == (
            f'error: model provider "{provider}" (OpenAI-compatible) needs the `openai` extra '
            "(httpx), which is not installed\n"
            f"  hint: install it: {install_command('openai')}\n"
        )
    assert not (tmp_path / "ws" / ".swarmkit" / "runs").exists()  # refused before anything ran
    done = without({"httpx", "starlette", "uvicorn"}, "run", "ws", "--input", REMEMBER, cwd=tmp_path)
    assert done.returncode == 0  # the mock provider needs no extra


def test_the_install_command_matches_how_swarmkit_was_installed():
    # This checkout is installed editable (make test): the hint installs the extra from it.
    assert install_command("serve") == f"{sys.executable} -m pip install -e '{REPO}[serve]'"

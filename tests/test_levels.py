"""The tutorial levels in examples/levels/: each validates cleanly and runs offline as its README shows.

Each level is copied to tmp_path/examples/levels/<level> and its README's commands are run from
tmp_path, in document order, exactly as a reader runs them from the repository root:

- a ```console block shows `$ swarmkit ...` lines and exactly what they print (stdout + stderr);
- a ```sh block shows commands; each `swarmkit` line is run and must exit 0, unless the ```text
  block right after it shows an `error:` line (a demonstrated failure: exit 1);
- a ```text block right after a ```sh block shows exactly what the block's last command printed
  (stdout + stderr), where `r-…` stands for the run id, which differs on every run, and a line
  `…` for lines left out (timings, dates);
- `RUN_ID` in a command stands for the id of the latest run;
- in a ```sh block, `printf 'TEXT' | swarmkit ...` gives the command TEXT on its standard input, and
  `printf 'TEXT' >> FILE` appends TEXT to FILE (`\n` is a new line, as printf reads it); a piped
  command's output is shown in the order it is printed (stdout and stderr as a terminal shows them).
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import socket
from pathlib import Path

import pytest

from swarmkit.cli.main import run

REPO = Path(__file__).parents[1]
LEVELS_DIR = REPO / "examples" / "levels"
LEVELS = sorted(p.name for p in LEVELS_DIR.glob("[0-9][0-9]-*") if p.is_dir())
EXPECTED = [
    "01-hello-world",
    "02-archetypes",
    "03-skills",
    "04-multi-agent-topologies",
    "05-mcp-tool-declarations",
    "06-structured-delegation",
    "07-governance-and-decision-skills",
    "08-run-records-and-debugging",
    "09-conversations-and-memory",
]
RUN_ID = re.compile(r"\br-[0-9a-f]{8}\b")
BLOCK = re.compile(r"```(console|sh|text)\n(.*?)```", re.S)


def test_there_are_exactly_nine_levels():
    assert len(LEVELS) == 9
    assert LEVELS == EXPECTED


@pytest.fixture
def swarmkit(capsys):
    """Run `swarmkit ARGS` in-process; returns (exit code, stdout + stderr)."""

    def invoke(argv: list[str], stdin: str | None = None) -> tuple[int, str]:
        if stdin is None:
            code = run(argv)
            captured = capsys.readouterr()
            return int(code), captured.out + captured.err
        import io
        import sys

        # a piped command interleaves its answers and notes: show them as a terminal does
        saved = sys.stdin, sys.stderr
        sys.stdin, sys.stderr = io.StringIO(stdin), sys.stdout
        try:
            code = run(argv)
        finally:
            sys.stdin, sys.stderr = saved
        captured = capsys.readouterr()
        return int(code), captured.out + captured.err

    return invoke


# Level 05 declares an MCP server at this address that nothing serves, and its README shows the run
# going on without it. The copy points at a port this test holds bound but not listening instead, so
# that whatever else listens on 127.0.0.1:8765 cannot change the outcome; output is compared with
# the README's address put back.
README_ENDPOINT = "127.0.0.1:8765"


@pytest.fixture
def closed_port():
    """A loopback port no one can listen on while the test runs: bound here, never listening."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


@pytest.fixture
def level_copy(tmp_path, monkeypatch, closed_port):
    def copy(name: str) -> Path:
        target = tmp_path / "examples" / "levels" / name
        shutil.copytree(LEVELS_DIR / name, target, ignore=shutil.ignore_patterns(".swarmkit"))
        declared = target / "workspace.yaml"
        text = declared.read_text(encoding="utf-8")
        if README_ENDPOINT in text:
            declared.write_text(text.replace(README_ENDPOINT, f"127.0.0.1:{closed_port}"), encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        return Path("examples/levels") / name

    return copy


def steps(readme: str) -> list[dict]:
    """The README's commands in document order: {argv, kind, expected (or None), fails}."""
    out: list[dict] = []
    previous = None
    for kind, body in BLOCK.findall(readme):
        if kind == "console":
            for line in body.splitlines():
                if line.startswith("$ "):
                    out.append({"argv": shlex.split(line[2:]), "kind": kind, "expected": "", "fails": None})
                elif out and out[-1]["kind"] == "console" and out[-1]["expected"] is not None:
                    out[-1]["expected"] += line + "\n"
        elif kind == "sh":
            for line in body.splitlines():
                stdin = append = None
                if line.startswith("printf "):
                    words = shlex.split(line)
                    text = words[1].replace("\\n", "\n")
                    if words[2] == "|":
                        stdin, line = text, shlex.join(words[3:])
                    elif words[2] == ">>":
                        append = (words[3], text)
                if append is not None:
                    out.append(
                        {"argv": ["printf"], "kind": kind, "expected": None, "fails": False, "append": append}
                    )
                elif line.startswith("swarmkit "):
                    out.append(
                        {
                            "argv": shlex.split(line.split(" #")[0]),
                            "kind": kind,
                            "expected": None,
                            "fails": False,
                            "stdin": stdin,
                        }
                    )
        elif kind == "text" and previous == "sh" and out and out[-1]["kind"] == "sh":
            out[-1]["expected"] = body
            out[-1]["fails"] = any(line.startswith("error:") for line in body.splitlines())
        previous = kind
    return out


_TOKENS = {"r-…": r"r-[0-9a-f]{8}", "c-…": r"c-[0-9a-f]{8}", "-…/": r"-[0-9a-f]{8}/"}


def matches(expected: str, actual: str) -> bool:
    """`r-…` stands for a run id, `-…/` for a swarm folder's run part, a line `…` for any lines."""
    pattern = ""
    for line in expected.splitlines(keepends=True):
        if line.strip() == "…":
            pattern += r"(?:.*\n)*?"
            continue
        pattern += "".join(_TOKENS.get(part) or re.escape(part) for part in re.split(r"(r-…|c-…|-…/)", line))
    return re.fullmatch(pattern, actual) is not None


def records(level: Path) -> list[dict]:
    found = [
        json.loads(p.read_text(encoding="utf-8")) for p in (level / ".swarmkit" / "runs").glob("r-*.json")
    ]
    return sorted(found, key=lambda r: r["started_at"])


@pytest.mark.parametrize("name", LEVELS)
def test_level_wires_no_memory_unless_it_teaches_it(name):
    """Memory is on by default: only level 09 writes the memory block; no level binds memory skills."""
    from swarmkit.workspace.yaml_text import load_yaml_text

    files = sorted((LEVELS_DIR / name).rglob("*.y*ml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "yaml-language-server" not in text.splitlines()[0], (
            f"{path.name}: no schema modeline in examples"
        )
        data = load_yaml_text(text)  # the C parser alone refuses [swarm:read]
        if path.name == "mock-script.yaml":
            continue
        bindings = (data.get("governance") or {}).get("decision_skills") or []
        assert not {b["id"] for b in bindings} & {"memory-reader", "memory-writer"}, path
        if "memory" in data:
            assert name.startswith("09-") and path.name == "workspace.yaml", path
            assert data["memory"]["enabled"] is True


@pytest.mark.parametrize("name", LEVELS)
def test_level_validates_with_no_errors_and_no_warnings(name, level_copy, swarmkit):
    level = level_copy(name)
    code, out = swarmkit(["validate", str(level), "--require"])
    assert code == 0, out
    assert "is valid" in out
    assert "warning" not in out and "error" not in out, out


@pytest.mark.parametrize("name", LEVELS)
def test_level_readme_teaches_its_commands(name):
    readme = (LEVELS_DIR / name / "README.md").read_text(encoding="utf-8")
    where = f"examples/levels/{name}"
    assert readme.startswith("# "), "a README starts with its title"
    assert f"swarmkit validate {where} --tree" in readme
    assert f"swarmkit run {where}" in readme
    if name.startswith("08-"):
        assert f"swarmkit runs -w {where}" in readme
        assert f"swarmkit runs -w {where} show RUN_ID" in readme
    if name.startswith("09-"):  # the seed's demo: a fresh init, conversations, the Memory page, off
        assert "swarmkit init assistant" in readme and "| swarmkit chat assistant" in readme
        for command in ("list", "search", "status"):
            assert f"swarmkit memory -w assistant {command}" in readme
        assert "docs/images/memory-page.png" in readme and "enabled: false" in readme
    if (LEVELS_DIR / name / "mock-script.yaml").exists():
        assert f"--script {where}/mock-script.yaml" in readme
    assert "\nr-" not in readme.replace("r-…", ""), "run ids vary: write r-… instead"


@pytest.mark.parametrize("name", LEVELS)
def test_level_runs_as_its_readme_shows(name, level_copy, swarmkit, closed_port):
    level = level_copy(name)
    readme = (LEVELS_DIR / name / "README.md").read_text(encoding="utf-8")
    plan = steps(readme)
    runs = [s for s in plan if s["argv"][:2] == ["swarmkit", "run"]]
    assert runs, "the README shows at least one swarmkit run"
    assert all(s["kind"] == "sh" for s in runs), "swarmkit run prints a run id: show it in a sh block"
    latest = None
    for step in plan:
        if step.get("append"):
            path, text = step["append"]
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(text)
            continue
        argv = [latest if arg == "RUN_ID" else arg for arg in step["argv"]]
        assert argv[0] == "swarmkit", argv
        shown = shlex.join(argv)
        code, out = swarmkit(argv[1:], step.get("stdin"))
        out = out.replace(f"127.0.0.1:{closed_port}", README_ENDPOINT)
        if argv[1] == "run":
            found = RUN_ID.search(out)
            assert found, out
            latest = found.group(0)
            record = json.loads((level / ".swarmkit" / "runs" / f"{latest}.json").read_text(encoding="utf-8"))
            assert record["memory"]["enabled"] is True, "memory is on by default in every level"
            assert record["provider"] == "mock"
        if step["kind"] == "console":
            assert out == step["expected"], f"$ {shown}"
            assert code == 0, f"$ {shown} exited {code}"
            continue
        assert code == (1 if step["fails"] else 0), f"{shown} exited {code}:\n{out}"
        if step["expected"] is not None:
            assert matches(step["expected"], out), (
                f"{shown} printed:\n{out}\nthe README shows:\n{step['expected']}"
            )

    removed = [s for s in plan if s["argv"][1:2] == ["runs"] and "rm" in s["argv"]]
    ran = records(level)
    assert len(ran) == len(runs) - len(removed)
    for record in ran:
        assert record["memory"]["enabled"] is True, "memory is on by default in every level"
        assert record["provider"] == "mock"


def test_level_09_second_conversation_recalls_what_the_first_wrote(level_copy, swarmkit):
    name = "09-conversations-and-memory"
    level_copy(name)
    readme = (LEVELS_DIR / name / "README.md").read_text(encoding="utf-8")
    plan = steps(readme)
    init = next(s["argv"] for s in plan if s["argv"][:2] == ["swarmkit", "init"])
    chats = [s for s in plan if s["argv"][:2] == ["swarmkit", "chat"]][:2]
    assert swarmkit(init[1:])[0] == 0
    for step in chats:
        code, out = swarmkit(step["argv"][1:], step["stdin"])
        assert code == 0, out
    turns = [
        turn
        for path in sorted(Path("assistant/.swarmkit/conversations").glob("c-*.json"))
        for turn in json.loads(path.read_text(encoding="utf-8"))["turns"]
    ]
    told = [t for t in turns if t["wrote"]]
    asked = [t for t in turns if t["recalled"]]
    assert len(told) == 2 and len(asked) == 1, turns
    written = {w["ref"]: w["text"] for t in told for w in t["wrote"] if w["status"] == "written"}
    assert {r["ref"]: r["text"] for r in asked[0]["recalled"]} == written
    assert all(text in asked[0]["output"] for text in written.values())


def test_level_07_rejects_offline_with_the_error_its_readme_shows(level_copy, swarmkit):
    name = "07-governance-and-decision-skills"
    level_copy(name)
    readme = (LEVELS_DIR / name / "README.md").read_text(encoding="utf-8")
    failing = [s for s in steps(readme) if s["fails"]]
    assert len(failing) == 1
    step = failing[0]
    assert "--script" in step["argv"]
    error = next(line for line in step["expected"].splitlines() if line.startswith("error:"))
    code, out = swarmkit(step["argv"][1:])
    assert code == 1
    assert matches(
        error + "\n", next(line for line in out.splitlines() if line.startswith("error:")) + "\n"
    ), out

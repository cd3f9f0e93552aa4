"""Fixed hostile inputs for `swarmkit validate`: each ends in exit 0 or 1 with the right diagnostic."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.reliability.harness import assert_handled, validate
from tests.reliability.seed import SEED
from tests.reliability.test_fuzz_validate import _dump, _write


@pytest.fixture
def ws(tmp_path) -> Path:
    root = tmp_path / "ws"
    _write(root, copy.deepcopy(SEED))
    return root


def test_seed_is_valid(ws):
    outcome = validate(ws)
    assert outcome.code == 0, outcome.out
    assert "warning[" not in outcome.out


def test_billion_laughs_alias_bomb(ws):
    lines = [
        "apiVersion: swarmkit/v1",
        "kind: Workspace",
        'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    lines.append("metadata: {id: bomb, name: *a9}")
    (ws / "workspace.yaml").write_text("\n".join(lines) + "\n")
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[yaml.alias-bomb]" in outcome.out


def test_a_chain_of_merge_keys_is_refused_before_it_is_built(ws):
    """Each mapping merges the one before (`m1: &m1 {<<: *m0, x1: 1}`): 221 KB whose building cost
    validate 21 s of CPU, quadratic in the chain, before the expansion was counted."""
    chain = "x-a: &a {k0: 1, k1: 2}\n" + "".join(
        f"x-m{i}: &m{i}\n  <<: [*{'a' if i == 0 else f'm{i - 1}'}]\n  x{i}: {i}\n" for i in range(5000)
    )
    with (ws / "workspace.yaml").open("a") as handle:
        handle.write(chain)
    started = time.process_time()
    outcome = validate(ws)
    assert time.process_time() - started < 2.0
    assert_handled(outcome)
    assert "error[yaml.alias-bomb] aliases expand to more than 200,000 values" in outcome.out


def test_self_referencing_alias(ws):
    (ws / "skills/summarize.yaml").write_text("&loop\nself: *loop\nlist: &l [*l, *l]\n")
    outcome = validate(ws)
    assert_handled(outcome)
    assert outcome.code == 1


def test_alias_bomb_in_a_key(ws):
    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 7):
        text += f"b{i}: &b{i} [" + ", ".join(["*a" if i == 1 else f"*b{i - 1}"] * 10) + "]\n"
    text += "? *b6\n: value\n"
    (ws / "archetypes/assistant.yaml").write_text(text)
    outcome = validate(ws)
    assert_handled(outcome)
    assert outcome.code == 1


def test_50_mb_file(ws):
    path = ws / "topologies/huge.yaml"
    with open(path, "wb") as handle:
        handle.write(b"apiVersion: swarmkit/v1\nkind: Topology\ndescription: '")
        chunk = b"x" * (1024 * 1024)
        for _ in range(50):
            handle.write(chunk)
        handle.write(b"'\n")
    assert path.stat().st_size > 50 * 1024 * 1024
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[file.too-large]" in outcome.out


@pytest.mark.parametrize("opener,closer", [("[", "]"), ("{a: ", "}"), ("- ", "")])
def test_10000_deep_nesting(ws, opener, closer):
    # flow lists, flow mappings, and compact block lists (`- - - … leaf`, one line)
    body = opener * 10_000 + "leaf" + closer * 10_000
    if opener == "- ":
        body = "\n  " + body
    (ws / "skills/deep.yaml").write_text(f"apiVersion: swarmkit/v1\nkind: Skill\ndeep: {body}\n")
    outcome = validate(ws)
    assert_handled(outcome)
    assert outcome.code == 1
    assert "error[yaml.too-deep]" in outcome.out or "error[yaml.syntax]" in outcome.out


def test_nul_bytes(ws):
    path = ws / "workspace.yaml"
    path.write_bytes(path.read_bytes().replace(b"name: Fuzz seed", b"name: Fuzz\x00seed"))
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[yaml.syntax]" in outcome.out and "workspace.yaml:" in outcome.out


def test_invalid_utf8(ws):
    path = ws / "topologies/main.yaml"
    path.write_bytes(path.read_bytes().replace(b"A lead", b"A \xff\xfe lead"))
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[file.encoding]" in outcome.out
    assert "byte 0xff" in outcome.out


def test_byte_order_mark_is_accepted(ws):
    path = ws / "workspace.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    outcome = validate(ws)
    assert outcome.code == 0, outcome.out


def test_utf16_byte_order_mark_is_refused(ws):
    path = ws / "workspace.yaml"
    path.write_bytes(path.read_text().encode("utf-16"))
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[file.encoding]" in outcome.out


def test_crlf_line_endings_are_accepted(ws):
    for path in ws.rglob("*.yaml"):
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    outcome = validate(ws)
    assert outcome.code == 0, outcome.out


def test_crlf_error_positions_match_lf(ws):
    """A broken file reports the same line and column whether it uses CRLF or LF."""
    path = ws / "topologies/main.yaml"
    broken = path.read_text().replace("role: worker", "role: wizard", 1)
    path.write_text(broken)
    lf = validate(ws)
    path.write_bytes(broken.replace("\n", "\r\n").encode())
    crlf = validate(ws)
    assert lf.code == crlf.code == 1
    assert lf.out == crlf.out


def test_symlinked_file_outside_workspace(ws, tmp_path):
    outside = tmp_path / "secret.yaml"
    # invalid on purpose: were it read, its schema error would show up too
    outside.write_text(
        _dump(SEED["skills/summarize.yaml"])
        .replace("summarize", "leaked")
        .replace("category: capability", "category: nonsense")
    )
    os.symlink(outside, ws / "skills/leaked.yaml")
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[file.outside-workspace]" in outcome.out
    assert outcome.out.count("error[") == 1  # the linked file was not read: no problem from its content


def test_symlinked_folder_outside_workspace(ws, tmp_path):
    outside = tmp_path / "elsewhere"
    _write(outside, {"other.yaml": SEED["skills/summarize.yaml"]})
    os.symlink(outside, ws / "skills/linked", target_is_directory=True)
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[file.outside-workspace]" in outcome.out


def test_symlinked_workspace_yaml_outside(ws, tmp_path):
    outside = tmp_path / "workspace.yaml"
    (ws / "workspace.yaml").rename(outside)
    os.symlink(outside, ws / "workspace.yaml")
    outcome = validate(ws)
    assert_handled(outcome)
    assert "error[file.outside-workspace]" in outcome.out


def test_symlink_loop_and_dangling_link(ws):
    os.symlink(ws / "skills/loop-b.yaml", ws / "skills/loop-a.yaml")
    os.symlink(ws / "skills/loop-a.yaml", ws / "skills/loop-b.yaml")
    os.symlink(ws / "skills/missing.yaml", ws / "skills/dangling.yaml")
    outcome = validate(ws)
    assert_handled(outcome)
    assert outcome.code == 1


def test_symlink_inside_workspace_is_followed(ws):
    (ws / "skills/summarize.yaml").rename(ws / "summarize.source")
    os.symlink(ws / "summarize.source", ws / "skills/summarize.yaml")
    outcome = validate(ws)
    assert outcome.code == 0, outcome.out


def test_fifo_in_workspace_does_not_hang(ws):
    """Reading a FIFO blocks until a writer comes; validate must not wait for one."""
    os.mkfifo(ws / "skills/pipe.yaml")
    # in a child process, so that a regression fails on the timeout instead of hanging the suite
    done = subprocess.run(
        [sys.executable, "-m", "swarmkit", "validate", str(ws)], capture_output=True, text=True, timeout=10
    )
    assert done.returncode == 1, done.stderr
    assert (
        "skills/pipe.yaml:1:1: error[file.unreadable] cannot read the file: it is a FIFO (named pipe), not a regular file"
        in done.stdout
    )


def test_folder_where_a_file_should_be(ws):
    """A folder named like a file is a folder: what it holds is read, one level down, as any other."""
    (ws / "skills/dir.yaml").mkdir()
    (ws / "skills/dir.yaml/inner.yaml").write_text(_dump(SEED["skills/summarize.yaml"]))
    outcome = validate(ws)
    assert_handled(outcome)
    assert (outcome.code, outcome.out.replace(str(ws), "ws")) == (
        1,
        'ws/skills/summarize.yaml:9:7: error[id.duplicate] skill id "summarize" is already defined in '
        "skills/dir.yaml/inner.yaml\n"
        "  note: first defined at ws/skills/dir.yaml/inner.yaml:9:7\n"
        "  hint: rename one of the two skills\n"
        "1 error in 1 file: the workspace is not valid\n",
    )


def test_symlinked_folder_loop(ws):
    """skills/again links to skills itself: read once, one level down (its skills are duplicates),
    and what lies deeper is ignored with a warning, never followed round the loop."""
    os.symlink(ws / "skills", ws / "skills/again", target_is_directory=True)
    outcome = validate(ws)
    assert_handled(outcome)
    deeper = (
        "ws/skills/again/{0}: warning[discovery.too-deep] files in skills/again/{0}/ are ignored: "
        "artifacts may sit at most one folder below skills/\n  hint: move them up into skills/again/\n"
    )
    duplicate = (
        'ws/skills/{0}.yaml:{1}:7: error[id.duplicate] skill id "{0}" is already defined in '
        "skills/again/{0}.yaml\n  note: first defined at ws/skills/again/{0}.yaml:{1}:7\n"
        "  hint: rename one of the two skills\n"
    )
    assert (outcome.code, outcome.out.replace(str(ws), "ws")) == (
        1,
        deeper.format("again")
        + deeper.format("tools")
        + duplicate.format("on-topic", 10)
        + duplicate.format("summarize", 9)
        + "2 errors in 2 files, 2 warnings: the workspace is not valid\n",
    )


def test_200000_deep_nesting_is_refused_before_parsing(ws):
    """The C composer recursed in C on this (a crash of the process, exit -11); the parser's events
    are counted first, and the diagnostic names where the 101st level opens."""
    (ws / "skills/deep.yaml").write_text(
        "apiVersion: swarmkit/v1\nkind: Skill\ndeep: " + "[" * 200_000 + "]" * 200_000 + "\n"
    )
    started = time.process_time()
    outcome = validate(ws)
    assert time.process_time() - started < 2.0
    assert_handled(outcome)
    assert (
        "skills/deep.yaml:3:106: error[yaml.too-deep] the YAML nests more than 100 levels deep" in outcome.out
    )

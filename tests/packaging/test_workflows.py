"""The GitHub workflows (.github/), linted offline as a security reviewer reads them, and held to
what they must do: the schema drift job, the test matrix, the release by trusted publishing.

actionlint runs shellcheck on every `run:` block; zizmor runs offline (the audits that would ask
GitHub's API are off) and may report nothing of medium or high severity; check-jsonschema checks
each file against the schema it carries (vendored: no download). Each linter is also shown a broken
workflow, so that a linter that silently checks nothing cannot pass these tests.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.support.packaging import REPO

GITHUB = REPO / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
_SHA_PIN = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$")


def load(path: Path) -> dict:
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def workflow(name: str) -> dict:
    return load(GITHUB / "workflows" / name)


def tool(name: str) -> str:
    """A linter the dev dependencies install beside this Python (bin/ or, on Windows, Scripts/)."""
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        reason = f"{name} is not installed beside {sys.executable}: `make .venv/.installed-dev` installs it"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def lint(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, encoding="utf-8", timeout=300)


def steps(job: dict) -> list[dict]:
    return job.get("steps", [])


def all_steps() -> list[tuple[str, str, dict]]:
    return [
        (path.name, name, step)
        for path in WORKFLOWS
        for name, job in load(path)["jobs"].items()
        for step in steps(job)
    ]


# ---- the linters --------------------------------------------------------------------------------

BROKEN = """\
name: broken
on: pull_request_target
jobs:
  greet:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}" $UNQUOTED
"""


def _broken_repo(tmp_path: Path) -> Path:
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "broken.yml").write_text(BROKEN, encoding="utf-8")
    return tmp_path


def _actionlint(*files: Path) -> subprocess.CompletedProcess:
    shellcheck = f"-shellcheck={tool('shellcheck')}"
    return lint(tool("actionlint"), "-no-color", shellcheck, "-pyflakes=", *map(str, files))


def test_actionlint_and_shellcheck_find_nothing():
    result = _actionlint(*WORKFLOWS)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_actionlint_and_shellcheck_catch_a_broken_workflow(tmp_path):
    result = _actionlint(_broken_repo(tmp_path) / ".github" / "workflows" / "broken.yml")
    assert result.returncode == 1
    assert '"github.event.pull_request.title" is potentially untrusted' in result.stdout  # its own
    assert "SC2086" in result.stdout  # shellcheck's, through actionlint: $UNQUOTED


def _zizmor(*paths: Path) -> list[dict]:
    """zizmor's findings, offline, with no configuration that could switch an audit off."""
    result = lint(tool("zizmor"), "--offline", "--no-config", "--format", "json", *map(str, paths))
    assert result.returncode in (0, 11, 12, 13, 14), result.stderr  # 1x: findings of severity x
    return json.loads(result.stdout)


def _severe(findings: list[dict]) -> list[str]:
    return [
        f"{f['ident']} ({f['determinations']['severity']}): {f['desc']}"
        for f in findings
        if f["determinations"]["severity"] in ("Medium", "High")
    ]


def test_zizmor_offline_reports_nothing_of_medium_or_high_severity():
    findings = _zizmor(GITHUB, REPO / "action.yml")
    for path in [*WORKFLOWS, REPO / "action.yml"]:  # and nothing is silenced where it is found
        assert "zizmor: ignore" not in path.read_text(encoding="utf-8"), path
    assert _severe(findings) == []
    # what it may report: GitHub's newer `$/` spelling for `uses: ./` (the issue's, and actionlint's)
    assert {f["ident"] for f in findings} <= {"self-repository"}


def test_zizmor_catches_a_broken_workflow(tmp_path):
    severe = _severe(_zizmor(_broken_repo(tmp_path) / ".github"))
    for audit in ("template-injection", "dangerous-triggers", "artipacked", "unpinned-uses"):
        assert any(line.startswith(audit + " ") for line in severe), (audit, severe)


def _check_schema(schema: str, *files: Path) -> subprocess.CompletedProcess:
    return lint(sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, *map(str, files))


@pytest.mark.parametrize(
    ("schema", "files"),
    [
        ("vendor.github-workflows", WORKFLOWS),
        ("vendor.github-actions", [REPO / "action.yml"]),
        ("vendor.dependabot", [GITHUB / "dependabot.yml"]),
    ],
    ids=["workflows", "action", "dependabot"],
)
def test_each_file_matches_its_schema(schema, files):
    tool("check-jsonschema")
    result = _check_schema(schema, *files)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_workflow_schema_refuses_a_misspelt_key(tmp_path):
    tool("check-jsonschema")
    wrong = tmp_path / "wrong.yml"
    wrong.write_text(BROKEN.replace("runs-on:", "run-on:"), encoding="utf-8")
    result = _check_schema("vendor.github-workflows", wrong)
    assert result.returncode == 1 and "run-on" in result.stdout


# ---- what a security reviewer checks --------------------------------------------------------------


def test_every_action_is_pinned_by_its_full_commit_with_the_version_in_a_comment():
    pins: dict[str, set[str]] = {}
    for path in WORKFLOWS:
        for line in path.read_text(encoding="utf-8").splitlines():
            found = re.match(r"^\s*(?:- )?uses: (.+)$", line)
            if found is None or found.group(1) == "./":
                continue
            assert _SHA_PIN.match(found.group(1)), f"{path.name}: {line.strip()}"
            action, pin = found.group(1).split("@")
            pins.setdefault(action, set()).add(pin)
    assert {action: pin for action, pin in pins.items() if len(pin) > 1} == {}  # one version of each
    assert set(pins) >= {"actions/checkout", "actions/setup-python"}


def test_the_token_may_only_read_except_where_a_job_publishes():
    allowed = {
        ("release.yml", "publish"): {"contents": "read", "id-token": "write"},
        ("release.yml", "github-release"): {"contents": "write"},
    }
    for path in WORKFLOWS:
        document = load(path)
        assert document["permissions"] == {}, path.name  # nothing unless a job asks
        for name, job in document["jobs"].items():
            expected = allowed.get((path.name, name), {"contents": "read"})
            assert job["permissions"] == expected, (path.name, name)


def test_no_checkout_keeps_the_token_and_no_run_block_holds_an_expression():
    for where, name, step in all_steps():
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["persist-credentials"] is False, (where, name)
        # Values reach a shell through env: only, where no one's text can become a command.
        assert "${{" not in step.get("run", ""), (where, name, step["run"])


# ---- what the workflows do ----------------------------------------------------------------------


def test_a_job_named_for_the_schema_drift_check_runs_make_codegen_check():
    job = workflow("ci.yml")["jobs"]["schema-drift"]
    assert "drift" in job["name"].lower()
    check, summary = [step for step in steps(job) if "run" in step]
    assert (check["id"], check["run"]) == ("drift", "make codegen-check")
    # on drift, the diff goes on the run's summary page too
    assert summary["if"] == "failure() && steps.drift.outcome == 'failure'"
    assert "make -s codegen-check" in summary["run"] and "$GITHUB_STEP_SUMMARY" in summary["run"]


def test_lint_runs_make_lint():
    job = workflow("ci.yml")["jobs"]["lint"]
    assert [step["run"] for step in steps(job) if "run" in step] == ["make lint"]


def test_the_test_matrix_is_linux_macos_and_windows_times_python_3_11_to_3_13():
    job = workflow("ci.yml")["jobs"]["test"]
    matrix = job["strategy"]["matrix"]
    assert matrix["system"] == ["Linux", "macOS", "Windows"]
    assert matrix["python"] == ["3.11", "3.12", "3.13"]
    runners = {entry["system"]: entry["runner"] for entry in matrix["include"]}
    assert runners == {"Linux": "ubuntu-24.04", "macOS": "macos-15", "Windows": "windows-2025"}
    assert job["strategy"]["fail-fast"] is False  # one system's failure hides no other's


def _runs_on(job: dict, system: str) -> list[str]:
    return [step["run"] for step in steps(job) if "run" in step and system in step.get("if", "")]


def test_linux_runs_the_projects_own_ci_script_and_the_others_the_suite():
    job = workflow("ci.yml")["jobs"]["test"]
    # .ci/run whole, what it installs (Chromium, the Inspector) too, as root as on the project's CI
    assert _runs_on(job, "'Linux'")[-1] == 'sudo --preserve-env env "PATH=$PATH" .ci/run'
    assert _runs_on(job, "runner.os == 'macOS'") == [
        "make .venv/.installed-dev",
        ".venv/bin/python -m pytest -rs",
    ]
    assert _runs_on(job, "runner.os == 'Windows'")[-1] == ".venv/Scripts/python -m pytest -rs"


def _makefile_dev_install() -> list[str]:
    """The pip commands of the Makefile's `$(VENV)/.installed-dev` recipe, in the workflow's words."""
    recipe = re.search(
        r"^\$\(VENV\)/\.installed-dev:.*\n((?:\t.*\n)+)", (REPO / "Makefile").read_text(), re.M
    )
    assert recipe is not None
    commands = []
    for line in recipe.group(1).splitlines():
        line = line.strip()
        if line.startswith("#") or line.startswith("touch "):
            continue
        line = line.replace("$(BIN)/python", "python").replace("$(WHEELHOUSE)", ".venv/wheelhouse")
        commands.append(" ".join(word for word in shlex.split(line) if word != "--quiet"))
    return commands


def test_windows_installs_what_make_installs():
    job = workflow("ci.yml")["jobs"]["test"]
    (script,) = [s for s in _runs_on(job, "runner.os == 'Windows'") if "pip install" in s]
    lines = [line.strip() for line in script.strip().splitlines()]
    assert lines[0] == "python -m venv .venv"
    windows = [" ".join(shlex.split(line.replace(".venv/Scripts/python", "python"))) for line in lines[1:]]
    assert windows == _makefile_dev_install()


def test_the_composite_action_runs_on_a_valid_and_a_broken_fixture():
    job = workflow("ci.yml")["jobs"]["action"]
    used = [step for step in steps(job) if step.get("uses") == "./"]
    assert [step["with"]["workspace"] for step in used] == [
        "tests/fixtures/valid/memory-block",
        "tests/fixtures/invalid/search-scope-everything",
    ]
    for step in used:
        assert (REPO / step["with"]["workspace"] / "workspace.yaml").is_file()
    assert used[1]["continue-on-error"] is True
    (check,) = [step for step in steps(job) if step.get("if") == "steps.broken.outcome != 'failure'"]
    assert "exit 1" in check["run"]


def test_a_version_tag_builds_checks_publishes_by_trusted_publishing_and_releases():
    release = workflow("release.yml")
    assert release["on"] == {"push": {"tags": ["v[0-9]+.[0-9]+.[0-9]+"]}}
    jobs = release["jobs"]
    build = [step.get("run", "") for step in steps(jobs["build"])]
    assert 'python .github/scripts/release_notes.py "$TAG" > release-notes.md' in build
    assert "python -m build --no-isolation --outdir dist ." in build
    assert "python -m twine check --strict dist/*" in build
    publish = jobs["publish"]
    assert publish["needs"] == "build" and publish["environment"]["name"] == "pypi"
    assert "python -m twine upload --non-interactive dist/*" in [s.get("run") for s in steps(publish)]
    assert not any("TWINE_PASSWORD" in s.get("env", {}) for s in steps(publish))  # no token: OIDC
    github = jobs["github-release"]
    (create,) = [s for s in steps(github) if "run" in s]
    assert create["run"].startswith('gh release create "$TAG" dist/* --verify-tag')
    assert "--notes-file release-notes.md" in create["run"]


def test_the_release_tools_are_pinned_by_hash_and_hatchling_satisfies_the_build_system():
    from packaging.requirements import Requirement

    lock = (GITHUB / "release-requirements.txt").read_text(encoding="utf-8")
    pinned = dict(re.findall(r"^([a-z0-9-]+)==(\S+) \\$", lock, re.M))
    assert {"build", "hatchling", "twine"} <= set(pinned)
    blocks = re.split(r"\n(?=[a-z0-9-]+==)", lock.split("\n", 2)[2].strip())
    assert all("--hash=sha256:" in block for block in blocks)  # every package, every file
    import tomllib

    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["build-system"]["requires"]
    (hatchling,) = [Requirement(r) for r in requires if Requirement(r).name == "hatchling"]
    assert hatchling.specifier.contains(pinned["hatchling"])


def test_dependabot_proposes_pip_and_action_updates():
    updates = load(GITHUB / "dependabot.yml")["updates"]
    assert {u["package-ecosystem"] for u in updates} == {"pip", "github-actions"}
    (pip,) = [u for u in updates if u["package-ecosystem"] == "pip"]
    assert pip["directories"] == ["/", "/.github"]  # pyproject.toml, and the release tools


def test_the_readme_shows_the_ci_badge_and_how_to_cut_a_release():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "actions/workflows/ci.yml/badge.svg" in readme
    assert "git tag v" in readme and "release.yml" in readme


# ---- the release notes --------------------------------------------------------------------------


def _notes_module():
    spec = importlib.util.spec_from_file_location("release_notes", GITHUB / "scripts" / "release_notes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHANGELOG = """\
# Changelog

## [Unreleased]

## [0.2.0] - 2026-12-01

### Added
- Something new.

## [0.1.0] - 2026-11-20

The first release.
"""


def test_the_release_notes_are_the_tags_dated_changelog_section():
    notes = _notes_module()
    assert notes.release_notes("v0.2.0", CHANGELOG, "0.2.0") == "### Added\n- Something new.\n"
    assert notes.release_notes("v0.1.0", CHANGELOG, "0.1.0") == "The first release.\n"


@pytest.mark.parametrize(
    ("tag", "changelog", "version", "message", "hint"),
    [
        (
            "v0.3.0",
            CHANGELOG,
            "0.2.0",
            "the tag v0.3.0 does not name the package's version 0.2.0 (swarmkit/__init__.py)",
            "tag the commit that sets the version: `git tag v0.2.0`, or set __version__ first",
        ),
        (
            "v0.3.0",
            CHANGELOG,
            "0.3.0",
            "CHANGELOG.md has no section for 0.3.0",
            "move the [Unreleased] entries under '## [0.3.0] - YYYY-MM-DD': they are the release notes",
        ),
        (
            "v0.3.0",
            "## [0.3.0] - not yet published\n\n- x\n",
            "0.3.0",
            "CHANGELOG.md's section for 0.3.0 is not dated: '## [0.3.0] - not yet published'",
            "write its release date when you cut it: '## [0.3.0] - YYYY-MM-DD'",
        ),
        (
            "v0.3.0",
            "## [0.3.0] - 2026-12-24\n\n## [0.2.0] - 2026-12-01\n- x\n",
            "0.3.0",
            "CHANGELOG.md's section for 0.3.0 is empty",
            "move the [Unreleased] entries under it: they are the release notes",
        ),
    ],
    ids=["other-version", "no-section", "not-dated", "empty"],
)
def test_a_release_that_is_not_ready_is_stopped_saying_what_to_fix(tag, changelog, version, message, hint):
    notes = _notes_module()
    with pytest.raises(notes.ReleaseError) as info:
        notes.release_notes(tag, changelog, version)
    assert (info.value.message, info.value.hint) == (message, hint)


def test_the_script_reads_the_packages_version_and_says_why_it_stops():
    import swarmkit

    notes = _notes_module()
    assert notes.package_version((REPO / "swarmkit" / "__init__.py").read_text()) == swarmkit.__version__
    script = GITHUB / "scripts" / "release_notes.py"
    result = lint(sys.executable, str(script), "v0.0.0-not-a-version")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        f"error: the tag v0.0.0-not-a-version does not name the package's version {swarmkit.__version__} "
        f"(swarmkit/__init__.py)\n  hint: tag the commit that sets the version: `git tag "
        f"v{swarmkit.__version__}`, or set __version__ first\n"
    )


def test_twine_accepts_the_sdist_and_wheel_as_the_release_checks_them(dist):
    result = lint(sys.executable, "-m", "twine", "check", "--strict", str(dist["sdist"]), str(dist["wheel"]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2

"""The bar of a publishable package: a wheel built from a fresh clone installs into a fresh venv
outside the checkout, holds a lean base install, and runs init, validate, run and serve."""

from __future__ import annotations

import email
import re
import shlex
import signal
import subprocess
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import swarmkit
from tests.support.packaging import make_venv, offline_env, run

BASE_LIMIT = 17  # packages in a base install, swarmkit-memory included (pip and setuptools are not)
# The base install's own requirements (PEP 503 names): a new one is a decision, made here too.
# numpy: recall by meaning's forward pass (its tokenizer and weights reader are swarmkit's own).
# python-stdnum: screening's national identity numbers by their check digits (pure Python).
BASE_REQUIREMENTS = {
    "click",
    "jsonschema",
    "ruamel-yaml",
    "ruamel-yaml-clib",
    "pydantic",
    "pystemmer",
    "numpy",
    "python-stdnum",
}


def test_sdist_ships_the_package_its_docs_and_whole_tutorials(dist):
    with tarfile.open(dist["sdist"]) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for rel in (
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "pyproject.toml",
        "swarmkit/py.typed",
        "swarmkit/cli/main.py",
        "schema/workspace.schema.json",
        "docs/cli.md",
        ".pre-commit-hooks.yaml",
    ):
        assert rel in names, rel
    levels = [n for n in names if re.fullmatch(r"examples/levels/\d\d-[^/]+/README\.md", n)]
    assert len(levels) == 9, "the tutorial levels ship"
    for readme in levels:  # never a tutorial README without the workspace it explains
        assert readme.replace("README.md", "workspace.yaml") in names, readme
    assert not [n for n in names if "__pycache__" in n or n.startswith((".venv/", ".git/"))]


def test_wheel_metadata_names_the_distribution_licence_extras_and_urls(dist):
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        files = set(wheel.namelist())
        info = next(n for n in files if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_string(wheel.read(info).decode())
    assert meta["Name"] == "swarmkit-memory"
    assert meta["Version"] == swarmkit.__version__  # the one version source
    assert meta["License-Expression"] == "MIT"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in files)
    assert "swarmkit/py.typed" in files
    # the portal's pages and their style: package data, beside the modules that serve them
    assert {"swarmkit/server/templates/base.html", "swarmkit/server/templates/memory.html"} <= files
    assert "swarmkit/server/static/portal.css" in files
    requires = meta.get_all("Requires-Dist")
    base = {normalized(re.split(r"[<>=!~; \[]", r)[0]) for r in requires if "extra ==" not in r}
    assert base == BASE_REQUIREMENTS
    assert set(meta.get_all("Provides-Extra")) == {"serve", "openai", "semantic", "mcp", "lsp", "all"}
    assert {u.split(",")[0] for u in meta.get_all("Project-URL")} >= {
        "Homepage",
        "Documentation",
        "Changelog",
    }
    assert "Operating System :: POSIX :: Linux" in meta.get_all("Classifier")
    assert "swarmkit = swarmkit.cli.main:main" in wheel_text(dist["wheel"], "entry_points.txt")


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_text(wheel_path: Path, name: str) -> str:
    with zipfile.ZipFile(wheel_path) as wheel:
        return wheel.read(next(n for n in wheel.namelist() if n.endswith(f".dist-info/{name}"))).decode()


def installed(bin_dir: Path) -> list[str]:
    script = (
        "import importlib.metadata as m; "
        "print('\\n'.join(sorted({d.metadata['Name'].lower() for d in m.distributions()})))"
    )
    names = [normalized(n) for n in run(bin_dir / "python", "-c", script, cwd=bin_dir).stdout.split()]
    return [n for n in names if n not in ("pip", "setuptools")]


def test_a_wheel_from_a_fresh_clone_installs_lean_and_runs_init_validate_run_and_serve(
    dist, wheelhouse, tmp_path
):
    home = tmp_path / "elsewhere"  # outside the checkout: nothing can be imported from the source tree
    home.mkdir()
    bin_dir = make_venv(tmp_path / "venv")
    run(bin_dir / "python", "-m", "pip", "install", "--quiet", dist["wheel"], cwd=home)

    base = installed(bin_dir)
    assert "swarmkit-memory" in base and len(base) <= BASE_LIMIT, base
    assert not {"fastapi", "starlette", "uvicorn", "jinja2", "httpx"} & set(base)
    where = run(bin_dir / "python", "-c", "import swarmkit; print(swarmkit.__file__)", cwd=home).stdout
    assert where.startswith(str(tmp_path / "venv"))

    swarmkit_ = bin_dir / "swarmkit"
    env = offline_env()
    run(swarmkit_, "init", "team", cwd=home, env=env)
    assert "is valid" in run(swarmkit_, "validate", "team", cwd=home, env=env).stdout
    ran = run(
        swarmkit_,
        "run",
        "team",
        "--input",
        "Two things to remember about me: I live in Lisbon and my editor is Helix.",
        cwd=home,
        env=env,
    )
    assert "memory: recalled 0, wrote 2" in ran.stderr
    assert "Lives in Lisbon" in run(swarmkit_, "memory", "-w", "team", "list", cwd=home, env=env).stdout

    by_meaning_with_no_other_step(swarmkit_, home, env, tmp_path)

    # The extras are missing: each command says which, and the exact command that installs it.
    refused = run(
        swarmkit_, "run", "team", "--provider", "openai", "--input", "hi", cwd=home, env=env, check=False
    )
    assert refused.returncode == 1
    assert 'model provider "openai" (OpenAI-compatible) needs the `openai` extra (httpx)' in refused.stderr
    refused = run(swarmkit_, "mcp", "team", cwd=home, env=env, check=False)
    assert refused.returncode == 1 and "swarmkit mcp needs the `mcp` extra (mcp)" in refused.stderr
    refused = run(swarmkit_, "lsp", cwd=home, env=env, check=False)
    assert (
        refused.returncode == 1 and "swarmkit lsp needs the `lsp` extra (pygls, lsprotocol)" in refused.stderr
    )
    refused = run(swarmkit_, "serve", "team", cwd=home, env=env, check=False)
    assert refused.returncode == 1, refused.stderr
    hint = refused.stderr.split("hint: install it: ", 1)[1].strip()
    assert hint == f"{bin_dir / 'python'} -m pip install 'swarmkit-memory[serve]'"
    run(*shlex.split(hint), "--quiet", cwd=home)  # offline: the wheelhouse has the extra's wheels
    assert {"fastapi", "starlette", "uvicorn", "jinja2"} <= set(installed(bin_dir))

    serve(swarmkit_, home, env)


def by_meaning_with_no_other_step(swarmkit_: Path, home: Path, env: dict, tmp_path: Path) -> None:
    """The plain install recalls by meaning once the model is reachable (a loopback mirror of the
    Hub's layout): the first run fetches it, and a fact told in one's own words is found by a
    question that shares no word with it."""
    from tests.support.hf_mirror import Mirror

    meaning = {k: v for k, v in env.items() if k != "SWARMKIT_EMBEDDING_MODEL"}
    meaning["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    with Mirror() as mirror:
        meaning["HF_ENDPOINT"] = mirror.endpoint
        run(swarmkit_, "init", "meaning", cwd=home, env=meaning)
        told = "A few things to keep in mind about me: I work as a nurse and my sister is called Anna."
        ran = run(swarmkit_, "run", "meaning", "--input", told, cwd=home, env=meaning)
        assert ran.stderr.startswith("Fetching the embedding model all-MiniLM-L6-v2 ("), ran.stderr
        assert mirror.gets("model.safetensors") == 1
        found = run(swarmkit_, "memory", "-w", "meaning", "search", "What is my job?", cwd=home, env=meaning)
        assert found.stdout.splitlines()[0].endswith("Works as a nurse"), found.stdout
        status = run(swarmkit_, "memory", "-w", "meaning", "status", cwd=home, env=meaning).stdout
        assert "recall by words and meaning (all-MiniLM-L6-v2)" in status.splitlines()[0]
        assert mirror.gets("model.safetensors") == 1


def serve(swarmkit_: Path, home: Path, env: dict) -> None:
    """`swarmkit serve` answers its portal page, and Ctrl-C (SIGINT) stops it cleanly."""
    server = subprocess.Popen(
        [str(swarmkit_), "serve", "team", "--port", "0"],
        cwd=home,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        first = server.stdout.readline()
        url = re.search(r"at (http://\S+)", first)
        assert url, first + server.stderr.read() if server.poll() is not None else first
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url[1], timeout=10) as page:  # redirected to the Memory page
                    assert page.status == 200 and "Lives in Lisbon" in page.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=60) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()

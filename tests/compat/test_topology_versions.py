"""Several versions of one topology, as upstream swarmkit allows: each runs as name@version.

The bare name is the file named after the topology, else the first found (upstream's rule); the
same name and version twice is still `id.duplicate`.
"""

from __future__ import annotations

import json

from tests.compat.corpus import upstream_validate


def version(number: str, root_id: str) -> str:
    return (
        f"apiVersion: swarmkit/v1\nkind: Topology\nmetadata: {{name: main, version: {number}}}\n"
        f"agents:\n  root: {{id: {root_id}, role: root, model: {{provider: mock, name: swarmkit-mock}}}}\n"
    )


def ran(cli, root, *topology: str) -> tuple[str, list[str]]:
    """(the record's topology, its agents) of a mock run of `topology` (none given: the default)."""
    status, out, err = cli(
        "run", str(root), *topology, "--input", "Hello.", "--provider", "mock", "--format", "json"
    )
    assert status == 0, err
    record = json.loads(out)
    return record["topology"], [agent["id"] for agent in record["agents"]]


def test_each_version_runs_by_name_at_version_and_the_bare_name_is_the_file_named_after_it(workspace, cli):
    root = workspace({"topologies/a-next.yaml": version("0.2.0", "chief")})  # init's main.yaml is 0.1.0
    status, out, _ = cli("validate", str(root), "--tree")
    assert status == 0
    assert "topology main 0.1.0 (topologies/main.yaml) [default]\n" in out
    assert "topology main 0.2.0 (topologies/a-next.yaml)\n" in out
    assert ran(cli, root, "main") == ("main", ["researcher", "lead"])
    assert ran(cli, root, "main@0.1.0") == ("main", ["researcher", "lead"])
    assert ran(cli, root, "main@0.2.0") == ("main@0.2.0", ["chief"])
    assert ran(cli, root) == ("main", ["researcher", "lead"])  # one topology, in two versions


def test_without_a_file_named_after_it_the_first_found_is_the_bare_name(workspace, cli):
    root = workspace(
        {
            "topologies/main.yaml": None,
            "topologies/b.yaml": version("1.0.0", "second"),
            "topologies/a.yaml": version("2.0.0", "first"),
        }
    )
    assert ran(cli, root, "main") == ("main", ["first"])
    assert ran(cli, root, "main@1.0.0") == ("main@1.0.0", ["second"])


def test_an_unknown_version_is_a_usage_error_naming_the_versions(workspace, cli):
    root = workspace({"topologies/next.yaml": version("0.2.0", "chief")})
    status, _, err = cli("run", str(root), "main@0.3.0", "--input", "Hello.", "--provider", "mock")
    assert (status, err) == (
        2,
        'error: no topology "main@0.3.0" in the workspace\n  hint: did you mean "main@0.2.0"?\n',
    )


def test_the_same_name_and_version_twice_is_still_a_duplicate(workspace, cli):
    root = workspace({"topologies/copy.yaml": version("0.1.0", "chief")})
    status, out, _ = cli("validate", str(root))
    assert status == 1
    assert out == (
        'ws/topologies/main.yaml:7:9: error[id.duplicate] topology "main" version 0.1.0 is already defined '
        "in topologies/copy.yaml\n"
        "  note: first defined at ws/topologies/copy.yaml:3:18\n"
        "  hint: rename one of the two topologies, or give one another metadata.version\n"
        "1 error in 1 file: the workspace is not valid\n"
    )


def test_upstream_accepts_several_versions_and_refuses_the_same_one_twice(upstream, workspace, tmp_path):
    root = workspace({"topologies/next.yaml": version("0.2.0", "chief")})
    assert upstream_validate(upstream, tmp_path / root, tmp_path / "two").returncode == 0
    (root / "topologies/next.yaml").write_text(version("0.1.0", "chief"))
    assert upstream_validate(upstream, tmp_path / root, tmp_path / "same").returncode == 1

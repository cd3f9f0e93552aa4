"""What a run starts for each mcp_servers entry: ${VAR} from the environment, credentials as upstream
resolves them (env, file), and a clear reason when a server cannot be filled in."""

from __future__ import annotations

from pathlib import Path

from swarmkit.runtime.mcp.servers import credentials_used, server_spec, server_specs

CREDENTIALS = {
    "gh": {"source": "env", "config": {"env": "GITHUB_TOKEN"}},
    "disk": {"source": "file", "config": {"path": "secrets/token.txt"}},
    "vault": {"source": "hashicorp-vault", "config": {"path": "kv/x"}},
}
ENV = {"GITHUB_TOKEN": "ghp_exampletoken1234", "DOCS": "docs-folder"}


def spec(item, root=Path("/ws")):
    return server_spec(item, CREDENTIALS, root, ENV)


def test_stdio_fills_variables_and_credentials_and_runs_in_the_workspace():
    made = spec(
        {
            "id": "github",
            "transport": "stdio",
            "command": ["npx", "server-github", "--root", "${DOCS}"],
            "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}", "AGAIN": "{credential.gh}"},
        }
    )
    assert made.problem is None
    assert made.command == ("npx", "server-github", "--root", "docs-folder")
    assert made.env == {
        "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_exampletoken1234",
        "AGAIN": "ghp_exampletoken1234",
    }
    assert made.cwd == "/ws" and "ghp_exampletoken1234" in made.secrets
    assert spec({"id": "x", "command": ["srv"], "cwd": "${DOCS}/sub"}).cwd == "/ws/docs-folder/sub"


def test_http_sends_the_credential_as_a_bearer_token(tmp_path):
    (tmp_path / "secrets").mkdir()
    (tmp_path / "secrets" / "token.txt").write_text("tok-from-a-file\n", encoding="utf-8")
    made = spec(
        {
            "id": "web",
            "transport": "http",
            "endpoint": "http://127.0.0.1:9/mcp",
            "credentials_ref": "disk",
            "headers": {"X-Team": "${DOCS}"},
        },
        tmp_path,
    )
    assert made.headers == {"X-Team": "docs-folder", "Authorization": "Bearer tok-from-a-file"}


def test_what_cannot_be_filled_in_is_a_reason_not_a_start():
    assert spec({"id": "a", "command": ["srv", "${NOPE}"]}).problem == "environment variable NOPE is not set"
    assert spec({"id": "b", "command": ["srv"], "env": {"T": "{credential.vault}"}}).problem == (
        "credential vault comes from hashicorp-vault, which swarmkit run cannot read (it reads env and file)"
    )
    assert spec(
        {"id": "c", "transport": "http", "endpoint": "http://h/mcp", "credentials_ref": "missing"}
    ).problem == ("credential missing is not declared under credentials")
    assert spec({"id": "d", "command": ["srv"], "sandboxed": True}).problem == (
        "sandboxed: true asks for a container, which swarmkit run cannot provide; it is not run outside one"
    )
    assert spec({"id": "e", "command": []}).problem == "it declares no command"


def test_the_credentials_the_servers_name():
    servers = [
        {"id": "a", "command": ["x"], "credentials_ref": "gh"},
        {"id": "b", "command": ["x"], "env": {"K": "{credential.disk}"}},
    ]
    assert credentials_used(servers) == {"gh", "disk"}
    assert list(server_specs(servers, CREDENTIALS, Path("/ws"), ENV)) == ["a", "b"]

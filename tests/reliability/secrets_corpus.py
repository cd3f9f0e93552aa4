"""Secret-shaped values of every redaction family in prose, code, URLs and JSON, and a benign corpus.

Every generated value is unique (seeded), so a leak names the item that leaked: `core` is the part
of the value that must never reach the memory folder.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass


@dataclass(frozen=True)
class Secret:
    family: str
    context: str
    text: str
    core: str

    @property
    def id(self) -> str:
        return f"{self.family}/{self.context}"


_rng = random.Random(20261130)


def _chars(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def _b64(n: int) -> str:
    return _chars(n, string.ascii_letters + string.digits + "+/")


def _values() -> list[tuple[str, callable]]:
    """(family, make) where make() returns (value, core): a fresh value per context."""
    upper = string.ascii_uppercase + string.digits

    def private_key():
        body = _b64(64)
        kind = _rng.choice(["RSA ", "EC ", "OPENSSH ", ""])
        return (f"-----BEGIN {kind}PRIVATE KEY----- MIIEvQIBADANBg{body} -----END {kind}PRIVATE KEY-----", body)

    def jwt():
        sig = _chars(43, string.ascii_letters + string.digits + "_-")
        return (f"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIx{_chars(20)}.{sig}", sig)

    def one(prefix: str, n: int, alphabet: str = string.ascii_letters + string.digits):
        def make():
            core = _chars(n, alphabet)
            return prefix + core, core
        return make

    def slack_hook():
        core = _chars(24)
        return f"https://hooks.slack.com/services/T0{_chars(8, upper)}/B0{_chars(8, upper)}/{core}", core

    def bearer():
        core = _chars(32, string.ascii_letters + string.digits + "._-")
        return f"Bearer {core}", core

    def url_credentials():
        core = _chars(14)
        return f"postgres://deploy:{core}@db.internal:5432/app", core

    def password_assignment():
        core = _chars(12) + "!9"
        return f"password={core}", core

    def api_key_assignment():
        core = _chars(24)
        return f'api_key: "{core}"', core

    def token_assignment():
        core = _chars(30)
        return f"token = '{core}'", core

    def aws_secret_assignment():
        core = _chars(40, string.ascii_letters + string.digits + "/+")
        return f"aws_secret_access_key={core}", core

    return [
        ("private key", private_key),
        ("jwt", jwt),
        ("github classic", one("ghp_", 36)),
        ("github fine-grained", one("github_pat_11", 70, string.ascii_letters + string.digits + "_")),
        ("openai", one("sk-proj-", 48, string.ascii_letters + string.digits + "_-")),
        ("openai legacy", one("sk-", 48)),
        ("anthropic", one("sk-ant-api03-", 80, string.ascii_letters + string.digits + "_-")),
        ("slack token", one("xoxb-1234567890-", 24)),
        ("slack webhook", slack_hook),
        ("aws access key id", one("AKIA", 16, upper)),
        ("google api key", one("AIza", 35, string.ascii_letters + string.digits + "_-")),
        ("google oauth", one("ya29.", 60, string.ascii_letters + string.digits + "_-")),
        ("google client secret", one("GOCSPX-", 28, string.ascii_letters + string.digits + "_-")),
        ("bearer", bearer),
        ("url credentials", url_credentials),
        ("password=", password_assignment),
        ("api_key:", api_key_assignment),
        ("token =", token_assignment),
        ("aws secret assignment", aws_secret_assignment),
    ]


def _contexts(value: str) -> dict[str, str]:
    return {
        "prose": f"For the staging deploy the team uses {value} until the rotation on Friday",
        "code": f'client = connect(host="db.internal", credential="{value}")  # staging only',
        "url": (f"Callback is https://ci.example.com/hook?auth={value}&run=12 for the nightly job"
                if "://" not in value else f"The service connects to {value} for nightly reports"),
        "json": "The staging config is " + json.dumps({"region": "eu-west-1", "credential": value}),
    }


def secrets() -> list[Secret]:
    out = []
    for family, make in _values():
        for context in ("prose", "code", "url", "json"):
            value, core = make()
            out.append(Secret(family, context, _contexts(value)[context], core))
    return out


# Things a team writes down that look like secrets to a careless pattern, but are not.
BENIGN = [
    "Deploys go through staging first, then production after a manual check",
    "Rotate the API key every 90 days and record who rotated it",
    "Passwords must be at least 12 characters long",
    "Store the database password in the vault, never in git",
    "The api_key field is required in config.yaml",
    "Set api_key=$OPENAI_API_KEY from the environment, never a literal",
    "In code, read the password with password = os.environ['DB_PASSWORD']",
    "Bearer tokens for the internal API expire after one hour",
    "Use bearer authentication for every internal service",
    "The token bucket allows 100 requests per minute per client",
    "The docs live at https://docs.example.com/guide/memory",
    "Clone the repo with git@github.com:acme/platform.git",
    "The database is at postgres://db.internal:5432/app and has no public address",
    "The AWS region for the cluster is eu-west-1",
    "Key insight: latency dominates cost for the search endpoint",
    "Password reset emails go out within 5 minutes",
    "The secret sauce of the ranking is a recency boost",
    "token: expires hourly and is refreshed by the sidecar",
    "The keyboard shortcut for search is ctrl-k",
    "The model allows max_tokens=4096 per request",
    "Keep max_tokens: 1024 for the summariser agent",
    "Budget: input_tokens=1200 and output_tokens=300 per step",
    "The password field on the login form is masked",
    "JWT headers start with eyJ because they are base64 JSON",
    "Git commit 3f9a2b1c4d5e6f708192a3b4c5d6e7f8091a2b3c is the release",
    "Request id 123e4567-e89b-12d3-a456-426614174000 failed at 14:02",
    "Use the primary_key: user_id convention in every table",
    "Slack channel #deploys gets every release note",
    "The OAuth refresh token lives in the OS keychain",
    "The secret: none is checked into this repository",
    "Prefers scikit-learn for baselines and PyTorch for the rest",
    "AKIA is the prefix of AWS access key ids, so scanners look for it",
    "The AIza prefix marks Google API keys",
    "Authorization: Bearer <token> is the header format",
    'In Python, headers = {"Authorization": f"Bearer {token}"}',
    "Call token = get_token(session) before each request",
    "The password manager is 1Password, shared vault Engineering",
    "sk-learn is a typo for scikit-learn that shows up in issues",
    "Version 2.3.1 fixed the login bug on Safari",
    "Lives in Lisbon and works with Helix as the editor",
    "The session timeout is 30 minutes of inactivity",
    "Rate limit: 600 requests per minute per token",
    "The pwd of the build is /srv/build/app",
    "Meeting notes: passkeys replace passwords for admins next quarter",
    "The config key is memory.reader.max_results",
]

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
        return (
            f"-----BEGIN {kind}PRIVATE KEY----- MIIEvQIBADANBg{body} -----END {kind}PRIVATE KEY-----",
            body,
        )

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

    def card_number():
        prefix = _rng.choice(["4", "51", "55", "2221", "37", "6011", "3528"])
        length = 15 if prefix == "37" else 16
        body = prefix + _chars(length - len(prefix) - 1, string.digits)
        digits = body + str(_luhn_digit(body))
        grouped = " ".join(digits[i : i + 4] for i in range(0, len(digits), 4))
        return grouped, grouped

    def iban():
        country, length = _rng.choice([("DE", 22), ("GB", 22), ("FR", 27), ("NL", 18), ("ES", 24)])
        bban = (
            _chars(4, string.ascii_uppercase) + _chars(length - 8, string.digits)
            if country in ("GB", "NL")
            else _chars(length - 4, string.digits)
        )
        value = country + _iban_check(country, bban) + bban
        return value, value

    def ssn():
        value = f"{_rng.randint(1, 665):03d}-{_rng.randint(1, 99):02d}-{_rng.randint(1, 9999):04d}"
        return value, value

    def stripe():
        core = _chars(24)
        return f"{_rng.choice(['sk', 'rk'])}_live_{core}", core

    def basic_auth():
        import base64

        core = base64.b64encode(f"deploy:{_chars(12)}".encode()).decode()
        return f"Authorization: Basic {core}", core

    def keyed(key, separator):
        core = _chars(14) + "7"
        return f"{key}{separator}{core}", core

    def url_empty_user():
        core = _chars(16)
        return f"redis://:{core}@cache.internal:6379/0", core

    def url_at_password():
        core = _chars(6) + "@" + _chars(6)
        return f"postgres://app:{core}@db.internal/app", core

    def mysql_p():
        core = _chars(12)
        return f"mysql -u root -p{core} orders", core

    def stated(words, core):
        return words + core, core

    def passphrase():
        words = " ".join(
            _rng.choice(
                [
                    "amber",
                    "falcon",
                    "river",
                    "quartz",
                    "meadow",
                    "lantern",
                    "pepper",
                    "violet",
                    "harbor",
                    "cobalt",
                ]
            )
            for _ in range(4)
        )
        return f"my passphrase is {words}", words

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
        # issue 9: the families a red-team pass found missing
        ("card number", card_number),
        ("iban", iban),
        ("us ssn", ssn),
        ("stripe", stripe),
        ("npm", one("npm_", 36)),
        ("basic auth header", basic_auth),
        (
            "camelCase key",
            lambda: keyed(
                _rng.choice(
                    ["dbPassword", "awsSecretAccessKey", "mysqlRootPassword", "clientSecret", "authToken"]
                ),
                ": ",
            ),
        ),
        (
            "prefixed env key",
            lambda: keyed(
                _rng.choice(["PGPASSWORD", "MYSQL_PWD", "REDIS_PASSWORD", "DJANGO_SECRET_KEY"]), "="
            ),
        ),
        ("url empty user", url_empty_user),
        ("url password with @", url_at_password),
        ("mysql -p", mysql_p),
        ("pin in prose", lambda: stated("my PIN is ", _chars(4, string.digits))),
        (
            "short password in prose",
            lambda: stated("my password is ", _chars(3, "ghjkmnpqrstuvwxyz") + _chars(1, "23456789")),
        ),
        ("passphrase in prose", passphrase),
    ]


def _luhn_digit(body: str) -> int:
    total = 0
    for index, char in enumerate(reversed(body)):
        value = int(char) * (2 if index % 2 == 0 else 1)
        total += value - 9 if value > 9 else value
    return (10 - total % 10) % 10


def _iban_check(country: str, bban: str) -> str:
    number = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    return f"{98 - number % 97:02d}"


def _contexts(value: str) -> dict[str, str]:
    return {
        "prose": f"For the staging deploy the team uses {value} until the rotation on Friday",
        "code": f'client = connect(host="db.internal", credential="{value}")  # staging only',
        "url": (
            f"Callback is https://ci.example.com/hook?auth={value}&run=12 for the nightly job"
            if "://" not in value
            else f"The service connects to {value} for nightly reports"
        ),
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
    # prose about passwords, keys and tokens
    "Use a password manager and never reuse a password across sites",
    "The password policy asks for 14 characters and one symbol",
    "Password rotation happens every quarter for service accounts",
    "The password is stored in 1Password under the Ops vault",
    "Her password was reset by the help desk on Monday",
    "The token was revoked after the contractor left",
    "API keys are scoped per environment: dev, staging, prod",
    "The secret is kept in AWS Secrets Manager, never in the repo",
    "Rotate the signing key when a maintainer leaves the project",
    "The PIN pad at the front door was replaced last week",
    "Two-factor codes come from the authenticator app, not SMS",
    "The passphrase must be at least five words long",
    "Forgot password links expire after 30 minutes",
    "The tokenizer splits words into subword units",
    "Keyboard shortcuts: ctrl-p opens the command palette",
    "The key takeaway: cache invalidation caused the outage",
    "Session cookies are marked HttpOnly and Secure",
    "The secrets: block in the workflow file lists required names only",
    "The token limit for the summariser is 8k",
    "Password: see the vault entry named staging-db",
    "The API key is passed via the X-Api-Key header, set from the environment",
    "Give the password to Alice in person, never over chat",
    "Send the token to the billing service over mTLS",
    "The door code changes every month; ask reception",
    "Passkeys replace passwords for the admin console",
    "The pin on the map marks the Lisbon office",
    "Pin the dependency to version 4.2 until the fix lands",
    "Secret Santa draw is on December 1st",
    "The key is in the lockbox at the reception desk",
    "Our social security number field is validated client side",
    # code identifiers and references
    "password_hash = bcrypt.hashpw(password.encode(), salt)",
    "if not user.check_password(form.password.data): abort(401)",
    "token = request.headers.get('Authorization')",
    "api_key = os.getenv('STRIPE_API_KEY')",
    "DATABASE_PASSWORD: ${{ secrets.DATABASE_PASSWORD }}",
    "password_min_length = 12",
    "export PGPASSFILE=~/.pgpass",
    "def rotate_secret(secret_id: str) -> None:",
    "The function get_api_key() reads from the keychain",
    "Set SECRET_KEY from settings.SECRET_KEY in production",
    "const token = await getToken(user)",
    "password: str = Field(min_length=12)",
    "headers['Authorization'] = 'Bearer ' + token",
    "The env var is OPENAI_API_KEY; the code reads it with os.environ",
    "session_timeout_minutes = 30",
    "token_expiry_seconds: 3600",
    "key_id: the field that names the signing key",
    "primary_key: order_id",
    "cache_key = f'user:{user_id}'",
    "The --password-file flag reads the password from a file",
    "Run mysql -u root -p and type the password at the prompt",
    "docker run -p 8080:80 nginx",
    "mkdir -p build/output && make",
    'curl -u "$USER:$TOKEN" https://api.example.com',
    "openssl req -new -key server.key -out server.csr",
    "ssh-keygen -t ed25519 -C work-laptop",
    "git log --author=alice --since=2026-01-01",
    "kubectl get secret db-credentials -o yaml",
    # identifiers that look random but are not secrets
    "Git commit 9fceb02d0ae598e95dc970b74767f19372d61af8 added the retry",
    "Merged as a1b2c3d in the release branch",
    "Trace id 4bf92f3577b34da6a3ce929d0e0e4736 shows the slow span",
    "Build 2026.11.30-rc.2 passed all checks",
    "Docker image sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "UUID f47ac10b-58cc-4372-a567-0e02b2c3d479 is the tenant id",
    "The S3 bucket is acme-prod-logs-eu-west-1",
    "Ticket JIRA-4821 tracks the migration",
    "Order number 4000123456 shipped on 2026-11-28",
    "Invoice INV-2026-000187 is due on December 15",
    "Tracking number 1Z999AA10123456784 with UPS",
    "Call the office at +1 415 555 2671 or +44 20 7946 0958",
    "Her phone is (415) 555-0132, ext. 42",
    "Flight TP1347 departs at 07:55 from gate 12",
    "The meeting is on 2026-12-03 at 14:30 CET",
    "Version 3.11.7 of Python is the baseline",
    "Postgres 16.2 runs on port 5432",
    "The cluster has 12 nodes and 384 vCPUs",
    "ISBN 978-0-306-40615-7 is the style guide",
    "The office is at 221B Baker Street, London NW1 6XE",
    "Epoch 1764547200000 is midnight on Dec 1st 2026",
    "Measured p99 latency of 412 ms at 1,250 requests per second",
    "The dataset has 1234567890123 rows after dedupe",
    "Part number 4711-0815-2231 is the replacement fan",
    "Room 3.14 on floor 2 hosts the standup",
    "IP 10.20.30.40 is the bastion; 192.168.1.1 the router",
    "MAC address 00:1A:2B:3C:4D:5E belongs to the printer",
    "The CIDR block is 10.0.0.0/16",
    "Coordinates 38.7223, -9.1393 are central Lisbon",
    "Base64 of 'hello world' is aGVsbG8gd29ybGQ=",
    "The color is #1E90FF in the brand guide",
    "Semver range ^2.4.0 allows minor updates",
    "The release notes cite CVE-2024-3094 in xz",
    "Bank holiday on 25/12; office closes at 17:00",
    "The invoice total was EUR 4,111.11 including VAT",
    "Employee number 004512 starts on Monday",
    "Product code SKU-88123-BLK is out of stock",
    "Parcel 5555 5555 arrived damaged",
    "Account page: https://console.example.com/settings/api-keys",
    "Clone https://github.com/acme/platform.git and run make",
    "Email alice@example.com or bob.smith@example.org",
    "Proxy is http://proxy.internal:3128 for outbound traffic",
    "The webhook goes to https://hooks.example.com/deploy?env=staging",
    "See https://medium.com/@acme/how-we-ship for the write-up",
    "mailto:support@example.com is on the contact page",
    "ssh deploy@10.0.0.12 -p 2222",
    "Connect with psql -h db.internal -U app -d orders",
    "The SFTP host is sftp://files.example.com:22/incoming",
    "Redis runs at redis://cache.internal:6379/0 without auth on the private network",
    "Prefers dark mode and a 120-column editor",
    "Works from Lisbon, usually 9:00 to 17:30 Lisbon time",
    "Speaks Portuguese, English and some German",
    "Deploys on Tuesdays and Thursdays only",
    "The retro is every second Friday at 16:00",
    "Use pytest -k test_login -x to run the login tests",
    "Budget for Q1 is 40,000 EUR; Q2 is 45,000 EUR",
    "The coffee machine code of conduct: clean up after yourself",
    "Key results: churn down 2%, NPS up 6 points",
    "The secret ingredient in the soup is smoked paprika",
    "Token Ring networks were replaced in the 1990s",
    "The recovery plan has 3 phases over 6 weeks",
    "The access log rotates daily at 00:00 UTC",
    # look-alikes found while generalising the rules (each once altered by a draft of them)
    "The PIN code must be 4 digits",
    "Reset your password at https://id.example.com/reset",
    "The token is valid for 3600 seconds",
    "Pass the key to the function as a keyword argument",
    "Card payments go through Stripe; we never store card numbers",
    "Tax ID is required for invoices",
    "pin: true in the config pins the version",
    "The secret to good coffee is fresh beans",
    "password: 12 characters minimum",
    "Salt: Himalayan pink, from the deli on Rua Augusta",
    "Authorization: Bearer is required on every call",
    "The password policy: 12 chars, 1 symbol",
    "the wifi password is on the fridge",
    "My username is alice and my password is in Bitwarden",
    "secret_name: prod-db-password",
    "password_file: /run/secrets/db",
    "api_key_env: OPENAI_API_KEY",
    "echo $TOKEN | docker login --password-stdin",
    "token_type: bearer",
    "grant_type=password in the OAuth request",
    "The pin is 2.5 mm wide",
    "Forgot password flow needs a new email template",
    "Using password manager software is mandatory",
    "API token rotation is planned for 2025-11-30",
    "The combination of both approaches works best",
    # codes and passwords named in prose that are not secrets
    "The dress code for the offsite is casual",
    "Our area code is 089 since the move to Munich",
    "The zip code for the new office is 94107",
    "The error code is 404 when the page is missing",
    "The code is on GitHub under the team organisation",
    "The country code for Portugal is 351",
    "The winning combination is 3-1 after extra time",
    "La contraseña es obligatoria para entrar al portal",
    "Le mot de passe du wifi est affiché sur la box",
    "Das Passwort ist erforderlich, auch im Büro",
]


# Shapes a review held out from the rules above and found kept verbatim: (family, text, secret part).
HELD_OUT = [
    Secret(family, "prose", text, core)
    for family, text, core in [
        (
            "mailgun",
            "our mailgun key is key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
            "3ax6xnjp29jd6fds4gc373sgvjxteol0",
        ),
        (
            "telegram bot",
            "the alert bot is 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
            "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
        ),
        (
            "bitcoin wif",
            "my cold wallet is 5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ",
            "5HueCGU8rMjxEXxiPuD5BD",
        ),
        ("door code", "the door code for the lab is Kx72mq", "Kx72mq"),
        ("combination", "the vault combination is 12-34-56", "12-34-56"),
        ("french password", "Le mot de passe du wifi est soleil2024", "soleil2024"),
        ("spanish password", "La contraseña del banco es Perro#77", "Perro#77"),
        ("portuguese password", "A senha do banco é gato2024", "gato2024"),
        ("german password", "Das Passwort für das WLAN lautet Sonne#42", "Sonne#42"),
        ("dutch password", "Het wachtwoord voor de router is fiets99", "fiets99"),
        (
            "jwt in two parts",
            "the session was eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0",
            "eyJzdWIiOiIxMjM0NTY3ODkwIn0",
        ),
    ]
]

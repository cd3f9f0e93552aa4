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
    # issue 18: look-alikes of the new families (mnemonics, word lists, hashes and ids, prose about
    # sessions, 2FA, recovery codes, seed phrases and card codes, password policies in other
    # languages, ways of signing in, query strings without credentials, recipes)
    "A mnemonic for the planets: My Very Educated Mother Just Served Us Nachos",
    "The mnemonic is My Very Educated Mother Just Served Us Nachos",
    "Please Excuse My Dear Aunt Sally is the order of operations",
    "Every Good Boy Deserves Fudge names the lines of the treble clef",
    "Never Eat Shredded Wheat gives the compass points clockwise",
    "Richard Of York Gave Battle In Vain is the rainbow mnemonic",
    "Kings Play Chess On Fine Glass Sets: kingdom, phylum, class, order, family, genus, species",
    "Shopping list: apple, banana, orange, lemon, bread, butter, cheese, milk, sugar, salt, pepper, rice",
    "Pack for the trip: tent, stove, water, rope, map, torch, knife, jacket, boots, hat, gloves, camera",
    "Colours for the deck: black, blue, brown, gold, gray, green, orange, pink, purple, red, silver, yellow",
    "Animals in the picture book: cat, dog, horse, cow, pig, sheep, goat, duck, chicken, rabbit, mouse, fox",
    "Spelling words this week: Ocean, River, Forest, Desert, Island, Valley, Canyon, Meadow, Glacier, Volcano, Planet, Comet",
    "Recipe: whisk two eggs with sugar, fold in flour, bake at 180 C for 25 minutes",
    "Pancakes: 200 g flour, 2 eggs, 300 ml milk, a pinch of salt, butter for the pan",
    "Soup: onion, carrot, celery, garlic, tomato, lentils, cumin and a bay leaf, simmer 40 minutes",
    "The sourdough starter needs feeding every 12 hours at 24 degrees",
    "Marinate the chicken in lemon, garlic and olive oil for 2 hours",
    "Git SHA 4b825dc642cb6eb9a060e54bf8d69288fbee4904 is the empty tree",
    "Commit e83c5163316f89bfbd7d9ab23ca2e25604af2900 is the first commit of git",
    "The short SHA 1a2b3c4 is enough to check out the fix",
    "MD5 of the installer is 9e107d9d372bb6826bd81d3542a419d6",
    "SHA-1 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12 matches the download",
    "SHA-256 of the archive: 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03",
    "bcrypt hashes look like $2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PBBkqquzi.Ss7KIUgO2t0jWMUW",
    "UUID 3fa85f64-5717-4562-b3fc-2c963f66afa6 is the sample tenant",
    "Correlation id 7d3b2c1a-9e8f-4a6b-b5c4-d3e2f1a0b9c8 links the logs",
    "The object id 64f1a2b3c4d5e6f708192a3b is a MongoDB ObjectId",
    "Customer id cus_Q2w3E4r5T6y7U8 is a Stripe customer, not a key",
    "Slack user id U024BE7LH and channel id C024BE91L",
    "The device serial is C02XK1ZYJGH5 on the sticker",
    "AWS account 123456789012 hosts the staging stack",
    "The ARN arn:aws:iam::123456789012:role/deploy is assumed by CI",
    "The session timeout is 30 minutes",
    "The sessionid cookie is HttpOnly and Secure",
    "Express stores the connect.sid cookie signed with the session secret",
    "Django's csrftoken cookie is readable by JavaScript",
    "Set SESSION_COOKIE_AGE to 1209600 seconds",
    "The JSESSIONID is reset after login to prevent session fixation",
    "PHPSESSID cookies are deleted when the browser closes",
    "Cookie consent banner: accept, reject or customise",
    "The laravel_session cookie name can be changed in config/session.php",
    "A session id should have at least 64 bits of entropy",
    "Sessions are stored in Redis with a 24 hour TTL",
    "Use the authenticator app for 2FA codes",
    "The 2FA setup page shows a QR code and a text key",
    "Enable TOTP on the admin account before Friday",
    "MFA is mandatory for everyone in the AWS ORGANIZATION",
    "TOTP codes are 6 digits and change every 30 seconds",
    "The OTP arrives by SMS within a minute",
    "Authenticator apps: Google Authenticator, Authy, 1Password, Aegis",
    "Two-factor authentication protects the admin console",
    "Backup codes are stored in the team vault",
    "Recovery codes work only once each",
    "Print your backup codes and keep them somewhere safe",
    "Keep the recovery codes for the root account in the safe",
    "GitHub gives 16 recovery codes when you enable 2FA",
    "Recovery codes: regenerate them after you use the last one",
    "Backup codes are 8 digits long",
    "The backup of the codes repository runs nightly",
    "パスワードは8文字以上にしてください",
    "パスワードは金庫に保管しています",
    "密码长度至少为12个字符",
    "密码已于2024-05-01更改",
    "비밀번호는 금고에 있습니다",
    "كلمة المرور مطلوبة",
    "सभी पासवर्ड 12 अक्षरों के होने चाहिए",
    "kata sandi harus 8 karakter",
    "mật khẩu có ít nhất 12 ký tự",
    "şifre politikası 12 karakter",
    "пароль должен быть не короче 12 символов",
    "Η πολιτική κωδικών ζητά 12 χαρακτήρες",
    "הסיסמה נשמרת בכספת של הצוות",
    "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร",
    "Use SSO to log in to the dashboard",
    "use 1Password to sign in",
    "Use ssh-agent to connect to the servers",
    "Log in with Google or GitHub",
    "Sign in with your badge at the front desk",
    "Try again to log in after five minutes",
    "use v2.3.1 to connect to the new API",
    "Use port 8080 to connect to the proxy",
    "log in with your SSO account",
    "Use the VPN to access the intranet",
    "Try Ctrl+Alt+Del to unlock the workstation",
    "Open the file with bzip2 to read it",
    "The login is handled by Okta",
    "Use your employee number to sign in to the canteen app",
    "https://example.com/search?q=passwords&page=2&sort=desc",
    "https://github.com/acme/app/commit?sha=9fceb02d0ae598e95dc970b74767f19372d61af8",
    "https://example.com/track?utm_source=newsletter&utm_campaign=spring2026",
    "https://example.com/r?id=f47ac10b-58cc-4372-a567-0e02b2c3d479",
    "https://example.com/api?version=2026-11-30&format=json",
    "https://example.com/login?redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback&state=abc",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "https://maps.example.com/?lat=38.7223&lng=-9.1393&zoom=12",
    "https://shop.example.com/cart?item=SKU-88123-BLK&qty=2",
    "Pass the api_key parameter in the query string, never in the path",
    "The signature parameter sig= is computed by the SDK",
    "The CVV is the three digits on the back of the card",
    "The CID on an Amex is four digits on the front",
    "Caller CID 4821 was logged by the PBX",
    "The alarm security code changes monthly",
    "CVV must be 3 or 4 digits",
    "Card number field accepts 16 digits",
    "Never store the CVV after authorisation, PCI DSS forbids it",
    "The card reader at the till is model 3200",
    "Card games night: 8 players, 2 tables",
    "abandon ship is what the captain said at 3 am",
    "Write down your seed phrase on paper and keep it offline",
    "A BIP-39 phrase has 12 or 24 words from a list of 2048",
    "The wallet asks for the recovery phrase only when you restore it",
    "Never type your seed phrase into a website",
    "Cookie recipe: 250 g butter, 200 g sugar, 2 eggs, 300 g flour, chocolate chips",
    "The fortune cookie said: a journey of a thousand miles begins with a single step",
    "We ran 12 sessions of user research in November",
    "Session 3 of the workshop covers consent and privacy",
    "Her recovery after surgery took 6 weeks",
    "The backup plan: code freeze on Friday, release on Monday",
    "Authentication service latency p95 is 180 ms",
    "The router admin page is at 192.168.0.1",
    "Wi-Fi network name: Office-5G, ask IT for access",
    "The token of appreciation was a bottle of port",
    "Use the staircase to get in after 22:00",
    "Log in to the portal and open Settings, then Security",
    "Try the new espresso machine to wake up",
    "la clave del éxito es la constancia",
    "La clave de sol se escribe en el pentagrama",
    "Nywila lazima iwe na herufi 8",
    "Type your name in the login field",
    "Use Tab at the login screen to move between fields",
    "when prompted, type your name",
    "enter 2024 when asked for the year",
    "Use Y when prompted to confirm",
    "type ls -la when prompted",
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


# Issue 18: one line per shape of each new family, and exactly the text screening leaves of it
# Each keeps words around its secrets, so none is refused as nothing but a secret.
FAMILY_CASES = [
    (
        "session cookie",
        "my connect.sid cookie is s%3Aq8Zr2LmVb1pXwT6k.Hf3nJ7sQ0aYc5dEg9uWi",
        "my connect.sid cookie is [REDACTED_SECRET]",
    ),
    ("session cookie", "PHPSESSID=9k2j3h4g5f6d7s8a9q0w1e2r3t", "PHPSESSID=[REDACTED_SECRET]"),
    (
        "session cookie",
        "Set-Cookie: JSESSIONID=4F1A2B3C4D5E6F708192A3B4C5D6E7F8; Path=/",
        "Set-Cookie: JSESSIONID=[REDACTED_SECRET]; Path=/",
    ),
    (
        "session cookie",
        "the laravel_session value is eyJpdiI6IkxxZ2VuZ3R4In0abc123",
        "the laravel_session value is [REDACTED_SECRET]",
    ),
    ("session cookie", "ASP.NET_SessionId: ab3cd4ef5gh6ij7kl8mn9op0", "ASP.NET_SessionId: [REDACTED_SECRET]"),
    (
        "session cookie",
        "Django's sessionid was x7k2m9p4q8r1s5t3u6v0w2y4z8a1b3c5 when it broke",
        "Django's sessionid was [REDACTED_SECRET] when it broke",
    ),
    (
        "session cookie",
        '{"_myapp_session": "BAh7CEkiD3Nlc3Npb25faWQGOgZFVEkiRTdl"}',
        '{"_myapp_session": "[REDACTED_SECRET]"}',
    ),
    (
        "session cookie",
        "rack.session=BAh7B0kiD3Nlc3Npb25faWQGOgZFVA%3D%3D--4f2a9c",
        "rack.session=[REDACTED_SECRET]",
    ),
    (
        "session cookie",
        "Staging broke after __Secure-next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x9Yq",
        "Staging broke after __Secure-next-auth.session-token=[REDACTED_SECRET]",
    ),
    ("totp seed", "my 2FA seed is JBSWY3DPEHPK3PXP", "my 2FA seed is [REDACTED_SECRET]"),
    (
        "totp seed",
        "The TOTP secret for the admin account: JBSW Y3DP EHPK 3PXP KQ4A",
        "The TOTP secret for the admin account: [REDACTED_SECRET]",
    ),
    (
        "totp seed",
        "Authenticator key (GitHub): 6l3p qwxy 2bcd efgh ijkl mnop",
        "Authenticator key (GitHub): [REDACTED_SECRET]",
    ),
    (
        "totp seed",
        "OTGJUYDV3Q7HMNB5 is the MFA secret for the AWS root user",
        "[REDACTED_SECRET] is the MFA secret for the AWS root user",
    ),
    (
        "recovery codes",
        "backup codes: 1234-5678, 2345-6789, 3456-7890 and 4567-8901",
        "backup codes: [REDACTED_SECRET], [REDACTED_SECRET], [REDACTED_SECRET] and [REDACTED_SECRET]",
    ),
    (
        "recovery codes",
        "Recovery codes for GitHub are a1b2c-3d4e5 f6g7h-8i9j0 k1l2m-3n4o5",
        "Recovery codes for GitHub are [REDACTED_SECRET] [REDACTED_SECRET] [REDACTED_SECRET]",
    ),
    (
        "recovery codes",
        "My Google backup codes:\n8472 1934\n2290 5531\n7710 0042",
        "My Google backup codes:\n[REDACTED_SECRET]\n[REDACTED_SECRET]\n[REDACTED_SECRET]",
    ),
    (
        "recovery codes",
        "scratch codes = 48392017; 59201834; 60318475 (keep offline)",
        "scratch codes = [REDACTED_SECRET]; [REDACTED_SECRET]; [REDACTED_SECRET] (keep offline)",
    ),
    (
        "recovery phrase",
        "my wallet words: abandon ability able about above absent absorb abstract absurd abuse access accident",
        "my wallet words: [REDACTED_SECRET]",
    ),
    (
        "recovery phrase",
        "restore with legal winner thank year wave sausage worth useful legal winner thank yellow",
        "restore with [REDACTED_SECRET]",
    ),
    (
        "recovery phrase",
        "Ledger backup, keep it safe: zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote",
        "Ledger backup, keep it safe: [REDACTED_SECRET]",
    ),
    (
        "recovery phrase",
        "Paper copy from 2019: 1. letter 2. advice 3. cage 4. absurd 5. amount 6. doctor 7. acoustic "
        "8. avoid 9. letter 10. advice 11. cage 12. above",
        "Paper copy from 2019: 1. [REDACTED_SECRET]",
    ),
    ("password in japanese", "パスワードはsakura2024です", "パスワードは[REDACTED_SECRET]です"),
    ("password in japanese", "WiFiのパスワード：Tokyo#2024", "WiFiのパスワード：[REDACTED_SECRET]"),
    ("password in chinese", "我的邮箱密码为 Beijing@88", "我的邮箱密码为 [REDACTED_SECRET]"),
    ("password in chinese", "密碼是 Taipei101x", "密碼是 [REDACTED_SECRET]"),
    ("password in korean", "비밀번호는 seoul1234입니다", "비밀번호는 [REDACTED_SECRET]입니다"),
    ("password in arabic", "كلمة المرور هي Cairo2024x", "كلمة المرور هي [REDACTED_SECRET]"),
    ("password in hebrew", "הסיסמה שלי היא TelAviv99", "הסיסמה שלי היא [REDACTED_SECRET]"),
    ("password in greek", "ο κωδικός μου είναι Athens#21", "ο κωδικός μου είναι [REDACTED_SECRET]"),
    ("password in hindi", "मेरा पासवर्ड Delhi@123 है", "मेरा पासवर्ड [REDACTED_SECRET] है"),
    ("password in bengali", "আমার পাসওয়ার্ড হল Dhaka2024", "আমার পাসওয়ার্ড হল [REDACTED_SECRET]"),
    ("password in urdu", "میرا پاس ورڈ Lahore#55 ہے", "میرا پاس ورڈ [REDACTED_SECRET] ہے"),
    ("password in persian", "رمز عبور من Tehran1400 است", "رمز عبور من [REDACTED_SECRET] است"),
    (
        "password in indonesian",
        "kata sandi saya adalah Jakarta#45",
        "kata sandi saya adalah [REDACTED_SECRET]",
    ),
    ("password in malay", "kata laluan wifi ialah Kuala88x", "kata laluan wifi ialah [REDACTED_SECRET]"),
    ("password in vietnamese", "mật khẩu wifi là Hanoi2024", "mật khẩu wifi là [REDACTED_SECRET]"),
    ("password in thai", "รหัสผ่านคือ Bangkok99", "รหัสผ่านคือ [REDACTED_SECRET]"),
    ("password in turkish", "Şifrem Istanbul#34", "Şifrem [REDACTED_SECRET]"),
    ("password in turkish", "wifi şifresi: Ankara06x", "wifi şifresi: [REDACTED_SECRET]"),
    ("password in swahili", "nenosiri langu ni Nairobi254", "nenosiri langu ni [REDACTED_SECRET]"),
    ("password in russian", "мой пароль от почты — Moskva2024", "мой пароль от почты — [REDACTED_SECRET]"),
    ("password in filipino", "ang password ko ay Manila#63", "ang password ko ay [REDACTED_SECRET]"),
    ("password in polish", "moje hasło to Krakow#12", "moje hasło to [REDACTED_SECRET]"),
    ("password in tamil", "என் கடவுச்சொல் Chennai600", "என் கடவுச்சொல் [REDACTED_SECRET]"),
    ("instruction", "use Kx72mq!9 to log into the router", "use [REDACTED_SECRET] to log into the router"),
    ("instruction", "try hunter22 to unlock the laptop", "try [REDACTED_SECRET] to unlock the laptop"),
    ("instruction", "log in with admin / Perro#77x", "log in with admin / [REDACTED_SECRET]"),
    ("instruction", "the login is Zq9!mw2p", "the login is [REDACTED_SECRET]"),
    ("instruction", "Sign in to the NAS using Qw3rty!x", "Sign in to the NAS using [REDACTED_SECRET]"),
    ("instruction", "enter 8841 to unlock the phone", "enter [REDACTED_SECRET] to unlock the phone"),
    (
        "query parameter",
        "https://api.openweathermap.org/data/2.5/weather?q=London&appid=b1b15e88fa797225412429c1c50c122a",
        "https://api.openweathermap.org/data/2.5/weather?q=London&appid=[REDACTED_SECRET]",
    ),
    (
        "query parameter",
        'curl "https://example.com/v1/items?api_key=a8f5f167f44f4964e6c998dee827110c&page=2"',
        'curl "https://example.com/v1/items?api_key=[REDACTED_SECRET]&page=2"',
    ),
    (
        "query parameter",
        "Exchange at https://login.example.com/oauth/token?client_id=web&client_secret=Xy7kQ9mP2vL4nR8t",
        "Exchange at https://login.example.com/oauth/token?client_id=web&client_secret=[REDACTED_SECRET]",
    ),
    (
        "query parameter",
        "https://bucket.s3.amazonaws.com/f.pdf?X-Amz-Expires=300&X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
        "https://bucket.s3.amazonaws.com/f.pdf?X-Amz-Expires=300&X-Amz-Signature=[REDACTED_SECRET]",
    ),
    (
        "query parameter",
        "https://x.blob.core.windows.net/c/f?sv=2021-06-08&sig=Hk3%2Bq9Xz7wPqR2mT8vN4lK6jH1gF5dS0aZ%3D",
        "https://x.blob.core.windows.net/c/f?sv=2021-06-08&sig=[REDACTED_SECRET]",
    ),
    (
        "query parameter",
        "https://hooks.example.com/x?foo=Q9wE7rT5yU3iO1pA8sD6fG4hJ2kL0zXc",
        "https://hooks.example.com/x?foo=[REDACTED_SECRET]",
    ),
    ("card security code", "Amex ending 1005, CID 4821", "Amex ending 1005, CID [REDACTED_SECRET]"),
    (
        "card security code",
        "my visa card, CVV 847, exp 12/27",
        "my visa card, CVV [REDACTED_SECRET], exp 12/27",
    ),
    ("card security code", "card security code: 907", "card security code: [REDACTED_SECRET]"),
    (
        "card security code",
        "the CVC on the back of my Mastercard is 552",
        "the CVC on the back of my Mastercard is [REDACTED_SECRET]",
    ),
    # shapes found by trying the families as a red team would (not the issue's)
    ("session cookie", "JSESSIONID 4F1A2B3C4D5E6F708192A3B4C5D6E7F8", "JSESSIONID [REDACTED_SECRET]"),
    (
        "session cookie",
        '[{"domain": ".example.com", "name": "connect.sid", "value": "s%3Aq8Zr2LmVb1pXwT6k.Hf3nJ7sQ0aYc5dEg9uWi"}, {"name": "theme", "value": "dark"}]',
        '[{"domain": ".example.com", "name": "connect.sid", "value": "[REDACTED_SECRET]"}, {"name": "theme", "value": "dark"}]',
    ),
    (
        "recovery codes",
        "recovery codes (keep these safe): 4829-1034, 5591-2287",
        "recovery codes (keep these safe): [REDACTED_SECRET], [REDACTED_SECRET]",
    ),
    (
        "recovery codes",
        "Backup codes\n482910\n559122\n660134",
        "Backup codes\n[REDACTED_SECRET]\n[REDACTED_SECRET]\n[REDACTED_SECRET]",
    ),
    (
        "recovery codes",
        "backup codes are: 1) 123456 2) 234567 3) 345678",
        "backup codes are: 1) [REDACTED_SECRET] 2) [REDACTED_SECRET] 3) [REDACTED_SECRET]",
    ),
    (
        "recovery phrase",
        "Here is what I wrote on the card: Legal Winner Thank Year Wave Sausage Worth Useful Legal Winner Thank Yellow",
        "Here is what I wrote on the card: [REDACTED_SECRET]",
    ),
    (
        "password in japanese",
        "ログイン用のパスワードは「Fuji-san3776」",
        "ログイン用のパスワードは「[REDACTED_SECRET]」",
    ),
    ("password in korean", "비번 qwer1234 (회사 노트북)", "비번 [REDACTED_SECRET] (회사 노트북)"),
    ("password in russian", "Пароль от вайфая — kotik2020", "Пароль от вайфая — [REDACTED_SECRET]"),
    ("password in turkish", "Parolam Kedi#42", "Parolam [REDACTED_SECRET]"),
    ("instruction", "To log into the router, use Kx72mq!9", "To log into the router, use [REDACTED_SECRET]"),
    ("instruction", "unlock the phone with 4821", "unlock the phone with [REDACTED_SECRET]"),
    (
        "instruction",
        "the login for the router is admin/Kx72mq!9",
        "the login for the router is admin/[REDACTED_SECRET]",
    ),
    ("instruction", "log in as admin with Perro#77x", "log in as admin with [REDACTED_SECRET]"),
    (
        "card security code",
        "Card: 4111 1111 1111 1111 12/27 123",
        "Card: [REDACTED_SECRET] 12/27 [REDACTED_SECRET]",
    ),
    (
        "card security code",
        "visa 4111111111111111 exp 09/28 cvc 331",
        "visa [REDACTED_SECRET] exp 09/28 cvc [REDACTED_SECRET]",
    ),
    ("totp seed", "my TOTP key is gezd gnbv gy3t qojq", "my TOTP key is [REDACTED_SECRET]"),
    ("password in spanish", "la clave del wifi es Perro#77", "la clave del wifi es [REDACTED_SECRET]"),
    ("password in swahili", "Nywila yangu ni Mombasa#1", "Nywila yangu ni [REDACTED_SECRET]"),
    ("password in chinese", "我的银行卡密码是 860213", "我的银行卡密码是 [REDACTED_SECRET]"),
    ("password in japanese", "暗証番号は4821です", "暗証番号は[REDACTED_SECRET]です"),
    ("password in ukrainian", "мій пароль — Kyiv2024", "мій пароль — [REDACTED_SECRET]"),
    ("password in hungarian", "a jelszó: Budapest1", "a jelszó: [REDACTED_SECRET]"),
    ("instruction", "Type Kx72mq!9 at the login prompt", "Type [REDACTED_SECRET] at the login prompt"),
    (
        "totp seed",
        "Google Authenticator setup key: w5yv 2q3k m7zp l4xd",
        "Google Authenticator setup key: [REDACTED_SECRET]",
    ),
    (
        "card security code",
        "my card expires 08/29 and the security code is 912",
        "my card expires 08/29 and the security code is [REDACTED_SECRET]",
    ),
    (
        "recovery codes",
        'Staging config: {"recovery_codes": ["1234-5678", "2345-6789", "3456-7890"]}',
        'Staging config: {"recovery_codes": ["[REDACTED_SECRET]", "[REDACTED_SECRET]", "[REDACTED_SECRET]"]}',
    ),
    (
        "recovery codes",
        "In the ops notes, backup_codes: [48392017, 59201834]",
        "In the ops notes, backup_codes: [[REDACTED_SECRET], [REDACTED_SECRET]]",
    ),
    (
        "session cookie",
        "Staging session_cookie: s%3Aq8Zr2LmVb1pXwT6k.Hf3nJ7sQ0aYc5dEg9uWi",
        "Staging session_cookie: [REDACTED_SECRET]",
    ),
    ("instruction", "when prompted, type Kx72mq!9", "when prompted, type [REDACTED_SECRET]"),
    (
        "instruction",
        "just enter 'Kx72mq!9' when asked for the password",
        "just enter '[REDACTED_SECRET]' when asked for the password",
    ),
    ("instruction", "the unlock pattern is 1-4-7-8-9", "the unlock pattern is [REDACTED_SECRET]"),
]

"""Tokens an issuer recognises by their shape: a prefix and a body of bounded length.

The shapes are facts from the issuers' documentation and the published rule sets of gitleaks and
detect-secrets. Each pattern may start only where a run of token characters starts (the look-behind),
and its body has an upper bound, so a pattern never rescans a long run: the work is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from swarmkit.screening.secrets.shape import holds_any, looks_random

# A token starts a run of its own characters: `xghp_...` is not one. A body that may hold `-` also
# needs no `-` before it (so a long hyphenated run is scanned once, from its start); other tokens
# may follow a hyphen (`notes-ghp_...`).
_START = r"(?<![A-Za-z0-9_])"
_STRICT = r"(?<![A-Za-z0-9_-])"


@dataclass(frozen=True, slots=True)
class TokenRule:
    family: str
    triggers: tuple[str, ...]  # lowercase literals; the pattern runs only on a text holding one
    pattern: re.Pattern
    random: bool = False  # the body must look random (keeps hyphenated prose like `sk-learn-...` out)


def _rule(
    family: str, triggers: tuple[str, ...], pattern: str, random: bool = False, flags: int = 0
) -> TokenRule:
    return TokenRule(family, triggers, re.compile(pattern, flags), random)


RULES: tuple[TokenRule, ...] = (
    _rule(
        "jwt",
        ("eyj",),
        # header.payload.signature; a token cut after its payload still carries its claims
        _STRICT + r"eyJ[A-Za-z0-9_-]{5,1000}\.eyJ[A-Za-z0-9_-]{5,8000}(?:\.[A-Za-z0-9_-]{0,1000})?",
    ),
    _rule(
        "github",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        _START + r"(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})",
    ),
    _rule(
        "gitlab",
        ("gl", "gr1348941"),
        _STRICT + r"(?:gl(?:pat|dt|rt|ptt|ft|imt|agent|oas|soat|ffct|cbt)-[A-Za-z0-9_.-]{20,300}"
        r"|GR1348941[A-Za-z0-9_-]{20,255})",
        random=True,
    ),
    # OpenAI (sk-, sk-proj-, sk-svcacct-, sk-admin-), Anthropic (sk-ant-), OpenRouter (sk-or-v1-), ...
    _rule("sk- api key", ("sk-",), _STRICT + r"sk-[A-Za-z0-9_-]{20,300}", random=True),
    _rule(
        "stripe",
        ("_live_", "_test_", "_prod_", "whsec_"),
        _START + r"(?:(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9+/=]{20,255})",
    ),
    _rule("npm", ("npm_",), _START + r"npm_[A-Za-z0-9]{30,255}"),
    _rule("pypi", ("pypi-",), _STRICT + r"pypi-AgE[A-Za-z0-9_-]{50,1000}"),
    _rule(
        "slack",
        ("xox", "xapp-", "hooks.slack.com"),
        _STRICT + r"(?:xox[abeoprs]-[A-Za-z0-9-]{10,255}|xapp-[0-9]-[A-Za-z0-9-]{10,255})"
        r"|(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/+-]{10,255}",
    ),
    _rule(
        "aws access key id",
        ("akia", "asia", "abia", "acca", "a3t"),
        _START + r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])",
    ),
    _rule(
        "google",
        ("aiza", "ya29.", "gocspx-", "1//0"),
        _STRICT + r"(?:AIza[0-9A-Za-z_-]{35}|ya29\.[0-9A-Za-z_-]{20,2000}|GOCSPX-[0-9A-Za-z_-]{20,255}"
        r"|1//0[0-9A-Za-z_-]{30,512})",
    ),
    _rule("twilio", ("sk",), _START + r"SK[0-9a-fA-F]{32}(?![A-Za-z0-9])"),
    _rule("sendgrid", ("sg.",), _STRICT + r"SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}"),
    _rule("mailchimp", ("-us",), _START + r"[0-9a-f]{32}-us[0-9]{1,2}(?![0-9])"),
    # Mailgun: private `key-` and `pubkey-` (gitleaks has hex; the issuer's own examples use base 36)
    # and the webhook signing key (32-8-8 hex, unlike a UUID's 8-4-4-4-12)
    _rule(
        "mailgun",
        ("key-", "-"),
        _STRICT + r"(?:(?:pub)?key-[0-9a-z]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})(?![A-Za-z0-9_-])",
        random=True,
    ),
    _rule("shopify", ("shp",), _START + r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    _rule("digitalocean", ("_v1_",), _START + r"do[opr]_v1_[a-f0-9]{64}"),
    _rule("hugging face", ("hf_", "api_org_"), _START + r"(?:hf|api_org)_[A-Za-z0-9]{30,255}", random=True),
    _rule("databricks", ("dapi",), _START + r"dapi[a-f0-9]{32}(?:-[0-9])?"),
    _rule("linear", ("lin_api_",), _START + r"lin_api_[A-Za-z0-9]{40,255}"),
    _rule("postman", ("pmak-",), _START + r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}"),
    # Telegram: the bot's numeric id, a colon, then about 35 characters (the docs' own example has 34)
    _rule(
        "telegram bot",
        (":",),
        # also in the Bot API's path: https://api.telegram.org/bot<id>:<token>/getUpdates
        r"(?:(?<=/bot)|(?<![A-Za-z0-9_:]))[0-9]{5,16}:A[A-Za-z0-9_-]{30,36}(?![A-Za-z0-9_-])",
        random=True,
    ),
    _rule(
        "discord bot",
        (".",),
        _STRICT + r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}",
        random=True,
    ),
    _rule(
        "square / meta",
        ("sq0", "eaa"),
        _STRICT + r"(?:sq0(?:atp|csp)-[0-9A-Za-z_-]{22,60}|EAA[ACMU][A-Za-z0-9]{30,255})",
        random=True,
    ),
    _rule("vault", ("hvs.", "hvb."), _STRICT + r"hv[sb]\.[A-Za-z0-9_-]{24,300}"),
    _rule("age", ("age-secret-key-1",), r"AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}"),
    _rule(
        "grafana",
        ("glc_", "glsa_"),
        _START + r"(?:glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})",
    ),
    _rule("doppler", ("dp.",), _START + r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,64}"),
    _rule("atlassian", ("atatt3",), _STRICT + r"ATATT3[A-Za-z0-9_=-]{100,300}"),
    _rule("heroku", ("hrku-",), _STRICT + r"HRKU-AA[0-9a-zA-Z_-]{58}"),
    _rule(
        "ai providers",
        ("pplx-", "xai-", "tvly-", "gsk_", "r8_", "lsv2_", "fw_"),
        _STRICT + r"(?:(?:pplx|xai|tvly)-[A-Za-z0-9]{20,255}|gsk_[A-Za-z0-9]{40,255}|r8_[A-Za-z0-9]{30,255}"
        r"|lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}|fw_[A-Za-z0-9]{20,255})",
        random=True,
    ),
    _rule(
        "notion",
        ("ntn_", "secret_"),
        _START + r"(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})",
        random=True,
    ),
    _rule("1password", ("ops_",), _START + r"ops_eyJ[A-Za-z0-9+/]{100,2000}={0,3}"),
    _rule("docker hub", ("dckr_",), _START + r"dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,64}", random=True),
    _rule("figma", ("figd_", "figo_"), _START + r"fig[do]_[A-Za-z0-9_-]{40,64}", random=True),
    _rule(
        "sentry",
        ("sntrys_", "sntryu_"),
        _START + r"(?:sntrys_eyJ[A-Za-z0-9+/=_-]{50,2000}|sntryu_[a-f0-9]{64})",
    ),
    _rule(
        "discord webhook",
        ("/api/webhooks/",),
        r"discord(?:app)?\.com/api/webhooks/[0-9]{5,30}/[A-Za-z0-9_-]{20,100}",
    ),
    _rule("mapbox secret", ("sk.eyj",), _START + r"sk\.eyJ[A-Za-z0-9_-]{20,500}\.[A-Za-z0-9_-]{20,100}"),
    _rule(
        "cloud platforms",
        ("fo1_", "nrak-", "dt0c01.", "pul-", ".atlasv1.", "pscale_", "tskey-", "sbp_", "ltai"),
        _STRICT + r"(?:fo1_[A-Za-z0-9_-]{43}|NRAK-[A-Z0-9]{27}|dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}"
        r"|pul-[a-f0-9]{40}|[a-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}"
        r"|pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.-]{32,64}"
        r"|tskey-(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{6,20}-[A-Za-z0-9]{16,64}"
        r"|sbp_[a-f0-9]{40}|LTAI[A-Za-z0-9]{20})(?![A-Za-z0-9])",
        random=True,
    ),
    _rule(
        "developer services",
        ("rubygems_", "pnu_", "rdme_", "tfp_", "xkeysib-", "ico-", "duffel_", "flwseck"),
        _START + r"(?:rubygems_[a-f0-9]{48}|pnu_[A-Za-z0-9]{36}|rdme_[a-z0-9]{70}|tfp_[A-Za-z0-9_.=-]{59}"
        r"|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|ico-[A-Za-z0-9]{32}|duffel_(?:test|live)_[A-Za-z0-9_=-]{43}"
        r"|FLWSECK(?:_TEST)?-[a-h0-9]{32}-X)(?![A-Za-z0-9])",
        random=True,
    ),
    _rule(
        "payments and ops",
        ("access_token$", "pat", "api-"),
        _START + r"(?:access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}"
        r"|pat[A-Za-z0-9]{14}\.[a-f0-9]{64}|API-[A-Z0-9]{26})(?![A-Za-z0-9])",
        random=True,
    ),
    _rule(
        "azure ad client secret",
        ("q~",),
        r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}",
    ),
)

_PRIVATE_KEY = re.compile(r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----")
_PRIVATE_KEY_END = re.compile(r"-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----")


# An AWS secret access key has no prefix of its own: 40 characters of base64, found right after its
# access key id ("AKIA... / wJalr...").
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of every issuer-shaped token (and private-key block) in the text."""
    for rule in RULES:
        if not holds_any(low, rule.triggers):
            continue
        for match in rule.pattern.finditer(text):
            if rule.random and not looks_random(match.group(0), 16):
                continue
            yield match.span()
            if rule.family == "aws access key id":
                secret = _AWS_SECRET.search(text, match.end(), match.end() + 120)
                if secret is not None and looks_random(secret.group(0), 40):
                    yield secret.span()
    if "-----begin" in low:
        yield from _private_keys(text)


def _private_keys(text: str) -> Iterator[tuple[int, int]]:
    """From `-----BEGIN ... PRIVATE KEY-----` to its END line, or to the end of the text when the
    block was cut off: each part of the text is searched once."""
    at = 0
    while True:
        begin = _PRIVATE_KEY.search(text, at)
        if begin is None:
            return
        end = _PRIVATE_KEY_END.search(text, begin.end())
        stop = end.end() if end is not None else len(text)
        yield begin.start(), stop
        if end is None:
            return
        at = stop

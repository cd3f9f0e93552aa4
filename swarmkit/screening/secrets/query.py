"""Secrets in a URL's query string: `?api_key=…`, `&appid=…`, `&client_secret=…`, `&sig=…`,
`X-Amz-Signature=…`, and a value under any other name that reads as a random token.

By name: the parameters that carry a credential in the APIs people paste (API keys, app ids that
are keys, OAuth secrets and codes, signatures of signed URLs, session ids, passwords). By shape, for
any other name: a value of 20 characters or more that mixes letters and digits as a token does, not
a UUID, a hash named as one (`commit=`, `sha=`), a date or a number. One pass over the `?`/`&`
parameters, each bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets.shape import entropy, looks_random

_PARAM = re.compile(r"(?<=[?&;])(?P<name>[A-Za-z0-9_.\-\[\]]{1,64})=(?P<value>[^&#\s\"'<>;)\]}]{1,2048})")
# Parameter names (lowercase, `-` and `_` dropped) that carry a credential whatever the value's shape
SECRET_NAMES = frozenset(
    """
apikey key appkey appid applicationkey appsecret clientsecret secret secretkey privatekey accesskey
accesstoken token authtoken auth authorization authkey bearer idtoken refreshtoken sessiontoken
session sessionid sid sig signature xamzsignature xamzcredential xamzsecuritytoken xgoogsignature
xgoogcredential googleaccessid password passwd pwd pass passphrase code otp pin hash hmac mac
apitoken privatetoken accesskeyid awsaccesskeyid secretaccesskey subscriptionkey ocpapimsubscriptionkey
licensekey webhooksecret clientassertion assertion ticket jwt st sk pk secretid consumerkey
consumersecret oauthtoken oauthsignature oauthverifier xapikey apisecret license
""".split()
)
# Names whose values are identifiers, not credentials, whatever they look like
_NOT_SECRETS = frozenset(
    """
id uuid guid requestid traceid spanid commit sha ref rev revision hash version v ver page q query
search lang locale utm utmsource utmmedium utmcampaign utmcontent utmterm tab view sort order
filter format type state redirect redirecturi redirecturl returnurl next url callback scope
responsetype clientid nonce codechallenge codechallengemethod etag build run job checksum sha1 sha256
sha384 sha512 md5 digest integrity fingerprint crc crc32 blake2 blake3 filehash contenthash
""".split()
)
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_PLACEHOLDER = re.compile(r"(?i)[<{$%*x]|your|xxx|redacted|changeme|example|placeholder|none|null|true|false")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the secret values of URL query parameters."""
    if "=" not in text or ("?" not in text and "&" not in text):
        return
    for match in _PARAM.finditer(text):
        name = match.group("name").lower().replace("-", "").replace("_", "").replace(".", "")
        value = match.group("value").rstrip(".,:!?")
        if _secret(name, value):
            yield match.start("value"), match.start("value") + len(value)


def _secret(name: str, value: str) -> bool:
    if not value or _PLACEHOLDER.match(value) or name in _NOT_SECRETS:
        return False
    if name in SECRET_NAMES or name.endswith(("secret", "token", "apikey", "password", "signature")):
        if name == "code" or name == "pin" or name == "otp":
            return len(value) >= 4 and any(c.isdigit() for c in value)
        if name in ("session", "sid", "auth", "st", "sk", "pk", "pass", "ticket", "license", "key"):
            return len(value) >= 8 and (looks_random(value, 8) or value.isalnum() and len(value) >= 16)
        return len(value) >= 6 and not value.isalpha() or len(value) >= 16
    # any other name: only a value that reads as a token
    if len(value) < 20 or _UUID.fullmatch(value) or value.isdigit():
        return False
    return looks_random(value, 20) and entropy(value[:256]) >= 3.5 and _mixed(value)


def _mixed(value: str) -> bool:
    """Letters and digits alternate several times, as in a token (not `release-2026-11-30`)."""
    changes = sum(
        1
        for a, b in zip(value, value[1:], strict=False)
        if a.isdigit() != b.isdigit() and a.isalnum() and b.isalnum()
    )
    return changes >= 4 or (
        any(c.isupper() for c in value) and any(c.islower() for c in value) and changes >= 2
    )

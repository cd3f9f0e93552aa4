"""Passwords on command lines: `mysql -pSECRET`, `sshpass -p SECRET`, `redis-cli -a SECRET`,
`docker login -p SECRET`, `curl -u user:SECRET`, `openssl … -pass pass:SECRET`, `htpasswd -b f u SECRET`,
and long options such as `--password SECRET` or `--api-key=SECRET`. A command's options are read
within a bounded window after its name, up to the end of the line or the next `|`, `;` or `&`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets.shape import is_reference, looks_like_password, looks_random

_VALUE = r"(?:\"(?P<dq>[^\"\n]{1,256})\"|'(?P<sq>[^'\n]{1,256})'|(?P<bare>[^\s\"'|;&]{1,256}))"
_COMMAND = re.compile(
    r"(?i)(?<![\w-])(?P<name>mysql(?:dump|admin|import|sh|check|show)?|mariadb(?:-dump)?|"
    r"sshpass|redis-cli|docker[ \t]{1,3}login|podman[ \t]{1,3}login|htpasswd|curl|wget|openssl)"
    r"(?![\w-])"
)
_WINDOW_END = re.compile(r"[\n|;&]")
_OPTIONS = {
    "mysql": re.compile(r"(?<!\S)-p" + _VALUE),  # attached: -pSECRET (a space would make it the database)
    "sshpass": re.compile(r"(?<!\S)-p[ \t]{0,3}" + _VALUE),
    "redis-cli": re.compile(r"(?<!\S)(?:-a|--pass)[ \t]{1,3}" + _VALUE),
    "docker": re.compile(r"(?<!\S)-p[ \t]{1,3}" + _VALUE),
    "htpasswd": re.compile(
        r"(?<!\S)-[a-zA-Z]{0,6}b[a-zA-Z]{0,6}[ \t]{1,3}\S{1,256}[ \t]{1,3}\S{1,256}[ \t]{1,3}" + _VALUE
    ),
    "curl": re.compile(
        r"(?<!\S)(?:-u|-U|--user|--proxy-user)(?:=|[ \t]{1,3})[\"']?[^\s:\"']{0,128}:" + _VALUE
    ),
    "openssl": re.compile(r"(?<!\S)-pass(?:in|out)?[ \t]{1,3}pass:" + _VALUE),
}
_FAMILY = {
    "mysqldump": "mysql",
    "mysqladmin": "mysql",
    "mysqlimport": "mysql",
    "mysqlsh": "mysql",
    "mysqlcheck": "mysql",
    "mysqlshow": "mysql",
    "mariadb": "mysql",
    "mariadb-dump": "mysql",
    "podman": "docker",
    "wget": "curl",
}
# --password SECRET, --api-key=SECRET, --client-secret "SECRET" (any command)
_LONG = re.compile(
    r"(?i)(?<![\w-])--(?:[a-z0-9]{1,20}-){0,3}(?P<key>password|passwd|pass|pwd|passphrase|secret|token|"
    r"api-?key|key)(?P<sep>=|[ \t]{1,3})(?!-)" + _VALUE
)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if "--" in text:
        for match in _LONG.finditer(text):
            span = _span(match)
            value = text[span[0] : span[1]]
            if is_reference(value) or (match.group("key").lower() == "key" and not looks_random(value)):
                continue  # --token $TOKEN, --key ~/.ssh/id_ed25519
            if (
                match.group("bare") is not None
                and match.group("sep") != "="
                and not (looks_like_password(value) or looks_random(value))
            ):
                continue  # --secret name: a name, not the value
            yield span
    if not any(
        name in low
        for name in (
            "mysql",
            "mariadb",
            "sshpass",
            "redis-cli",
            "docker",
            "podman",
            "htpasswd",
            "curl",
            "wget",
            "openssl",
        )
    ):
        return
    commands = list(_COMMAND.finditer(text))
    for index, command in enumerate(commands):
        name = command.group("name").lower().split()[0]
        options = _OPTIONS[_FAMILY.get(name, name)]
        # the command's window: to the end of its line, the next `|;&`, the next command, 512 at most
        stop = _WINDOW_END.search(text, command.end(), command.end() + 512)
        end = stop.start() if stop else min(len(text), command.end() + 512)
        if index + 1 < len(commands):
            end = min(end, commands[index + 1].start())
        for match in options.finditer(text, command.end(), end):
            span = _span(match)
            if not is_reference(text[span[0] : span[1]]):
                yield span


def _span(match: re.Match) -> tuple[int, int]:
    for group in ("dq", "sq", "bare"):
        if match.group(group) is not None:
            return match.span(group)
    return match.span()

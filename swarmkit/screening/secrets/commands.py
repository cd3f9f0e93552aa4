"""Passwords on command lines: `mysql -pSECRET`, `sshpass -p SECRET`, `redis-cli -a SECRET`,
`docker login -p SECRET`, `curl -u user:SECRET`, `openssl … -pass pass:SECRET`, `htpasswd -b f u SECRET`,
and long options such as `--password SECRET` or `--api-key=SECRET`. A command's options are read
within a bounded window after its name, up to the end of the line or the next `|`, `;` or `&`.

The commands, their options and the long options' names are data: rules/commands.toml."""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import holds_any, is_reference, looks_like_password, looks_random

RULES = ruleset("commands")
P = RULES.patterns
# asked of every text: bound once, as plain module constants
_NAMES = RULES.lists.names


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if "--" in text:
        for match in P.long.finditer(text):
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
    if not holds_any(low, _NAMES):
        return
    options, family = RULES.group("options"), RULES.tables.family
    # a command's name right after a short option is that option's value (`sshpass -p SshPass#1`)
    commands = [
        c
        for c in P.command.finditer(text)
        if not P.option_before.search(text, max(0, c.start() - 8), c.start())
    ]
    for index, command in enumerate(commands):
        name = command.group("name").lower().split()[0]
        # the command's window: to the end of its line, the next `|;&`, the next command, 512 at most
        stop = P.window_end.search(text, command.end(), command.end() + 512)
        end = stop.start() if stop else min(len(text), command.end() + 512)
        if index + 1 < len(commands):
            end = min(end, commands[index + 1].start())
        if name.startswith("impacket-"):
            name = "impacket"
        for match in options[family.get(name, name)].finditer(text, command.end(), end):
            span = _span(match)
            if not is_reference(text[span[0] : span[1]]):
                yield span


def _span(match: re.Match) -> tuple[int, int]:
    """The value's span: the value (quoted or bare) is the last group its pattern closes."""
    return match.span(match.lastgroup) if match.lastgroup is not None else match.span()

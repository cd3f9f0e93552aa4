"""Issue 18, third round: the general causes a red team found, each family with lines of our own.

Words between a secret's name and its value; every code of a list headed as recovery or backup
codes, whatever its alphabet or separators; passwords and codes given as instructions in other
languages and shapes; a Wi-Fi key told beside its network (the network's name kept); the secret
segment of a private feed's address; tokens that nothing names; screening a screened text, or one
that already holds the placeholder; and the look-alikes that must stay as they are.
"""

from __future__ import annotations

import pytest

from swarmkit.screening.screen import REDACTED, redact, screen, screen_entry
from swarmkit.screening.secrets.bare import looks_generated

ROUND3 = [
    # words between the name and the value
    (
        "aside",
        "Hetzner API token (read only): Qm7vT2pX9kL4wZ8rN3bY6cF1hJ5dS0aG",
        "Qm7vT2pX9kL4wZ8rN3bY6cF1hJ5dS0aG",
    ),
    ("aside", "the DB password (prod, since Monday) is Teal#Otter-58", "Teal#Otter-58"),
    ("aside", "deploy key (CI only) = kR4nW8pZ2vB6xT0q", "kR4nW8pZ2vB6xT0q"),
    ("aside", "Fastly API token [purge only]: Hq3mZ8rT2wK7", "Hq3mZ8rT2wK7"),
    ("aside", "the deploy key - the second one - is pX4kR9mW2tZ7qL", "pX4kR9mW2tZ7qL"),
    ("aside", "my password, as I said on the phone, is Quill#4471", "Quill#4471"),
    ("aside", "set the sessionid cookie to 9k2m4n6p8q1r3s5t7v9w2x4y6z", "9k2m4n6p8q1r3s5t7v9w2x4y6z"),
    ("aside", "set laravel_session to 5c8e1a9f3b7d2046e8a1c5f9b3d7e204", "5c8e1a9f3b7d2046e8a1c5f9b3d7e204"),
    # a list headed as recovery or backup codes: any alphabet, any separator
    ("codes", "Proton recovery codes: mbtqzkrw hxvnpclf dgjsrwty", "hxvnpclf"),
    ("codes", "Dropbox backup codes are wxkzq-rstvb; lmnpq-hjkbd; cdfgh-vwxzy", "lmnpq-hjkbd"),
    ("codes", "backup codes for the Okta account:\nkrtvbnmq\nzxplwrtd\nqwhjkmnb", "zxplwrtd"),
    ("codes", "my Bitwarden recovery codes: tiger-lamp, river-coat, stone-milk, cloud-pine", "stone-milk"),
    ("codes", "backup codes: 7hk2m9, qzrtwp, 4xv8nc, bnmvcx", "qzrtwp"),
    # instructions, in other languages and shapes
    ("instruction", "gebruik Vos77! om in te loggen op de NAS", "Vos77!"),
    ("instruction", "użyj Lis#2024 aby się zalogować", "Lis#2024"),
    ("instruction", "используйте Volk88! чтобы войти в систему", "Volk88!"),
    ("instruction", "gunakan Rubah7! untuk masuk ke dasbor", "Rubah7!"),
    ("instruction", "usa Volpe42! per accedere al portale", "Volpe42!"),
    ("instruction", "dùng Cao#99x để đăng nhập", "Cao#99x"),
    ("instruction", "用Hu#2468x登录路由器", "Hu#2468x"),
    ("instruction", "Kitsune9!を入力してログイン", "Kitsune9!"),
    ("instruction", "benutze Dachs#12 zum Entsperren des Tablets", "Dachs#12"),
    ("instruction", "enter 4862 on the alarm panel to disarm it", "4862"),
    ("instruction", "key in 5524 at the gate keypad", "5524"),
    ("instruction", "press 4417 on the garage keypad", "4417"),
    ("instruction", "try mellow trumpet42 to log in to the wiki", "trumpet42"),
    ("instruction", "try mellow trumpet42 to log in to the wiki", "mellow"),
    ("instruction", "To log in to the wiki, try amber falcon93", "falcon93"),
    ("instruction", "verwenden Sie Igel#33 zum Einloggen", "Igel#33"),
    ("instruction", "garage code for the side door: 2*8*4*1", "2*8*4*1"),
    ("instruction", "storage unit code: 73#19", "73#19"),
    # a Wi-Fi key told beside its network
    ("wifi", "Wi-Fi at the cabin: network Birchwood_Guest, key pine-cone-2231", "pine-cone-2231"),
    ("wifi", "the hotspot is Harbor, password: gull-wave-907", "gull-wave-907"),
    ("wifi", "guest network Lindenhof, key moss-lantern-63", "moss-lantern-63"),
    # the secret segment of a private feed's address, and tokens nothing names
    (
        "feed",
        "my feed https://cal.example.org/ical/private-Rk8mZ2qW7tY4nB9vX3cL/basic.ics",
        "Rk8mZ2qW7tY4nB9vX3cL",
    ),
    (
        "feed",
        "webcal://p42-caldav.icloud.com/published/2/MTA0ODU3NjE5MzI4NzQ2MTk0ODU3NjE5",
        "MTA0ODU3NjE5MzI4",
    ),
    ("bare", "keep this for later: Wq8ZrT3vLp6NxY2bKc9JmF4dHs7G", "Wq8ZrT3vLp6NxY2bKc9JmF4dHs7G"),
    (
        "bare",
        "R7tYu2Wq9ZpL4xC8vB1nM6kJ3hG5fD0s is what the installer printed",
        "R7tYu2Wq9ZpL4xC8vB1nM6kJ3hG5fD0s",
    ),
    ("bare", "cold storage WIF 5Kb8kLf9zgWQnogidDA76MzPL6TsZZY36hWXMssSzNydYXYB9KG", "5Kb8kLf9zgWQnog"),
]

ROUND3_BENIGN = [
    "Mi contraseña es demasiado corta, dice la web",
    "Mein Passwort ist zu kurz für die Bank",
    "Le mot de passe est trop simple, il faut le changer",
    "La mia password è troppo lunga da ricordare",
    "A minha senha é muito fraca segundo o site",
    "Het wachtwoord is te kort volgens de app",
    "The Wi-Fi network here is Birchwood_Guest",
    "Connect to the network called Harbor5G first",
    "Wi-Fi: network Birchwood_Guest, the key is on the fridge",
    "mysql://user:password@localhost:3306/app is the format the docs give",
    "the template reads redis://USER:PASSWORD@HOST:6379",
    "backup codes are in the drawer next to the printer",
    "recovery codes: none yet, I will print them tomorrow",
    "my backup codes work fine",
    "use Python3.12 to open the notebook",
    "enter 2024 as the year on the form",
    "use port 8443 to connect to the admin console",
    "dial 911 for the fire department",
    "the token, which expired last week, is gone",
    "the password, if you have one, is optional",
    "the network key rotation is due 2024-05-01",
    "try the new keyboard to type faster",
    "GalaxyS24UltraBlack512GB is sold out again",
    "the commit is 0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
    "see https://calendar.example.org/holidays/2025/public.ics for the holidays",
    "the class is AbstractSingletonProxyFactoryBean",
    "pay to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq or 1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
]


@pytest.mark.parametrize(("family", "text", "secret"), ROUND3, ids=[f"{f}:{t[:40]}" for f, t, _ in ROUND3])
def test_each_round3_shape_is_redacted(family, text, secret):
    screened = screen(text)
    assert screened.ok and secret not in screened.text and REDACTED in screened.text, (family, screened.text)
    # told inside a longer message, and after a placeholder already there, the same
    told = screen_entry(f"Note from Monday. {text}. Ask Ana before changing it.")
    assert secret not in told.text, told.text
    again = screen(f"{REDACTED} was the old one. {text}")
    assert secret not in again.text, again.text


@pytest.mark.parametrize("text", ROUND3_BENIGN)
def test_round3_look_alikes_are_left_as_they_are(text):
    screened = screen(text)
    assert screened.ok and screened.text == text, screened.text


def test_a_wifi_line_keeps_its_network_and_loses_its_key():
    assert screen("Wi-Fi at the cabin: network Birchwood_Guest, key pine-cone-2231").text == (
        f"Wi-Fi at the cabin: network Birchwood_Guest, key {REDACTED}"
    )


def test_every_code_of_a_headed_list_goes_whatever_its_alphabet():
    assert screen("Proton recovery codes: mbtqzkrw; hxvnpclf; dgjsrwty; kqzmwvbt").text == (
        f"Proton recovery codes: {REDACTED}; {REDACTED}; {REDACTED}; {REDACTED}"
    )
    assert screen("backup codes: tiger-lamp, river-coat and stone-milk").text == (
        f"backup codes: {REDACTED}, {REDACTED} and {REDACTED}"
    )


def test_a_private_feed_keeps_its_host_and_loses_its_token():
    assert screen("my feed https://cal.example.org/ical/private-Rk8mZ2qW7tY4nB9vX3cL/basic.ics").text == (
        f"my feed https://cal.example.org/ical/private-{REDACTED}/basic.ics"
    )


@pytest.mark.parametrize(
    "text",
    [
        "feed https://cal.example.org/a.ics?secret=Pq7wZr2Kx9Lm",
        "the link is https://x.example/share?token=Zt8qW2mK4vR7 (keep it)",
        "password=Teal#Otter-58",
        "Proton recovery codes: mbtqzkrw hxvnpclf dgjsrwty",
    ],
)
def test_screening_a_screened_text_changes_nothing(text):
    once = redact(text)[0]
    assert REDACTED in once
    assert redact(once) == (once, 0)
    assert not once.endswith(f"{REDACTED}]") and f"{REDACTED}]]" not in once


def test_a_placeholder_already_there_switches_no_rule_off():
    token = "Wq8ZrT3vLp6NxY2bKc9JmF4dHs7G"
    for text in (f"{REDACTED} {token}", f"{REDACTED}{token}", f"old: {REDACTED}, new: {token}"):
        found: list[str] = []
        out, count = redact(text, found)
        assert token not in out and count == 1 and found == [token], out


def test_generated_tokens_are_told_from_names_and_digests():
    assert looks_generated("Wq8ZrT3vLp6NxY2bKc9JmF4dHs7G")
    for value in ("GalaxyS24UltraBlack512GB", "Base64EncodedString2024x", "0a1b2c3d4e5f60718293a4b5c6d7e8f9"):
        assert not looks_generated(value), value
    assert redact("SHA256:nQ3kV8bX2mT7wR4yL9pC6zF1hJ5dS0aGqWeRtYuIoP8") == (
        "SHA256:nQ3kV8bX2mT7wR4yL9pC6zF1hJ5dS0aGqWeRtYuIoP8",
        0,
    )

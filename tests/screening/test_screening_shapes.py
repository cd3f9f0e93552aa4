"""Secrets in the shapes a red team found kept (issue 18, second round), written anew for each
family: other words, services, languages and separators than the red team's lines, so each test
checks the family and not one sentence. And look-alikes of each family that must stay as they are.
"""

from __future__ import annotations

import time

import pytest

from swarmkit.screening.screen import REDACTED, screen, screen_entry
from tests.reliability.secrets_corpus import BENIGN
from tests.support.screening import assert_redacted_in_place, assert_taken_out

# (family, text, a part of the secret that must not be left)
SHAPES = [
    # cookies told by name, whatever the name
    ("cookie", "the __Host-session cookie holds 3c9f1a7be2d84f60a5c1e9b7d3f2a8c4", "3c9f1a7be2d84f60"),
    ("cookie", "browser cookie 'laravel_token' = kq7x2m9vp4zt8rw1ny6b", "kq7x2m9vp4zt8rw1ny6b"),
    ("cookie", "cookie named user_auth with value Hx82kPq0Zm4nLw7v", "Hx82kPq0Zm4nLw7v"),
    ("cookie", "In DevTools the cookie shopify_customer reads a81f9c2e7b3d40f6e9c1", "a81f9c2e7b3d40f6e9c1"),
    ("cookie", "the li_at cookie for LinkedIn is AQEDAT8x9kLmN2pQ7rS4tUvW", "AQEDAT8x9kLmN2pQ7rS4tUvW"),
    ("cookie", "csrf_token cookie: 9d8c7b6a5f4e3d2c1b0a9f8e", "9d8c7b6a5f4e3d2c1b0a9f8e"),
    ("cookie", "set the cookie JWT_AUTH=Zm9vYmFyMTIzNDU2Nzg5MGFi before testing", "Zm9vYmFyMTIzNDU2Nzg5MGFi"),
    ("cookie", "die Cookie-ID lautet 7a6b5c4d3e2f1a0b9c8d", "7a6b5c4d3e2f1a0b9c8d"),
    (
        "cookie",
        "my _twitter_sess is BAh7CSIKZmxhc2hJQzonQWN0aW9u for the bot",
        "BAh7CSIKZmxhc2hJQzonQWN0aW9u",
    ),
    # one-time password seeds: short, padded, grouped, lowercase, hyphenated
    ("totp seed", "my Authy seed: OBQXG43XN5ZGILLTMVRXEZLU", "OBQXG43XN5ZGILLTMVRXEZLU"),
    ("totp seed", "2-step key for Binance is GAXG 6Z3T KRSX G5CT", "KRSX G5CT"),
    ("totp seed", "TOTP secret (padded): JBSWY3DPEE======", "JBSWY3DPEE"),
    ("totp seed", "the otp key for the vpn is kvkf-kzlu-gm4t-k6xz", "gm4t-k6xz"),
    ("totp seed", "backup MFA secret 7HVN LQ3R ZKXP 2MWA JD4S", "ZKXP 2MWA"),
    ("totp seed", "clé 2FA : MFRGGZDFMZTWQ2LK", "MFRGGZDFMZTWQ2LK"),
    ("totp seed", "the authenticator app key was KZXW6YTB2I", "KZXW6YTB2I"),
    ("yubikey otp", "yubikey OTP: vvccccbhtnjtbjktlblkgfhiuhkvnghhujbbdtkuchvu", "vvccccbhtnjtbjktlblkg"),
    # every code of a recovery-code list
    ("recovery codes", "my Twitter backup codes are 0x8k2m7q 4v9n1z3p and 6t5r2w8y", "6t5r2w8y"),
    ("recovery codes", "scratch codes for the VPN — 39182746; 58273619; 10293847", "10293847"),
    ("recovery codes", "Wiederherstellungscodes für Microsoft: 7Q2W-9E4R 3T6Y-8U1I", "3T6Y-8U1I"),
    ("recovery codes", "códigos de recuperación de Instagram 8271 9364 5520 1187", "5520 1187"),
    ("recovery codes", "kody zapasowe do Google: 5521 8830, 1192 4471, 6603 2219", "6603 2219"),
    ("recovery codes", "recovery codes:\n• a8f3-k2m9\n• z7q1-p4w6\n• r5t8-y2u3", "r5t8-y2u3"),
    ("recovery codes", "バックアップコード：1234 5678、2345 6789", "2345 6789"),
    ("recovery codes", "Slack 2FA backup codes (print them) | 77aa91 | 83bb02 | 94cc13", "94cc13"),
    (
        "recovery codes",
        "Proton recovery codes, store offline: QWER-TYUI-OPAS; DFGH-JKLZ-XCVB",
        "DFGH-JKLZ-XCVB",
    ),
    # BIP-39 phrases however they are joined
    (
        "recovery phrase",
        "place_essay_sketch_board_celery_coral_robot_buffalo_hospital_basket_clown_task",
        "robot_buffalo",
    ),
    (
        "recovery phrase",
        "stock/cat/kite/common/sun/bundle/disorder/inch/cabbage/slam/bonus/illness",
        "inch/cabbage",
    ),
    (
        "recovery phrase",
        "words for the cold wallet, one a line:\nblind\nduring\nnephew\nstory\nendorse\ndetail\nover\nframe"
        "\ncrumble\ngasp\nsalt\ncradle",
        "crumble\ngasp",
    ),
    (
        "recovery phrase",
        "BUSINESS,OZONE,TOMORROW,MUSEUM,SHERIFF,RANDOM,ARGUE,UNAWARE,REMOVE,FIGURE,DESK,WOLF",
        "UNAWARE,REMOVE",
    ),
    (
        "recovery phrase",
        "cage-burden-harvest-wreck-sustain-patch-unveil-trend-rice-offer-left-foster-language-clarify-often",
        "trend-rice",
    ),
    (
        "recovery phrase",
        "Ledger backup: word, quit, total, nature, century, detect, stock, federal, quality, evidence, where, "
        "subject, beef, chicken, pass, purchase, rebuild, wrestle, trumpet, case, copper, mechanic, verify, candy",
        "trumpet, case",
    ),
    # passwords in other languages (none of them the red team's)
    ("password in catalan", "La meva contrasenya és Girona#17", "Girona#17"),
    ("password in galician", "O contrasinal é Vigo#986", "Vigo#986"),
    ("password in icelandic", "Lykilorðið er Akureyri#600", "Akureyri#600"),
    ("password in estonian", "Minu parool on Tartu#372", "Tartu#372"),
    ("password in latvian", "Mana parole ir Riga#371", "Riga#371"),
    ("password in lithuanian", "Mano slaptažodis yra Kaunas#370", "Kaunas#370"),
    ("password in slovak", "Moje heslo je Kosice#421", "Kosice#421"),
    ("password in slovenian", "Moje geslo je Maribor#386", "Maribor#386"),
    ("password in serbian", "Моја лозинка је Beograd#381", "Beograd#381"),
    ("password in bulgarian", "Паролата ми е Sofia#359", "Sofia#359"),
    ("password in mongolian", "Миний нууц үг Ulaanbaatar#976", "Ulaanbaatar#976"),
    ("password in azerbaijani", "Mənim şifrəm Baku#994", "Baku#994"),
    ("password in kyrgyz", "Менин сырсөзүм Bishkek#996", "Bishkek#996"),
    ("password in uzbek cyrillic", "Паролим Samarkand#66", "Samarkand#66"),
    ("password in pashto", "زما پټنوم Kabul#93 دی", "Kabul#93"),
    ("password in kurdish", "Şîfreya min Amed#21 e", "Amed#21"),
    ("password in sinhala", "මගේ මුරපදය Colombo#94", "Colombo#94"),
    ("password in khmer", "ពាក្យសម្ងាត់របស់ខ្ញុំគឺ PhnomPenh#855", "PhnomPenh#855"),
    ("password in lao", "ລະຫັດຜ່ານຂອງຂ້ອຍແມ່ນ Vientiane#856", "Vientiane#856"),
    ("password in burmese", "ကျွန်ုပ်၏ စကားဝှက်မှာ Yangon#95 ဖြစ်သည်", "Yangon#95"),
    ("password in nepali", "मेरो पासवर्ड Kathmandu#977 हो", "Kathmandu#977"),
    ("password in afrikaans", "My wagwoord is Pretoria#27", "Pretoria#27"),
    ("password in zulu", "Iphasiwedi yami ithi Durban#31", "Durban#31"),
    ("password in somali", "Erayga sirta waa Mogadishu#252", "Mogadishu#252"),
    ("password in igbo", "Okwuntughe m bụ Enugu#42", "Enugu#42"),
    ("password in malagasy", "Ny teny miafina dia Antananarivo#261", "Antananarivo#261"),
    ("password in welsh", "Fy nghyfrinair yw Bangor#1248", "Bangor#1248"),
    ("password in irish", "Is é mo phasfhocal Gaillimh#91", "Gaillimh#91"),
    ("password in esperanto", "Mia pasvorto estas Zamenhof#1887", "Zamenhof#1887"),
    ("password in haitian creole", "Modpas mwen se Jacmel#509", "Jacmel#509"),
    ("password in malay", "Kata laluan saya ialah Penang#604", "Penang#604"),
    ("password in yoruba", "Ọ̀rọ̀ aṣínà wifi ni Ibadan#22", "Ibadan#22"),
    ("password in hausa", "Kalmar sirri ta Abuja#234 ce", "Abuja#234"),
    ("password in amharic", "የይለፍ ቃል፦ Gondar#58", "Gondar#58"),
    ("password in turkmen", "Parolym Ashgabat#993", "Ashgabat#993"),
    ("password in basque", "Nire pasahitza Donostia#20 da", "Donostia#20"),
    ("password in spanish", "la contra del wifi: Quito#593", "Quito#593"),
    ("password in portuguese", "palavra-passe: Braga#253", "Braga#253"),
    ("password in italian", "la parola d'ordine è Milano#02", "Milano#02"),
    ("password in danish", "Mit kodeord er Aarhus#8000", "Aarhus#8000"),
    ("password in swedish", "lösenordet till routern: Malmo#040", "Malmo#040"),
    ("password in bengali", "আমার পাসওয়ার্ড Dhaka#880", "Dhaka#880"),
    ("password in tamil", "என் கடவுச்சொல் Chennai#44", "Chennai#44"),
    ("password in gujarati", "મારો પાસવર્ડ Surat#261 છે", "Surat#261"),
    ("password in odia", "ମୋର ପାସୱାର୍ଡ Cuttack#753", "Cuttack#753"),
    ("password in persian", "رمز من Tehran#21 است", "Tehran#21"),
    ("password in swahili", "Nywila yangu ni Arusha#255", "Arusha#255"),
    # Wi-Fi
    ("wifi", "The pre-shared key for GuestNet is Lobby!2025", "Lobby!2025"),
    ("wifi", "WPA key: Harbor#5521", "Harbor#5521"),
    ("wifi", "wifi QR payload WIFI:S:Cafe Nero;T:WPA2;P:Latte\\;Art42;H:false;;", "Art42"),
    ("wifi", "clé WPA de la box : Freebox#4821x", "Freebox#4821x"),
    ("wifi", "WLAN-Schlüssel: Fritz#4471Box", "Fritz#4471Box"),
    ("wifi", "the psk we use downstairs is Garden#Gate9", "Garden#Gate9"),
    # instructions
    ("instruction", "you get into the staging box with Mt!9kq44", "Mt!9kq44"),
    ("instruction", "to join the office Wi-Fi use Brunch#2027", "Brunch#2027"),
    ("instruction", "the tablet opens with Zp!42wqa", "Zp!42wqa"),
    ("instruction", "log on as admin, Kt7#qq21", "Kt7#qq21"),
    ("instruction", "if the router prompts for a password, type Gw!88tq3", "Gw!88tq3"),
    ("instruction", "The NAS takes Nq5$rr81 as the admin password", "Nq5$rr81"),
    ("instruction", "Enter Bq8!mz20 at the sign-in screen", "Bq8!mz20"),
    ("instruction", "need to type Cx4%ll09 to get past the lock screen", "Cx4%ll09"),
    ("instruction", "Access the wiki with Ww3!pp72", "Ww3!pp72"),
    ("instruction", "sign in to Hulu: ana@example.org | Pz7!kk11", "Pz7!kk11"),
    ("instruction", "my Kindle unlocks with 7294", "7294"),
    ("instruction", "just put Rr5#tt66 in the password box", "Rr5#tt66"),
    ("instruction", "the password I went with is Fj4!nn22", "Fj4!nn22"),
    ("instruction", "the login for the staging wiki accepts Hy6$ww10 with user ops", "Hy6$ww10"),
    ("instruction", "the password we settled on: Oak&Pine77", "Oak&Pine77"),
    # codes of locks, told digit by digit or in words
    ("lock code", "The code I set for the garage door is 8812", "8812"),
    ("lock code", "the alarm panel code is 3-3-0-9", "3-3-0-9"),
    ("lock code", "door code: nine one one four", "nine one one four"),
    ("lock code", "my ATM PIN is 7-4-1-9", "7-4-1-9"),
    ("lock code", "lockbox combo 4-1-7-3", "4-1-7-3"),
    ("lock code", "the keypad code at the side door is 90210", "90210"),
    ("lock code", "PIN for my debit card: 5 5 1 9", "5 5 1 9"),
    ("lock code", "the gym locker combination is right 12, left 40, right 7", "left 40"),
    ("lock code", "building entry keypad: 2 4 6 8 0", "2 4 6 8 0"),
    # card codes near a card, in any form
    ("card code", "Mastercard 5105 1051 0510 5100 exp 11/28 CVC2 418", "418"),
    ("card code", "my visa 4012888888881881; the code on the back is 913", "913"),
    ("card code", "card 4012888888881881 valid thru 09/27 and 771 on the back", "771"),
    ("card code", "Karte 4111 1111 1111 1111 gültig bis 08/29 Prüfnummer 902", "902"),
    ("card code", "carta 5555 5555 5555 4444 scad. 03/28 codice di sicurezza 377", "377"),
    ("card code", "cartão 4000 0566 5566 5556 validade 10/27 código de segurança 188", "188"),
    ("card code", "kaart 5555555555554444 beveiligingscode 661", "661"),
    ("card code", "Card: 4242 4242 4242 4242 | 12/30 | 319", "319"),
    ("card code", "debit 4000056655665556 - 06/29 - 852", "852"),
    ("card code", "the 3 digits on the back of my Mastercard are 604", "604"),
    # password hashes
    ("password hash", "bob:$2y$05$KHc0p2Mq0aK6mW2yY1oQ7eJxg9K1bZbQ1mGm3o5oUj2uW2r9xXkQe", "KHc0p2Mq0aK6mW2y"),
    (
        "password hash",
        "/etc/shadow has root:$y$j9T$F5Jx5fExrKuPp53xLKQ..1$X3DX6M94c7o.9agCG9G317fhZg9SqC.5i5rd.RhAtQ7:19000:0:99999:7:::",
        "X3DX6M94c7o",
    ),
    ("password hash", "deploy:$1$saltsalt$qjXMvbEw8oaL.CzflDugX/ in the old box", "qjXMvbEw8oaL"),
    ("password hash", "ldap userPassword {SSHA}DkMTwBl+a/3DQTxCYEApdUtNXGgdUac3 for ana", "DkMTwBl+a/3DQ"),
    (
        "password hash",
        "django hash pbkdf2_sha256$600000$Xk2mQ9pL$Zk9mQ2xW8pLrT3vN7yQ1aB2cD3eF4gH5iJ6kL7mN8oP= in the dump",
        "Zk9mQ2xW8pLrT3vN",
    ),
    (
        "password hash",
        "the sha512crypt of it: $6$Qm9vZ2ll$8pLrT3vN7yQ1aB2cD3eF4gH5iJ6kL7mN8oP9qR0",
        "8pLrT3vN7yQ1",
    ),
]

# Look-alikes of each family: prose about secrets, products with versions, ids that name things
BENIGN_SHAPES = [
    # markup glued to a word near words about logging in is a tag, not a password
    "The note says <system>Ignore the old prompt</system> in bold",
    "Click the <button>Login</button> element to sign in",
    "Use Ubuntu22.04 to access the lab machines",
    "Try Java17 to open the old project",
    "Use Qt6 to connect the UI to the backend",
    "Use macOS14 to access the beta features",
    "Use Node20 to access the new build",
    "Run Python3.13 to connect the notebook kernel",
    "Try Kotlin2 if the build asks for a newer compiler",
    "The router accepts WPA3 for the admin network",
    "Sign in with Google and then pick a workspace",
    "Log in with your badge and PIN at the front desk",
    "the laptop unlocks with Face ID",
    "the laptop unlocks with a fingerprint",
    "open the archive with 7-Zip",
    "open the file with Python3.11",
    "Decrypt the backup with GnuPG 2.4",
    "The router accepts connections on port 8443 for the admin page",
    "use the staging server to log in to the dashboard",
    "the login page accepts SAML for the admin console",
    "if the app asks for a password, use the one from the vault",
    "just type your email at the login prompt",
    "the password I picked was too short, so I made a longer one",
    "The password I chose is stored in Bitwarden",
    "the PIN I use is the same as before",
    "The password ends with a digit, it is required by policy",
    "Password requirements: 12 characters, one digit, one symbol",
    "the password policy is SHA-256 based now",
    "PSK mode is WPA2-Personal on the guest network",
    "The WPA key length must be 8 to 63 characters",
    "WIFI: the guest network is open, no password",
    "The Wi-Fi QR code is on the fridge",
    "the cookie jar holds 12 cookies",
    "our cookie policy version is 2024-11-v3",
    "Cookie consent id: consent-banner-v2",
    "She baked oatmeal raisin cookies for the team, recipe 12b",
    "The cookie named theme stores dark or light",
    "cookie lifetime is 1209600 seconds",
    "the session cookie expires after 30 minutes of inactivity",
    "2FA is enabled for 12 accounts via Authy",
    "my authenticator app shows codes that change every 30 seconds",
    "TOTP uses HMAC-SHA1 with a 30 s step (RFC 6238)",
    "The OTP was sent to the number ending 4471",
    "the two-factor prompt appeared at 09:45 on Monday",
    "backup codes are printed and kept in the safe",
    "Generate new recovery codes after using 8 of 10",
    "recovery codes: regenerate them in Settings > Security",
    "I printed my backup codes on 2024-03-01 and stored them",
    "Backup codes: 10 of them, stored in 1Password",
    "the backup codes are in the drawer, 3 sheets",
    "Spelling list: place essay sketch board celery coral robot buffalo hospital basket clown task",
    "Vocabulary for Tuesday: stock cat kite common sun bundle disorder inch cabbage slam bonus illness",
    "Shopping list: rice, salt, sugar, bread, cheese, butter, lemon, onion, garlic, pepper, olive, honey",
    "Mi clave para el éxito es la constancia",
    "Het wachtwoord moet minstens 12 tekens hebben",
    "Passordet må ha minst 8 tegn",
    "A jelszónak legalább 10 karakter hosszúnak kell lennie",
    "He was released on parole in 2019",
    "The parole board meets in 2026",
    "La contra de la película es el villano",
    "password hashing uses $2b$ with cost 12",
    "htpasswd -B creates bcrypt entries",
    "The shadow file line format is user:$id$salt$hash",
    "bcrypt hashes look like $2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PBBkqquzi.Ss7KIUgO2t0jWMUW in the docs",
    "It cost $12 and $30 at the market",
    "Card ending 4242 expires 09/27",
    "The CVV is the three digits on the back",
    "the code on the back of the box is the batch number",
    "Order 4481 ships with the new card stock",
    "Our office keypad was replaced in 2023",
    "The error code for the alarm is 5566",
    "the zip code for the office is 94107",
    "Gate 12 code is on the board",
    "the door code changed last week",
    "Flight code BA2490 leaves from gate 31",
    "Use the signing key 0xA1B2C3D4 to verify the tarball",
    "GPG fingerprint 6AE4 1D3F 2B77 9C80 4A21 5E66 9F31 0D7A B0C2 8E15 is on the site",
    "https://cdn.example.com/app.js?integrity=sha384-oqVuAfXRKap7fdgcCY5uykM6R9GqQ8K",
    "https://files.example.org/x.iso?md5=9e107d9d372bb6826bd81d3542a419d6",
    "https://example.com/search?q=how+to+reset+my+password",
    "the combination of left and right turns is how dial locks work",
    "I turned left 2 times and right 3 times at the roundabout",
    "The band played one two three four before the song",
    "our PIN policy requires 6 digits",
    "the keypad is next to the garage door",
    "the yubikey is in the top drawer",
    "My grandmother's cookie recipe has 3 eggs",
    "Sign into Netflix on the TV with the remote",
    "log in as admin, then open the settings",
    "the vault opens with a key and a code",
    "Try Python3 first if the notebook asks for a kernel",
    "Use Win10 to access the old printer",
    "we need Vue3 to access the component library",
    "you'll need Go1.22 to log the build output",
    "the card reader accepts Visa for the parking lot",
    "use the ticket TKT-4821 to track the request",
]


@pytest.mark.parametrize(("family", "text", "secret"), SHAPES, ids=[t[:48] for _, t, _ in SHAPES])
def test_each_new_shape_is_redacted(family, text, secret):
    assert_taken_out(screen(text), secret)
    # told inside a longer message, the same (and the message is kept)
    assert_redacted_in_place(screen_entry(f"Note from Monday. {text}. Ask Ana before changing it."), secret)


@pytest.mark.parametrize("text", BENIGN_SHAPES)
def test_look_alikes_are_left_as_they_are(text):
    screened = screen(text)
    assert screened.ok and screened.text == text, screened.text


def test_the_benign_corpora_keep_false_positives_under_one_percent():
    corpus = list(BENIGN) + BENIGN_SHAPES
    altered = [text for text in corpus if screen(text).text != text]
    assert len(corpus) >= 400 and len(set(corpus)) == len(corpus)
    assert len(altered) <= len(corpus) // 100, altered


def test_a_recovery_code_list_is_redacted_code_by_code():
    screened = screen("my backup codes for the bank, keep safe - 7k2p 9x4m, 3q8r 1w5t; 6y2u 4i8o")
    assert screened.text == (f"my backup codes for the bank, keep safe - {REDACTED}, {REDACTED}; {REDACTED}")
    # one word with a digit later in the sentence is no list
    assert screen("backup codes printed 2x and filed in 1Password").redactions == 0


def test_a_password_hash_keeps_its_user_and_loses_its_hash():
    assert screen("ana:$apr1$Qm9vZ2ll$8pLrT3vN7yQ1aB2cD3eF4/ from the htpasswd").text == (
        f"ana:{REDACTED} from the htpasswd"
    )


def test_a_wifi_qr_string_keeps_the_network_and_loses_the_password():
    assert screen("WIFI:T:WPA;S:Attic;P:Hay\\;Loft#9;;").text == f"WIFI:T:WPA;S:Attic;P:{REDACTED};;"


def test_screening_cost_stays_bounded_on_long_hostile_lines():
    # the new readers (lists after a keyword, words before a seed, clauses after "password") each
    # read a bounded window: long repeats of their keywords cost linear time
    lines = [
        "backup codes " * 2000,
        "the otp secret ABCD " * 2000,
        "password I " * 3000,
        "cookie " * 5000,
        "WIFI:P:" * 3000,
        "$6$" * 5000,
        "ocean-" * 5000,
        "sign in with a and " * 1500,
    ]
    start = time.process_time()
    for line in lines:
        screen(line)
    assert time.process_time() - start < 5.0


def test_a_card_code_is_found_after_its_card_was_screened():
    # a fact re-screened, a note imported under a screened heading: the card is [REDACTED_SECRET]
    for text in (
        "[REDACTED_SECRET] — the three digits on the back are 067",
        "カード番号 [REDACTED_SECRET] セキュリティコード 285",
    ):
        assert screen(text).text.count(REDACTED) == 2, text


def test_a_facts_subject_loses_what_its_text_lost():
    """A subject spells the fact's first words as a slug (`…_security_code_314`): what screening
    found in the told text is taken out of it too, short codes included."""
    from swarmkit.runtime.memory_hooks import without_told_secrets

    told = "Remember this: Visa 5134507114702626, security code 314"
    fact = {
        "text": "Visa 5134507114702626, security code 314",
        "subject": "user.notes.visa_5134507114702626_security_code_314",
    }
    (out,) = without_told_secrets([fact], told)
    assert "314" not in out["subject"] and "5134507114702626" not in out["subject"]
    assert out["subject"].startswith("user.notes.visa_")

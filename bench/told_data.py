"""Facts told to a fresh `swarmkit init` workspace, one run each, and asked back in other words
(bench/bench_told.py). Written for issue 32 before it was measured, and never tuned on: nothing in
recall was changed after these were written. Each item: what is told, the question, and the words
one of which a recalled entry must hold for the fact to count as found (lowercase).

"plain" tells each fact in one ordinary sentence; "chatty" tells it as people chat (an aside, a
reaction, a joke around it). Most questions share no meaningful word with the fact, and some ask by
purpose (a job, an age, a partner): those are found by meaning or not at all.

"casual" (24 facts) was written on 2026-12-05 for issue 32's casual-speech point, before the speech
rules were changed for it. It is no longer held out: its misses were looked at (and the speech rules
changed for what they showed) in a later round, so its figures are those of a tuned set.

"ordinary2" (24 facts) was written on the evening of 2026-12-05, before the general first-person
fallback and the purposes added with it, as everyday sentences in the issue's style; it was measured
before and after that change (its "after" figure is of a set seen while building: the fallback was
written for the general case, not for its items, but its misses were read). Its first item ("based in
Glasgow") and its sixth ("I moved to Bristol") both tell where one lives, in one workspace: the later
replaces the earlier (one subject, user.location), so the first is not found, as it should not be.

"lead24" (24 facts) was written by the lead on the night of 2026-12-05 and measured before any change:
15 found by words, 19 by words and meaning, 21 kept. It is tuned on from then: its misses were read, and
the speech rules changed for the general cases they stand for (a role whose head noun is an occupation,
an ability said with "can", biography in the past tense, a trip one is going on, the team one supports,
a daily routine), so its later figures are those of a tuned set.
"""

from __future__ import annotations

SETS: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {
    "plain": [
        ("I work as a nurse at St. Mary's hospital.", "What do I do for a living?", ("nurse",)),
        ("I live in Rotterdam.", "Which city is my home?", ("rotterdam",)),
        ("My wife is called Ingrid.", "Who is my partner?", ("ingrid",)),
        ("I was born on 3 March 1988.", "How old am I?", ("1988",)),
        ("I'm vegetarian.", "Do I eat meat?", ("vegetarian",)),
        ("I play the cello in an amateur orchestra.", "What music do I make?", ("cello",)),
        ("I drive a red Volvo.", "What car do I have?", ("volvo",)),
        ("I'm allergic to penicillin.", "Which medicines should I avoid?", ("penicillin",)),
        ("My son Tomas is seven.", "How many children do I have?", ("tomas",)),
        ("I speak Portuguese and Dutch.", "Which languages do I know?", ("portuguese", "dutch")),
        ("I go running every morning before work.", "What exercise do I do?", ("running", "run")),
        ("I'm from Porto originally.", "Where did I grow up?", ("porto",)),
    ],
    "chatty": [
        (
            "Oh and by the way, I've been teaching maths at a secondary school for ten years now.",
            "What's my job?",
            ("maths", "teach"),
        ),
        (
            "We finally moved to Utrecht last spring, loving it so far!",
            "Where am I living these days?",
            ("utrecht",),
        ),
        ("My husband Karim keeps telling me to take more holidays, haha.", "Am I married?", ("karim",)),
        ("Funny thing, I turned 41 last week.", "What's my age?", ("41",)),
        ("I can't stand coriander, it tastes like soap to me.", "Which herbs do I dislike?", ("coriander",)),
        (
            "Honestly, I mostly listen to old soul records these days.",
            "What kind of music do I like?",
            ("soul",),
        ),
        (
            "My dog Biscuit is a border collie and she's a handful.",
            "Do I have any pets?",
            ("biscuit", "collie"),
        ),
        ("Gluten makes me feel awful, so I avoid bread.", "Do I have any dietary restrictions?", ("gluten",)),
        (
            "I'm the kind of person who codes in Rust whenever I get the chance.",
            "What's my favourite programming language?",
            ("rust",),
        ),
        (
            "Weekends are for climbing at the bouldering gym, that's my thing.",
            "What do I do for fun?",
            ("climb", "boulder"),
        ),
        ("I grew up near Cork, in Ireland.", "Where am I from?", ("cork",)),
        ("Coffee? Only decaf for me after my heart scare.", "What do I drink?", ("decaf",)),
    ],
    "casual": [
        (
            "Ugh, another night shift at the fire station tomorrow, that's firefighting for you.",
            "How do I earn my money?",
            ("fire",),
        ),
        (
            "So I've been a plumber for about twenty years, can't complain really.",
            "What's my line of work?",
            ("plumber",),
        ),
        ("Believe it or not, I'll be 35 next month.", "How many years old am I?", ("34", "35")),
        (
            "My girlfriend Leonie thinks I work too much, she's probably right.",
            "Who am I dating?",
            ("leonie",),
        ),
        (
            "Our twins, Mia and Noah, start school in September, time flies!",
            "Do I have kids?",
            ("mia", "noah", "twins"),
        ),
        (
            "We've got a grumpy old parrot called Captain who swears at guests.",
            "What animals live with me?",
            ("captain", "parrot"),
        ),
        (
            "These days home is a tiny flat in Lisbon, which I adore.",
            "Which city do I live in?",
            ("lisbon",),
        ),
        (
            "Originally I'm from a small village near Krakow, though you'd never guess it.",
            "What's my hometown?",
            ("krakow",),
        ),
        (
            "Dairy and me don't get along, so no milk or cheese for me.",
            "What foods should I stay away from?",
            ("dairy", "milk", "lactose"),
        ),
        (
            "Bee stings are a real problem for me, I carry an EpiPen everywhere.",
            "Am I allergic to anything?",
            ("bee",),
        ),
        (
            "I've had asthma since I was a kid, so running in the cold is tough.",
            "Do I have any health conditions?",
            ("asthma",),
        ),
        (
            "Sundays are all about baking sourdough, I'm a bit obsessed.",
            "What's my hobby?",
            ("sourdough", "bak"),
        ),
        (
            "Chess is my thing, I play online most evenings.",
            "What do I do in my free time?",
            ("chess",),
        ),
        (
            "Fun fact: I speak fluent Japanese after living in Osaka for a while.",
            "Which foreign languages can I speak?",
            ("japanese",),
        ),
        (
            "Mornings are sacred, I'm up at 5 every day for a swim.",
            "When do I usually wake up?",
            ("5", "five"),
        ),
        (
            "Tea? Always green tea for me, never black.",
            "What's my usual hot drink?",
            ("green tea",),
        ),
        (
            "Honestly, nothing beats a good Thai curry, it's my go-to dinner.",
            "What's my favourite food?",
            ("thai", "curry"),
        ),
        (
            "I really can't stand horror films, they give me nightmares for weeks.",
            "Which movies do I avoid?",
            ("horror",),
        ),
        (
            "Loud open-plan offices drive me mad, I get nothing done.",
            "What bothers me at work?",
            ("open-plan", "office", "loud"),
        ),
        (
            "My pride and joy is a 1972 Vespa that I restored myself.",
            "What do I ride?",
            ("vespa",),
        ),
        (
            "I play a battered old Fender guitar, mostly blues.",
            "Which instrument do I play?",
            ("guitar", "fender"),
        ),
        (
            "We're planning to move to Canada next year, fingers crossed.",
            "What are my plans for the future?",
            ("canada",),
        ),
        (
            "Running the Berlin marathon in April is the big goal this year.",
            "What am I training for?",
            ("marathon", "berlin"),
        ),
        (
            "My sister Ana lives just down the road, we see each other loads.",
            "Do I have any siblings?",
            ("ana",),
        ),
    ],
    "ordinary2": [
        ("These days I'm based in Glasgow, after years down south.", "Where do I live now?", ("glasgow",)),
        (
            "Nobody uses my full name, everyone calls me Bex.",
            "What do people call me?",
            ("bex",),
        ),
        (
            "Strawberries make me break out in hives, sadly.",
            "Is there any fruit I should avoid?",
            ("strawberr",),
        ),
        ("Honestly I hate country music, can't listen to it.", "Which music do I dislike?", ("country",)),
        (
            "We adopted a greyhound in the spring and named her Olive.",
            "Do I have a dog?",
            ("olive", "greyhound"),
        ),
        ("I no longer live in Leeds, I moved to Bristol.", "Which city am I in?", ("bristol",)),
        (
            "Been driving buses around Manchester for twelve years, it pays the bills.",
            "What do I do for work?",
            ("bus",),
        ),
        ("I just hit 52 in October, feeling every year of it.", "What age am I?", ("52",)),
        (
            "My partner Dev is a chef, so dinner is always good at ours.",
            "Who do I live with?",
            ("dev",),
        ),
        (
            "Grew up on a farm outside Limerick, miles from anywhere.",
            "Where was I raised?",
            ("limerick",),
        ),
        (
            "Our little one, Rosa, turns three next week.",
            "Do I have a child?",
            ("rosa",),
        ),
        (
            "Shellfish is off the menu for me, my throat swells up.",
            "What am I allergic to?",
            ("shellfish",),
        ),
        (
            "I'm a type 1 diabetic, so I always carry snacks.",
            "Do I have a medical condition?",
            ("diabet",),
        ),
        (
            "Cycling to the office every day keeps me sane.",
            "How do I keep fit?",
            ("cycl",),
        ),
        (
            "My Spanish is decent, my Italian is rusty.",
            "What languages do I speak?",
            ("spanish", "italian"),
        ),
        (
            "I've got two cats, Salt and Pepper, who rule the house.",
            "What pets do I own?",
            ("salt", "pepper", "cats"),
        ),
        (
            "Flat white with oat milk, that's my morning fix.",
            "How do I take my coffee?",
            ("flat white", "oat"),
        ),
        (
            "Mostly I listen to jazz piano while I work.",
            "What sort of music do I enjoy?",
            ("jazz",),
        ),
        (
            "Red meat doesn't agree with me, so I stick to fish.",
            "What foods should I avoid?",
            ("red meat", "meat"),
        ),
        (
            "My brother Luca lives in Milan and we talk every Sunday.",
            "Do I have any brothers or sisters?",
            ("luca",),
        ),
        (
            "The plan is to open a bakery of my own in a couple of years.",
            "What's my long-term goal?",
            ("bakery",),
        ),
        (
            "Messy desks drive me up the wall.",
            "What annoys me?",
            ("desk", "messy"),
        ),
        (
            "I write code for a bank, mostly backend stuff in Java.",
            "What's my occupation?",
            ("bank", "java", "code"),
        ),
        (
            "Weekends I'm usually out hiking in the Peak District.",
            "What do I get up to at the weekend?",
            ("hik", "peak"),
        ),
    ],
    "lead24": [
        ("I'm a primary school teacher.", "What's my job?", ("teacher",)),
        ("We live in a small town near Utrecht.", "Where is home for me?", ("utrecht",)),
        ("My husband's name is Farid.", "Who am I married to?", ("farid",)),
        ("I was born in 1979.", "What year was I born?", ("1979",)),
        ("I don't eat pork.", "Is there any meat I avoid?", ("pork",)),
        ("We have a border collie called Juno.", "What pet do we have?", ("juno", "collie")),
        ("I'm allergic to bee stings.", "Are there any insects I should watch out for?", ("bee",)),
        ("I can speak Arabic and a bit of French.", "What languages can I speak?", ("arabic", "french")),
        ("On Sundays I go climbing with friends.", "How do I spend my weekends?", ("climbing",)),
        ("I ride a Vespa to work.", "How do I get to my job?", ("vespa",)),
        ("Our daughter Lina just started university.", "Tell me about my kids.", ("lina",)),
        ("I grew up in Casablanca.", "Where did I spend my childhood?", ("casablanca",)),
        ("I've worked at Philips for ten years.", "Who is my employer?", ("philips",)),
        ("My brother Omar lives in Montreal.", "Do I have any siblings?", ("omar",)),
        ("Nothing beats a good bowl of ramen.", "What's my favourite dish?", ("ramen",)),
        ("I can't stand country music.", "What kind of music do I dislike?", ("country",)),
        ("I'm terrified of deep water.", "What am I scared of?", ("water",)),
        ("I support Ajax.", "Which football club do I follow?", ("ajax",)),
        ("I studied chemistry at Leiden.", "What did I study?", ("chemistry", "leiden")),
        ("I have type 1 diabetes.", "Do I have any health conditions?", ("diabetes",)),
        ("I usually wake up at 5:30.", "When do I get up in the morning?", ("5:30",)),
        ("Next spring we're going to Japan.", "Where am I travelling next?", ("japan",)),
        ("I take my coffee with oat milk.", "How do I like my coffee?", ("oat",)),
        ("I play the saxophone.", "Which instrument do I play?", ("saxophone",)),
    ],
}

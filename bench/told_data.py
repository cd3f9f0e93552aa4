"""Facts told to a fresh `swarmkit init` workspace, one run each, and asked back in other words
(bench/bench_told.py). Written for issue 32 before it was measured, and never tuned on: nothing in
recall was changed after these were written. Each item: what is told, the question, and the words
one of which a recalled entry must hold for the fact to count as found (lowercase).

"plain" tells each fact in one ordinary sentence; "chatty" tells it as people chat (an aside, a
reaction, a joke around it). Most questions share no meaningful word with the fact, and some ask by
purpose (a job, an age, a partner): those are found by meaning or not at all.

"casual" (24 facts) was written on 2026-12-05 for issue 32's casual-speech point, before the speech
rules were changed for it, and is held out: nothing in swarmkit/speech was tuned on it; it is
measured once before and once after (its figures are reported as held-out figures).
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
}

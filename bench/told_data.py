"""Facts told to a fresh `swarmkit init` workspace, one run each, and asked back in other words
(bench/bench_told.py). Written for issue 32 before it was measured, and never tuned on: nothing in
recall was changed after these were written. Each item: what is told, the question, and the words
one of which a recalled entry must hold for the fact to count as found (lowercase).

"plain" tells each fact in one ordinary sentence; "chatty" tells it as people chat (an aside, a
reaction, a joke around it). Most questions share no meaningful word with the fact, and some ask by
purpose (a job, an age, a partner): those are found by meaning or not at all.
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
}

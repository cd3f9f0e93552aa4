"""Restatements planted among distinct facts, for consolidation by words and meaning
(bench/bench_restatements.py).

Each set is ten pairs, a fact and the same fact in other words, and ten distinct facts about the
same person, several of them near a pair in words or in topic (another allergy, another keyboard,
another seat) without saying the same thing. A pass should propose each pair as one fact and
involve no distinct fact in any merge.

Written for this project by hand, before consolidation learnt to weigh words and meaning
together: T1 and T2 are the sets it was tuned on; H was written at the same time and is held out
(never tuned on: it is measured, not fitted). T1's first two pairs are issue 32's examples. T3 was
written later, while tuning, for the decoys the first two lacked: distinct facts in pairs that fill
one frame with two values ("Likes jazz" / "Likes techno", "Has a dog named Max" / "Has a cat named
Max"); it is tuned on too. T4, written with T3, holds decoys that differ in two words each
("Drinks coffee in the morning" / "Drinks tea in the evening") and facts two words apart in topic.
"""

from __future__ import annotations

SETS: dict[str, dict[str, list]] = {
    "T1": {
        "pairs": [
            ("Allergic to shellfish", "Has a shellfish allergy"),
            ("Types on a Kinesis Advantage", "Uses a Kinesis Advantage keyboard"),
            ("Works remotely from home", "Does her job from home, fully remote"),
            ("Drinks oat milk in coffee", "Takes oat milk with coffee"),
            ("Goes to bed around 11 pm", "Usually falls asleep at about 11 at night"),
            ("Has a golden retriever called Biscuit", "Biscuit is my golden retriever"),
            ("Prefers window seats on flights", "Always picks a window seat when flying"),
            ("Is training for a half marathon", "Preparing to run a half marathon"),
            ("Reads on a Kindle", "Uses a Kindle for reading books"),
            ("Commutes by bike", "Cycles to work every day"),
        ],
        "distinct": [
            "Allergic to cats",
            "Uses a standing desk",
            "Has a tabby cat called Pixel",
            "Prefers aisle seats on trains",
            "Drinks green tea in the afternoon",
            "Ran a full marathon in 2019",
            "Works at a bakery on weekends",
            "Listens to audiobooks while cooking",
            "Goes swimming on Saturday mornings",
            "Speaks Dutch and German",
        ],
    },
    "T2": {
        "pairs": [
            ("Is lactose intolerant", "Cannot digest dairy"),
            ("Uses Neovim as the main editor", "Writes code in Neovim"),
            ("Lives with two flatmates", "Shares a flat with two roommates"),
            ("Wears contact lenses", "Uses contacts instead of glasses"),
            ("Born in Lagos", "Lagos is my birthplace"),
            ("Plays bass in a jazz trio", "Is the bassist of a jazz trio"),
            ("Drives an electric Kia", "Has a Kia EV"),
            ("Hates cilantro", "Can't stand coriander"),
            ("Meditates each morning", "Does a meditation session every morning"),
            ("Keeps a journal of every hike", "Logs each hike in a notebook"),
        ],
        "distinct": [
            "Is allergic to penicillin",
            "Uses VS Code at work",
            "Lives in Utrecht",
            "Plays tennis on Thursdays",
            "Wears a smartwatch",
            "Has a younger brother in Accra",
            "Rides the train to the office on Mondays",
            "Loves spicy food",
            "Writes poems before bed",
            "Takes vitamin D in winter",
        ],
    },
    "H": {
        "pairs": [
            ("Is afraid of heights", "Has a fear of high places"),
            ("Keeps a sourdough starter in the fridge", "Maintains a sourdough culture in the refrigerator"),
            ("Walks the dog twice a day", "Takes the dog out for a walk morning and evening"),
            ("Works night shifts at the hospital", "Does overnight shifts at the hospital"),
            ("Studies Japanese on Duolingo", "Learns Japanese with the Duolingo app"),
            ("Has a peanut allergy", "Is allergic to peanuts"),
            ("Listens to podcasts while commuting", "Plays podcasts on the way to work"),
            ("Uses a Pixel phone", "Has a Google Pixel smartphone"),
            ("Is vegan", "Eats no animal products"),
            ("Volunteers at the food bank on Saturdays", "Helps out at the food bank every Saturday"),
        ],
        "distinct": [
            "Is afraid of spiders",
            "Bakes bread on Sundays",
            "Has a cat that sleeps all day",
            "Works at the library",
            "Studies Spanish at evening classes",
            "Is allergic to dust",
            "Listens to jazz while cooking",
            "Uses a MacBook for work",
            "Eats out on Fridays",
            "Donates blood twice a year",
        ],
    },
}
SETS["T3"] = {
    "pairs": [
        ("Takes coffee black every morning", "Drinks black coffee each morning"),
        ("Is left-handed", "Writes with the left hand"),
        ("Sleeps with earplugs", "Uses earplugs to sleep"),
        ("Owns a 3D printer", "Has a 3D printer at home"),
        ("Is colourblind", "Has trouble telling red from green"),
        ("Runs a small pottery studio", "Owns a little ceramics workshop"),
        ("Grows tomatoes on the balcony", "Has tomato plants on the balcony"),
        ("Plays chess online most evenings", "Plays online chess nearly every evening"),
        ("Is saving for a house", "Puts money aside to buy a home"),
        ("Speaks a little Italian", "Knows some basic Italian"),
    ],
    "distinct": [
        "Has a dog named Max",
        "Has a cat named Max",
        "Speaks Spanish",
        "Speaks Portuguese",
        "Drives a Toyota",
        "Drives a Honda",
        "Prefers tabs",
        "Prefers spaces",
        "Likes jazz",
        "Likes techno",
    ],
}
SETS["T4"] = {
    "pairs": [
        ("Goes rock climbing at the gym", "Climbs at an indoor bouldering gym"),
        ("Watches a lot of anime", "Is a big anime fan"),
        ("Has a standing order to a charity", "Gives to a charity every month"),
        ("Takes the bus to work", "Commutes to the office by bus"),
        ("Wears glasses for reading", "Needs reading glasses"),
        ("Keeps chickens in the garden", "Raises hens in the back garden"),
        ("Is an only child", "Has no brothers or sisters"),
        ("Hikes in the Alps every summer", "Spends summers hiking in the Alps"),
        ("Sings in a choir", "Is a member of a local choir"),
        ("Writes a weekly newsletter", "Sends out a newsletter every week"),
    ],
    "distinct": [
        "Drinks coffee in the morning",
        "Drinks tea in the evening",
        "Reads science fiction",
        "Reads historical novels",
        "Has a dog",
        "Has a cat",
        "Plays tennis on Thursdays",
        "Plays squash on Mondays",
        "Works as a nurse",
        "Works night shifts at the hospital",
    ],
}
HELD_OUT = ("H",)

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
H2 and H3 were written on 2026-12-05, before the margin scoring (issue 32's held-out bar of 9 of
10), with what the first sets had little of: restatements that take knowing the world ("Is
teetotal" / "Never drinks alcohol"), a role told by what it does ("Works as a dentist" / "Fixes
people's teeth for a living"), one side said as a negation, numbers written two ways, and decoys
that deny ("Can't ride a bike" beside "Can't swim") or fill the frame with another value ("Sam is
my brother" beside "Sam is my husband"). H3 is tuned on; H2 stays held out: never tuned on, its
figure is measured and reported, not fitted. H was tuned on from that day too (it was held out
before).
H4 was written by hand later that day, before consolidation read facts as attributes (a partner, where
one is from, a diet told by what one does not eat): a diet said as what one eats, a partner said two
ways, where one comes from, a role by what it does, a denial said two ways, a count said two ways,
and decoys beside them that keep the value and change the attribute ("Priya is my sister", "Lives in
Glasgow now"), keep the attribute and change the value ("Works as an electrician", "Is allergic to bee
stings"), or deny ("Doesn't own a bike"). From then H2 is tuned on (its misses were worked on) and H4
is the held-out set, measured once before the change (3 of 10 proposed, 2 distinct facts involved)
and once after (4 of 10, 2 distinct).
H5 was written by hand on 2026-12-05 (evening), before consolidation's one calibrated pair score, in
the style of H2-H4: a role by what it does, a partner said two ways, where one comes from, a denial
said two ways, a count said two ways, a condition said as what it stops one doing, and decoys that
keep the value and change the attribute ("Tom is my brother", "Lives in Cork now"), keep the frame and
change one word ("Is allergic to wool", "Is long-sighted") or deny ("Doesn't eat sugar"). From then
H4 is tuned on (its misses were worked on) and H5 is the held-out set: never tuned on, measured once
before the change and once after.
H6-H9 were written by hand on 2026-12-05 (night), before consolidation's rules for one value under two
attributes ("Grew up in Cork" / "Lives in Cork now": two facts by rule, not by weight), for a denial of
a word the other does not hold ("Is gluten intolerant" / "Can't eat gluten" may be one fact), for a
name said with the speaker ("Sam and I live together": the speaker's fact) and for a frame's slot
filled with a phrase ("Plays the cello" / "Plays the violin badly"). H6 and H7 were measured before
that change (9 of 10 with 1 distinct involved; 7 of 10 with none) and their misses worked on: they are
tuned on. H8 was measured before it (10 of 10, none involved) and after, and H9 was written after it
and measured once each way (7 of 10, 1 distinct involved, both times): those two are held out. H5 was
looked at while the change was made (its "Grew up in Cork" / "Lives in Cork now" decoy, beside H4's
Glasgow one, is what the rule for one value under two attributes is for), so it is tuned on from then.
H9 was then worked on by name (its three misses and its one decoy; see HELD_OUT below), so it is tuned
on from then too: H8 alone is held out.
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
SETS["H2"] = {
    "pairs": [
        ("Is a vegetarian", "Doesn't eat meat or fish"),
        ("Works as a dentist", "Fixes people's teeth for a living"),
        ("Is married to Sam", "Sam is my husband"),
        ("Runs three times a week", "Goes jogging three days a week"),
        ("Has two kids", "Is a parent of two children"),
        ("Grew up in Manchester", "Spent childhood in Manchester"),
        ("Can't swim", "Never learned how to swim"),
        ("Plays the violin", "Is a violinist"),
        ("Wakes up at 6 every day", "Gets up at six each morning"),
        ("Gets migraines", "Suffers from migraine headaches"),
    ],
    "distinct": [
        "Eats fish on Fridays",
        "Works as a pharmacist",
        "Sam is my brother",
        "Runs a small bakery",
        "Has two cats",
        "Lives in Manchester now",
        "Can't ride a bike",
        "Plays the piano",
        "Goes to bed at 10 every night",
        "Takes ibuprofen for back pain",
    ],
}
SETS["H3"] = {
    "pairs": [
        ("Hates flying", "Dislikes travelling by plane"),
        ("Is a software engineer", "Writes software for a living"),
        ("Is teetotal", "Never drinks alcohol"),
        ("Owns a Tesla Model 3", "Drives a Model 3 made by Tesla"),
        ("Is bilingual in English and French", "Speaks both English and French fluently"),
        ("Supports Liverpool FC", "Is a Liverpool football fan"),
        ("Lives on his own", "Lives alone"),
        ("Is a night owl", "Prefers staying up late"),
        ("Has coeliac disease", "Cannot eat gluten"),
        ("Collects vinyl records", "Has a big record collection"),
    ],
    "distinct": [
        "Hates mornings",
        "Works as a civil engineer",
        "Drinks red wine at dinner",
        "Drives a Volkswagen Golf",
        "Speaks some German",
        "Supports Arsenal",
        "Lives near the sea",
        "Is an early riser",
        "Cannot eat shellfish",
        "Collects stamps",
    ],
}
SETS["H4"] = {
    "pairs": [
        ("Is a pescatarian", "Eats fish but no meat"),
        ("Her wife is Priya", "Is married to Priya"),
        ("Comes from Glasgow", "Was brought up in Glasgow"),
        ("Works as a plumber", "Fixes pipes and boilers for a living"),
        ("Doesn't own a car", "Has no car"),
        ("Is a morning person", "Likes getting up early"),
        ("Has three grandchildren", "Is a grandparent of three"),
        ("Is hard of hearing", "Has trouble hearing"),
        ("Teaches maths at a secondary school", "Is a maths teacher at a high school"),
        ("Is allergic to wasp stings", "Reacts badly to being stung by wasps"),
    ],
    "distinct": [
        "Eats meat only at weekends",
        "Priya is my sister",
        "Lives in Glasgow now",
        "Works as an electrician",
        "Doesn't own a bike",
        "Likes long walks in the evening",
        "Has three nephews",
        "Has trouble sleeping",
        "Teaches yoga on Sundays",
        "Is allergic to bee stings",
    ],
}
SETS["H5"] = {
    "pairs": [
        ("Has type 1 diabetes", "Is a type 1 diabetic"),
        ("Works as an accountant", "Does people's taxes and books for a living"),
        ("Doesn't drink coffee", "Never has coffee"),
        ("Her husband is Tom", "Is married to Tom"),
        ("Is originally from Cork", "Grew up in Cork"),
        ("Is a keen gardener", "Loves working in the garden"),
        ("Has four children", "Is a mother of four"),
        ("Is short-sighted", "Can't see far without glasses"),
        ("Is allergic to latex", "Gets a rash from latex gloves"),
        ("Speaks fluent Mandarin", "Is fluent in Mandarin Chinese"),
    ],
    "distinct": [
        "Drinks decaf tea",
        "Tom is my brother",
        "Lives in Cork now",
        "Works as an architect",
        "Is allergic to wool",
        "Has four grandchildren",
        "Is long-sighted",
        "Doesn't eat sugar",
        "Mows the lawn on Sundays",
        "Speaks a little Cantonese",
    ],
}
SETS["H6"] = {
    "pairs": [
        ("Is vegetarian", "Doesn't eat meat"),
        ("Has a peanut allergy", "Is allergic to peanuts"),
        ("Works as a nurse", "Is a nurse at the city hospital"),
        ("Lives in Toronto", "Is based in Toronto"),
        ("Has two daughters", "Is the mother of two girls"),
        ("Plays the cello", "Is a cellist"),
        ("Runs every morning", "Goes for a run each morning"),
        ("Uses a MacBook for work", "Works on a MacBook"),
        ("Is afraid of spiders", "Has a fear of spiders"),
        ("Grew up in Lyon", "Spent childhood in Lyon"),
    ],
    "distinct": [
        "Is allergic to penicillin",
        "Has a son at university",
        "Plays the violin badly",
        "Lives next to a park",
        "Works night shifts on weekends",
        "Is afraid of flying",
        "Uses an iPhone",
        "Walks the dog every evening",
        "Eats fish on Fridays",
        "Visited Lyon in 2018",
    ],
}
SETS["H7"] = {
    "pairs": [
        ("Is gluten intolerant", "Can't eat gluten"),
        ("Works as a plumber", "Fixes pipes for a living"),
        ("Lives with her partner Sam", "Sam and I live together"),
        ("Has three brothers", "Is one of four boys"),
        ("Plays chess online most nights", "Plays online chess in the evenings"),
        ("Wakes up at 6 am", "Gets up at six in the morning"),
        ("Is from Kenya", "Comes from Kenya originally"),
        ("Prefers trains to planes", "Would rather take the train than fly"),
        ("Is learning to play the piano", "Takes piano lessons"),
        ("Uses Firefox as the main browser", "Browses the web with Firefox"),
    ],
    "distinct": [
        "Is allergic to gluten free bread crumbs",
        "Works as a carpenter on weekends",
        "Lives near Sam's office",
        "Has a brother in Kenya",
        "Plays tennis badly most weekends",
        "Goes to bed at 10 pm",
        "Visited Kenya on holiday",
        "Is afraid of planes",
        "Plays the guitar",
        "Uses Chrome at work",
    ],
}
SETS["H8"] = {
    "pairs": [
        ("Doesn't drink coffee", "Never has coffee"),
        ("Is married to Elena", "Elena is my wife"),
        ("Speaks fluent Japanese", "Is fluent in Japanese"),
        ("Drives a Toyota Corolla", "Owns a Corolla"),
        ("Is a software engineer", "Writes software for a living"),
        ("Has a cat named Mochi", "Mochi is my cat"),
        ("Was born in 1988", "Birth year is 1988"),
        ("Prefers dark mode in every app", "Always turns on dark mode"),
        ("Is colour blind", "Can't tell red from green"),
        ("Supports Arsenal", "Is an Arsenal fan"),
    ],
    "distinct": [
        "Drinks tea with honey",
        "Elena is my sister",
        "Is learning Korean",
        "Drives to work on Mondays",
        "Has a dog named Mochi",
        "Moved house in 2020",
        "Prefers light mode on the phone",
        "Is short-sighted",
        "Plays football on Sundays",
        "Writes poetry in the evenings",
    ],
}
SETS["H9"] = {
    "pairs": [
        ("Is a vegan", "Eats no animal products"),
        ("Works as a pharmacist", "Hands out prescriptions at a chemist for a living"),
        ("Has a sister called Ana", "Ana is my sister"),
        ("Is allergic to pollen", "Gets hay fever"),
        ("Lives in a flat in Madrid", "Rents an apartment in Madrid"),
        ("Swims twice a week", "Goes swimming two times a week"),
        ("Is 34 years old", "Age is 34"),
        ("Plays drums in a band", "Is the drummer of a band"),
        ("Hates horror films", "Can't stand scary movies"),
        ("Takes the bus to work", "Commutes by bus"),
    ],
    "distinct": [
        "Eats eggs on Sundays",
        "Works as a cashier at a chemist",
        "Ana is my cousin",
        "Is allergic to dogs",
        "Lives near Madrid airport",
        "Swims in the sea in summer",
        "Has been married for 34 years",
        "Plays guitar in a church choir",
        "Loves romantic comedies",
        "Takes the train at weekends",
    ],
}

# never tuned on (H was held out until H2 and H3 were written, H2 until H4 was, H4 until H5 was, H5 until H6-H9 were)
# 2026-12-05 (late): H9 is tuned on from now. Its three misses and its one decoy were worked on by
# name (a thing of one's own said first, "Age is 34"; a home in a place, "Lives in a flat in Madrid";
# an allergy named for what one reacts to, "Gets hay fever"; a merge that holds texts one with each
# other only, not "Lives near Madrid airport"): it measured 7 of 10 with 1 distinct involved before.
HELD_OUT = ("H8",)
TUNED = ("T1", "T2", "T3", "T4", "H", "H3", "H2", "H4", "H5", "H6", "H7", "H9")

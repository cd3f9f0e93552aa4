"""Plain-speech fact extraction: sentences, reported speech, facts about the user and where their values end,
what a note says of one single-valued thing of anyone (attributes.py), and a fact taken out of a longer
text (within.py).

Pure functions over text, used by the mock provider, the writer's screening of a person's own words,
the subject of an entry and consolidation's contradictions; it imports nothing of swarmkit but itself
(tests/test_architecture.py). The rules are data (speech/data/*.toml, read by rules.py): the modules
are the engines and the grammar that read them.
"""

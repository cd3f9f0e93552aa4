"""Plain-speech fact extraction: sentences, reported speech, facts about the user and where their values end.

Pure functions over text, used by the mock provider, the writer's screening of a person's own words
and the subject of an entry; nothing here imports the rest of memory.
"""

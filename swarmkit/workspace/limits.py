"""Bounds on what swarmkit reads, so hostile files are refused fast instead of exhausting memory."""

# A workspace file is configuration: 512 KiB is far beyond any real one, and keeps the worst
# valid file within validate's 2 s bound (a 1 MiB topology of 15,000 agents took ~3 s).
MAX_FILE_BYTES = 512 * 1024
MAX_EXPANDED_NODES = 200_000  # values after YAML aliases are expanded (billion-laughs guard)
MAX_DEPTH = 100  # nesting of mappings and lists
MAX_INT_DIGITS = 4_300  # Python's own limit for converting digits to an int (sys.int_info)
MAX_FILES = 10_000  # artifact files in one workspace: each costs validation ~1 ms; real ones hold dozens
MAX_DIAGNOSTICS_PER_FILE = 100  # schema problems listed per file before the rest are summarised
# The pure-Python YAML parser reads what the C parser refuses (a ':' inside [ ] or { }), at a tenth of
# its speed: above this size the C parser's verdict stands, so bad input is still refused within 2 s.
MAX_PURE_PARSE_BYTES = 64 * 1024

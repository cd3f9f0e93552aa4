"""Bounds on what swarmkit reads, so hostile files are refused fast instead of exhausting memory."""

MAX_FILE_BYTES = 1024 * 1024  # a workspace file is configuration; 1 MiB is far beyond any real one
MAX_EXPANDED_NODES = 200_000  # values after YAML aliases are expanded (billion-laughs guard)
MAX_DEPTH = 100  # nesting of mappings and lists

"""`swarmkit lsp`: the language server, validate's diagnostics in an editor as one types.

server.py     the pygls server: documents in, diagnostics out (debounced), the requests
workspaces.py one workspace's state: its editor-aware files, its last check, what was published
files.py      the resolver's files with an editor's unsaved buffers over the disk, kept per text
diagnostics.py  a swarmkit Diagnostic as the protocol's (range, code, hint, related place)
cursor.py     where in a YAML document a position is: the path of keys, a key or a value
references.py which values name an id of what kind, and where each id is defined
schema_help.py  the schema at a path: its description, keys and allowed values
features.py   definition, completion, hover and document symbols over the above

It reuses the resolver's pipeline whole (through workspace/files.py's seam) and never writes a file.
"""

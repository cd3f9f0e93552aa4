"""`swarmkit mcp`: the memory folder as an MCP server, for one person, through the memory core.

shapes.py holds the results (the entry shape `swarmkit memory ... --format json` prints); tools.py
builds the server (tools and the MEMORY.md resource) on the official SDK; guard.py is the token
check of its streamable-HTTP transport.
"""

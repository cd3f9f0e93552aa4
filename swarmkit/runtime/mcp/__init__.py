"""The MCP client of runs: the workspace's `mcp_servers`, started when a run first needs them.

servers.py reads the declarations (commands, environment, credentials) into what to start;
stdio.py is the bounded stdio transport; connections.py keeps each server's session on one
background event loop for the synchronous runtime; results.py turns tools and results into what the
model and the run record get; toolbox.py is what the runtime calls. The official SDK (`mcp`, the
`mcp` extra) is imported only when a run starts a server.
"""

"""`swarmkit serve`: the HTTP API over one workspace's memory and runs, and the portal pages.

It owns HTTP: routes (api_*.py, page_*.py), the guard in front of them (guard.py), the OpenAPI
document, and the mapping of every SwarmkitError to its HTTP status and code (errors.py).
"""

"""What tests share: plain git on the test side (git.py), reading memory files (memory_files.py),
workspaces on disk (workspaces.py), the API's test client calls (server.py) and runs (runs.py).

Tests import these; a conftest holds fixtures only, and nothing imports a conftest.
"""

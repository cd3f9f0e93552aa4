"""`swarmkit serve`: the HTTP API over one workspace's memory and runs, and the portal pages."""

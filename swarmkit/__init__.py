"""swarmkit: multi-agent workspaces written as YAML, with memory on by default."""

__version__ = "0.1.0"

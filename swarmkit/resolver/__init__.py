"""From a workspace folder to one immutable ResolvedWorkspace: defaults, bundled skills, linking."""

from swarmkit.resolver.pipeline import Resolution, resolve

__all__ = ["Resolution", "resolve"]

"""From a workspace folder to one immutable ResolvedWorkspace: defaults, bundled skills, linking.

It owns resolution: discovery to diagnostics (pipeline.py), the effective bindings, agents and
memory configuration (build.py, bindings.py, agents.py), cross-references (linking.py) and what
is reached by nothing (reachability.py). Everything downstream reads ResolvedWorkspace.
"""

from swarmkit.resolver.pipeline import Resolution, resolve

__all__ = ["Resolution", "resolve"]

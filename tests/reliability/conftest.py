"""Hypothesis profiles for the reliability suite: `ci` (fixed examples) and the default (random)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# The fuzzers write files into their own temporary folders; nothing is shared between examples.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True, print_blob=True)
settings.load_profile(
    "ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE", "default")
)

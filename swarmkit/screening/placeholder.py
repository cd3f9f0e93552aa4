"""The placeholder a secret is replaced by, on its own: the screening rules and the detectors both
need it, and neither may import the other for it."""

REDACTED = "[REDACTED_SECRET]"

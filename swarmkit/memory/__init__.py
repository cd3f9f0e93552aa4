"""Memory: the defaults that switch it on, the bundled skills, and (later) the memory folder."""

"""Running a resolved topology: agent tree, decision skills, providers, run records."""

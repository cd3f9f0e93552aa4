"""Every exit code swarmkit returns, in one place."""

from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0  # valid workspace / command succeeded
    INVALID = 1  # the input has errors (diagnostics were printed)
    USAGE = 2  # bad command line: unknown option, missing argument, path that does not exist
    INTERNAL = 3  # a bug in swarmkit: never the user's input
    INTERRUPTED = 130  # Ctrl-C (SIGINT): 128 + 2, as a shell reports it

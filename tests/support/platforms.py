"""What cannot run on each system, and why: the one list of the suite's platform skips.

CI runs the suite on Linux, macOS and Windows (.github/workflows/ci.yml). A test that needs what a
system lacks (a FIFO, /proc, POSIX signals, a pseudo-terminal) or whose expected text is written
as Linux and macOS print it is skipped there with its reason, listed here rather than in each file
so that one page says what each system leaves out (`pytest -rs` prints the reasons). Everything not
listed runs everywhere; tests/test_platform_skips.py checks that every entry names a test that
exists, so that a renamed test cannot leave a dead entry behind.

A module that cannot even be imported somewhere (the `resource` module is POSIX) skips itself with
pytest.importorskip instead: this list is applied after collection.
"""

from __future__ import annotations

import sys

import pytest

WINDOWS = "win32"
MACOS = "darwin"

PATHS = "the expected text names files with '/', as Linux and macOS print them; Windows prints '\\'"
FIFOS = "FIFOs (os.mkfifo) are POSIX: Windows has none"
DEVICES = "/dev/zero and /dev/null are POSIX devices"
LINKS = (
    "symbolic links on Windows need Developer Mode or an administrator and differ for folders: "
    "the link checks are tested on Linux and macOS"
)
SIGNALS = (
    "Windows cannot send SIGINT to a child without a console, nor SIGKILL to a process group: "
    "test_ctrl_c_through_the_signal_handler_exits_130_and_records_the_run covers Ctrl-C there"
)
PTY = "pseudo-terminals (pty) are POSIX"
MODES = "POSIX file modes (a read-only folder, a 0600 record): Windows keeps access lists instead"

# node id (a module, a test, or one parameter of a test) -> (the systems it cannot run on, why)
SKIPS: dict[str, tuple[frozenset[str], str]] = {
    # ---- expected text with POSIX paths ----
    "tests/workspace/test_diagnostic_codes.py": (frozenset({WINDOWS}), PATHS + "; links and modes too"),
    "tests/workspace/test_error_quality.py": (frozenset({WINDOWS}), PATHS),
    "tests/workspace/test_yaml_semantics.py::"
    "test_a_file_too_large_for_the_pure_parser_gets_the_c_parsers_verdict_with_a_hint": (
        frozenset({WINDOWS}),
        PATHS,
    ),
    "tests/cli/test_validate.py": (frozenset({WINDOWS}), PATHS + " (the snapshots; the memory folder's)"),
    "tests/test_demo_transcript.py": (frozenset({WINDOWS}), PATHS + " (the memory folder's)"),
    "tests/test_docs_examples.py::test_command_examples_run_and_print_what_they_show": (
        frozenset({WINDOWS}),
        PATHS + " (the transcripts in README.md and docs/)",
    ),
    "tests/cli/test_memory.py::test_an_invalid_workspace": (frozenset({WINDOWS}), PATHS),
    "tests/compat/test_topology_versions.py::test_the_same_name_and_version_twice_is_still_a_duplicate": (
        frozenset({WINDOWS}),
        PATHS,
    ),
    "tests/compat/test_strict_checks.py::test_a_trigger_aimed_at_no_topology_stays_an_error": (
        frozenset({WINDOWS}),
        PATHS,
    ),
    "tests/compat/test_corpus.py::test_the_broken_workspace_is_refused_with_the_typo_named": (
        frozenset({WINDOWS}),
        PATHS,
    ),
    "tests/memory/recall/test_fetch.py::test_a_fetch_killed_midway_leaves_no_model_and_the_next_one_cleans_up": (
        frozenset({WINDOWS}),
        SIGNALS,
    ),
    "tests/reliability/test_hostile_files.py": (frozenset({WINDOWS}), PATHS + "; links and FIFOs too"),
    # ---- FIFOs, devices, /proc, links ----
    "tests/reliability/test_linked_state.py": (frozenset({WINDOWS}), LINKS + "; FIFOs and /dev/zero too"),
    "tests/test_safe_read.py::test_what_is_not_a_regular_file_is_refused_without_blocking[fifo]": (
        frozenset({WINDOWS}),
        FIFOS,
    ),
    "tests/test_safe_read.py::test_what_is_not_a_regular_file_is_refused_without_blocking[device]": (
        frozenset({WINDOWS}),
        DEVICES,
    ),
    "tests/test_safe_read.py::test_what_is_not_a_regular_file_is_refused_without_blocking[socket]": (
        frozenset({WINDOWS}),
        "Unix sockets (AF_UNIX) are POSIX in Python",
    ),
    "tests/test_safe_read.py::test_a_missing_file_and_a_link_not_followed": (frozenset({WINDOWS}), LINKS),
    "tests/memory/folder/test_locking.py::test_a_lock_path_that_is_no_regular_file_is_refused_at_once[fifo]": (
        frozenset({WINDOWS}),
        FIFOS,
    ),
    "tests/memory/folder/test_locking.py::test_a_lock_path_that_is_no_regular_file_is_refused_at_once[link]": (
        frozenset({WINDOWS}),
        LINKS
        + " (test_a_link_in_the_locks_place_is_refused_without_o_nofollow checks Windows' branch of the check)",
    ),
    "tests/memory/test_store.py::test_symlinks_never_send_a_write_or_a_read_outside": (
        frozenset({WINDOWS}),
        LINKS,
    ),
    "tests/memory/test_store.py::test_links_never_show_files_from_outside_the_folder": (
        frozenset({WINDOWS}),
        LINKS,
    ),
    "tests/memory/folder/test_git_states.py::test_a_dangling_link_and_a_hand_edit_never_block_a_write": (
        frozenset({WINDOWS}),
        LINKS,
    ),
    "tests/memory/actions/test_importer.py::test_hidden_entries_symlinks_and_escapes_are_skipped": (
        frozenset({WINDOWS}),
        LINKS,
    ),
    "tests/memory/actions/test_importer.py::test_bad_sources_are_refused_with_clear_errors[symlink]": (
        frozenset({WINDOWS}),
        LINKS,
    ),
    "tests/runtime/test_chat.py::test_piped_bytes_that_are_not_utf8_and_an_endless_line": (
        frozenset({WINDOWS}),
        DEVICES + " (`chat < /dev/zero`)",
    ),
    "tests/reliability/test_hostile_commands.py::test_a_full_disk_while_saving_a_run_record_is_a_clear_error": (
        frozenset({MACOS}),
        "it finds the record's temp file through /proc/self/fd, which is Linux's",
    ),
    "tests/reliability/test_fuzz_init.py::test_a_folder_name_becomes_a_valid_name_and_id": (
        frozenset({WINDOWS}),
        "Windows forbids these folder names (a DEL, a trailing space or tab)",
    ),
    "tests/reliability/test_fuzz_init.py::test_any_name_in_any_folder": (
        frozenset({WINDOWS}),
        'Windows forbids much of what the folder names are drawn from (< > : " | ? * \\, controls)',
    ),
    # ---- signals, terminals, file modes ----
    "tests/cli/test_conventions.py::test_ctrl_c_during_a_long_run_exits_130_and_records_the_run": (
        frozenset({WINDOWS}),
        SIGNALS,
    ),
    "tests/cli/test_serve.py::test_serve_answers_over_http_and_stops_cleanly_on_ctrl_c": (
        frozenset({WINDOWS}),
        SIGNALS + " (the server is stopped with TerminateProcess there)",
    ),
    "tests/reliability/test_crash_safety.py::test_sigkill_at_random_moments_50_times[writer-and-its-git]": (
        frozenset({WINDOWS}),
        "process groups are POSIX: on Windows the writer alone is killed, in the [writer] case",
    ),
    "tests/cli/test_conventions.py::test_colour_on_a_terminal_and_never_with_no_color": (
        frozenset({WINDOWS}),
        PTY,
    ),
    "tests/cli/test_conventions.py::test_progress_on_a_terminal_for_import_and_reindex_and_none_with_quiet": (
        frozenset({WINDOWS}),
        PTY,
    ),
    "tests/cli/test_memory.py::test_import_shows_a_progress_bar_only_on_a_terminal": (
        frozenset({WINDOWS}),
        PTY,
    ),
    "tests/cli/test_memory.py::test_reindex_in_a_read_only_folder_is_a_clear_error": (
        frozenset({WINDOWS}),
        MODES,
    ),
    # ---- POSIX tools ----
    "tests/test_codegen_drift.py": (
        frozenset({WINDOWS}),
        "the drift check is the Makefile's (make, diff, a POSIX shell): the Linux jobs run it",
    ),
    "tests/packaging/test_action.py": (
        frozenset({WINDOWS}),
        "the action's step is a bash line (the bash a Windows program finds first may be WSL's); "
        "CI runs the action itself on Linux",
    ),
    "tests/packaging/test_wheel.py::"
    "test_a_wheel_from_a_fresh_clone_installs_lean_and_runs_init_validate_run_and_serve": (
        frozenset({WINDOWS}),
        "the install hint it runs is a POSIX shell line, and it stops the server with SIGINT",
    ),
    "tests/test_benchmarks.py::test_the_benchmark_runs_to_its_figures_and_meets_its_quality_targets": (
        frozenset({WINDOWS}),
        "bench/benchlib.py measures each command with os.wait4 and its rusage, which are POSIX",
    ),
}


def reason(nodeid: str, platform: str = sys.platform) -> str | None:
    """Why the test `nodeid` cannot run on `platform`, or None: the module's entry, the test's, or
    its parameter's."""
    module, _, rest = nodeid.partition("::")
    function = rest.split("[", 1)[0]
    for key in (module, f"{module}::{function}", nodeid):
        entry = SKIPS.get(key)
        if entry is not None and platform in entry[0]:
            return entry[1]
    return None


def skip_what_cannot_run(items: list[pytest.Item]) -> None:
    for item in items:
        why = reason(item.nodeid)
        if why is not None:
            item.add_marker(pytest.mark.skip(reason=f"on {sys.platform}: {why}"))

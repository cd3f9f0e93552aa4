"""`swarmkit lsp` without its extra says which extra is missing, as every extra's command does."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from swarmkit.extras import install_command

BLOCKER = textwrap.dedent("""
    import sys

    class Missing:  # as if the lsp extra were not installed
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"pygls", "lsprotocol"}:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Missing())
    from swarmkit.cli.main import main
    main(["lsp"])
""")


def test_without_the_lsp_extra_the_command_names_it(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", BLOCKER], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "error: swarmkit lsp needs the `lsp` extra (pygls, lsprotocol), which is not installed\n"
        f"  hint: install it: {install_command('lsp')}\n"
    )

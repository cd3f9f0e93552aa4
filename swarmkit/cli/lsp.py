"""`swarmkit lsp`: the language server over stdio, for an editor to start (docs/editors.md)."""

from __future__ import annotations

import click

from swarmkit.cli.options import common_options


@click.command()
@common_options
def lsp() -> int:
    """Serve the language server over stdio, for an editor to start: validate's diagnostics as you
    type (unsaved buffers over the files on disk), go to definition, completion, hover and symbols.
    It never writes a file. Needs the lsp extra; set-ups for Neovim, VS Code and Helix are in
    docs/editors.md."""
    from swarmkit import extras

    extras.require("lsp", "swarmkit lsp")
    from swarmkit.lsp.server import serve_stdio

    serve_stdio()
    return 0

"""The `swarmkit` command line: one module per subcommand, loaded only when it runs.

It owns what a person sees in a terminal: options and output (options.py, output.py), the
reporters that render a resolution as text, JSON or GitHub annotations (reporters.py), and the one
place errors become exit statuses (main.py).
"""

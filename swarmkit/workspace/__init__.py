"""Reading a workspace folder: discovery, loading with positions, schema checks, diagnostics.

It owns the raw side: which files a workspace has (discovery.py, layout.py), YAML text to data
(yaml_text.py, loading.py) with positions (positions.py), the JSON Schema check (schema_check.py)
and the Diagnostic record every problem becomes. It imports nothing of the packages above it.
"""

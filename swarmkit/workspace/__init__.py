"""Reading a workspace folder: discovery, loading with positions, schema checks, diagnostics."""

"""The workspace folder layout: which folder holds which kind of artifact."""

WORKSPACE_FILES = ("workspace.yaml", "workspace.yml")
FOLDER_KINDS = {"topologies": "Topology", "archetypes": "Archetype", "skills": "Skill"}
KIND_FOLDERS = {kind: folder for folder, kind in FOLDER_KINDS.items()}
YAML_SUFFIXES = (".yaml", ".yml")
STATE_FOLDER = ".swarmkit"  # runtime state (memory folder, run records); git-ignored

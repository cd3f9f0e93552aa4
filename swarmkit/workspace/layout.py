"""The workspace folder layout: which folder holds which kind of artifact."""

WORKSPACE_FILES = ("workspace.yaml", "workspace.yml")
# The folders swarmkit/v1 reads, in discovery order; schedules/ holds triggers too (cron ones, by custom).
FOLDER_KINDS = {
    "topologies": "Topology",
    "archetypes": "Archetype",
    "skills": "Skill",
    "triggers": "Trigger",
    "schedules": "Trigger",
    "adapters": "ExecutorAdapter",
    "funnels": "Funnel",
    "roles": "RoleRegistry",
    "contracts": "Contract",
}
KIND_FOLDERS: dict[str, str] = {}
for _folder, _kind in FOLDER_KINDS.items():
    KIND_FOLDERS.setdefault(_kind, _folder)
ARTIFACT_KINDS = ("Workspace", *KIND_FOLDERS)
YAML_SUFFIXES = (".yaml", ".yml")
STATE_FOLDER = ".swarmkit"  # runtime state (memory folder, run records); git-ignored

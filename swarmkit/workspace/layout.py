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


def kind_at(rel: str) -> str | None:
    """The kind discovery reads the file at `rel` (a posix path in the workspace) as, else None: the
    workspace file, or a YAML file in a kind's folder or one sub-folder below it, no dotfile on the way."""
    parts = rel.split("/")
    if any(part.startswith(".") or not part for part in parts):
        return None
    if len(parts) == 1:
        return "Workspace" if rel in WORKSPACE_FILES else None
    if len(parts) > 3 or not parts[-1].endswith(YAML_SUFFIXES):
        return None
    return FOLDER_KINDS.get(parts[0])

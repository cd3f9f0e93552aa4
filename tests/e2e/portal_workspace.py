"""The workspace the browser test serves: memory written by hand in the documented format, committed
with fixed dates, so that the Memory page (and its screenshot) is the same on every run."""

from __future__ import annotations

import subprocess
from pathlib import Path

from swarmkit.memory.folder.gitops import clean_env
from swarmkit.runtime.records import RunRecord, save_run
from swarmkit.scaffold import create_workspace

RUN_ID = "r-5e1f00d5"
SWARM = "research-r-5e1f00"
KEEP_TEXT = "Our release train leaves every Tuesday"
DATE = "2026-11-30T09:00:00+00:00"

FILES = {
    "MEMORY.md": """# Memory

Always loaded. Pinned entries go above "## Index"; every memory file is linked below it.

- Answer in English unless asked otherwise [by: user; kind: preference; added: 2026-11-28]

## Index
- [[me]]
- [[lessons]]
- [[workspaces/research-team]]
""",
    "me.md": """# About me

- Prefers concise answers with bullet points [by: user; kind: preference; added: 2026-11-28]
- Works from Lisbon [by: agent; kind: identity; source: swarmkit://runs/r-5e1f00d5; added: 2026-11-30]
""",
    "lessons.md": """# Lessons

- Deploys go through staging first [by: agent; kind: rule; source: swarmkit://runs/r-5e1f00d5; added: 2026-11-30]
""",
    "workspaces/research-team.md": """# Workspace research-team

- Facts about workspace research-team [by: agent; workspace: research-team; added: 2026-11-28; marker: workspace]
- Deploy target is eu-west-1 [by: agent; kind: project_fact; subject: deploy_target; source: swarmkit://runs/r-5e1f00d5; added: 2026-11-30]
""",
    "inbox.md": f"""# Inbox

Unreviewed entries (imports, contradictions, tainted notes): keep, pin or delete each one.
- {KEEP_TEXT} [by: agent; source: import; added: 2026-11-29; import: folder:notes]
- Staging mirrors production nightly [by: agent; source: import; added: 2026-11-29; import: folder:notes]
""",
    f"swarms/{SWARM}/README.md": f"""# Swarm {SWARM}

Goal: Find the region with the lowest latency for the deploy
Run: {RUN_ID}

## Members
- lead
- researcher
""",
    f"swarms/{SWARM}/findings.md": f"""# Findings

- eu-west-1 answers in 38 ms from Lisbon [by: agent; kind: finding; source: swarmkit://runs/{RUN_ID}; added: 2026-11-30; author: researcher]
- us-east-1 ruled out: 120 ms [by: agent; kind: ruled_out; source: swarmkit://runs/{RUN_ID}; added: 2026-11-30; author: researcher]
""",
}


def git(folder: Path, *args: str) -> str:
    env = clean_env() | {"GIT_AUTHOR_DATE": DATE, "GIT_COMMITTER_DATE": DATE}
    return subprocess.run(
        [
            "git",
            "-c",
            "core.hooksPath=/dev/null",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
            *args,
        ],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def build(root: Path) -> Path:
    """The workspace at `root`, its memory folder (one commit) and one run record."""
    create_workspace(root, "Research team")
    folder = root / ".swarmkit" / "memory"
    for rel, text in FILES.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    git(folder, "init", "-q")
    # The recall index lives in .index/ and is never committed (as the store sets it up).
    (folder / ".git" / "info" / "exclude").write_text("/.index/\n.*.tmp-*\n")
    git(folder, "add", *FILES)
    git(folder, "commit", "-q", "-m", "Memory written by hand for the portal test")
    save_run(
        root,
        RunRecord.from_json(
            {
                "id": RUN_ID,
                "workspace": "research-team",
                "topology": "main",
                "started_at": "2026-11-30T08:59:58Z",
                "finished_at": "2026-11-30T09:00:00Z",
                "duration_ms": 1520,
                "provider": "mock",
                "user": None,
                "input": "Which region should we deploy to?",
                "output": "eu-west-1: 38 ms from Lisbon; us-east-1 is ruled out at 120 ms.",
                "status": "ok",
                "agents": [
                    {"id": "lead", "role": "root", "parent": None, "output": "eu-west-1"},
                    {"id": "researcher", "role": "worker", "parent": "lead", "output": "measured latency"},
                ],
                "decisions": [],
                "recalled": [],
                "memory_writes": [],
                "model_calls": [],
                "swarm": SWARM,
                "memory": {
                    "enabled": True,
                    "sentence": "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars",
                },
                "error": None,
            }
        ),
    )
    return folder

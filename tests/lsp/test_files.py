"""The resolver's seam (workspace/files.py) with an editor's buffers over the disk (lsp/files.py):
what a buffer holds is checked as if it were saved, and a warm re-check reads only what changed."""

from __future__ import annotations

import copy

import pytest

from swarmkit.lsp.files import EditorFiles
from swarmkit.resolver import resolve
from swarmkit.workspace import loading

SKILL = """apiVersion: swarmkit/v1
kind: Skill
metadata:
  id: {id}
  name: Helper
  description: Helps with the work.
category: capability
implementation:
  type: llm_prompt
  prompt: Help.
provenance:
  authored_by: human
  version: 0.1.0
"""


def shown(resolution) -> list[dict]:
    return [d.to_dict() for d in [*resolution.diagnostics, *resolution.reach]]


EDITS = {
    "a wrong enum": ("workspace.yaml", lambda t: t + "memory:\n  reader:\n    search_scope: everything\n"),
    "a missing skill": ("topologies/main.yaml", lambda t: t.replace("[summarize]", "[summarise]")),
    "broken YAML": ("archetypes/assistant.yaml", lambda t: t.replace("role: worker", "role: [worker")),
    "an unused new skill": ("skills/extra/helper.yaml", lambda t: SKILL.format(id="helper")),
    "a duplicate id": ("skills/copy.yaml", lambda t: SKILL.format(id="summarize")),
    "an empty file": ("skills/summarize.yaml", lambda t: ""),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_a_buffer_is_checked_as_the_saved_file_would_be(name, team):
    rel, edit = EDITS[name]
    path = team / rel
    before = path.read_text() if path.exists() else ""
    text = edit(before)
    from_buffer = resolve(team, EditorFiles({path: text}))
    assert not path.exists() or path.read_text() == before  # nothing was written
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    assert shown(from_buffer) == shown(resolve(team))
    assert shown(from_buffer)  # every edit is one validate reports


def test_a_warm_recheck_loads_only_the_file_that_changed(team, monkeypatch):
    for i in range(30):
        (team / "skills" / f"s{i}.yaml").write_text(SKILL.format(id=f"s{i}"))
    loads: list[str] = []
    real = loading.load_source

    def counted(path, rel, kind, text=None):
        loads.append(rel)
        return real(path, rel, kind, text)

    monkeypatch.setattr(loading, "load_source", counted)
    buffers: dict = {}
    files = EditorFiles(buffers)
    files.begin()
    first = resolve(team, files)
    assert len(loads) == 34  # workspace, topology, archetype, summarize and the 30 skills
    data = {path: copy.deepcopy(checked.source.data) for path, checked in files.last.items()}
    loads.clear()
    skill = team / "skills" / "s3.yaml"
    buffers[skill] = SKILL.format(id="s3-renamed")
    files.begin()
    second = resolve(team, files)
    assert loads == ["skills/s3.yaml"]
    assert second.workspace is not None
    assert "s3-renamed" in second.workspace.skills and "s3" not in second.workspace.skills
    # a check changes none of the data it keeps for the next one
    assert {p: c.source.data for p, c in files.last.items() if p != skill} == {
        p: d for p, d in data.items() if p != skill
    }
    loads.clear()
    (team / "skills" / "s4.yaml").write_text(SKILL.format(id="s4-on-disk"))  # changed outside the editor
    files.begin()
    resolve(team, files)
    assert loads == ["skills/s4.yaml"]
    assert first.valid

"""`swarmkit validate` speed: the init workspace (wall time, peak memory) and large generated ones.

Each figure is a whole process, start to exit, as a user runs it.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib

SWARMKIT = [sys.executable, "-m", "swarmkit"]


def run_once(args: list[str]) -> tuple[float, float, int]:
    """(wall seconds, peak RSS MiB, exit code) of one swarmkit process."""
    done = benchlib.swarmkit(args)
    return done.wall_s, done.peak_mib, done.code


def generate(root: Path, scale: float) -> dict:
    """100·scale topologies (5 agents each), 1,000·scale skills, 200·scale archetypes, all reached."""
    n_top, n_skill, n_arch = int(100 * scale), int(1000 * scale), int(200 * scale)
    (root / "topologies").mkdir(parents=True)
    (root / "skills").mkdir()
    (root / "archetypes").mkdir()
    (root / "workspace.yaml").write_text(
        "apiVersion: swarmkit/v1\nkind: Workspace\nmetadata: {id: big, name: Big}\n"
        "governance:\n  provider: mock\n  decision_skills:\n    - {id: skill-0, trigger: post_output, required: false}\n"
    )
    for i in range(n_skill):
        folder = root / "skills" / f"group-{i % 20}"
        folder.mkdir(exist_ok=True)
        if i % 10 == 9:
            impl = f"implementation:\n  type: composed\n  composes: [skill-{i - 1}, skill-{i - 2}]\n"
        else:
            impl = "implementation:\n  type: llm_prompt\n  prompt: |\n    Do step {i} carefully.\n    Report what you found.\n"
        (folder / f"skill-{i}.yaml").write_text(
            f"apiVersion: swarmkit/v1\nkind: Skill\nmetadata:\n  id: skill-{i}\n  name: Skill {i}\n"
            f"  description: Generated skill number {i}.\ncategory: {'decision' if i == 0 else 'capability'}\n"
            + impl.replace("{i}", str(i))
            + ("outputs: {type: object, properties: {reasoning: {type: string}}}\n" if i == 0 else "")
            + "provenance:\n  authored_by: human\n  version: 1.0.0\n"
        )
    for i in range(n_arch):
        (root / "archetypes" / f"arch-{i}.yaml").write_text(
            f"apiVersion: swarmkit/v1\nkind: Archetype\nmetadata:\n  id: arch-{i}\n  name: Archetype {i}\n"
            f"  description: Generated archetype {i}.\nrole: worker\ndefaults:\n"
            f"  model: {{provider: mock, name: m}}\n  prompt: {{system: You are number {i}.}}\n"
            # Five skills each: together the archetypes use every skill, so nothing is unreached.
            f"  skills: [{', '.join(f'skill-{(i * 5 + k) % n_skill}' for k in range(5))}]\n"
            "provenance: {authored_by: human, version: 1.0.0}\n"
        )
    for i in range(n_top):
        workers = "".join(
            f"      - id: w{j}\n        role: worker\n        archetype: arch-{(i * 5 + j + 1) % n_arch}\n"
            f"        skills_additional: [skill-{(i * 10 + j) % n_skill}]\n"
            for j in range(4)
        )
        (root / "topologies" / f"t{i}.yaml").write_text(
            f"apiVersion: swarmkit/v1\nkind: Topology\nmetadata:\n  name: t{i}\n  version: 1.0.{i}\n"
            f"agents:\n  root:\n    id: lead\n    role: root\n    archetype: arch-{(i * 5) % n_arch}\n    children:\n"
            + workers
        )
    return {"topologies": n_top, "skills": n_skill, "archetypes": n_arch}


def main(quick: bool = False) -> dict:
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-"))
    targets, figures = [], {}
    try:
        ws = base / "init"
        subprocess.run(SWARMKIT + ["init", str(ws)], check=True, stdout=subprocess.DEVNULL)
        runs = [run_once(["validate", str(ws)]) for _ in range(5 if quick else 25)]
        assert all(code == 0 for _, _, code in runs)
        walls = sorted(w for w, _, _ in runs)
        median = statistics.median(walls)
        peak = max(m for _, m, _ in runs)
        figures["init_validate"] = {
            "median_s": median,
            "p90_s": walls[int(len(walls) * 0.9) - 1],
            "peak_mib": peak,
        }
        print(
            f"validate (init workspace): median {median * 1000:.0f} ms, peak {peak:.1f} MiB over {len(runs)} runs"
        )
        targets.append(benchlib.target("init validate median <= 0.12 s", median, median <= 0.12, "cost"))
        targets.append(benchlib.target("init validate peak <= 60 MiB", peak, peak <= 60, "cost"))

        scales = [1] if quick else [1, 2, 4]
        figures["generated"] = []
        for scale in scales:
            root = base / f"gen-{scale}"
            size = generate(root, scale)
            times = []
            for _ in range(1 if quick else 3):
                wall, peak_mib, code = run_once(["validate", str(root)])
                assert code == 0, f"generated workspace x{scale} is not valid"
                times.append(wall)
            median = statistics.median(times)
            files = size["topologies"] + size["skills"] + size["archetypes"] + 1
            figures["generated"].append(
                {"scale": scale, **size, "files": files, "median_s": median, "peak_mib": peak_mib}
            )
            print(
                f"validate x{scale}: {size['topologies']} topologies, {size['skills']} skills, "
                f"{size['archetypes']} archetypes: {median:.2f} s ({median / files * 1e6:.0f} µs/file), "
                f"peak {peak_mib:.0f} MiB"
            )
        first = figures["generated"][0]["median_s"]
        targets.append(benchlib.target("1x generated workspace <= 2 s", first, first <= 2.0, "cost"))
        if len(scales) > 1:
            per_file = [g["median_s"] / g["files"] for g in figures["generated"]]
            growth = max(per_file) / min(per_file)
            figures["per_file_spread"] = growth
            print(f"time per file varies by {growth:.2f}x from 1x to 4x (1.0 = perfectly linear)")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    benchlib.print_targets(targets)
    figures["targets"] = targets
    return figures

"""`swarmkit validate` speed: the init workspace (wall time, peak memory) and large generated ones.

Each figure is a whole process, start to exit, as a user runs it. Issue 34's bar is measured in one
run side by side: on the init workspace, swarmkit's median wall time <= 0.12 s, and >= 25x upstream
swarmkit-runtime's (found as tests/compat/corpus.py finds it), their runs interleaved on copies of
one workspace so the machine's load falls on both alike. Both are cost targets (`make bench`
checks them; a test never asserts a time). --quick leaves upstream out: 3 s a run.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib

benchlib.on_path()
from tests.compat.corpus import upstream_validator  # noqa: E402

SWARMKIT = [sys.executable, "-m", "swarmkit"]
# The console script, as a user runs it (and as upstream's is run); `python -m` when it is missing.
SCRIPT = (
    [str(Path(sys.executable).with_name("swarmkit"))]
    if Path(sys.executable).with_name("swarmkit").is_file()
    else SWARMKIT
)
TARGET_S = 0.12
TARGET_RATIO = 25.0


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
        ws, theirs_ws = base / "init", base / "init-upstream"
        subprocess.run(SWARMKIT + ["init", str(ws)], check=True, stdout=subprocess.DEVNULL)
        shutil.copytree(ws, theirs_ws)  # upstream may write state next to the files it reads
        upstream = None if quick else upstream_validator()
        runs, theirs = [], []
        # in rounds of 5 of ours and 1 of upstream's, interleaved
        for _ in range(1 if quick else 5):
            runs += [benchlib.process(SCRIPT + ["validate", str(ws)]) for _ in range(5)]
            if upstream is not None:
                theirs.append(benchlib.process([upstream, "validate", str(theirs_ws)]))
        assert all(run.code == 0 for run in runs)
        walls = sorted(run.wall_s for run in runs)
        median = statistics.median(walls)
        cpu = statistics.median(run.cpu_s for run in runs)
        peak = max(run.peak_mib for run in runs)
        figures["init_validate"] = {
            "median_s": median,
            "p90_s": walls[int(len(walls) * 0.9) - 1],
            "median_cpu_s": cpu,
            "peak_mib": peak,
        }
        print(
            f"validate (init workspace): median {median * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU, "
            f"peak {peak:.1f} MiB over {len(runs)} runs"
        )
        targets.append(
            benchlib.target(f"init validate median <= {TARGET_S} s", median, median <= TARGET_S, "cost")
        )
        targets.append(benchlib.target("init validate peak <= 60 MiB", peak, peak <= 60, "cost"))
        if upstream is None:
            print(
                "upstream swarmkit-runtime: "
                + ("left out (--quick)" if quick else "not found (set SWARMKIT_UPSTREAM)")
            )
        else:
            assert all(run.code == 0 for run in theirs), "upstream does not accept the init workspace"
            their_median = statistics.median(run.wall_s for run in theirs)
            ratio = their_median / median
            figures["upstream"] = {
                "command": upstream,
                "median_s": their_median,
                "median_cpu_s": statistics.median(run.cpu_s for run in theirs),
                "ratio": ratio,
            }
            print(
                f"upstream validate (init workspace), side by side: median {their_median:.2f} s wall "
                f"over {len(theirs)} runs; swarmkit is {ratio:.1f}x faster"
            )
            targets.append(
                benchlib.target(
                    f"init validate >= {TARGET_RATIO:.0f}x faster than upstream (wall, side by side)",
                    ratio,
                    ratio >= TARGET_RATIO,
                    "cost",
                )
            )

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

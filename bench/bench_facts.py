"""Changed facts: a write that replaces a value in a full personal file, `memory add`, the mock's
extraction of a long message, and `memory history` of one subject over a long git history.

Figures: remember with a subject into a me.md of 600 lines (most without a subject, so each is read
for its subject) including its git commit; memory add of a first-person sentence; extracting the
facts of a 4,000-character message (and of one whose values all carry a clause tail to cut); history of user.location among 5,000 commits (`--quick`: 1,000),
and of an entry without a subject, named by its first text and followed through 100 changes.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import benchlib  # noqa: E402

benchlib.on_path()
ROOT = benchlib.ROOT

TARGETS = {"replace_median_ms": 80, "add_median_ms": 80, "extract_ms": 20, "history_s": 3}
# Values with a tail each ("…, so …", "… because …", "… and we …"): every value is cut word by word.
TAILS = (
    "I live in Munich now, so please adjust all the plans accordingly. "
    "My wife's name is Ana and we have two kids. I'm a vegetarian, so no meat please. "
    "I work at Acme, which is a startup, because I like small teams. I use Vim when I write code, I think. "
)
HEADER = "# About me\n\n"


def personal_file(lines: int) -> str:
    """A full me.md: hand-written lines in every shape, a few with subjects."""
    out = [HEADER.rstrip("\n"), ""]
    for n in range(lines):
        out.append(f"- Likes the number {n} and the colour of tile {n}" if n % 3 else f"- Prefers option {n}")
    out.append("- Lives in Berlin [by: agent; kind: identity; subject: user.location; origin: memory-writer]")
    return "\n".join(out) + "\n"


def history_repo(folder: Path, commits: int) -> None:
    """A memory folder whose git history has `commits` commits, one in 50 changing user.location,
    built with git fast-import (what thousands of runs would have written, in a second)."""
    from swarmkit.memory.folder.gitops import clean_env

    folder.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=folder, check=True, env=clean_env())
    stream, lessons = [], []
    for n in range(commits):
        place = f"City{n // 50}"
        lessons.append(f"- Lesson number {n} about deploys [by: agent; kind: rule; added: 2026-11-30]")
        me = (
            f"# About me\n\n- Lives in {place} [by: agent; kind: identity; subject: user.location]\n"
            f"- Standup is in room {n // 50}\n"
        )  # no subject: history follows its text
        files = {
            "lessons.md": "# Lessons\n\n" + "\n".join(lessons[-200:]) + "\n",
            "me.md": me,
            "MEMORY.md": "# Memory\n\n## Index\n- [[me]]\n- [[lessons]]\n",
        }
        message = f"Remember: lesson {n}"
        stream.append(
            f"commit refs/heads/main\ncommitter swarmkit <memory@swarmkit.invalid> {1764000000 + n} +0000\n"
            f"data {len(message)}\n{message}\n"
        )  # each commit continues the branch
        for rel, text in files.items():
            data = text.encode()
            stream.append(f"M 100644 inline {rel}\ndata {len(data)}\n")
            stream.append(text)
            stream.append("\n")
    subprocess.run(
        ["git", "fast-import", "--quiet"],
        cwd=folder,
        input="".join(stream).encode(),
        check=True,
        env=clean_env(),
    )
    subprocess.run(["git", "checkout", "-q", "main"], cwd=folder, check=True, env=clean_env())


def main(quick: bool = False) -> dict:
    from swarmkit.memory.store import MemoryStore
    from swarmkit.speech.facts import extract

    figures: dict = {}
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-facts-"))
    try:
        store = MemoryStore(base / "memory", "bench")
        store.ensure()
        (store.folder / "me.md").write_text(personal_file(600), encoding="utf-8")
        store.remember("Prefers tea", "preference", by="user")  # commits the hand edit
        times = []
        for n in range(10 if quick else 30):
            start = time.perf_counter()
            result = store.remember(
                f"Lives in Town{n}", "identity", subject="user.location", origin="memory-writer"
            )
            times.append((time.perf_counter() - start) * 1000)
            assert result.status == "replaced", result
        figures["replace_median_ms"] = statistics.median(times)
        times = []
        for n in range(10 if quick else 30):
            start = time.perf_counter()
            store.add(f"My manager is Person{n}")
            times.append((time.perf_counter() - start) * 1000)
        figures["add_median_ms"] = statistics.median(times)

        message = " ".join(
            ["I live in Porto, and my editor is Vim; I also speak French. Where is the meeting?"] * 50
        )[:4000]
        start = time.perf_counter()
        for _ in range(10):
            facts = extract(message)
        figures["extract_ms"] = (time.perf_counter() - start) * 100
        figures["extract_facts"] = len(facts)
        message = (TAILS * 30)[:4000]
        start = time.perf_counter()
        for _ in range(10):
            facts = extract(message)
        figures["extract_tails_ms"] = (time.perf_counter() - start) * 100
        figures["extract_tails_facts"] = len(facts)

        commits = 1000 if quick else 5000
        history_repo(base / "history", commits)
        old = MemoryStore(base / "history", "bench")
        start = time.perf_counter()
        items = old.history("user.location")
        figures["history_s"] = time.perf_counter() - start
        figures["history_commits"] = commits
        figures["history_changes"] = len(items)
        start = time.perf_counter()
        items = old.history("Standup is in room 0")  # the oldest text: followed forward, change by change
        figures["history_text_s"] = time.perf_counter() - start
        figures["history_text_changes"] = len(items)
    finally:
        shutil.rmtree(base, ignore_errors=True)

    checks = [
        (
            "replace a value in a 600-line me.md, with commit, median <= 80 ms",
            figures["replace_median_ms"],
            TARGETS["replace_median_ms"],
        ),
        ("memory add, with commit, median <= 80 ms", figures["add_median_ms"], TARGETS["add_median_ms"]),
        ("extract the facts of 4,000 characters <= 20 ms", figures["extract_ms"], TARGETS["extract_ms"]),
        (
            "extract the facts of 4,000 characters, each value with a tail, <= 20 ms",
            figures["extract_tails_ms"],
            TARGETS["extract_ms"],
        ),
        (
            f"history of one subject over {commits:,} commits <= 3 s",
            figures["history_s"],
            TARGETS["history_s"],
        ),
        (
            f"history of an entry by its first text, {commits:,} commits <= 3 s",
            figures["history_text_s"],
            TARGETS["history_s"],
        ),
    ]
    figures["targets"] = benchlib.targets(checks, "cost")
    rows = [
        ("replace in a 600-line me.md + commit", f"{figures['replace_median_ms']:.1f} ms"),
        ("memory add + commit", f"{figures['add_median_ms']:.1f} ms"),
        ("extract 4,000 characters", f"{figures['extract_ms']:.2f} ms ({figures['extract_facts']} facts)"),
        (
            "extract 4,000 characters with tails",
            f"{figures['extract_tails_ms']:.2f} ms ({figures['extract_tails_facts']} facts)",
        ),
        (
            "history of a subject",
            f"{figures['history_s']:.2f} s for {commits:,} commits ({figures['history_changes']} changes)",
        ),
        (
            "history by an old text",
            f"{figures['history_text_s']:.2f} s ({figures['history_text_changes']} changes followed)",
        ),
    ]
    benchlib.report(rows, figures["targets"])
    return figures


if __name__ == "__main__":
    benchlib.command_line(main, __doc__, "1,000 commits and fewer repetitions")

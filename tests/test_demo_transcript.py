"""The demo `make demo` runs (examples/demo.py): its whole transcript, checked."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DEMO = Path(__file__).parents[1] / "examples" / "demo.py"


def test_demo_transcript(snapshot, tmp_path):
    result = subprocess.run(
        [sys.executable, str(DEMO), str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    transcript = result.stdout
    # What differs between runs: run ids, git commits and the temporary folder.
    transcript = re.sub(r"\br-[0-9a-f]{8}\b", "r-RUNID", transcript)
    transcript = re.sub(r"Git: [0-9a-f]{10}", "Git: COMMIT", transcript)
    transcript = transcript.replace(str(tmp_path), "TMP")
    assert transcript == snapshot
    # The story the demo tells, stated plainly as well as in the snapshot:
    runs = transcript.split("$ swarmkit run demo")[1:]
    assert "memory: recalled 0, wrote 2" in runs[0]
    assert (
        "From memory: Lives in Lisbon; Editor is Helix." in runs[1]
        and "memory: recalled 2, wrote 0" in runs[1]
    )
    assert "From memory" not in runs[2] and "memory off" in runs[2]
    assert "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars\nFolder:" in transcript

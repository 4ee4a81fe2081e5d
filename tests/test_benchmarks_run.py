"""Every benchmark still starts on today's code: each prints its help (an import of a
function that moved, as after the midend's move, fails here and not on the night it is
wanted). One child process runs them all in turn, so the libraries load once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted(p for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))

PROBE = """
import contextlib, io, json, runpy, sys, traceback
sys.path.insert(0, sys.argv[2])
report = {}
for script in json.loads(sys.argv[1]):
    sys.argv = [script, "--help"]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(script, run_name="__main__")
        code = 0
    except SystemExit as stop:
        code = stop.code or 0
    except BaseException:
        code = traceback.format_exc()[-1500:]
    report[script] = [code, bool(out.getvalue().strip())]
print("REPORT=" + json.dumps(report))
"""


def test_every_benchmark_starts() -> None:
    assert len(BENCHMARKS) >= 10
    scripts = [str(p) for p in BENCHMARKS]
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(scripts),
                           str(ROOT / "benchmarks")], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("REPORT=")]
    assert lines, done.stderr[-2000:]
    report = json.loads(lines[-1][len("REPORT="):])
    assert set(report) == set(scripts)
    for script, (code, printed) in report.items():
        assert code == 0, f"{script}: {code}"
        assert printed, f"{script}: no help printed"

"""Interrupts, as a user sends them: ``spacebowl booklet``/``kit`` started as a process and sent
SIGTERM, SIGINT or SIGHUP while it works and while it writes. Afterwards no temp file or folder
is left, and the output folder is either the old complete output or the new complete one,
byte for byte (so the manifest always matches the PDF beside it)."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spacebowl_print.cli.main import run

BOOKLET = ["booklet", "--days", "60", "--seed", "2", "-q"]
KIT = ["kit", "--lang", "en", "--seed", "3", "-q"]


def sums(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def hidden(folder: Path) -> list[str]:
    return sorted(e for e in os.listdir(folder) if e.startswith("."))


def catches(pid: int, sig: int) -> bool:
    """Whether process ``pid`` has a handler for ``sig`` (Linux: ``SigCgt`` in its status)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True  # no /proc: fall back to the elapsed time alone
    mask = next((int(line.split()[1], 16) for line in status.splitlines()
                 if line.startswith("SigCgt:")), 0)
    return bool(mask >> (sig - 1) & 1)


def interrupt(args: list[str], out: Path, sig: int, when: str) -> int:
    """Run ``spacebowl ARGS -o OUT`` as a process and send ``sig``: ``"working"`` once it is
    well under way, ``"writing"`` the moment its temp folder appears. Returns the status."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen([sys.executable, "-m", "spacebowl_print", *args, "-o", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    started = time.monotonic()
    try:
        while proc.poll() is None:
            elapsed = time.monotonic() - started
            writing = any(".sb-tmp-" in e for e in hidden(out.parent))
            # "working": once the command has taken over the signal (not while the
            # interpreter is still starting, which a loaded machine can make slow)
            working = elapsed > 1.0 and catches(proc.pid, sig)
            if (when == "writing" and writing) or (when == "working" and working) \
                    or elapsed > 60:
                proc.send_signal(sig)
                break
            time.sleep(0.0005)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert b"Traceback" not in err, err.decode()
    if proc.returncode:
        assert err.decode() == "Interrupted\n"
    return proc.returncode


@pytest.fixture(scope="module")
def booklets(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """An old booklet (7 days, seed 1) to be replaced, and the sums of the new one."""
    base = tmp_path_factory.mktemp("booklets")
    assert run(["booklet", "--days", "7", "--seed", "1", "-q", "-o", str(base / "old")]) == 0
    assert run([*BOOKLET, "-o", str(base / "new")]) == 0
    return base / "old", sums(base / "new")


@pytest.mark.parametrize(("sig", "when"), [
    (signal.SIGTERM, "working"), (signal.SIGTERM, "writing"), (signal.SIGINT, "writing"),
    (signal.SIGHUP, "writing"),
])
def test_an_interrupted_booklet_is_old_or_new_never_mixed(
        booklets: tuple[Path, dict[str, str]], tmp_path: Path, sig: int, when: str) -> None:
    old, new = booklets
    out = tmp_path / "booklet"
    subprocess.run(["cp", "-r", str(old), str(out)], check=True)
    before = sums(out)
    status = interrupt(BOOKLET, out, sig, when)
    assert status in (0, 128 + sig)
    if when == "working":
        assert status == 128 + sig  # sent long before the end
    assert hidden(tmp_path) == [] and hidden(out) == []
    assert sums(out) in (before, new)
    assert sums(out) == (new if status == 0 else sums(out))


def test_an_interrupted_kit_leaves_no_temp_and_one_kit(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    assert run([*KIT, "--cards-only", "-o", str(out)]) == 0
    before = sums(out)
    status = interrupt(KIT, out, signal.SIGTERM, "writing")
    assert status in (0, 128 + signal.SIGTERM)
    assert hidden(tmp_path) == [] and hidden(out) == []
    after = sums(out)
    if after != before:  # the complete new kit, nothing of the old cards-only one beside it
        assert "kit.pdf" in after and "rules-en.pdf" in after
        assert run([*KIT, "-o", str(tmp_path / "again")]) == 0
        assert sums(tmp_path / "again") == after

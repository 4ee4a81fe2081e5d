"""Signal trials: run a real ``spacebowl`` process in its own process group, send a signal to
the whole group at a chosen moment, and record how the run ended (exit status, last stderr
line, traceback or not, hang or not) and what the output is afterwards (the old one, the
complete new one, or something else), and whether a temp was left behind.

Used by ``tests/hostile/test_signals.py`` (a few well-chosen moments per command) and by
``benchmarks/fuzz.py`` (many moments)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HANG_SECONDS = 90.0
"""A run still alive this long after the signal counts as hung (and is killed)."""


@dataclass(frozen=True)
class Outcome:
    """How one trial ended."""

    code: int | None  # None: hung (killed after HANG_SECONDS)
    last_line: str
    traceback: bool
    output: str  # "old", "new", "absent", "other"
    temps: tuple[str, ...]
    seconds: float
    stderr: str = ""  # its last 3,000 characters, to tell what went wrong

    @property
    def clean(self) -> bool:
        """The promise of docs/errors.md: finished (0) with the new output, or interrupted
        (128+N, "Interrupted") with the old or new one; no traceback, no temp, no hang. A
        signal that lands while the interpreter is still starting, before the entry point's
        first line installs the handlers, ends the process by its default action (exit -N):
        that is the signal obeyed too, when nothing was written."""
        if self.code is None or self.traceback or self.temps:
            return False
        if self.code == 0:
            return self.output == "new"
        if self.code < 0:
            return self.output in ("old", "absent")
        return self.code > 128 and self.last_line == "Interrupted" and \
            self.output in ("old", "new", "absent")


def digest(path: Path) -> str:
    """A digest of a file, or of a folder's names and contents ("" when nothing is there)."""
    if not path.exists():
        return ""
    h = hashlib.sha256()
    if path.is_file():
        h.update(path.read_bytes())
        return h.hexdigest()
    for p in sorted(path.rglob("*")):
        h.update(str(p.relative_to(path)).encode())
        if p.is_file():
            h.update(p.read_bytes())
    return h.hexdigest()


def temps_beside(out: Path) -> tuple[str, ...]:
    """Names of our temps left beside (or inside) ``out``."""
    found = [p.name for p in out.parent.iterdir() if ".sb-tmp-" in p.name or ".sb-old-" in p.name]
    if out.is_dir():
        found += [p.name for p in out.iterdir() if ".sb-" in p.name]
    return tuple(sorted(found))


def spacebowl_argv(args: Sequence[str]) -> list[str]:
    """The command line of a ``spacebowl`` run with this interpreter."""
    return [sys.executable, "-m", "spacebowl_print", *args]


def run(args: Sequence[str], cwd: Path, timeout: float = 600.0) -> subprocess.CompletedProcess[str]:
    """One uninterrupted run."""
    return subprocess.run(spacebowl_argv(args), cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=_env())


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("SOURCE_DATE_EPOCH", None)
    return env


def _default_sigint() -> None:
    # A child of a non-interactive shell may start with SIGINT ignored; a terminal's
    # Ctrl-C reaches a process whose SIGINT is at its default.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def trial(args: Sequence[str], out: Path, cwd: Path, delay: float, sig: int,
          old: str, new: str) -> Outcome:
    """Start ``spacebowl ARGS`` (writing ``out``), send ``sig`` to its process group after
    ``delay`` seconds, and report how it ended. ``old``/``new``: digests of the output before
    the run and of a complete run's output."""
    start = time.monotonic()
    proc = _start(args, cwd)
    try:
        proc.wait(delay)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
    code, err, temps = _finish(proc, out)
    state = digest(out)
    output = ("old" if state == old else "new" if state == new else
              "absent" if not state else "other")
    return _outcome(code, err, output, temps, start)


def _start(args: Sequence[str], cwd: Path) -> subprocess.Popen[bytes]:
    """``spacebowl ARGS`` started in a session (a process group) of its own."""
    return subprocess.Popen(spacebowl_argv(args), cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=_default_sigint, env=_env())


def _finish(proc: subprocess.Popen[bytes], out: Path
            ) -> tuple[int | None, str, tuple[str, ...]]:
    """Wait for the run to end (None: it hung and was killed), then (exit status, stderr,
    temps left beside ``out`` plus ``"stray-process"`` if any of its group outlived it)."""
    try:
        _, err_bytes = proc.communicate(timeout=HANG_SECONDS)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err_bytes = proc.communicate()
        code = None
    # stray workers of the group (they must not outlive the run)
    try:
        os.killpg(proc.pid, 0)
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGKILL)
        stray = True
    except (ProcessLookupError, PermissionError):
        stray = False
    temps = temps_beside(out) + (("stray-process",) if stray else ())
    return code, err_bytes.decode("utf-8", "replace"), temps


def _outcome(code: int | None, err: str, output: str, temps: tuple[str, ...],
             start: float) -> Outcome:
    """The :class:`Outcome` of a run that began at ``start`` (monotonic seconds)."""
    lines = [ln for ln in err.splitlines() if ln.strip()]
    return Outcome(code, lines[-1] if lines else "", "Traceback" in err, output, temps,
                   time.monotonic() - start, err[-3000:])


# --------------------------------------------------------------------------- moments
# A moment is found by watching the process (/proc), not by the clock, so that a trial hits
# the same phase of the run however loaded the machine is.


def _status(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return ""


def took_over(pid: int) -> bool:
    """The command's first line ran: it catches SIGTERM (``SigCgt`` in /proc)."""
    mask = next((int(line.split()[1], 16) for line in _status(pid).splitlines()
                 if line.startswith("SigCgt:")), 0)
    return bool(mask >> (signal.SIGTERM - 1) & 1)


def loaded(pid: int, library: str) -> bool:
    """A shared library whose path holds ``library`` is loaded (OR-Tools: a solve is near)."""
    try:
        return library in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the workers of a pool)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


MOMENTS = ("first line", "ortools loaded", "workers running", "writing")
"""The phases a trial can wait for (then, optionally, a little more time)."""


def _reached(moment: str, pid: int, out: Path) -> bool:
    if moment == "first line":
        return took_over(pid)
    if moment == "ortools loaded":
        return loaded(pid, "ortools")
    if moment == "workers running":
        return bool(children(pid))
    if moment == "writing":
        return bool(temps_beside(out))
    raise ValueError(moment)


def trial_at(args: Sequence[str], out: Path, cwd: Path, moment: str, after: float, sig: int,
             limit: float = 120.0) -> tuple[Outcome, str]:
    """Start ``spacebowl ARGS``, wait for ``moment`` (then ``after`` seconds more), send
    ``sig`` to its whole process group, and report how it ended; also what the moment was
    (``"finished first"`` if the run ended before it came)."""
    start = time.monotonic()
    proc = _start(args, cwd)
    hit = "finished first"
    while proc.poll() is None and time.monotonic() - start < limit:
        if _reached(moment, proc.pid, out):
            hit = moment
            break
        time.sleep(0.002)
    if hit != "finished first":
        if after:
            time.sleep(after)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
    code, err, temps = _finish(proc, out)
    return _outcome(code, err, "", temps, start), hit


def move(src: Path, dst: Path) -> None:
    """Move an output (file or folder) from ``src`` to ``dst`` (replacing it), if any."""
    if dst.is_dir():
        shutil.rmtree(dst)
    elif dst.exists():
        dst.unlink()
    if src.exists():
        src.rename(dst)


def reset(out: Path, old_copy: Path) -> None:
    """Put the old output back at ``out``."""
    if out.is_dir():
        shutil.rmtree(out)
    elif out.exists():
        out.unlink()
    if old_copy.is_dir():
        shutil.copytree(old_copy, out)
    elif old_copy.exists():
        shutil.copy2(old_copy, out)


# --------------------------------------------------------------------------- every line


def interrupt_sweep(base: Path, what: str, step: int = 1) -> tuple[int, list[str]]:
    """Write an output (``what``: ``"folder"`` replacing an earlier one, ``"new folder"``, or
    ``"file"``) once per line the writers run (core/folders.py, files.py, temps.py,
    signals.py, records.py, paths.py, userfiles.py), sending this process SIGTERM at that
    line; each run ends as the ``spacebowl`` command ends (its last cleanup,
    :func:`~spacebowl_print.core.temps.remove_live_temps`). Returns (runs, failures): a temp
    left behind, or an output neither the old one nor the whole new one. Shared with
    ``benchmarks/fuzz.py`` (every line; here every ``step``-th)."""
    from spacebowl_print.core.files import write_atomic
    from spacebowl_print.core.folders import write_folder
    from spacebowl_print.core.signals import interrupts_as_exceptions
    from spacebowl_print.core.temps import remove_live_temps

    watched = tuple(f"core/{m}.py" for m in ("folders", "files", "temps", "signals",
                                               "records", "paths", "userfiles"))
    state = {"count": 0, "at": -1}

    def tracer(frame: object, event: str, arg: object) -> object:
        code = frame.f_code  # type: ignore[attr-defined]
        if not code.co_filename.endswith(watched):
            return None
        if event == "line":
            state["count"] += 1
            if state["count"] == state["at"]:
                os.kill(os.getpid(), signal.SIGTERM)
        return tracer

    out = base / ("out.txt" if what == "file" else "out")
    old = {"a.pdf": b"old"}
    new = {"a.pdf": b"x" * 100, "svg/b.svg": b"<svg/>"}

    def reset() -> None:
        if out.is_dir():
            shutil.rmtree(out)
        elif out.exists():
            out.unlink()
        if what == "folder":
            write_folder(out, old, kind="spacebowl kit")
        elif what == "file":
            out.write_text("old", "utf-8")

    def write() -> None:
        if what == "file":
            write_atomic(out, "new")
        else:
            write_folder(out, new, kind="spacebowl kit")

    def state_of() -> str:
        if what == "file":
            return out.read_text("utf-8") if out.exists() else "absent"
        if not out.exists():
            return "absent"
        files = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*")
                 if p.is_file()}
        files.pop("spacebowl-output.json", None)
        return "old" if files == old else "new" if files == new else f"other {sorted(files)}"

    failures: list[str] = []
    runs = 0
    with interrupts_as_exceptions():
        if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, signal.SIG_IGN):
            raise RuntimeError("SIGTERM is not taken over here")
        reset()
        sys.settrace(tracer)
        try:
            write()
        finally:
            sys.settrace(None)
        total = state["count"]
        for at in range(1, total + 1, step):
            reset()
            state.update(count=0, at=at)
            sys.settrace(tracer)
            try:
                write()
            except KeyboardInterrupt:
                pass
            finally:
                sys.settrace(None)
                remove_live_temps()  # as the command does as it ends
            runs += 1
            left = sorted(p.name for p in base.rglob("*") if ".sb-" in p.name)
            got = state_of()
            if left or got not in ("old", "new", *(["absent"] if what == "new folder" else [])):
                failures.append(f"{what}: SIGTERM at line {at} of {total}: left {left}, "
                                f"output {got}")
            for p in base.iterdir():
                if ".sb-" in p.name:
                    shutil.rmtree(p, ignore_errors=True) if p.is_dir() else p.unlink()
    return runs, failures

"""Nightly depth for the hostile-input suite (tests/hostile/): many more cases per category
(hostile.corpus.CATEGORIES, with round three's in hostile/corpus_round3.py), and signal trials
at many moments of every long command.

    python benchmarks/fuzz.py [--examples 2000] [--signals] [--moments 6] [--only CATEGORY]

Prints, per category, the cases run, the failures (each with its reproduction) and the time;
with ``--signals``, the table commands × moments × signals with each outcome (exit status,
old/new output, traceback, temps, hang). Nothing is asserted: the exit status is 1 when any
case failed, so a nightly job can alert on it.
"""

from __future__ import annotations

import argparse
import resource
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hostile import trials

SIGNALS = {"INT": signal.SIGINT, "TERM": signal.SIGTERM, "HUP": signal.SIGHUP}

LONG_COMMANDS: dict[str, tuple[list[str], str]] = {
    # name: (arguments with OUT for the output and SEED for the seed, kind of output)
    "booklet": (["booklet", "--days", "7", "--seed", "SEED", "-q", "-o", "OUT"], "folder"),
    "classroom": (["classroom", "--students", "6", "--puzzles", "2", "--seed", "SEED", "-q",
                   "-o", "OUT"], "folder"),
    "web": (["web", "--days", "5", "--seed", "SEED", "-q", "-o", "OUT"], "folder"),
    "hubble daily --jobs 2": (["hubble", "daily", "--days", "4", "--jobs", "2", "--seed", "SEED",
                               "-o", "OUT"], "folder"),
    "tomtube puzzles": (["tomtube", "puzzles", "--count", "6", "--seed", "SEED", "-o", "OUT"],
                        "folder"),
    "hubble booklet pod": (["hubble", "booklet", "--days", "2", "--trim", "6x9in", "--cover",
                            "--seed", "SEED", "-q", "-o", "OUT"], "folder"),
    "kit": (["kit", "--seed", "SEED", "-q", "-o", "OUT"], "folder"),
    "hubble kit": (["hubble", "kit", "--seed", "SEED", "-o", "OUT"], "folder"),
    "tomtube kit": (["tomtube", "kit", "--seed", "SEED", "-o", "OUT"], "folder"),
    "deck design": (["deck", "design", "--seed", "SEED", "-q", "-o", "OUT"], "file"),
    "galaxy build": (["galaxy", "build", "--toss", "TOSS", "-k", "2", "--near-misses", "3",
                      "--seed", "SEED", "-q", "-o", "OUT"], "file"),
    "deck report": (["deck", "report", "classic", "--galaxies", "60", "--seed", "SEED", "-q",
                     "-o", "OUT"], "file"),
    "stats --jobs 2": (["stats", "--galaxies", "200", "--jobs", "2", "-q"], "none"),
    "hubble par": (["hubble", "par", "CHALLENGE"], "none"),
}

TOSS = '{"destination": "B2", "marbles": {"R": "A1", "G": "B2", "Y": "C3"}, "black_hole": null}'


def _argv(template: list[str], out: Path, seed: int, work: Path) -> list[str]:
    subst = {"OUT": str(out), "SEED": str(seed), "TOSS": str(work / "toss.json"),
             "CHALLENGE": str(work / "challenge.json")}
    return [subst.get(a, a) for a in template]


def signal_table(moments: int, names: list[str] | None, sigs: list[str]) -> int:
    """Run the signal trials; print the table; return the number of unclean outcomes."""
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "toss.json").write_text(TOSS, encoding="utf-8")
        ch = trials.run(["hubble", "challenge", "--seed", "3"], work)
        (work / "challenge.json").write_text(ch.stdout, encoding="utf-8")
        print(f"{'command':24} {'moment':>7} {'sig':>4}  {'exit':>4} {'output':7} "
              f"{'tb':3} {'temps':5} {'secs':>5}  last line")
        for name, (template, kind) in LONG_COMMANDS.items():
            if names and name not in names:
                continue
            suffix = {"folder": "", "file": ".out", "none": ""}[kind]
            place = work / name.replace(" ", "-")  # each command its own folders (an output
            place.mkdir()  # folder records which command wrote it, and is its alone)
            out = place / f"out{suffix}"
            old_copy = place / f"old{suffix}"
            ref = place / f"ref{suffix}"
            # both made at OUT itself (a deck design names itself after its file)
            trials.run(_argv(template, out, 1, work), work)
            trials.move(out, old_copy)
            t0 = time.monotonic()
            done = trials.run(_argv(template, out, 2, work), work)
            length = time.monotonic() - t0
            trials.move(out, ref)
            if done.returncode != 0:
                print(f"{name}: reference run failed: {done.stderr.strip()[-200:]}")
                bad += 1
                continue
            new = trials.digest(ref)
            old = trials.digest(old_copy)
            for k in range(moments):
                delay = length * (0.05 + 0.9 * k / max(1, moments - 1))
                for sig_name in sigs:
                    trials.reset(out, old_copy)
                    outcome = trials.trial(_argv(template, out, 2, work), out, work, delay,
                                           SIGNALS[sig_name], old, new)
                    ok = outcome.clean or (kind == "none" and outcome.code is not None
                                           and not outcome.traceback and not outcome.temps
                                           and outcome.code in (0, 128 + SIGNALS[sig_name],
                                                                -SIGNALS[sig_name]))
                    bad += not ok
                    code = "HANG" if outcome.code is None else str(outcome.code)
                    print(f"{name:24} {delay:6.2f}s {sig_name:>4}  {code:>4} "
                          f"{outcome.output if kind != 'none' else '-':7} "
                          f"{'yes' if outcome.traceback else 'no':3} {len(outcome.temps):5} "
                          f"{outcome.seconds:5.1f}  {outcome.last_line[:60]}"
                          f"{'' if ok else '   <-- NOT CLEAN'}")
                    if outcome.traceback:
                        print("        " + outcome.stderr.replace("\n", "\n        "))
                    sys.stdout.flush()
    return bad


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the font child, the
    trials)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=2000,
                        help="hypothesis examples per generated category")
    parser.add_argument("--only", action="append", help="run only this category (repeatable)")
    parser.add_argument("--signals", action="store_true", help="run the signal trials too")
    parser.add_argument("--signals-only", action="store_true", help="only the signal trials")
    parser.add_argument("--moments", type=int, default=6, help="moments per command and signal")
    parser.add_argument("--command", action="append", help="signal trials of this command only")
    parser.add_argument("--sig", action="append", choices=sorted(SIGNALS),
                        help="signals to send (default: INT TERM HUP)")
    args = parser.parse_args()
    failures = 0
    if not args.signals_only:
        from hostile.corpus import CATEGORIES, run_category

        totals: Counter[str] = Counter()
        for category in CATEGORIES:
            if args.only and category not in args.only:
                continue
            t0 = _cpu()
            cases, failed = run_category(category, args.examples)
            totals["cases"] += cases
            failures += len(failed)
            print(f"{category:28} {cases:7} cases  {len(failed):4} failed  "
                  f"{_cpu() - t0:7.1f} s CPU")
            for line in failed[:20]:
                print(f"    {line}")
        print(f"{'total':28} {totals['cases']:7} cases  {failures:4} failed")
    if args.signals or args.signals_only:
        failures += signal_table(args.moments, args.command, args.sig or ["INT", "TERM", "HUP"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

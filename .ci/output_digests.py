"""Print a SHA-256 for every file that each game's publications write, so a refactor can
show its outputs byte-identical: run it before and after and diff the two listings.

    python .ci/output_digests.py WORKDIR > digests.txt

Every game × publication (kit, home booklet, saddle booklet in German, print-on-demand book
with cover, classroom set, web site) with a fixed seed and SOURCE_DATE_EPOCH. A run takes
a few minutes on two cores.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

GAMES = {"spacebowl": [], "hubble": ["hubble"], "tomtube": ["tomtube"]}
BOOK = ["--trim", "6x9in", "--bleed", "--cover", "--title", "Orbit Puzzles", "--author",
        "Ada Lovelace", "--publisher", "Orbit Press", "--isbn", "978-3-16-148410-0"]
RUNS: dict[str, list[str]] = {
    "kit": ["kit"],
    "kit-letter-grey": ["kit", "--paper", "letter", "--greyscale", "--ink-saver",
                        "--lang", "de"],
    "booklet": ["booklet", "--days", "7"],
    "saddle-de": ["booklet", "--days", "9", "--imposition", "saddle", "--paper", "a4",
                  "--lang", "de"],
    "pod": ["booklet", "--days", "14", *BOOK],
    "class": ["classroom", "--students", "3", "--puzzles", "2"],
    "web": ["web", "--days", "4"],
}


def main() -> int:
    work = Path(sys.argv[1] if len(sys.argv) > 1 else "out/digests")
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    for game, prefix in GAMES.items():
        for name, args in RUNS.items():
            out = work / game / name
            cmd = ["spacebowl", *prefix, *args, "--seed", "3", "--quiet", "--force", "-o",
                   str(out)]
            if args[0] != "kit":
                cmd += ["--jobs", "2"]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True)
            if done.returncode:
                print(f"{game}/{name}: exit {done.returncode}: {done.stderr.strip()}")
                continue
            for path in sorted(p for p in out.rglob("*") if p.is_file()):
                digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
                print(f"{digest}  {game}/{name}/{path.relative_to(out)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

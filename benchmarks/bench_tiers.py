"""What grading by the human-model solver costs and gives (issue 25): the whole
``spacebowl booklet --days N`` and ``spacebowl tomtube booklet --days N`` in CPU seconds,
this checkout beside a baseline revision measured in the same run (runs alternate), then
each booklet's features per tier as the human-model solver of *this* checkout measures
them — on the baseline's puzzles and on this checkout's — with the days whose printed tier
the solver would change, the forced days above tier 1, repeated lines and the share of
Tom Tube days that fetch a solar counter.

``python benchmarks/bench_tiers.py [--days 365] [--runs 3] [--baseline REV]
[--features-days 35]``. The baseline (default: where this branch left ``main``) is exported
with ``git archive``. Quote medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from _baseline import ROOT, baseline_tree, command, env_for

sys.path.insert(0, str(ROOT))  # grade with this checkout, whatever the venv installed


def timed(label: str, runs: int, new: Path, base: Path, args: list[str], tmp: Path) -> None:
    """Both trees in turn, ``runs`` times: CPU and wall medians, the ratio."""
    got: dict[str, list[tuple[float, float]]] = {"new": [], "base": []}
    for r in range(runs):
        for which, src in (("base", base), ("new", new)):
            got[which].append(command(src, [*args, "-o", str(tmp / f"{which}-{label}-{r}")]))
    print(f"{label}:")
    for which in ("base", "new"):
        cpu = [c for c, _ in got[which]]
        wall = [w for _, w in got[which]]
        print(f"  {which:4s} CPU-s min {min(cpu):6.2f} median {statistics.median(cpu):6.2f}"
              f"   wall-s median {statistics.median(wall):6.2f}")
    ratio = (statistics.median(c for c, _ in got["new"])
             / statistics.median(c for c, _ in got["base"]))
    print(f"  new/base (CPU medians): {ratio:.2f}")


def _spacebowl(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    from spacebowl_print.games.spacebowl.model import parse_cell, puzzle_from_json
    from spacebowl_print.games.spacebowl.model.deck_file import load_deck
    from spacebowl_print.games.spacebowl.puzzles.human import grade

    deck = load_deck(manifest.get("deck", "classic"))
    rows = []
    for e in manifest["puzzles"]:
        p = puzzle_from_json(e, deck.letters, ("id", "tier", "solutions", "question",
                                                "near_misses", "grade"))
        answer = [parse_cell(s["cell"], p.galaxy.rows, p.galaxy.cols) for s in e["solutions"]]
        g = grade(p.galaxy, p.toss, p.variants, e["question"], answer)
        rows.append({"tier": e["tier"], "solver": g.tier, "placements": g.placements,
                     "checks": g.checks, "near misses": len(e["near_misses"]),
                     "techniques": len(g.techniques)})
    return rows


def _tomtube(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    from spacebowl_print.games.tomtube.model.tiles import tiles_from_mapping
    from spacebowl_print.games.tomtube.solve.puzzles import difficulty, line_of

    tiles = tiles_from_mapping(manifest["tiles"], "manifest") if "tiles" in manifest else None
    lines = Counter(line_of(e) for e in manifest["puzzles"])
    rows = []
    for e in manifest["puzzles"]:
        d = difficulty(e, tiles)
        held = e["position"]["astronauts"][e["position"]["to_move"]]["held"]
        rows.append({"tier": e["tier"], "solver": d["tier"], "moves": d["moves"],
                     "first moves": d["first_moves"], "decoys": d["decoys"],
                     "forced moves": d["forced"], "techniques": len(d["techniques"]),
                     "fetch": int(held.get("solar", 0) < 2),
                     "forced day": int(e["tier"] > 1 and (d["first_moves"] <= 1
                                                          or _all_best(e, tiles))),
                     "repeated": int(lines[line_of(e)] > 1)})
    return rows


def _all_best(entry: dict[str, Any], tiles: Any) -> bool:
    """Whether every legal first move lies on a shortest line (no wrong first move)."""
    from spacebowl_print.games.tomtube.model.position_read import position_from_json
    from spacebowl_print.games.tomtube.solve.verify import shipped_tiles
    from spacebowl_print.games.tomtube.solve.wayhome import WayHome, first_moves

    ts = tiles or shipped_tiles()
    pos = position_from_json(entry["position"], ts)
    wh = WayHome(pos, ts, pos.to_move)
    best, _ = first_moves(wh, int(entry["answer"]["moves"]), 3)
    return len(best) == len(wh.successors(wh.start))


def features(title: str, rows: list[dict[str, Any]], keys: list[str]) -> None:
    """Per printed tier: each feature's mean and range; then the solver's disagreements."""
    print(f"  {title}")
    for tier in sorted({r["tier"] for r in rows}):
        mine = [r for r in rows if r["tier"] == tier]
        cells = []
        for k in keys:
            v = [r[k] for r in mine]
            cells.append(f"{k} {statistics.mean(v):.1f} [{min(v)}–{max(v)}]")
        print(f"    tier {tier} ({len(mine):3d}): " + "; ".join(cells))
    changed = sum(r["tier"] != r["solver"] for r in rows)
    print(f"    days the human-model solver grades another tier: {changed} of {len(rows)}")
    if "fetch" in rows[0]:
        print(f"    fetch a solar counter: {100 * statistics.mean(r['fetch'] for r in rows):.1f} %"
              f"; forced days above tier 1: {sum(r['forced day'] for r in rows)}"
              f"; days whose line another day repeats: {sum(r['repeated'] for r in rows)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", default=None)
    ap.add_argument("--features-days", type=int, default=35)
    args = ap.parse_args()
    with baseline_tree(args.baseline) as (tmp, base):
        timed(f"booklet --days {args.days}", args.runs, ROOT, base,
              ["booklet", "--days", str(args.days), "-q"], tmp)
        timed(f"tomtube booklet --days {args.days}", args.runs, ROOT, base,
              ["tomtube", "booklet", "--days", str(args.days), "-q"], tmp)
        n = str(args.features_days)
        for game, grade, keys in (
                ([], _spacebowl, ["placements", "checks", "near misses", "techniques"]),
                (["tomtube"], _tomtube, ["moves", "first moves", "decoys", "forced moves",
                                         "techniques"])):
            print(f"{(game or ['spacebowl'])[0]} booklet --days {n}, graded by this checkout:")
            for which, src in (("base", base), ("new", ROOT)):
                out = tmp / f"features-{which}-{len(game)}"
                subprocess.run([sys.executable, "-m", "spacebowl_print", *game, "booklet",
                                "--days", n, "-q", "-o", str(out)], check=True,
                               env=env_for(src), cwd=src, capture_output=True)
                data = json.loads((out / "manifest.json").read_text("utf-8"))
                features(which, grade(data), keys)


if __name__ == "__main__":
    main()

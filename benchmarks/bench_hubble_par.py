"""Hubble's par before and after the exact model, and an independent search that tries to
beat the printed par.

Run::

    python benchmarks/bench_hubble_par.py pars [--days 120] [--start 2027-01-01] [--seed 1]
                                               [--jobs 2] [-o pars.jsonl]
    python benchmarks/bench_hubble_par.py check pars.jsonl [--seconds 25] [--jobs 2]
    python benchmarks/bench_hubble_par.py climb [--days 3] [--steps 20000] [--baseline REV]

``pars`` solves the daily challenges of the standard pad (the untiered booklet's days) twice
in the same run: *before*, the beam search alone (``ParSettings(exact=None)``, the par as it
was), and *after*, the par as booklets now print it (beam search, then large-neighbourhood
search on the CP-SAT model and its proved bound). It prints per day and in summary: the two
pars, the bound, the days proved best (bound = par), the gap to the bound, and CPU seconds
per day of each (process time; wall time too). With ``-o`` it writes one JSON line per day
(the entry as a manifest records it) for ``check``.

``check`` is the independent path: for every day it starts from the printed par and runs its
own large-neighbourhood search for ``--seconds`` CPU seconds — its own CP-SAT model (written
here, on the second engine's pad geometry and cards from ``rules/independent_pad.py``, with
decisions per roll of triangle, icons and fog rather than the par model's list of answers),
random sets of 5 to 7 rolls freed at a time from a generator of its own — and replays and
scores anything better with the second engine (``rules/independent.py``). It prints
beat/no-beat per day and the share of days where the par stands. Nothing is asserted.

``climb`` times the par's hill climb (``solve/par_climb_kernel.py``) on the first ``--days``
standard days from the greedy player's log: the compiled kernel, then the very same source
run as plain Python (``NUMBA_DISABLE_JIT=1``, in a child process) as the baseline, in the
same run; it prints moves per CPU second of each, the ratio, and whether both reached the
same totals with the same moves (they must: integers only). With ``--baseline REV`` it also
runs the compiled kernel of that revision (extracted from git into a scratch folder,
compiled there first) on the same days and moves, in the same run, and says whether both
found the very same plays.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ortools.sat.python import cp_model

from spacebowl_print.games.hubble.model.constellations import (
    load_constellation_set,
    set_to_dict,
)
from spacebowl_print.games.hubble.rules import independent as second
from spacebowl_print.games.hubble.rules.independent_pad import Cell
from spacebowl_print.games.hubble.solve.challenges import daily_challenges
from spacebowl_print.games.hubble.solve.par import ParSettings, par_entry, solve_par

ADJACENT = second.ADJACENT_COLOURS


# --------------------------------------------------------------------------- pars

def _solve_day(job: tuple[str, int]) -> dict[str, Any]:
    day, seed = job
    cset = load_constellation_set()
    ch = daily_challenges(seed, dt.date.fromisoformat(day), 1, cset.names)[0]
    cards = cset.pick(ch.constellations)
    t0 = time.process_time()
    before = solve_par(ch, cards, ParSettings(exact=None))
    t1, w1 = time.process_time(), time.perf_counter()
    after = solve_par(ch, cards)
    t2, w2 = time.process_time(), time.perf_counter()
    return {"id": day, "before": before.score.total, "after": after.score.total,
            "bound": after.bound, "cpu_before": t1 - t0, "cpu_after": t2 - t1,
            "wall_after": w2 - w1, "entry": par_entry(ch, after)}


def pars(args: argparse.Namespace) -> None:
    start = dt.date.fromisoformat(args.start)
    days = [(start + dt.timedelta(days=d)).isoformat() for d in range(args.days)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(_solve_day, [(d, args.seed) for d in days]))
    out = Path(args.output) if args.output else None
    print("| day | par before | par after | bound | gap to bound | CPU-s before | CPU-s after |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        gap = 100 * (r["bound"] - r["after"]) / r["after"]
        print(f"| {r['id']} | {r['before']} | {r['after']} | {r['bound']} | {gap:.1f} % | "
              f"{r['cpu_before']:.2f} | {r['cpu_after']:.2f} |")
    gaps = [100 * (r["bound"] - r["after"]) / r["after"] for r in rows]
    rise = [r["after"] - r["before"] for r in rows]
    print()
    print(f"days {len(rows)} (seed {args.seed}, from {args.start}, standard 6×8 pad)")
    print(f"par before: median {statistics.median(r['before'] for r in rows)}, mean "
          f"{statistics.mean(r['before'] for r in rows):.1f}")
    print(f"par after:  median {statistics.median(r['after'] for r in rows)}, mean "
          f"{statistics.mean(r['after'] for r in rows):.1f}; higher on "
          f"{sum(x > 0 for x in rise)} days, by {statistics.mean(rise):.1f} on average "
          f"(at most {max(rise)})")
    print(f"bound: median {statistics.median(r['bound'] for r in rows)}; proved best (bound = "
          f"par) on {sum(r['bound'] == r['after'] for r in rows)} days; gap to the bound "
          f"median {statistics.median(gaps):.1f} %, worst {max(gaps):.1f} %")
    print(f"CPU-s a day: before {statistics.mean(r['cpu_before'] for r in rows):.2f}, after "
          f"{statistics.mean(r['cpu_after'] for r in rows):.2f} (max "
          f"{max(r['cpu_after'] for r in rows):.2f}); wall a day after "
          f"{statistics.mean(r['wall_after'] for r in rows):.2f} s with {args.jobs} jobs")
    if out:
        out.write_text("".join(json.dumps(r["entry"]) + "\n" for r in rows), encoding="utf-8")


# --------------------------------------------------------------------------- the check

class IndependentModel:
    """A solo challenge as CP-SAT sees it here, written apart from the par model: per roll
    whether it places, fogs or comes after the end; for a placement the triangle and, per
    cell of the rolled quadrants, the icon drawn there; the pad's score in every category."""

    def __init__(self, ch: second.Challenge, cards: Sequence[second.Card]) -> None:
        self.ch, self.sheet = ch, ch.sheet
        sheet = ch.sheet
        m = self.m = cp_model.CpModel()
        self.decisions: list[list[Any]] = []
        drawn: dict[tuple[Cell, str], list[Any]] = {}
        fogs: list[Any] = []
        self.rows: list[dict[str, Any]] = []
        for i, roll in enumerate(ch.rolls):
            rolled = set(roll.quadrants)
            cells = [c for c in sheet.cells if sheet.colour(c) in rolled]
            tris = [t for t in sheet.triangles if self._fits(t, rolled)]
            place, fog, over = (m.new_bool_var(f"P{i}"), m.new_bool_var(f"F{i}"),
                                m.new_bool_var(f"E{i}"))
            m.add_exactly_one(place, fog, over)
            m.add(sum(fogs) >= 3).only_enforce_if(over)
            m.add(sum(fogs) <= 2).only_enforce_if(~over)
            z = {t: m.new_bool_var("") for t in tris}
            m.add(sum(z.values()) == place)
            y = {(c, x): m.new_bool_var("") for c in cells for x in second.DRAWN}
            free = roll.third is None
            third = {x: m.new_bool_var("") for x in second.FACES} if free else {}
            if free:
                m.add(sum(third.values()) == place)
            fog_can = set(second.DRAWN) if free else {
                x for x in (*roll.icons, roll.third) if x != second.BLANK}
            f = {x: m.new_bool_var("") for x in fog_can}
            m.add(sum(f.values()) <= fog)
            for c in cells:
                m.add(sum(y[c, x] for x in second.DRAWN)
                      <= sum(z[t] for t in tris if c in t) + fog)
            faces = [*roll.icons, *([] if free else [roll.third])]
            for x in second.DRAWN:
                m.add(sum(y[c, x] for c in cells)
                      == faces.count(x) * place + third.get(x, 0) + f.get(x, 0))
            for key, lit in y.items():
                drawn.setdefault(key, []).append(lit)
            fogs.append(fog)
            self.rows.append({"place": place, "fog": fog, "over": over, "z": z, "y": y,
                              "third": third, "f": f})
            self.decisions.append([place, fog, over, *z.values(), *y.values(),
                                   *third.values(), *f.values()])
        self.x: dict[tuple[Cell, str], Any] = {}
        for c in sheet.cells:
            here = []
            for x in second.DRAWN:
                if drawn.get((c, x)):
                    v = self.x[c, x] = m.new_bool_var("")
                    m.add(v == sum(drawn[c, x]))
                    here.append(v)
            m.add_at_most_one(here)
        m.maximize(self._galaxy() + self._planet() + self._asteroid() + self._comet()
                   + self._stars(cards))

    def _fits(self, tri: frozenset[Cell], rolled: set[str]) -> bool:
        colours = {self.sheet.colour(c) for c in tri}
        return (len(colours) == 1 and colours <= rolled) or (
            colours == rolled and frozenset(rolled) in ADJACENT)

    def _has(self, cells: Sequence[Cell], x: str) -> Any:
        return sum(self.x[c, x] for c in cells if (c, x) in self.x)

    def _galaxy(self) -> Any:
        low = self.m.new_int_var(0, 99, "")
        for colour in second.COLOURS:
            quadrant = [c for c in self.sheet.cells if self.sheet.colour(c) == colour]
            self.m.add(low <= self._has(quadrant, "G"))
        return 11 * low

    def _planet(self) -> Any:
        out = []
        for line in self.sheet.lines:
            if len(line) < 2:
                continue
            n = self._has(line, "P")
            pts, on = self.m.new_int_var(0, len(line), ""), self.m.new_bool_var("")
            self.m.add(pts <= n)
            self.m.add(pts <= len(line) * on)
            self.m.add(n >= 2 * on)
            out.append(pts)
        return sum(out)

    def _asteroid(self) -> Any:
        use: dict[Cell, list[Any]] = {}
        out = []
        for t in self.sheet.triangles:
            if all((c, "A") in self.x for c in t):
                v = self.m.new_bool_var("")
                for c in t:
                    self.m.add_implication(v, self.x[c, "A"])
                    use.setdefault(c, []).append(v)
                out.append(v)
        for lits in use.values():
            self.m.add_at_most_one(lits)
        return 8 * sum(out)

    def _comet(self) -> Any:
        # comets grouped into clusters each fed from one root along comet neighbours; a
        # cluster of s comets scores 0, 4, 7, 11, 15, +5 (split groups never score more)
        m, sheet = self.m, self.sheet
        cells = [c for c in sheet.cells if (c, "C") in self.x]
        if not cells:
            return 0
        big = len(cells)
        inflow: dict[Cell, list[Any]] = {c: [] for c in cells}
        outflow: dict[Cell, list[Any]] = {c: [] for c in cells}
        for a in cells:
            for b in sheet.touching[a]:
                if b in inflow:
                    v = m.new_int_var(0, big, "")
                    m.add(v <= big * self.x[a, "C"])
                    m.add(v <= big * self.x[b, "C"])
                    outflow[a].append(v)
                    inflow[b].append(v)
        points = []
        for c in cells:
            size = m.new_int_var(0, big, "")
            m.add(size + sum(inflow[c]) - sum(outflow[c]) == self.x[c, "C"])
            pts = m.new_int_var(0, 5 * big, "")
            table = [0, 0, 4, 7, 11, *(15 + 5 * (k - 5) for k in range(5, big + 1))]
            m.add_element(size, table[:big + 1], pts)
            points.append(pts)
        return sum(points)

    def _stars(self, cards: Sequence[second.Card]) -> Any:
        m, sheet = self.m, self.sheet
        serves: dict[Cell, list[Any]] = {}
        out = []
        for card in cards:
            chosen = []
            for k in range(6):
                red, purple = card.turned(k)
                for anchor in sheet.cells:
                    q0, r0 = sheet.axial(anchor)
                    dq, dr = q0 - red[0][0], r0 - red[0][1]
                    maybe = [sheet.at_axial(q + dq, r + dr) for q, r in red]
                    cells = [c for c in maybe if c is not None and (c, "S") in self.x]
                    if len(cells) < len(red):
                        continue
                    w = m.new_bool_var("")
                    for c in cells:
                        m.add_implication(w, self.x[c, "S"])
                        serves.setdefault(c, []).append(w)
                    out.append(card.value * w)
                    for q, r in purple:
                        p = sheet.at_axial(q + dq, r + dr)
                        if p is not None and (p, "S") in self.x and card.bonus:
                            v = m.new_bool_var("")
                            m.add_implication(v, w)
                            m.add_implication(v, self.x[p, "S"])
                            serves.setdefault(p, []).append(v)
                            out.append(card.bonus * v)
                    chosen.append(w)
            m.add_at_most_one(chosen)
        for lits in serves.values():
            m.add_at_most_one(lits)
        return sum(out)

    def play(self, value: Any) -> dict[str, Any]:
        """The play log (JSON) of a solution."""
        turns: list[dict[str, Any]] = []
        for i, row in enumerate(self.rows):
            if value(row["over"]):
                break
            draws = {c: x for (c, x), lit in row["y"].items() if value(lit)}
            if value(row["fog"]):
                turns.append({"fog": {self.sheet.name(c): x for c, x in draws.items()}})
                continue
            tri = next(t for t, lit in row["z"].items() if value(lit))
            roll = self.ch.rolls[i]
            third = roll.third if roll.third is not None else next(
                x for x, lit in row["third"].items() if value(lit))
            blanks = [*roll.icons, third]
            for x in draws.values():
                blanks.remove(x)
            turns.append({"place": {self.sheet.name(c): draws.get(c, second.BLANK)
                                    for c in sorted(tri)}})
        return {"challenge": self.ch.id, "turns": turns}


def _second_total(entry: Mapping[str, Any], cset: Mapping[str, Any],
                  cards: Mapping[str, second.Card], play: Mapping[str, Any]) -> int | None:
    """The second engine's total of ``play`` (None if illegal)."""
    ch = second.Challenge(entry["challenge"], cards)
    try:
        rows = second.replay_play(ch, play)
    except second.Wrong:
        return None
    return second.score_pad(rows, [cards[n] for n in ch.dealt])["total"]


def _check_day(job: tuple[dict[str, Any], float]) -> dict[str, Any]:
    entry, seconds = job
    cset = set_to_dict(load_constellation_set())
    cards = second.read_cards(cset)
    ch = second.Challenge(entry["challenge"], cards)
    par = entry["par"]["total"]
    t0 = time.process_time()
    model = IndependentModel(ch, [cards[n] for n in ch.dealt])
    # the printed play as values of this model: solve with every decision it fixes
    fixed = model.m.clone()
    _fix_play(model, fixed, entry["par"]["play"])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = 30
    if solver.solve(fixed) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {"id": entry["id"], "par": par, "best": None, "error": "par not in the model"}
    values = list(solver.response_proto.solution)
    best, best_play = par, None
    rng = random.Random(f"independent|{entry['id']}")
    steps = 0
    while time.process_time() - t0 < seconds:
        steps += 1
        free = set(rng.sample(range(len(ch.rolls)), rng.choice((5, 6, 7))))
        sub = model.m.clone()
        sub.clear_hints()
        for k, v in enumerate(values):
            sub.add_hint(sub.get_int_var_from_proto_index(k), v)
        for i, lits in enumerate(model.decisions):
            if i not in free:
                for lit in lits:
                    sub.add(sub.get_bool_var_from_proto_index(lit.index) == values[lit.index])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = steps
        solver.parameters.linearization_level = 2
        solver.parameters.max_deterministic_time = min(2.0, max(0.1, seconds / 10))
        status = solver.solve(sub)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) and solver.objective_value > best:
            sol = list(solver.response_proto.solution)
            play = model.play(lambda lit, sol=sol: sol[lit.index])
            total = _second_total(entry, cset, cards, play)
            if total is not None and total > best:
                best, best_play, values = total, play, sol
    return {"id": entry["id"], "par": par, "best": best, "beat": best > par,
            "steps": steps, "cpu": time.process_time() - t0, "play": best_play}


def _fix_play(model: IndependentModel, m: Any, play: Mapping[str, Any]) -> None:
    """Fix ``m``'s decisions (a clone of ``model``'s) to the play log ``play``."""
    sheet = model.sheet
    fogs = 0
    for i, row in enumerate(model.rows):
        turn = play["turns"][i] if i < len(play["turns"]) else None
        var = m.get_bool_var_from_proto_index
        if turn is None:
            kind = "over" if fogs >= 3 else "fog"
            m.add(var(row[kind].index) == 1)
            fogs += kind == "fog"
            draws: dict[Cell, str] = {}
        else:
            kind, body = next(iter(turn.items()))
            parsed = {c: x for name, x in body.items() if (c := sheet.parse(name)) is not None}
            draws = {c: x for c, x in parsed.items() if x != second.BLANK}
            m.add(var(row["place" if kind == "place" else "fog"].index) == 1)
            if kind == "place":
                tri = frozenset(parsed)
                m.add(var(row["z"][tri].index) == 1)
            else:
                fogs += 1
        for (c, x), lit in row["y"].items():
            m.add(var(lit.index) == int(draws.get(c) == x))


def check(args: argparse.Namespace) -> None:
    entries = [json.loads(line) for line in Path(args.pars).read_text().splitlines() if line]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(_check_day, [(e, args.seconds) for e in entries]))
    print("| day | par | independent search's best | beaten |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['id']} | {r['par']} | {r['best']} | "
              f"{'yes' if r.get('beat') else 'no' if 'beat' in r else r.get('error')} |")
    stood = sum(1 for r in rows if r.get("beat") is False)
    beaten = [r for r in rows if r.get("beat")]
    print()
    print(f"{len(rows)} days, {args.seconds:g} CPU-s each: the par stands on {stood} "
          f"({100 * stood / len(rows):.1f} %), beaten on {len(beaten)}"
          + (f" (by {statistics.mean(r['best'] - r['par'] for r in beaten):.1f} on average, "
             f"at most {max(r['best'] - r['par'] for r in beaten)})" if beaten else ""))


CLIMB_CODE = """
import json, sys, time, datetime as dt
from spacebowl_print.games.hubble.model.constellations import load_constellation_set
from spacebowl_print.games.hubble.solve.challenges import daily_challenges
from spacebowl_print.games.hubble.solve.greedy import greedy_play
from spacebowl_print.games.hubble.solve.par_climb import climb
from spacebowl_print.games.hubble.solve.par_settings import ClimbSettings
days, steps = int(sys.argv[1]), int(sys.argv[2])
cset = load_constellation_set()
chs = daily_challenges(1, dt.date(2027, 1, 1), days, cset.names)
first = chs[0]
climb(first, cset.pick(first.constellations), greedy_play(first), ClimbSettings(10, 5, 1))
out, plays, cpu = [], [], 0.0
for ch in chs:
    cards = cset.pick(ch.constellations)
    start = greedy_play(ch)
    t0 = time.process_time()
    found = climb(ch, cards, start, ClimbSettings(steps, 500, 1))
    cpu += time.process_time() - t0
    out.append(found[1])
    plays.append(repr(found[0]))
digest = __import__("hashlib").sha256("".join(plays).encode()).hexdigest()[:12]
print(json.dumps({"totals": out, "cpu": cpu, "plays": digest}))
"""


def climb(args: argparse.Namespace) -> None:
    import os
    import subprocess
    from contextlib import ExitStack

    from _baseline import baseline_tree, env_for

    def run(steps: int, jit_off: str, src: Path | None = None) -> dict[str, Any]:
        env = dict(os.environ if src is None else env_for(src), NUMBA_DISABLE_JIT=jit_off)
        done = subprocess.run([sys.executable, "-c", CLIMB_CODE, str(args.days), str(steps)],
                              env=env, capture_output=True, text=True, check=True,
                              cwd=src)
        return dict(json.loads(done.stdout))

    runs = {}
    with ExitStack() as stack:
        base = stack.enter_context(baseline_tree(args.baseline))[1] if args.baseline else None
        for name, jit_off, steps in (("compiled", "0", args.steps * 50),
                                     ("plain", "1", args.steps),
                                     ("compiled, same moves", "0", args.steps)):
            runs[name] = (steps, run(steps, jit_off))
        if base is not None:
            run(10, "0", base)  # compiles the baseline's kernel into its own cache
            runs[f"compiled, baseline {args.baseline}"] = (args.steps * 50,
                                                           run(args.steps * 50, "0", base))
    print("| kernel | moves a day | CPU-s | moves per CPU-s | totals | plays |")
    print("|---|---|---|---|---|---|")
    for name, (steps, r) in runs.items():
        rate = steps * args.days / max(r["cpu"], 1e-9)
        print(f"| {name} | {steps:,} | {r['cpu']:.2f} | {rate:,.0f} | {r['totals']} | "
              f"{r['plays']} |")
    fast = runs["compiled"][0] * args.days / runs["compiled"][1]["cpu"]
    slow = runs["plain"][0] * args.days / runs["plain"][1]["cpu"]
    same = runs["plain"][1]["totals"] == runs["compiled, same moves"][1]["totals"]
    print(f"\ncompiled kernel {fast / slow:,.0f} times the plain path's moves per CPU second; "
          f"same totals with the same moves: {'yes' if same else 'NO'}")
    if args.baseline:
        _, b = runs[f"compiled, baseline {args.baseline}"]
        ours = runs["compiled"][1]
        print(f"baseline {args.baseline}: this kernel takes {ours['cpu'] / b['cpu']:.2f} of its "
              f"CPU time; the same plays: {'yes' if b['plays'] == ours['plays'] else 'NO'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("pars")
    p.add_argument("--days", type=int, default=120)
    p.add_argument("--start", default="2027-01-01")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("-o", "--output")
    c = sub.add_parser("check")
    c.add_argument("pars")
    c.add_argument("--seconds", type=float, default=25.0)
    c.add_argument("--jobs", type=int, default=2)
    k = sub.add_parser("climb")
    k.add_argument("--days", type=int, default=3)
    k.add_argument("--steps", type=int, default=20_000)
    k.add_argument("--baseline", help="also time the compiled kernel of this git revision")
    args = parser.parse_args(argv)
    {"pars": pars, "check": check, "climb": climb}[args.what](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Self-play: seeded games are reproducible and end by a rule; the summary adds up."""

from __future__ import annotations

from spacebowl_print.games.tomtube.cli import load_tiles
from spacebowl_print.games.tomtube.solve.selfplay import play_game, self_play, summarise

TILES = load_tiles()


def test_games_are_reproducible_and_end_by_a_rule() -> None:
    results = self_play(TILES, 3, 11)
    for r in results:
        assert r.end in ("bonus", "home", "stranded", "capped")
        assert r.turns > 20 and r.counters_placed > 0
        for pl in r.lost:
            assert r.scores[pl] == 0
        if r.winner is not None:
            assert r.scores[r.winner] == max(r.scores.values())
    again = play_game(TILES, results[-1].seed)
    assert (again.scores, again.turns, again.end) == (results[-1].scores, results[-1].turns,
                                                      results[-1].end)


def test_summary() -> None:
    results = self_play(TILES, 2, 12)
    s = summarise(results)
    assert s["games"] == 2
    assert abs(s["first_player_wins"] + s["second_player_wins"] + s["draws"] - 1) < 1e-9
    assert abs(s["ended_with_bonus"] + s["ended_home_without_bonus"] + s["ended_by_stranding"]
               + s["capped"] - 1) < 1e-9

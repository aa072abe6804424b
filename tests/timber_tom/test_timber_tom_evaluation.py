"""Timber Tom's evaluation() (a playout cut short is scored on it): the race's standing, minus the
spaces each hiker still has to go for its Treasures and home."""

from simkit.core import registry
from simkit.core.experiment import Experiment
from simkit.core.runner import play_game
from simkit.core.strategy import make_strategy

GAME = "timber-tom"


def standings_of_a_game(seed: int):
    exp = Experiment.from_dict(
        {"name": "eval", "game": GAME, "players": 2, "strategies": ["trailblazer"]}
    )
    seen = []

    def observe(state):
        seen.append((state.evaluation(), list(state.finished), state.is_terminal()))

    player = make_strategy("trailblazer", GAME)
    final = play_game(
        registry.game(GAME), exp.rules_for(exp.variants[0]), [player] * 2, seed, observe=observe
    )
    return seen, final


def test_the_race_standing_starts_level_and_ends_with_the_hiker_home_ahead():
    seen, final = standings_of_a_game(1)
    start = seen[0][0]
    assert start[0] == start[1] < 0  # both at Base Camp, the whole way still to go
    end, finished, _ = seen[-1]
    for seat, home in enumerate(finished):
        assert (end[seat] == 0) == home
    winner = final.outcome().win_shares.index(max(final.outcome().win_shares))
    assert end[winner] == max(end)


def test_the_way_still_to_go_shrinks_as_the_leader_races_on():
    seen, _ = standings_of_a_game(2)
    best = [max(e) for e, _, _ in seen]
    assert (
        best[len(best) // 2] > best[0]
    )  # halfway through, someone is nearer done than at the start

"""The engine's shortcuts change nothing: apply() checks a chosen action without computing the
legal actions again, yet judges a position edited by hand as it stands; seeded games play the
same whichever way an action reaches apply()."""

from __future__ import annotations

import pytest
from hike_it.hike_it_helpers import afternoon, started
from sizes import size

from simkit.core import registry
from simkit.core.errors import IllegalAction
from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy

SPEC = registry.game("hike-it")


def _a_trail_space(st) -> tuple[int, int]:
    """A space with a neighbour that no bear stands on, and that neighbour."""
    for here in range(st.board.size):
        for there in st.board.adj[here]:
            if there not in st.bear_pos and here not in st.bear_pos:
                return here, there
    raise AssertionError("no free pair of spaces")


def test_apply_judges_a_position_edited_after_the_legal_actions_were_asked():
    st = started()
    here, there = _a_trail_space(st)
    afternoon(st, 0, here, actions=3)
    assert ("hike", there) in st.legal_actions()
    st.actions = 0  # edited by hand: no action left to hike with
    with pytest.raises(IllegalAction):
        st.apply(("hike", there))
    st.actions = 2  # and back: now it is legal again, without asking
    st.apply(("hike", there))
    assert st.pos[0] == there and st.actions == 1


def test_apply_accepts_an_action_made_legal_by_an_edit_after_the_legal_actions_were_asked():
    st = started()
    here, there = _a_trail_space(st)
    afternoon(st, 0, here, actions=0)
    assert ("hike", there) not in st.legal_actions()
    st.actions = 1
    st.apply(("hike", there))
    assert st.pos[0] == there


def test_an_action_handed_out_for_an_earlier_decision_is_checked_again():
    st = started()
    here, there = _a_trail_space(st)
    afternoon(st, 0, here, actions=1)
    hike = next(a for a in st.legal_actions() if a == ("hike", there))
    st.apply(hike)  # the last action: none left to go back with
    back = ("hike", here)
    assert back not in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply(hike if hike == back else back)


def test_a_clone_does_not_inherit_the_actions_handed_out():
    st = started()
    here, _ = _a_trail_space(st)
    afternoon(st, 0, here, actions=2)
    legal = st.legal_actions()
    c = st.clone()
    c.actions = 0
    hikes = [a for a in legal if a[0] == "hike"]
    assert hikes
    with pytest.raises(IllegalAction):
        c.apply(hikes[0])


def _play(seed: int, strategies: list[str], copy_actions: bool) -> tuple:
    """One seeded 4-player game; with ``copy_actions`` every chosen action reaches apply() as a
    new tuple (checked against freshly computed legal actions), else as the engine's own object."""
    rules = SPEC.default_rules()
    players = [make_strategy(name, SPEC.name) for name in strategies]
    engine_rng, rngs = seat_streams(game_seed(777, seed), len(players))
    st = SPEC.new_state(rules, len(players), engine_rng)
    actions = []
    while not st.is_terminal():
        seat = st.current_player()
        legal = st.legal_actions()
        action = players[seat].choose(st.view(seat), legal, rngs[seat])
        if copy_actions:
            action = tuple(list(action))
        actions.append(action)
        st.apply(action)
    return actions, st.outcome()


@pytest.mark.parametrize(
    "strategies",
    [["planner"] * 4, ["planner", "rusher", "collector", "careful"]],
    ids=["planner", "mixed"],
)
def test_seeded_games_play_the_same_whichever_way_the_action_comes(strategies):
    for seed in range(size(2, 10)):
        assert _play(seed, strategies, False) == _play(seed, strategies, True)

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
from simkit.games.hike_it import phases as P
from simkit.games.hike_it.phases import PHASES, STATUS
from simkit.games.hike_it.view import HikeView, PlayerView

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
    st.afternoon.actions = 0  # edited by hand: no action left to hike with
    with pytest.raises(IllegalAction):
        st.apply(("hike", there))
    st.afternoon.actions = 2  # and back: now it is legal again, without asking
    st.apply(("hike", there))
    assert st.pos[0] == there and st.afternoon.actions == 1


def test_apply_accepts_an_action_made_legal_by_an_edit_after_the_legal_actions_were_asked():
    st = started()
    here, there = _a_trail_space(st)
    afternoon(st, 0, here, actions=0)
    assert ("hike", there) not in st.legal_actions()
    st.afternoon.actions = 1
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
    c.afternoon.actions = 0
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


def _view_by_name(st, seat: int) -> HikeView:
    """The view spelled out field by field from the state's attributes (the oracle)."""
    players = tuple(
        PlayerView(
            pos=st.pos[s],
            home=st.home[s],
            status=STATUS[st.status[s]],
            health=st.health[s],
            storage=tuple(st.storage[s]),
            hand_size=len(st.hand[s]),
            tokens=tuple(st.tokens[s]),
            waypoints=tuple(st.waypoints[s]),
            claimed=st.claimed[s],
            scenic=tuple(st.scenic[s]),
            campfires_used=st.campfires_used[s],
            side_done=tuple(st.side_done[s]),
            side_held=len(st.side_hand[s]),
            bonus=st.bonus[s],
        )
        for s in range(st.n)
    )
    spelled = ("seat", "phase", "players", "hand", "side_hand", "pay_req", "dealt", "turn")
    same = {
        name: getattr(st, name)
        for name in HikeView._fields
        if hasattr(st, name) and name not in spelled
    }
    same = {k: tuple(v) if isinstance(v, list) else v for k, v in same.items()}
    same["box"] = tuple(tuple(x) for x in st.box)
    a, o, b = st.afternoon, st.offers, st.bear_turn  # the parts of the turn in progress
    return HikeView(
        **same,
        dice=st.morning.dice,
        actions=a.actions,
        camped=a.camped,
        miles_today=a.miles_today,
        offer=o.offer,
        window=tuple(o.window),
        offers_left=o.left,
        bear_face=b.face,
        bear_steps=b.steps,
        bear_moving=b.moving,
        seat=seat,
        phase=PHASES[st.phase],
        players=players,
        hand=tuple(sorted(st.hand[seat])),
        side_hand=tuple(st.side_hand[seat]),
        pay_req=st.challenge.req if st.phase == P.PAY or st.offers.back == P.PAY else (),
        bag_size=len(st.bag),
        bears=tuple(st.bear_pos),
        dealt=tuple(st.dealt[seat]) if st.phase == P.WAYPOINT else (),
        turn=st.seat_now,
    )


def test_the_view_shows_the_state_at_every_decision_of_seeded_games():
    names = ["planner", "rusher", "collector", "careful"]
    players = [make_strategy(name, SPEC.name) for name in names]
    for seed in range(size(1, 5)):
        engine_rng, rngs = seat_streams(game_seed(99, seed), 4)
        st = SPEC.new_state(SPEC.default_rules(), 4, engine_rng)
        while not st.is_terminal():
            seat = st.current_player()
            view = st.view(seat)
            assert view == _view_by_name(st, seat)
            st.apply(players[seat].choose(view, st.legal_actions(), rngs[seat]))


def test_the_view_sees_the_long_lists_edited_by_hand():
    st = started()
    before = st.view(0)
    spot = before.scenic_on.index(True)
    st.scenic_on[spot] = False
    st.campfire_at[spot] = 2
    st.waypoint_owner[spot] = 3
    after = st.view(0)
    assert after.scenic_on[spot] is False and before.scenic_on[spot] is True
    assert after.campfire_at[spot] == 2 and after.waypoint_owner[spot] == 3
    assert after == _view_by_name(st, 0)
    c = st.clone()
    c.scenic_on[spot] = True
    assert c.view(0).scenic_on[spot] is True and st.view(0).scenic_on[spot] is False

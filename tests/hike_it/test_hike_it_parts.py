"""The parts of the turn in progress (the morning, the afternoon, the challenge, the offers, the
bear's turn, what the turn owes): every action has exactly one handler, and a copy of the game
shares no part that changes, so playing the copy leaves the original as it was."""

from __future__ import annotations

import random
import re

from hike_it.hike_it_helpers import RULES

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.hike_it import GAME, actions
from simkit.games.hike_it import phases as P
from simkit.games.hike_it import state as S
from simkit.games.hike_it.state import new_state


def _kinds_in_the_docstring() -> set[str]:
    """Every action kind ``actions.py`` lists: the first element of each ("kind", ...)."""
    return set(re.findall(r'\("(\w+)"', actions.__doc__))


def test_every_action_has_exactly_one_handler():
    by_part = [a for cls in S._PARTS.values() for a in cls.HANDLES]
    assert len(by_part) == len(set(by_part))  # no action handled by two parts
    assert not set(by_part) & set(S._HANDLER)
    for part, cls in S._PARTS.items():
        for action in cls.HANDLES:
            assert callable(getattr(cls, "do_" + action)), (part, action)
    assert set(by_part) | set(S._HANDLER) == _kinds_in_the_docstring()


def _parts(st) -> dict:
    """Every field of every part, copied deep enough to compare later."""
    out = {}
    for name in S._PARTS:
        part = getattr(st, name)
        fields = part._fields if hasattr(part, "_fields") else part.__slots__
        for f in fields:
            v = getattr(part, f)
            out[name, f] = (
                sorted(v) if isinstance(v, set) else list(v) if isinstance(v, list) else v
            )
    return out


def test_playing_a_copy_changes_nothing_of_the_original():
    """At every decision of seeded games (planners, so that hikers finish and bears turn
    aggressive) a copy plays on at random for a few actions; the original's parts, view and next
    choices stay as they were."""
    pick = random.Random(4)
    planners = [make_strategy("planner", GAME.name) for _ in range(3)]
    bear_turns = 0
    for seed in range(2):
        engine, seats = seat_streams(game_seed(5, seed), 3)
        st = new_state(RULES, 3, engine)
        while not st.is_terminal():
            seat = st.current_player()
            before = (_parts(st), st.view(seat), st.legal_actions())
            c = st.clone()
            for _ in range(6):
                if c.is_terminal():
                    break
                c.apply(pick.choice(c.legal_actions()))
            assert (_parts(st), st.view(seat), st.legal_actions()) == before
            bear_turns += st.phase in (P.BEAR_PICK, P.BEAR_STEP)
            st.apply(planners[seat].choose(st.view(seat), st.legal_actions(), seats[seat]))
    assert bear_turns  # the bears' turns were copied too

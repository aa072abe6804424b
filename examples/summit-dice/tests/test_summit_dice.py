"""Summit Dice's own tests: simkit's conformance suite, rule scenarios and a property test."""

from hypothesis import given
from hypothesis import strategies as st
from summit_dice import GAME, SummitRules
from summit_dice.state import CAMP, CLIMB, new_state

from simkit.core.conformance import GameConformance
from simkit.core.rng import GameRng


class TestSummitDice(GameConformance):
    game = GAME


class LoadedDie(GameRng):
    """A die that rolls the given faces in order (face f is below() == f - 1)."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def below(self, n):
        return self.faces.pop(0) - 1


def test_a_rockfall_sweeps_away_the_turns_climb():
    state = new_state(SummitRules(), 2, LoadedDie([5, 6, 1]))
    state.apply(CLIMB)
    state.apply(CLIMB)
    assert state.view(0).climb == 11
    state.apply(CLIMB)  # a 1: rockfall
    assert state.heights == [0, 0] and state.current_player() == 1
    assert state.outcome().extras["x_rockfalls"] == (1, 0)


def test_camping_keeps_the_climb_and_passes_the_die():
    state = new_state(SummitRules(), 3, LoadedDie([4]))
    assert state.legal_actions() == [CLIMB]  # the first roll of a turn is forced
    state.apply(CLIMB)
    state.apply(CAMP)
    assert state.heights == [4, 0, 0] and state.current_player() == 1


def test_the_first_camp_on_the_summit_wins_at_once():
    state = new_state(SummitRules(summit=10), 2, LoadedDie([6, 5]))
    state.apply(CLIMB)
    state.apply(CLIMB)  # 11 metres: on the summit, camped by itself
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.ranks == (1, 2) and outcome.win_shares == (1.0, 0.0)
    assert outcome.end_reason == "summit"


@given(seed=st.integers(0, 2**63), n=st.integers(2, 6), summit=st.integers(10, 200))
def test_random_play_ends_on_the_summit_with_one_winner(seed, n, summit):
    rules = SummitRules(summit=summit)
    state = new_state(rules, n, GameRng(seed))
    picks = GameRng(seed + 1)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[picks.below(len(legal))])
        state.invariants()
    outcome = state.outcome()
    assert sum(h >= summit for h in state.heights) == (outcome.end_reason == "summit")
    assert sum(outcome.win_shares) == 1.0

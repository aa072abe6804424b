"""Property tests: random legal play of Let's Take a Hike, under the rulebook's rules and variants.

After every action: all cards accounted for across the draw pile, discard pile, hiking pile,
backpacks and scoring piles; every backpack a valid placement; scores equal the miles of the
scoring piles. Every game ends.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from simkit.core.rng import GameRng
from simkit.core.rules import rule_fields
from simkit.games.lets_take_a_hike.backpack import tables
from simkit.games.lets_take_a_hike.cards import HazardCounts, Rules
from simkit.games.lets_take_a_hike.state import Phase, new_state

HAZARD_FIELDS = {
    name.split(".")[1]: f for name, f in rule_fields(Rules()).items() if name.startswith("hazards.")
}


@st.composite
def rule_variants(draw):
    """Rules drawn from the declared ranges of the hazard counts and the deal."""
    counts = {
        h: draw(st.integers(f.metadata["lo"], min(8, f.metadata["hi"])))
        for h, f in HAZARD_FIELDS.items()
    }
    deal = draw(st.integers(1, 7))
    return Rules(hazards=HazardCounts(**counts), backpack_deal=deal)


class RandomPlay(RuleBasedStateMachine):
    """Hypothesis chooses every action; the engine must stay consistent after each."""

    @initialize(rules=rule_variants(), players=st.integers(2, 5), seed=st.integers(0, 2**32))
    def deal(self, rules, players, seed):
        self.state = new_state(rules, players, GameRng(seed))
        self.steps = 0

    @precondition(lambda self: not self.state.is_terminal())
    @rule(data=st.data())
    def play(self, data):
        legal = self.state.legal_actions()
        assert legal
        self.state.apply(data.draw(st.sampled_from(legal)))
        self.steps += 1

    @rule()
    def finished_games_have_an_outcome(self):
        if self.state.is_terminal():
            outcome = self.state.outcome()
            assert sum(outcome.win_shares) == 1.0 or outcome.end_reason != "normal"

    @invariant()
    def consistent(self):
        self.state.invariants()
        t = self.state.t
        for pack in self.state.packs:
            if self.state.phase != Phase.DISCARD:
                assert t.placement(pack) is not None

    @invariant()
    def scores_are_scoring_pile_miles(self):
        s = self.state
        for seat in range(s.n):
            miles = sum(c * m for c, m in zip(s.t.counts(s.scored[seat]), s.t.miles, strict=True))
            assert s.scores()[seat] == miles


TestRandomPlay = RandomPlay.TestCase
TestRandomPlay.settings = settings(stateful_step_count=250)


@given(rules=rule_variants(), players=st.integers(2, 5), seed=st.integers(0, 2**63))
def test_every_game_ends_within_the_deck(rules, players, seed):
    state = new_state(rules, players, GameRng(seed))
    rng = GameRng(seed ^ 0xABCDEF)
    deck = sum(tables(rules).copies)
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        decisions += 1
        assert decisions < 50 * deck
    outcome = state.outcome()
    assert outcome.end_reason == "normal"
    # Every turn draws or turns up at least one card, so a game lasts at most a deck and a half.
    assert outcome.turns <= deck * 2
    assert sum(outcome.win_shares) == 1.0

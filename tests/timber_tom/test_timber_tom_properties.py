"""Property tests: random legal play under rule variants drawn from the declared ranges."""

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from simkit.core.rng import GameRng
from simkit.core.rules import rule_fields
from simkit.games.timber_tom import GAME
from simkit.games.timber_tom.rules import Rules
from simkit.games.timber_tom.state import LIFT, S_RELIEF

# fields left at their defaults: the board and deck are data, the cap keeps examples short
_FIXED = {"turn_limit", "board", "deck"}


@st.composite
def variants(draw):
    rules = Rules()
    changes: dict = {}
    for name, f in rule_fields(rules).items():
        if name.split(".")[0] in _FIXED or draw(st.booleans()):
            continue
        meta = f.metadata
        if meta.get("choices") is not None:
            value = draw(st.sampled_from(meta["choices"]))
        elif isinstance(f.default, bool):
            value = draw(st.booleans())
        elif isinstance(f.default, float):
            value = draw(st.floats(meta["lo"], meta["hi"], allow_nan=False))
        else:
            value = draw(st.integers(int(meta["lo"]), int(min(meta["hi"], 120))))
        changes[name] = value
    for name, value in changes.items():
        head, _, sub = name.partition(".")
        if sub:
            rules = dataclasses.replace(
                rules, **{head: dataclasses.replace(getattr(rules, head), **{sub: value})}
            )
        else:
            rules = dataclasses.replace(rules, **{head: value})
    turn_limit = draw(st.integers(5, 25))
    return dataclasses.replace(rules, turn_limit=turn_limit)


@given(rules=variants(), n=st.integers(2, 6), seed=st.integers(0, 2**63))
def test_random_play_keeps_every_invariant_and_ends(rules, n, seed):
    state = GAME.new_state(rules, n, GameRng(seed))
    chooser = GameRng(seed ^ 0x5EED)
    state.invariants()
    decisions = 0
    turns_begun = sum(state.moves_made)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal
        seat = state.current_player()
        if sum(state.moves_made) != turns_begun:
            turns_begun = sum(state.moves_made)
            # a hiker ringed in by trees is offered the relief before moving
            if state.pos[seat] != state.board.camp and state._ringed(seat) and rules.ring_relief:
                assert state.stage == S_RELIEF and state.phase == LIFT
        state.apply(legal[chooser.below(len(legal))])
        state.invariants()
        assert all(0 <= p <= 3 for p in state.packs) and all(0 <= a <= 3 for a in state.axes)
        decisions += 1
        assert decisions < 200_000
    out = state.outcome()
    assert out.end_reason in ("normal", "turn_limit")
    assert out.turns <= rules.turn_limit
    if out.end_reason == "normal":
        assert abs(sum(out.win_shares) - 1) < 1e-9
        assert any(state.finished)


@given(seed=st.integers(0, 2**63), n=st.integers(2, 6))
def test_views_hide_only_the_card_pile(seed, n):
    state = GAME.new_state(Rules(turn_limit=6), n, GameRng(seed))
    chooser = GameRng(seed)
    for _ in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        view = state.view(seat)
        assert view == state.view(seat) and hash(view.trees) is not None
        sampled = state.sample_hidden(seat, GameRng(seed + 1))
        assert sampled.view(seat) == view
        assert sorted(sampled.cards.pile) == sorted(state.cards.pile)
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])


def _table(state) -> tuple:
    """Everything of a game a copy must not change: what every hiker sees, and what no view shows
    (the pile's order, the chainsaw cuts kept, the spaces the trees in hand came from, the last
    moves, the counts)."""
    views = tuple(state.view(s) for s in range(state.n))
    hidden = (tuple(state.cards.pile), state.cards.wild_drawn, tuple(state.chainsaw.kept))
    hidden += (tuple(state.planting.lifted), state.planting.relief_left, tuple(state.last_path))
    return views, hidden, {k: tuple(v) for k, v in state.stats.items()}, state.legal_actions()


@settings(deadline=None)
@given(seed=st.integers(0, 2**63), n=st.integers(2, 6), steps=st.integers(0, 300))
def test_a_copy_plays_on_without_changing_the_original(seed, n, steps):
    """A copy taken at any point (mid-move, with trees in hand, a Wild card drawn...) and played
    to the end leaves the original as it was, which then plays on alike."""
    state = GAME.new_state(Rules(turn_limit=12), n, GameRng(seed))
    chooser = GameRng(seed ^ 0xC0DE)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    before = _table(state)
    copy, twin = state.clone(), state.clone()
    play_a, play_b = GameRng(seed + 1), GameRng(seed + 1)
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(legal[play_a.below(len(legal))])
    assert _table(state) == before
    while not twin.is_terminal():
        legal = twin.legal_actions()
        twin.apply(legal[play_b.below(len(legal))])
    assert twin.outcome() == copy.outcome()


def test_a_ringed_hiker_always_gets_a_way_out():
    """Plant a ring of trees round a hiker: the relief is offered and opens a path."""
    from simkit.games.timber_tom.scenario import at, make_state, place, plant, start_turn

    rows = [
        "^1^MMmmoo....",
        "^^^MMmmoo....",
        "MMMMmmmoo....",
        "mmmmmooo.....",
        "oooooo....BBB",
        "..........BBB",
    ]
    s = make_state(rows, 2)
    place(s, 1, 2, 6)
    plant(s, (1, 5), (1, 6), (1, 7), (2, 5), (2, 7), (3, 5), (3, 6), (3, 7))
    start_turn(s, 1)
    assert s.phase == LIFT and s.planting.relief_left == 3
    s.apply(("lift", at(s, 3, 6)))
    s.apply(("plant", at(s, 5, 0)))
    assert not s._ringed(1)

"""The conformance suite: what every simkit game must do, as checks a game's own tests can run.

simkit runs it on each of its games (``tests/test_conformance.py``); a plug-in game runs it on itself
with three lines of pytest::

    from simkit.core.conformance import GameConformance
    from my_game import GAME

    class TestMyGame(GameConformance):
        game = GAME

Each check is also a plain function taking the :class:`GameSpec` (``check_spec(GAME)``). The rules
they hold a game to are :data:`RULES` (the "Adding a game" guide states them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from simkit.core.errors import IllegalAction, RulesError
from simkit.core.game import GameSpec, Outcome
from simkit.core.rng import GameRng, game_seed, seat_streams
from simkit.core.rules import make_rules, rule_fields

RULES = (
    "The spec is complete: min_players <= typical_players <= max_players, its rules dataclass "
    "builds with no arguments and has a turn_limit field, and every extra column starts with x_.",
    "The game ships at least three heuristics of its own (strategies registered for it), besides "
    "the generic random; its default strategy is one of its strategies; every strategy has a "
    "docstring saying what it plays like.",
    "Random legal play at every player count keeps every invariant after every action and ends; "
    "legal_actions() is never empty before the end and current_player() is a seat.",
    "The outcome has one score, rank and win share per seat; ranks run from 1 (best); win shares "
    "add up to 1 (or are all 0 for a game with no winner that did not end normally) and are "
    "positive exactly for the seats ranked 1; extras has every x_ column, one value per seat; "
    "outcome().turns == turns().",
    "An illegal action raises IllegalAction and changes nothing.",
    "The same seed gives the same game: same actions, same outcome.",
    "clone() is independent: playing the copy on leaves the original as it was, and the original "
    "then plays on exactly as a second copy does.",
    "sample_hidden(seat) gives a state the seat cannot tell apart: the same view, the same legal "
    "actions, and all invariants kept.",
    "With log=True the state tells the game in words (events); without it, events stays empty; "
    "action_text() says any action in words.",
    "Rules drawn at random from every field's declared range (lo..hi, choices, true or false) are "
    "either refused with a RulesError or played: random legal play under them keeps every "
    "invariant and ends.",
)

SEEDS = 4


def random_game(spec: GameSpec, n: int, seed: int, check: bool = True, log: bool = False):
    """Play one game of uniformly random legal actions; returns the final state and the actions."""
    engine, seats = seat_streams(seed, n)
    state = spec.new_state(spec.default_rules(), n, engine, log=log)
    actions = []
    if check:
        state.invariants()
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        seat = state.current_player()
        assert 0 <= seat < n, f"current_player() = {seat} with {n} seats"
        action = legal[seats[seat].below(len(legal))]
        actions.append(action)
        state.apply(action)
        if check:
            state.invariants()
    return state, actions


def check_spec(spec: GameSpec) -> None:
    from simkit.core.strategy import strategies_for

    assert spec.min_players <= spec.typical_players <= spec.max_players
    rules = spec.default_rules()
    assert "turn_limit" in {f.name for f in dataclasses.fields(rules)}, "rules need a turn_limit"
    assert all(c.startswith("x_") for c in spec.extra_columns), "extra columns start with x_"
    available = strategies_for(spec.name)
    assert spec.default_strategy in available, f"no strategy '{spec.default_strategy}'"
    assert "random" in available
    heuristics = [name for name, info in available.items() if info.games]
    assert len(heuristics) >= 3, f"each game ships at least three heuristics, not {heuristics}"
    for info in available.values():
        assert info.summary, f"strategy {info.name} needs a docstring saying what it plays"


def check_random_play(spec: GameSpec, n: int, seeds: int = SEEDS) -> None:
    for k in range(seeds):
        state, _ = random_game(spec, n, game_seed(7, k))
        check_outcome(spec, state, n)


def check_outcome(spec: GameSpec, state, n: int) -> None:
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert len(outcome.scores) == len(outcome.ranks) == len(outcome.win_shares) == n
    assert all(1 <= r <= n for r in outcome.ranks) and min(outcome.ranks) == 1
    assert outcome.end_reason, "say why the game ended"
    total = sum(outcome.win_shares)
    assert abs(total - 1.0) < 1e-9 or (outcome.end_reason != "normal" and total == 0)
    for seat, share in enumerate(outcome.win_shares):
        assert (share > 0) == (outcome.ranks[seat] == 1) or total == 0
    for column in spec.extra_columns:
        assert len(outcome.extras[column]) == n, f"extras[{column!r}] needs one value per seat"
    assert outcome.turns == state.turns() >= 0
    assert len(state.scores()) == n


def check_illegal_action(spec: GameSpec, n: int) -> None:
    engine, _ = seat_streams(3, n)
    state = spec.new_state(spec.default_rules(), n, engine)
    seat = state.current_player()
    before = state.view(seat)
    try:
        state.apply(("surely", "not", "an", "action"))
    except IllegalAction:
        pass
    else:
        raise AssertionError("an illegal action was accepted")
    assert state.view(seat) == before, "a refused action changed the state"


def check_same_seed(spec: GameSpec) -> None:
    n = spec.typical_players
    first, a1 = random_game(spec, n, 99, check=False)
    second, a2 = random_game(spec, n, 99, check=False)
    assert a1 == a2
    assert first.outcome() == second.outcome()


def check_clone(spec: GameSpec) -> None:
    n = spec.typical_players
    engine, _ = seat_streams(5, n)
    state = spec.new_state(spec.default_rules(), n, engine)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    views = [state.view(s) for s in range(n)]
    copy = state.clone()
    rng = GameRng(1)
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(legal[rng.below(len(legal))])
    assert [state.view(s) for s in range(n)] == views, "playing a clone changed the original"
    twin = state.clone()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        assert twin.legal_actions() == state.legal_actions(), "a clone plays on differently"
        state.apply(action)
        twin.apply(action)
    assert state.outcome() == twin.outcome(), "a clone ends differently"


def check_sample_hidden(spec: GameSpec, seeds: int = SEEDS, steps: int = 400) -> None:
    n = spec.typical_players
    rng = GameRng(11)
    for k in range(seeds):
        engine, seats = seat_streams(game_seed(3, k), n)
        state = spec.new_state(spec.default_rules(), n, engine)
        for _ in range(steps):
            if state.is_terminal():
                break
            seat = state.current_player()
            sampled = state.sample_hidden(seat, rng)
            assert sampled.view(seat) == state.view(seat), "a sampled world shows the seat more"
            sampled.invariants()
            legal = state.legal_actions()
            assert sampled.legal_actions() == legal
            state.apply(legal[seats[seat].below(len(legal))])


def check_log(spec: GameSpec) -> None:
    state, actions = random_game(spec, spec.typical_players, 21, check=False, log=True)
    assert state.events, "with log=True the state tells the game in words (events)"
    assert all(isinstance(line, str) for line in state.events)
    quiet, _ = random_game(spec, spec.typical_players, 21, check=False)
    assert quiet.events == [], "without log=True, events stays empty"
    assert all(isinstance(state.action_text(a), str) for a in actions[:50])


def random_overrides(spec: GameSpec, rng: GameRng) -> dict[str, Any]:
    """One value for every scalar rule field that declares what it allows, drawn uniformly from it
    (the turn cap stays as it is, to keep games short)."""
    rules = spec.default_rules()
    out: dict[str, Any] = {}
    for name, f in rule_fields(rules).items():
        value = rules
        for part in name.split("."):
            value = getattr(value, part)
        lo, hi, choices = f.metadata.get("lo"), f.metadata.get("hi"), f.metadata.get("choices")
        if name == "turn_limit":
            continue
        if choices is not None:
            out[name] = choices[rng.below(len(choices))]
        elif isinstance(value, bool):
            out[name] = bool(rng.below(2))
        elif isinstance(value, int) and lo is not None and hi is not None:
            out[name] = int(lo) + rng.below(int(hi) - int(lo) + 1)
        elif isinstance(value, float) and lo is not None and hi is not None:
            out[name] = lo + rng.random() * (hi - lo)
    return out


def check_rule_variants(spec: GameSpec, draws: int = 4, seed: int = 1) -> None:
    """Random rules from the declared ranges: refused with a RulesError, or played with every
    invariant kept (at a random player count)."""
    rng = GameRng(seed)
    for k in range(draws):
        overrides = random_overrides(spec, rng)
        try:
            rules = make_rules(spec, overrides)
        except RulesError:
            continue  # fields that only make sense together (the rules' validate()) say so
        n = spec.min_players + rng.below(spec.max_players - spec.min_players + 1)
        engine, seats = seat_streams(game_seed(seed, k), n)
        state = spec.new_state(rules, n, engine)
        state.invariants()
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, f"no legal action before the end, rules {overrides}"
            state.apply(legal[seats[state.current_player()].below(len(legal))])
            state.invariants()
        check_outcome(spec, state, n)


PER_GAME: tuple[Callable[[GameSpec], None], ...] = (
    check_spec,
    check_same_seed,
    check_clone,
    check_sample_hidden,
    check_log,
    check_rule_variants,
)
PER_PLAYER_COUNT: tuple[Callable[[GameSpec, int], None], ...] = (
    check_random_play,
    check_illegal_action,
)


def check_game(spec: GameSpec) -> None:
    """Every check, at every player count (raises AssertionError on the first failure)."""
    for check in PER_GAME:
        check(spec)
    for n in spec.player_counts:
        for check in PER_PLAYER_COUNT:
            check(spec, n)


class GameConformance:
    """Subclass with ``game = GAME`` (a GameSpec, or a registered name) in a test module: pytest
    then runs every conformance check on the game, one test each."""

    game: GameSpec | str

    @property
    def spec(self) -> GameSpec:
        from simkit.core import registry

        return self.game if isinstance(self.game, GameSpec) else registry.game(self.game)

    def test_spec_is_complete(self):
        check_spec(self.spec)

    def test_random_play_keeps_invariants_and_ends(self):
        for n in self.spec.player_counts:
            check_random_play(self.spec, n)

    def test_illegal_actions_are_refused_and_change_nothing(self):
        for n in self.spec.player_counts:
            check_illegal_action(self.spec, n)

    def test_same_seed_same_game(self):
        check_same_seed(self.spec)

    def test_clone_is_independent(self):
        check_clone(self.spec)

    def test_sampled_hidden_information_is_invisible_to_the_seat(self):
        check_sample_hidden(self.spec)

    def test_log_tells_the_game_in_words(self):
        check_log(self.spec)

    def test_random_rules_are_refused_or_played(self):
        check_rule_variants(self.spec)

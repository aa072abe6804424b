"""The search player: it samples only what its seat may know, and plays through the runner."""

from __future__ import annotations

import polars as pl
import pytest

from simkit.core import registry, runner
from simkit.core.errors import StrategyError
from simkit.core.experiment import Experiment
from simkit.core.results import read_results
from simkit.core.rng import GameRng, seat_streams
from simkit.core.strategy import make_strategy
from simkit.core.worlds import Worlds

LTH = "lets-take-a-hike"


def mid_game(seed: int, n: int = 3, decisions: int = 40):
    spec = registry.game(LTH)
    engine, seats = seat_streams(seed, n)
    state = spec.new_state(spec.default_rules(), n, engine)
    bold = make_strategy("bold", LTH)
    for _ in range(decisions):
        seat = state.current_player()
        state.apply(bold.choose(state.view(seat), state.legal_actions(), seats[seat]))
    return state


def same_view_other_secrets(state, seat: int):
    """A state the seat cannot tell from ``state``: the draw pile reordered and a hidden card
    swapped between the draw pile and the face-down discard pile."""
    other = state.clone()
    other.draw.reverse()
    swap = next(
        (i, j) for i, a in enumerate(other.draw) for j, b in enumerate(other.discard) if a != b
    )
    other.draw[swap[0]], other.discard[swap[1]] = other.discard[swap[1]], other.draw[swap[0]]
    other.rng = GameRng(12345)  # and another engine generator
    assert other.view(seat) == state.view(seat)
    assert (other.draw, other.discard) != (state.draw, state.discard)
    return other


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_sampled_world_depends_only_on_what_the_seat_sees(seed):
    state = mid_game(seed)
    seat = state.current_player()
    twin = same_view_other_secrets(state, seat)
    for s in range(20):
        a = Worlds(state, seat, LTH).sample(GameRng(s))
        b = Worlds(twin, seat, LTH).sample(GameRng(s))
        assert (a.draw, a.discard, a.rng.state) == (b.draw, b.discard, b.rng.state)
        assert a.view(seat) == state.view(seat)


def test_sampled_worlds_redraw_the_hidden_cards():
    state = mid_game(4)
    seat = state.current_player()
    orders = {tuple(Worlds(state, seat, LTH).sample(GameRng(s)).draw) for s in range(10)}
    assert len(orders) == 10 and tuple(state.draw) not in orders


@pytest.mark.parametrize("seed", [5, 6])
def test_the_search_player_decides_alike_on_states_its_seat_cannot_tell_apart(seed):
    state = mid_game(seed, decisions=25)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    twin = same_view_other_secrets(state, seat)
    search = make_strategy("search:playouts=6", LTH)
    legal = state.legal_actions()
    for s in range(3):
        mine = search.choose(state.view(seat), legal, GameRng(s), worlds=Worlds(state, seat, LTH))
        theirs = search.choose(twin.view(seat), legal, GameRng(s), worlds=Worlds(twin, seat, LTH))
        assert mine == theirs


def test_the_search_player_needs_worlds_and_a_heuristic_policy():
    search = make_strategy("search", LTH)
    with pytest.raises(StrategyError, match="needs worlds"):
        search.choose(None, [0, 1], GameRng(1))
    state = mid_game(7)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.current_player()
    recursive = make_strategy("search:policy=search", LTH)
    with pytest.raises(StrategyError, match="searches itself"):
        recursive.choose(
            state.view(seat), state.legal_actions(), GameRng(1), Worlds(state, seat, LTH)
        )
    with pytest.raises(StrategyError, match="value"):
        make_strategy("search:value=luck", LTH)


def test_the_search_player_plays_reproducibly_through_the_runner(tmp_path):
    exp = Experiment.from_dict(
        {
            "game": LTH,
            "players": 2,
            "games": 2,
            "seed": 3,
            "strategies": ["search:playouts=2", "bold"],
        }
    )
    runner.run(exp, tmp_path / "a", jobs=1, progress=False)
    runner.run(exp, tmp_path / "b", jobs=1, progress=False)
    a, b = read_results(tmp_path / "a"), read_results(tmp_path / "b")
    assert a.sort("game_index", "seat").equals(b.sort("game_index", "seat"))
    assert a.filter(pl.col("seat") == 0)["strategy"][0] == "search:playouts=2"

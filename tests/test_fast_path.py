"""The compiled fast path: same seeds, same draws, same outcome as the Python engine, game by game.

The first test compiles the engine (or loads it from numba's cache); the others reuse it.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from simkit.core import registry, runner
from simkit.core.errors import ExperimentError, SimkitError
from simkit.core.experiment import Experiment
from simkit.core.fast_rng import game_streams
from simkit.core.results import read_results
from simkit.core.rng import game_seed, seat_streams
from simkit.core.runner import play_game
from simkit.core.strategy import make_strategy, strategies_for
from simkit.games.lets_take_a_hike import fast
from simkit.games.lets_take_a_hike.cards import SPACES, HazardCounts, Rules

GAME = "lets-take-a-hike"
SPEC = registry.game(GAME)
STRATEGIES = [
    "random",
    "bold",
    "cautious",
    "greedy",
    "threshold",
    "bold:enough=6,hike_miles=8,reserve=3",
    "cautious:full=5",
    "greedy:hike_at=4,take_at=2",
    "threshold:drop=5,hike=3,reserve=2",
]


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Compile once for the module (numba caches it on disk for later runs and workers)."""
    fast.warm()


@st.composite
def card_lists(draw):
    """The rulebook's cards with drawn copies, miles and spaces (the three named items kept)."""
    items = []
    for item in Rules().items:
        spaces = draw(st.lists(st.sampled_from(SPACES), min_size=1, max_size=4, unique=True))
        items.append(
            dataclasses.replace(
                item,
                copies=draw(st.integers(2, 14)),
                miles=draw(st.integers(1, 6)),
                spaces=tuple(spaces) if draw(st.booleans()) else item.spaces,
            )
        )
    return tuple(items)


@st.composite
def rule_variants(draw):
    hazards = HazardCounts(**{h: draw(st.integers(0, 8)) for h in HazardCounts().__dict__})
    rules = Rules(
        hazards=hazards,
        backpack_deal=draw(st.integers(1, 7)),
        turn_limit=draw(st.sampled_from([10, 40, 5000])),
        drawoff_first=draw(st.sampled_from(["random", "lowest_seat"])),
    )
    if draw(st.booleans()):
        rules = dataclasses.replace(rules, items=draw(card_lists()))
    return rules


def python_outcome(rules, players, seed):
    try:
        o = play_game(SPEC, rules, players, seed).outcome()
    except SimkitError:
        return "failed"  # e.g. too few Item cards to deal
    extras = tuple(tuple(int(v) for v in o.extras[name]) for name in fast.EXTRAS)
    return o.scores, o.ranks, o.turns, o.end_reason, extras


def compiled_outcomes(rules, players_by_game, root, first):
    kinds, params = fast.seat_codes(players_by_game)
    seeds, tally, ranks, end, turns, _ = fast.CompiledRules(rules).play(
        root, first, len(players_by_game), kinds, params
    )
    for g in range(len(players_by_game)):
        if end[g] == fast.FAILED:
            yield int(seeds[g]), "failed"
            continue
        extras = tuple(tuple(int(v) for v in tally[g, :, col]) for col in fast._EXTRA_TALLY)
        yield (
            int(seeds[g]),
            (
                tuple(float(x) for x in tally[g, :, fast.SCORED_MILES]),
                tuple(int(r) for r in ranks[g]),
                int(turns[g]),
                fast.END_REASONS[end[g]],
                extras,
            ),
        )


@given(root=st.integers(0, 2**64 - 1), first=st.integers(0, 2**40), players=st.integers(2, 5))
def test_seeds_and_streams_are_numpys(root, first, players):
    seeds, states = game_streams(np.uint64(root), first, 3, players)
    for g in range(3):
        seed = game_seed(root, first + g)
        engine, seats = seat_streams(seed, players)
        assert int(seeds[g]) == seed
        assert [int(s) for s in states[g]] == [engine.state] + [r.state for r in seats]


@given(
    rules=rule_variants(),
    names=st.lists(st.sampled_from(STRATEGIES), min_size=2, max_size=5),
    root=st.integers(0, 2**63),
)
def test_compiled_games_equal_python_games(rules, names, root):
    players = [make_strategy(name, GAME) for name in names]
    games = 12
    for seed, outcome in compiled_outcomes(rules, [players] * games, root, 0):
        assert outcome == python_outcome(rules, players, seed), (names, seed)


def test_many_default_games_equal_and_cover_every_ending():
    players = [make_strategy(name, GAME) for name in ("random", "bold", "greedy", "cautious")]
    rules = Rules()
    reasons, drawoffs = set(), 0
    for seed, outcome in compiled_outcomes(rules, [players] * 300, 7, 0):
        assert outcome == python_outcome(rules, players, seed), seed
        reasons.add(outcome[3])
        drawoffs += sum(outcome[4][fast.EXTRAS.index("x_drawoff")])
    assert reasons == {"normal"}
    assert drawoffs > 0  # the Skunk draw-off was played, and agreed


def run_rows(tmp_path, name, engine, **kw):
    exp = Experiment.from_dict(
        {"name": "fp", "game": GAME, "players": [3, 4], "games": 60, "seed": 5, "chunk": 25, **kw}
    )
    meta = runner.run(exp, tmp_path / name, jobs=1, progress=False, engine=engine)
    return meta, read_results(tmp_path / name).sort("game_index", "seat")


def test_a_run_uses_the_compiled_engine_when_it_can_and_rows_are_the_same(tmp_path):
    # Seed 2: with the rotation design and the guarded heuristics its 120 games include Skunk
    # draw-offs (seeds 5 and 1 do not).
    kw = {"strategies": ["bold", "greedy", "random", "threshold:drop=5"], "rotate": True}
    kw["seed"] = 2
    auto, fast_rows = run_rows(tmp_path, "auto", "auto", **kw)
    python, python_rows = run_rows(tmp_path, "python", "python", **kw)
    assert (auto["engine"], python["engine"]) == ("compiled", "python")
    assert fast_rows.schema == python_rows.schema
    assert fast_rows.equals(python_rows)
    assert fast_rows.filter(pl.col("x_drawoff")).height > 0


class Copycat:
    """A user's strategy: no compiled form, so the run stays on the Python engine."""

    name = "copycat"

    def choose(self, view, legal, rng):
        return legal[0]


def test_a_strategy_without_compiled_form_keeps_the_python_engine(tmp_path):
    exp = Experiment.from_dict(
        {"game": GAME, "games": 5, "strategies": ["bold", "test_fast_path:Copycat"], "players": 2}
    )
    assert runner.choose_engine(exp)[0] == "python"
    assert "test_fast_path:Copycat" in runner.choose_engine(exp)[1]
    with pytest.raises(ExperimentError, match="no compiled form"):
        runner.choose_engine(exp, "compiled")
    assert fast.supports([make_strategy("bold", GAME)])
    assert not fast.supports([Copycat()])


def test_a_game_the_compiled_engine_cannot_finish_is_reported_by_the_python_engine(tmp_path):
    cards = tmp_path / "few-cards.toml"
    cards.write_text(
        "".join(
            f'[[items]]\nname = "{name}"\nmiles = 1\nspaces = ["top"]\ncopies = 2\n\n'
            for name in ("Granola Bar", "Socks", "Bear Spray")
        )
    )
    exp = Experiment.from_dict(
        {"game": GAME, "games": 3, "players": 4, "rules": {"data": str(cards), "backpack_deal": 7}}
    )
    assert runner.choose_engine(exp)[0] == "compiled"
    with pytest.raises(SimkitError, match=r"game 0 \(seed \d+\) failed: .*not enough Item cards"):
        runner.run(exp, tmp_path / "r", jobs=1, progress=False)


def test_simkit_run_says_which_engine_it_uses(tmp_path):
    from click.testing import CliRunner

    from simkit.cli import main

    common = ["run", "--game", GAME, "--games", "20", "--jobs", "1"]
    shown = CliRunner().invoke(main, [*common, "--out", str(tmp_path / "a")])
    assert shown.exit_code == 0, shown.output
    assert "engine: compiled (every strategy has a compiled form)" in shown.output
    assert "compiled engine)" in shown.output
    mine = "test_fast_path:Copycat"
    shown = CliRunner().invoke(main, [*common, "--strategies", mine, "--out", str(tmp_path / "b")])
    assert f"engine: python (no compiled form for {mine})" in shown.output
    shown = CliRunner().invoke(
        main, [*common, "--strategies", mine, "--engine", "compiled", "--out", str(tmp_path / "c")]
    )
    assert shown.exit_code == 1
    assert shown.output.strip() == (
        f"Error: --engine compiled is not possible: no compiled form for {mine}"
    )


@pytest.mark.parametrize(
    "game", sorted(name for name, spec in registry.games().items() if spec.fast_engine)
)
def test_a_subclass_of_a_shipped_strategy_plays_on_the_python_engine(game):
    """A designer's subclass may override any method (a setup choice, a planting): its play is
    not the compiled form's, so it has none, for every shipped strategy of every compiled game."""
    module = runner._fast_module(registry.game(game))
    for name, info in strategies_for(game).items():
        if not module.supports([make_strategy(name, game)]):
            continue  # no compiled form to begin with (search, the planted blunderer)
        mine = type(f"My{info.cls.__name__}", (info.cls,), {})
        assert not module.supports([mine()]), f"{game}: a subclass of {name} was compiled"

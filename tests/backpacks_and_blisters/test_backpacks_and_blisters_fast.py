"""The compiled engine of Backpacks & Blisters: same seeds, same draws, same rows as the Python
engine, game by game, over player counts, rule variants, maps and the shipped strategies.

The first test compiles the engine (or loads it from numba's cache); the others reuse it.
"""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sizes import size

from simkit.core import registry, runner
from simkit.core.experiment import Experiment
from simkit.core.results import read_results
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.core.strategy import make_strategy
from simkit.games.backpacks_and_blisters import fast
from simkit.games.backpacks_and_blisters.board import DEFAULT_MAP
from simkit.games.backpacks_and_blisters.rules import Rules

GAME = "backpacks-and-blisters"
SPEC = registry.game(GAME)
STRATEGIES = [
    "random",
    "peak-bagger",
    "cairn-racer",
    "day-tripper",
    "peak-bagger:margin=2,speed=2.5",
    "day-tripper:spend_bias=1.0,chocolate_value=5.0",
    "cairn-racer:vote_horizon=0,lookahead=0.2",
]


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Compile once for the module (numba caches it on disk for later runs and workers)."""
    fast.warm()


def python_outcome(rules, players, seed):
    o = play_game(SPEC, rules, players, seed).outcome()
    extras = tuple(tuple(int(v) for v in o.extras[name]) for name in fast.EXTRAS)
    return tuple(int(s) for s in o.scores), o.turns, o.end_reason, extras


def compiled_outcomes(rules, players_by_game, root):
    kinds, styles = fast.seat_codes(players_by_game)
    seeds, out, ends, turns = fast.CompiledRules(rules).play(
        root, 0, len(players_by_game), kinds, styles
    )
    for g in range(len(players_by_game)):
        assert ends[g] != fast.FAILED
        extras = tuple(tuple(int(v) for v in out[g, :, col]) for col in range(len(fast.EXTRAS)))
        scores = tuple(int(s) for s in out[g, :, fast.O_SCORE])
        yield int(seeds[g]), (scores, int(turns[g]), fast.END_REASONS[ends[g]], extras)


@st.composite
def rule_variants(draw):
    return Rules(
        hand_size=draw(st.integers(3, 5)),
        cairns=draw(st.integers(0, 10)),
        cairn_first=draw(st.integers(0, 30)),
        blisters=draw(st.integers(0, 10)),
        weather_cards=draw(st.integers(0, 8)),
        rain_penalty=draw(st.integers(0, 3)),
        start_money=draw(st.integers(0, 5)),
        break_money=draw(st.integers(0, 5)),
        start_chocolate=draw(st.booleans()),
        refresh_cost=draw(st.integers(0, 5)),
        chocolate_cost=draw(st.integers(0, 5)),
        ride_cost=draw(st.integers(0, 5)),
        secret_desire=draw(st.integers(0, 10)),
        rucksack_turns=draw(st.integers(1, 6)),
        rucksack_depth=draw(st.integers(0, 40)),
        solo_rucksack_depth=draw(st.integers(0, 40)),
        rucksack_passing=draw(st.sampled_from(["vote", "random"])),
        equipment_order=draw(st.sampled_from(["fewest_points", "seat_order"])),
        late_keswick=draw(st.sampled_from(["stop", "pass"])),
        turn_limit=draw(st.sampled_from([3, 14, 200])),
    )


@given(
    rules=rule_variants(),
    names=st.lists(st.sampled_from(STRATEGIES), min_size=1, max_size=6),
    root=st.integers(0, 2**63),
)
@settings(max_examples=size(25, 150), deadline=None)
def test_compiled_games_equal_python_games(rules, names, root):
    players = [make_strategy(name, GAME) for name in names]
    for seed, outcome in compiled_outcomes(rules, [players] * 4, root):
        assert outcome == python_outcome(rules, players, seed), (names, seed, rules)


@st.composite
def map_files(draw):
    """The Lake District with drawn card faces, points, Refreshments and Time chart points."""
    data = tomllib.loads(DEFAULT_MAP.read_text())
    for card in data["cards"]:
        card["circles"] = draw(st.integers(0, 9))
        card["triangles"] = draw(st.integers(0, 9))
    for place in data["places"]:
        if place["kind"] == "prime":
            place["points"] = draw(st.integers(1, 9))
            place["glass"] = draw(st.booleans())
    data["time"]["return_points"] = draw(
        st.lists(
            st.integers(-5, 20),
            min_size=len(data["time"]["return_points"]),
            max_size=len(data["time"]["return_points"]),
        )
    )
    return data


def _toml(data) -> str:
    """The few shapes of a map file as TOML text (tomllib reads, it does not write)."""

    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f'"{k}" = {value(x)}' for k, x in v.items()) + " }"
        return str(v)

    lines = [f"{k} = {value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for k, v in data.items():
        if isinstance(v, dict):
            lines.append(f"[{k}]")
            lines += [f'"{key}" = {value(x)}' for key, x in v.items()]
    return "\n".join(lines) + "\n"


@given(data=map_files(), players=st.integers(1, 6), root=st.integers(0, 2**63))
@settings(max_examples=size(4, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_designers_map_gives_the_same_games(data, players, root):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "map.toml"
        path.write_text(_toml(data))
        rules = Rules(map_file=str(path))
        names = ["peak-bagger", "random", "day-tripper", "cairn-racer", "peak-bagger", "random"]
        lineup = [make_strategy(name, GAME) for name in names[:players]]
        for seed, outcome in compiled_outcomes(rules, [lineup] * 3, root):
            assert outcome == python_outcome(rules, lineup, seed), (seed, players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_many_default_games_equal(players):
    lineup = [make_strategy("peak-bagger", GAME) for _ in range(players)]
    rules = Rules()
    ends = set()
    for seed, outcome in compiled_outcomes(rules, [lineup] * size(40, 400), 11):
        assert outcome == python_outcome(rules, lineup, seed), seed
        ends.add(outcome[2])
    assert ends == {"normal"}


def test_seeds_are_the_runners():
    lineup = [make_strategy("random", GAME)] * 2
    assert [s for s, _ in compiled_outcomes(Rules(), [lineup] * 3, 9)] == [
        game_seed(9, g) for g in range(3)
    ]


def run_rows(tmp_path, name, engine, **kw):
    exp = Experiment.from_dict(
        {"name": "fp", "game": GAME, "players": [2, 4], "games": 30, "seed": 5, "chunk": 12, **kw}
    )
    meta = runner.run(exp, tmp_path / name, jobs=1, progress=False, engine=engine)
    return meta, read_results(tmp_path / name).sort("game_index", "seat")


def test_a_run_uses_the_compiled_engine_and_writes_the_python_rows(tmp_path):
    kw = {"strategies": ["peak-bagger", "random", "day-tripper", "cairn-racer"], "rotate": True}
    auto, fast_rows = run_rows(tmp_path, "auto", "auto", **kw)
    python, python_rows = run_rows(tmp_path, "python", "python", **kw)
    assert (auto["engine"], python["engine"]) == ("compiled", "python")
    assert fast_rows.schema == python_rows.schema
    assert fast_rows.equals(python_rows)
    assert fast_rows.filter(pl.col("x_returned")).height > 0


class Wanderer:
    """A user's strategy: no compiled form, so the run stays on the Python engine."""

    name = "wanderer"

    def choose(self, view, legal, rng):
        return legal[-1]


def test_only_the_shipped_strategies_have_compiled_forms():
    assert fast.supports([make_strategy(name, GAME) for name in STRATEGIES])
    assert not fast.supports([Wanderer()])
    exp = Experiment.from_dict(
        {"game": GAME, "games": 2, "players": 2, "strategies": ["peak-bagger", "random"]}
    )
    assert runner.choose_engine(exp)[0] == "compiled"

"""The compiled Hike It! engine gives the Python engine's games, game by game: the same seeds,
the same draws, the same decisions of the compiled heuristics, the same rows; and the hiker box
gives the same tiles from the same draws."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import size

from simkit.core import registry, runner
from simkit.core.experiment import Experiment
from simkit.core.results import read_results
from simkit.core.rng import GameRng
from simkit.core.runner import play_game
from simkit.core.strategy import make_strategy
from simkit.games.hike_it import fast, fast_box, hiker_box
from simkit.games.hike_it.rules import Rules

GAME = "hike-it"
SPEC = registry.game(GAME)
GEAR_TYPES = 5
STRATEGIES = [
    "planner",
    "random",
    "rusher",
    "collector",
    "careful",
    "planner:detour=4,pack=1,trade=false",
]


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Compile once for the module (numba caches it on disk for later runs and workers)."""
    fast.warm()


@st.composite
def rule_variants(draw) -> Rules:
    return dataclasses.replace(
        Rules(),
        trade_offers=draw(st.integers(0, 3)),
        trade_window=draw(st.booleans()),
        trade_items=draw(st.integers(1, 4)),
        turn_order=draw(st.sampled_from(["track", "rotate"])),
        turn_limit=draw(st.sampled_from([10, 40, 150])),
        hand_limit=draw(st.integers(3, 8)),
        health_start=draw(st.integers(1, 5)),
        campfires=draw(st.integers(0, 4)),
        trailhead_bonus=draw(st.booleans()),
        bear_knocks_out_fallen=draw(st.booleans()),
        optional_recycle=draw(st.booleans()),
        hiker_box=draw(st.integers(2, 8)),
        face_up_skills=draw(st.integers(1, 5)),
        side_hikes_dealt=draw(st.integers(0, 3)),
    )


def python_outcome(rules, players, seed):
    o = play_game(SPEC, rules, players, seed).outcome()
    extras = tuple(tuple(int(v) for v in o.extras[name]) for name in fast.EXTRAS)
    return tuple(o.scores), tuple(o.ranks), o.turns, o.end_reason, extras


def compiled_outcomes(rules, players_by_game, root):
    seeds, out, end, turns = fast._play(rules, root, 0, players_by_game)
    columns = [fast.EXTRA_COLUMNS[name] for name in fast.EXTRAS]
    for g in range(len(players_by_game)):
        assert end[g] != fast.FAILED
        yield (
            int(seeds[g]),
            (
                tuple(float(x) for x in out[g, :, fast.OUT_SCORE]),
                tuple(int(r) for r in out[g, :, fast.OUT_RANK]),
                int(turns[g]),
                fast.END_REASONS[end[g]],
                tuple(tuple(int(v) for v in out[g, :, c]) for c in columns),
            ),
        )


@settings(max_examples=size(8, 60), deadline=None)
@given(
    rules=rule_variants(),
    names=st.lists(st.sampled_from(STRATEGIES), min_size=2, max_size=4),
    root=st.integers(0, 2**63),
)
def test_compiled_games_equal_python_games(rules, names, root):
    players = [make_strategy(name, GAME) for name in names]
    for seed, outcome in compiled_outcomes(rules, [players] * 3, root):
        assert outcome == python_outcome(rules, players, seed), (names, seed)


@pytest.mark.parametrize(("per_type", "paws"), [(4, 1), (7, 3), (5, 0)])
def test_compiled_games_equal_python_games_with_other_skill_cards(per_type, paws):
    # the compiled engine reads a card's type and paw from tables built from the deck's numbers
    decks = dataclasses.replace(Rules().decks, skill_per_type=per_type, paws_per_type=paws)
    rules = dataclasses.replace(Rules(), decks=decks)
    players = [make_strategy(name, GAME) for name in ("planner", "collector", "random")]
    for seed, outcome in compiled_outcomes(rules, [players] * 3, per_type):
        assert outcome == python_outcome(rules, players, seed), seed


@pytest.mark.slow
def test_many_default_games_equal_and_reach_every_part_of_the_game():
    players = [make_strategy(name, GAME) for name in ("planner", "random", "planner", "careful")]
    rules = Rules()
    games = size(40, 300)
    trades = knocked_out = 0
    for seed, outcome in compiled_outcomes(rules, [players] * games, 11):
        assert outcome == python_outcome(rules, players, seed), seed
        trades += sum(outcome[4][fast.EXTRAS.index("x_trades")])
        knocked_out += sum(outcome[4][fast.EXTRAS.index("x_knocked_out")])
    assert trades > 0 and knocked_out > 0  # trading and aggressive bears were played, and agreed


def test_a_run_uses_the_compiled_engine_and_its_rows_are_the_python_engines(tmp_path):
    def rows(name, engine):
        exp = Experiment.from_dict(
            {
                "name": "fp",
                "game": GAME,
                "players": 3,
                "games": 6,
                "seed": 3,
                "chunk": 4,
                "strategies": ["planner", "random", "collector"],
            }
        )
        meta = runner.run(exp, tmp_path / name, jobs=1, progress=False, engine=engine)
        return meta, read_results(tmp_path / name).sort("game_index", "seat", "n_players")

    auto, fast_rows = rows("auto", "auto")
    python, python_rows = rows("python", "python")
    assert (auto["engine"], python["engine"]) == ("compiled", "python")
    assert fast_rows.schema == python_rows.schema
    assert fast_rows.equals(python_rows)


def test_only_strategies_with_a_compiled_form_are_supported():
    assert fast.supports([make_strategy(name, GAME) for name in STRATEGIES])

    class Copycat:
        name = "copycat"

        def choose(self, view, legal, rng):
            return legal[0]

    assert not fast.supports([make_strategy("planner", GAME), Copycat()])


def _rows(a: np.ndarray, lengths: np.ndarray) -> list[list[int]]:
    return [a[i, : lengths[i]].tolist() for i in range(len(lengths))]


@st.composite
def boxes(draw):
    """A bag and a hiker box (some with every visible tile alike), a tile type and a seed."""
    stacks = draw(st.integers(2, 8))
    bag = draw(st.lists(st.integers(0, GEAR_TYPES - 1), max_size=30))
    if draw(st.booleans()):
        box = draw(
            st.lists(
                st.lists(st.integers(0, GEAR_TYPES - 1), max_size=3),
                min_size=stacks,
                max_size=stacks,
            )
        )
    else:
        top = draw(st.integers(0, GEAR_TYPES - 1))
        box = [[top] for _ in range(stacks)]
    return bag, box, draw(st.integers(0, GEAR_TYPES - 1)), draw(st.integers(0, 2**64 - 1))


def _arrays(bag, box, seed):
    piles = np.zeros((1, 64), dtype=np.int64)
    pile_len = np.array([len(bag)], dtype=np.int64)
    piles[0, : len(bag)] = bag
    tiles = np.zeros((len(box), 64), dtype=np.int64)
    tiles_len = np.array([len(stack) for stack in box], dtype=np.int64)
    for i, stack in enumerate(box):
        tiles[i, : len(stack)] = stack
    return np.array([seed], dtype=np.uint64), piles, pile_len, tiles, tiles_len


def _stuck(bag, box, t) -> bool:
    """Every top and every tile in the bag of type ``t``: the Python engine recycles for ever
    when such a tile is put in the box (unreachable with the printed bag)."""
    return all(stack and stack[-1] == t for stack in box) and set(bag) <= {t}


@settings(max_examples=300, deadline=None)
@given(case=boxes(), op=st.sampled_from(["place", "restock", "can_recycle", "gear_cost", "take"]))
def test_the_hiker_box_gives_the_python_engines_tiles(case, op):
    bag, box, t, seed = case
    if op in ("place", "take") and _stuck(bag, box, t):
        return
    if op == "take" and not hiker_box.gear_cost(box, t):
        return
    rng, piles, pile_len, tiles, tiles_len = _arrays(bag, box, seed)
    py_rng = GameRng(seed)
    if op == "place":
        want = hiker_box.place(box, bag, py_rng, t)
        got = fast_box.place(rng, piles, pile_len, tiles, tiles_len, t)
    elif op == "restock":
        want = hiker_box.restock(box, bag, py_rng)
        got = fast_box.restock(rng, piles, pile_len, tiles, tiles_len)
    elif op == "can_recycle":
        want = hiker_box.can_recycle(box)
        got = fast_box.can_recycle(tiles, tiles_len, GEAR_TYPES)
    elif op == "gear_cost":
        want = hiker_box.gear_cost(box, t)
        got = fast_box.gear_cost(tiles, tiles_len, t)
    else:
        want = hiker_box.take(box, bag, py_rng, t)[0]
        got = fast_box.take(rng, piles, pile_len, tiles, tiles_len, t, np.zeros(64, np.int64))
    assert got == want
    assert piles[0, : pile_len[0]].tolist() == bag
    assert _rows(tiles, tiles_len) == box
    assert int(rng[0]) == py_rng.state

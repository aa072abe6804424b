"""The compiled Timber Tom engine (``fast``): same seeds, same draws, same rows as the Python
engine, game by game, over seeds, player counts, strategy mixes, rule variants, changed boards
and changed decks. The first test compiles the engine (or loads it from numba's cache)."""

from __future__ import annotations

import dataclasses

import polars as pl
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sizes import size

from simkit.core import registry, runner
from simkit.core.errors import DataError, ExperimentError
from simkit.core.experiment import Experiment
from simkit.core.results import RowBuffer, read_results
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.core.strategy import make_strategy
from simkit.games.timber_tom import cards as cd
from simkit.games.timber_tom import fast
from simkit.games.timber_tom.rules import ResourcePoints, Rules, Tray, ZoneValues, default_board
from simkit.games.timber_tom.scenario import make_board
from simkit.strategies.timber_tom import Trailblazer

GAME = "timber-tom"
SPEC = registry.game(GAME)
STYLES = [
    "trailblazer",
    "blocker",
    "climber",
    "random",
    "climber:tree_cost=8,reserve_packs=2",
    "blocker:tree_cost=0,ahead=0",
    "trailblazer:spend_flights=true,draw_on_snow=false,plant_on=near",
]
# what a changed hole may become (as in the fast_searches tests): land of every zone, voids,
# water, canoes, bridges, helipads and refuges
SYMBOLS = ".omMf =~cPrR*jq"


@pytest.fixture(scope="module", autouse=True)
def compiled():
    fast.warm()


def python_rows(rules, players_by_game, root, first):
    rows = RowBuffer("e", "v", GAME)
    for k, players in enumerate(players_by_game, start=first):
        seed = game_seed(root, k)
        outcome = play_game(SPEC, rules, players, seed).outcome()
        rows.add(k, seed, [p.name for p in players], outcome)
    return rows.table()


def compiled_rows(rules, players_by_game, root, first):
    return fast.play_rows(("e", "v", GAME), rules, root, first, first, players_by_game)


def assert_same_rows(rules, names, root, games, first=0):
    players = [make_strategy(name, GAME) for name in names]
    python = python_rows(rules, [players] * games, root, first)
    mine = compiled_rows(rules, [players] * games, root, first)
    assert mine.schema == python.schema
    for column in python.column_names:  # column by column, so a failure names the column
        assert mine[column].to_pylist() == python[column].to_pylist(), column


@st.composite
def boards(draw):
    """The default board with up to 40 holes changed (tailwinds, rivers and canoes come and go)."""
    rows = [list(r) for r in default_board().map.strip("\n").split("\n")]
    for _ in range(draw(st.integers(0, 40))):
        r = draw(st.integers(0, len(rows) - 1))
        c = draw(st.integers(0, len(rows[r]) - 1))
        if rows[r][c] not in "B^1234":
            rows[r][c] = draw(st.sampled_from(SYMBOLS))
    try:
        return make_board("".join(r) for r in rows)
    except DataError:
        assume(False)


@st.composite
def effects(draw, red: bool):
    dos = [d for d in cd.EFFECTS if not (red and d in cd.MOVING_POWERS)]
    return tuple(
        cd.Effect(
            draw(st.sampled_from(dos)),
            draw(st.integers(0, 3)),
            draw(st.sampled_from(cd.WHO)),
            draw(st.sampled_from(cd.ZONE_FILTERS)),
        )
        for _ in range(draw(st.integers(0, 2)))
    )


@st.composite
def decks(draw):
    """Some of the printed cards, each now and then with drawn effects."""
    deck = list(Rules().deck)
    keep = draw(st.lists(st.sampled_from(deck), min_size=1, max_size=len(deck), unique=True))
    out = []
    for card in sorted(keep, key=lambda card: card.number):
        if draw(st.booleans()):
            if card.kind == cd.RED:
                card = dataclasses.replace(card, on_roll=tuple(draw(effects(True)) for _ in "345"))
            elif card.kind != cd.WILD:
                card = dataclasses.replace(card, effects=draw(effects(False)))
        out.append(card)
    return tuple(out)


@st.composite
def rule_variants(draw):
    rules = Rules(
        treasures_to_win=draw(st.integers(1, 3)),
        fair_and_square=draw(st.booleans()),
        cards=draw(st.booleans()),
        danger_move=draw(st.sampled_from([0, 0, 5])),
        tree_box=draw(st.sampled_from([60, 60, 8, 0])),
        ring_relief=draw(st.sampled_from([3, 0, 6])),
        pack_spaces=draw(st.integers(0, 3)),
        flight_spaces=draw(st.integers(0, 4)),
        wild_spaces=draw(st.integers(0, 4)),
        snow_cap_fee=draw(st.integers(0, 2)),
        canoe_fee=draw(st.integers(0, 2)),
        saw_cut_kept=draw(st.booleans()),
        turn_limit=draw(st.sampled_from([5, 30])),
        zones=ZoneValues(
            move_250=draw(st.integers(3, 8)),
            trees_500=draw(st.integers(0, 5)),
            move_1500=draw(st.integers(1, 6)),
            trees_1000=draw(st.integers(0, 5)),
        ),
        tray=Tray(
            supply_packs=draw(st.integers(0, 3)),
            axes=draw(st.integers(0, 3)),
            chainsaws=draw(st.integers(0, 2)),
            heli_flights=draw(st.integers(0, 3)),
            heli_radios=draw(st.integers(0, 3)),
        ),
        points=ResourcePoints(supply_pack=draw(st.sampled_from([1.5, 0.0, 2.25]))),
    )
    if draw(st.integers(0, 3)) == 0:
        rules = dataclasses.replace(rules, board=draw(boards()))
    if draw(st.integers(0, 3)) == 0:
        rules = dataclasses.replace(rules, deck=draw(decks()))
    assume(rules.treasures_to_win <= len(rules.board.treasures))
    return rules


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(
    rules=rule_variants(),
    names=st.lists(st.sampled_from(STYLES), min_size=2, max_size=6),
    root=st.integers(0, 2**64 - 1),
    first=st.integers(0, 2**40),
)
def test_compiled_games_give_the_python_rows(rules, names, root, first):
    assert_same_rows(rules, names, root, 3, first)


@pytest.mark.slow
@pytest.mark.parametrize(
    "names",
    [
        ["trailblazer"] * 4,
        ["random"] * 4,
        ["trailblazer", "blocker", "climber", "random"],
        ["blocker", "climber"],
        ["climber"] * 6,
    ],
)
def test_many_default_games_give_the_python_rows(names):
    assert_same_rows(Rules(), names, 11, size(12, 200))


def test_every_ending_gives_the_python_rows():
    """The turn cap, first back wins, and the drawn finish of fair and square."""
    assert_same_rows(Rules(turn_limit=6), ["trailblazer", "random", "climber"], 3, 4)
    assert_same_rows(Rules(fair_and_square=False), ["trailblazer"] * 4, 3, 4)
    rules = Rules()
    names = ["trailblazer"] * 5
    rows = compiled_rows(rules, [[make_strategy(n, GAME) for n in names]] * 20, 9, 0)
    assert sum(rows["x_drawn"].to_pylist()) > 0  # some finishes were drawn, and agreed
    assert_same_rows(rules, names, 9, 20)


def run_rows(tmp_path, name, engine, **kw):
    exp = Experiment.from_dict(
        {"name": "tt", "game": GAME, "players": [2, 4], "games": 12, "seed": 5, "chunk": 5, **kw}
    )
    meta = runner.run(exp, tmp_path / name, jobs=1, progress=False, engine=engine)
    return meta, read_results(tmp_path / name).sort("game_index", "seat")


def test_a_run_uses_the_compiled_engine_and_its_rows_are_the_python_rows(tmp_path):
    kw = {"strategies": ["trailblazer", "blocker", "climber", "random"], "rotate": True}
    auto, fast_rows = run_rows(tmp_path, "auto", "auto", **kw)
    python, python_rows_ = run_rows(tmp_path, "python", "python", **kw)
    assert (auto["engine"], python["engine"]) == ("compiled", "python")
    assert fast_rows.schema == python_rows_.schema
    assert fast_rows.equals(python_rows_)
    assert fast_rows.filter(pl.col("strategy") == "random").height > 0


@dataclasses.dataclass
class Pathfinder(Trailblazer):
    """A user's subclass: it may play differently, so it has no compiled form."""


def test_a_strategy_without_a_compiled_form_keeps_the_python_engine():
    assert fast.supports([make_strategy(name, GAME) for name in STYLES])
    assert not fast.supports([Pathfinder()])
    assert not fast.supports([make_strategy("trailblazer:ahead=-1", GAME)])
    exp = Experiment.from_dict(
        {"game": GAME, "games": 2, "strategies": ["trailblazer:ahead=-1"], "players": 2}
    )
    assert runner.choose_engine(exp)[0] == "python"
    with pytest.raises(ExperimentError, match="no compiled form"):
        runner.choose_engine(exp, "compiled")


def test_a_board_of_more_peaks_than_compiled_is_left_to_the_python_engine(monkeypatch):
    players = [[make_strategy("trailblazer", GAME)] * 2]
    assert compiled_rows(Rules(), players, 1, 0) is not None
    monkeypatch.setattr(fast, "MAX_PEAKS", len(default_board().treasures) - 1)
    assert compiled_rows(Rules(), players, 1, 0) is None  # the runner plays the chunk in Python

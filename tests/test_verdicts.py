"""Verdicts against toy games with exact answers: what they name, and that their power and
equivalence statements hold at the number of games they state."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
import toy_games as toy
from hypothesis import given
from hypothesis import strategies as st
from sizes import size
from statsmodels.stats.multitest import multipletests

from simkit.core import verdicts


@given(
    st.lists(
        st.one_of(st.floats(0.0, 1.0), st.just(float("nan")), st.sampled_from([0.0, 0.5, 1.0])),
        max_size=30,
    )
)
def test_holm_is_statsmodels_holm_and_keeps_nan(p_values):
    p = np.array(p_values, dtype=float)
    got = verdicts.holm(p)
    ok = ~np.isnan(p)
    assert np.isnan(got[~ok]).all()
    if ok.any():
        want = multipletests(p[ok], method="holm")[1]
        np.testing.assert_allclose(got[ok], want, rtol=1e-12, atol=1e-15)


def weighted_winner(rng, games: int, chances: list[float], variant="base") -> pl.DataFrame:
    winner = rng.choice(len(chances), size=games, p=chances)
    scores = (np.arange(len(chances))[None, :] == winner[:, None]).astype(int)
    return toy.results_table(scores, variant)


def test_every_seat_out_of_line_is_named_not_only_seat_0():
    # Five players, seat 4 wins 15% against a fair 20%, the others share the rest evenly.
    rng = np.random.default_rng(1)
    df = weighted_winner(rng, 6000, [0.2125] * 4 + [0.15])
    row = verdicts.seat_verdicts(df).row(0, named=True)
    assert row["sure"]
    assert "seat 4 wins 15.3%" in row["verdict"] and "-4.7 points" in row["verdict"]
    assert "Holm" in row["verdict"]


def test_a_fair_game_gets_power_and_equivalence_figures_that_do_not_depend_on_the_data():
    rng = np.random.default_rng(2)
    a = verdicts.seat_verdicts(toy.d3_ties(rng, 400, 2)).row(0, named=True)
    b = verdicts.seat_verdicts(toy.d3_ties(rng, 400, 2)).row(0, named=True)
    assert not a["sure"]
    assert a["games_for_power"] == b["games_for_power"] == verdicts.games_for_power(0.5)
    assert a["games_for_equivalence"] == verdicts.games_for_equivalence(0.5)
    assert "two one-sided tests" in a["verdict"]


def test_degenerate_cells_say_nothing_absurd():
    # Every game a shared first place: zero spread; and a cell of a single game.
    ties = toy.results_table(np.ones((50, 2), dtype=int))
    one = toy.results_table(np.array([[1, 0]]), "one game")
    table = verdicts.seat_verdicts(pl.concat([ties, one]))
    for text in table["verdict"]:
        assert "about 0 games" not in text and "nan" not in text
    assert table.filter(pl.col("variant") == "base")["equivalent"][0]
    assert "too few games" in table.filter(pl.col("variant") == "one game")["verdict"][0]


def test_the_power_statement_holds_at_the_games_it_states():
    edge, fair = 0.05, 0.5
    rng = np.random.default_rng(3)
    probe = verdicts.seat_verdicts(toy.rare_timeout(rng, 100, 0.0, fair), edge=edge)
    games = int(probe["games_for_power"][0])
    repeats = size(60, 400)
    sure = [
        verdicts.seat_verdicts(toy.rare_timeout(rng, games, 0.0, fair + edge), edge=edge)["sure"][0]
        for _ in range(repeats)
    ]
    rate = float(np.mean(sure))
    assert rate >= 0.80 - 3 * math.sqrt(0.8 * 0.2 / repeats)


def test_the_equivalence_statement_holds_at_the_games_it_states():
    edge, fair = 0.05, 0.5
    rng = np.random.default_rng(4)
    probe = verdicts.seat_verdicts(toy.rare_timeout(rng, 100, 0.0, fair), edge=edge)
    games = int(probe["games_for_equivalence"][0])
    repeats = size(60, 400)
    ruled_out = [
        verdicts.seat_verdicts(toy.rare_timeout(rng, games, 0.0, fair), edge=edge)["equivalent"][0]
        for _ in range(repeats)
    ]
    rate = float(np.mean(ruled_out))
    assert rate >= 0.80 - 3 * math.sqrt(0.8 * 0.2 / repeats)


@pytest.mark.slow
def test_ten_fair_variants_rarely_call_anything_sure():
    rng = np.random.default_rng(5)
    repeats = size(60, 400)
    any_sure = []
    for _ in range(repeats):
        report = pl.concat([toy.d3_ties(rng, 300, 2, f"v{i}") for i in range(10)])
        any_sure.append(bool(verdicts.seat_verdicts(report)["sure"].any()))
    rate = float(np.mean(any_sure))
    assert rate <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / repeats)


def test_one_dominant_strategy_is_named():
    rng = np.random.default_rng(6)
    df = toy.plackett_luce(rng, 1200, {"a": 1.0, "b": 1.0, "c": 4.0}, 3)
    lines = verdicts.strategy_verdicts(df)
    assert len(lines) == 1 and "Yes: c wins more than half its meetings" in lines[0]
    assert "c wins" in lines[0].split("Does one")[0]


def test_evenly_matched_strategies_have_no_dominant_one():
    rng = np.random.default_rng(7)
    df = toy.plackett_luce(rng, 600, {"a": 1.0, "b": 1.0, "c": 1.0}, 3)
    assert "No strategy beats every other one" in verdicts.strategy_verdicts(df)[0]

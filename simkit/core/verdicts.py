"""Verdicts: the plain sentences on seats and strategies, with the error controlled across a report.

Every seat of every cell is tested against its fair share 1/n with the score test (the test Wilson's
interval inverts; with two players only seat 0, seat 1 being its mirror), every strategy against
1/n with its cluster-robust standard error, and every head-to-head pair against 1/2. The p-values
of each family (seats, strategies, meetings) are adjusted together across all the cells of the
report by Holm's method, so the chance of calling anything "out of line" in a perfectly fair report
stays at most 5%. Intervals shown are the unadjusted 95% ones, written [low, high]; ``--target-ci``
is the full width high - low of the same interval.

Planning figures never come from the observed effect:

- Power: the games per cell a study needs to detect an edge of ``EDGE`` (seat 0 winning 1/n +- EDGE)
  with 80% probability, by the score test at the Holm level of its family's strictest step (5%
  divided by the number of seat tests), at the binomial spread of the fair share.
- Equivalence: the games per cell two one-sided tests (TOST) need to rule out an edge of ``EDGE``
  either way with 80% probability when seat 0 is exactly fair, at 5% divided by the number of cells
  (Holm's strictest step over the cells' equivalence tests). The TOST itself is run on the games
  played, with their measured spread.
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
from scipy import stats as sps

from simkit.core import ratings, stats
from simkit.core.stats import ALPHA, KEYS

EDGE = 0.01  # one percentage point: the smallest seat edge a designer cares about
POWER = 0.80


def holm(p_values) -> np.ndarray:
    """Holm-adjusted p-values (nan stays nan): the k-th smallest of m p-values times m - k + 1,
    kept from falling below the ones before it, at most 1. Written out in numpy (it is a sort and
    a running maximum) because statsmodels' ``multipletests`` collects garbage at every call,
    which a report asking for hundreds of them pays in seconds; the tests check it equal."""
    p = np.asarray(p_values, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    order = ok[np.argsort(p[ok], kind="stable")]
    m = order.size
    out[order] = np.minimum(1.0, np.maximum.accumulate(p[order] * (m - np.arange(m))))
    return out


def games_for_power(fair: float, edge: float = EDGE, tests: int = 1) -> int:
    """Games for 80% power to detect a share of ``fair +- edge`` against ``fair`` (two-sided score
    test at ALPHA / tests); the larger of the two directions."""
    if not 0 < fair < 1 or edge <= 0:
        return 0
    z_a = sps.norm.ppf(1 - ALPHA / (2 * max(1, tests)))
    z_b = sps.norm.ppf(POWER)
    need = 0
    for p1 in (fair + edge, fair - edge):
        if 0 < p1 < 1:
            root = z_a * math.sqrt(fair * (1 - fair)) + z_b * math.sqrt(p1 * (1 - p1))
            need = max(need, math.ceil((root / edge) ** 2))
    return need


def games_for_equivalence(fair: float, edge: float = EDGE, tests: int = 1) -> int:
    """Games for two one-sided tests at ALPHA / tests to rule out ``+- edge`` with 80% power when
    the share is exactly ``fair`` (binomial spread)."""
    if not 0 < fair < 1 or edge <= 0:
        return 0
    z_a = sps.norm.ppf(1 - ALPHA / max(1, tests))
    z_b = sps.norm.ppf(1 - (1 - POWER) / 2)
    return math.ceil(fair * (1 - fair) * ((z_a + z_b) / edge) ** 2)


def tost_p(effect: float, se: float, edge: float = EDGE) -> float:
    """p-value of two one-sided tests that |effect| < edge (the larger of the two)."""
    if math.isnan(effect) or math.isnan(se):
        return math.nan
    if se == 0:
        return 0.0 if abs(effect) < edge else 1.0
    lower = sps.norm.sf((effect + edge) / se)
    upper = sps.norm.sf((edge - effect) / se)
    return float(max(lower, upper))


def seat_tests(df: pl.DataFrame) -> pl.DataFrame:
    """Every seat's win share against 1/n: share, interval, score-test p, Holm-adjusted p."""
    seats = stats.seat_win_shares(df)
    fair = 1.0 / seats["n_players"].cast(pl.Float64).to_numpy()
    share = seats["win_share"].to_numpy()
    games = seats["games"].to_numpy().astype(float)
    p = stats.score_test(share - fair, np.sqrt(fair * (1 - fair) / games))
    # Two seats are one question: seat 1 wins what seat 0 does not.
    tested = ~((seats["n_players"].to_numpy() == 2) & (seats["seat"].to_numpy() == 1))
    p = np.where(tested & (games > 1), p, np.nan)
    return seats.with_columns(
        fair=pl.Series(fair), p_value=pl.Series(p), p_adjusted=pl.Series(holm(p))
    )


def strategy_tests(df: pl.DataFrame) -> pl.DataFrame:
    """Every strategy's win share against 1/n, with the Holm-adjusted p of a cluster-robust z."""
    table = stats.strategy_win_shares(df)
    fair = 1.0 / table["n_players"].cast(pl.Float64).to_numpy()
    p = stats.score_test(
        table["win_share"].to_numpy() - fair, table["se"].fill_null(np.nan).to_numpy()
    )
    return table.with_columns(
        fair=pl.Series(fair), p_value=pl.Series(p), p_adjusted=pl.Series(holm(p))
    )


def dominance(df, by_cell=None, h2h=None) -> dict[tuple[str, int], str | None]:
    """Per cell, the strategy that wins more than half its meetings against every other one
    (Holm-adjusted over all head-to-head pairs of the report), or None; ``by_cell``: the
    cells' :func:`ratings.all_meetings`, ``h2h`` their :func:`ratings.head_to_head`, if already
    made."""
    h2h = ratings.head_to_head(df, by_cell) if h2h is None else h2h
    h2h = h2h.with_columns(p_adjusted=pl.Series(holm(h2h["p_value"].fill_null(np.nan))))
    out: dict[tuple[str, int], str | None] = {}
    for (variant, n), part in h2h.group_by(KEYS, maintain_order=True):
        names = set(part["strategy"].to_list()) | set(part["opponent"].to_list())
        winner = None
        for name in sorted(names):
            mine = part.filter(pl.col("strategy") == name)
            beaten = mine.filter((pl.col("share") > 0.5) & (pl.col("p_adjusted") < ALPHA))
            if len(names) > 1 and beaten.height == len(names) - 1:
                winner = name
        out[(variant, int(n))] = winner
    return out


def _count(k: int, noun: str) -> str:
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(lo: float, hi: float) -> str:
    return f"[{100 * lo:.1f}, {100 * hi:.1f}]"


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def seat_verdicts(df: pl.DataFrame, edge: float = EDGE, tests=None) -> pl.DataFrame:
    """One plain paragraph per (variant, n_players): every seat out of line and by how much, or
    what the games rule out and what a study would need (see the module notes); ``tests``: the
    :func:`seat_tests` of ``df`` if already made."""
    seats = seat_tests(df) if tests is None else tests
    n_seat_tests = int(seats["p_value"].is_not_nan().sum())
    cells = seats.select(KEYS).unique(maintain_order=True)
    spread = (
        df.lazy()
        .filter(pl.col("seat") == 0)
        .group_by(KEYS)
        .agg(sd=pl.col("win_share").std(ddof=1), games=pl.len())
        .collect()
    )
    tost = []
    for variant, n in cells.iter_rows():
        row = seats.filter(
            (pl.col("variant") == variant) & (pl.col("n_players") == n) & (pl.col("seat") == 0)
        ).row(0, named=True)
        sd = spread.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        se = float(sd["sd"][0] or 0.0) / math.sqrt(row["games"]) if row["games"] > 1 else math.nan
        tost.append(tost_p(row["win_share"] - row["fair"], se, edge))
    tost_adjusted = holm(tost)
    rows = []
    for (variant, n), p_tost_adj in zip(cells.iter_rows(), tost_adjusted, strict=True):
        part = seats.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        fair = 1.0 / n
        games = int(part["games"][0])
        power_n = games_for_power(fair, edge, n_seat_tests)
        equiv_n = games_for_equivalence(fair, edge, cells.height)
        out = part.filter(pl.col("p_adjusted") < ALPHA)
        if n == 2 and out.height:  # seat 1's share mirrors seat 0's
            out = part.filter(pl.col("seat") <= 1)
        lead = f"{variant}, {n} players ({games:,} games): "
        equivalent = bool(p_tost_adj < ALPHA)
        if games < 2:
            text = lead + "too few games to judge the seats."
        elif out.height:
            named = "; ".join(
                f"seat {r['seat']} wins {_pct(r['win_share'])} {_interval(r['lo'], r['hi'])}, "
                f"{100 * (r['win_share'] - fair):+.1f} points against a fair {_pct(fair)}"
                for r in out.iter_rows(named=True)
            )
            worst = float(np.nanmin(out["p_adjusted"].to_numpy()))
            text = (
                lead + f"out of line: {named} (score test, Holm-adjusted over the "
                f"{n_seat_tests} seat tests of this report, {_p(worst)})."
            )
        else:
            r0 = part.row(0, named=True)
            text = (
                lead + f"no seat out of line (Holm-adjusted over the {n_seat_tests} seat tests "
                f"of this report); seat 0 wins {_pct(r0['win_share'])} "
                f"{_interval(r0['lo'], r0['hi'])} against a fair {_pct(fair)}. "
            )
            if equivalent:
                text += (
                    f"Its edge is within {100 * edge:g} point either way (two one-sided tests at "
                    f"5%, Holm over {_count(cells.height, 'cell')}, {_p(p_tost_adj)})."
                )
            else:
                text += (
                    f"Ruling out an edge of {100 * edge:g} point either way (two one-sided tests "
                    f"at 5%, Holm over {_count(cells.height, 'cell')}) takes about {equiv_n:,} games per "
                    f"cell for 80% power if seat 0 is exactly fair; detecting an edge of "
                    f"{100 * edge:g} point (seat 0 at {_pct(fair + edge)}) takes about "
                    f"{power_n:,} games for 80% power (score test at 5%, Holm over "
                    f"{n_seat_tests} tests)."
                )
        rows.append(
            {
                "variant": variant,
                "n_players": n,
                "games": games,
                "verdict": text,
                "sure": bool(out.height),
                "equivalent": equivalent and not out.height,
                "games_for_power": power_n,
                "games_for_equivalence": equiv_n,
            }
        )
    return pl.DataFrame(
        rows,
        schema={
            "variant": pl.String,
            "n_players": pl.Int8,
            "games": pl.Int64,
            "verdict": pl.String,
            "sure": pl.Boolean,
            "equivalent": pl.Boolean,
            "games_for_power": pl.Int64,
            "games_for_equivalence": pl.Int64,
        },
    )


def strategy_verdicts(df, by_cell=None, tests=None, h2h=None) -> list[str]:
    """Per cell with several strategies: every strategy out of line, and whether one dominates
    (``tests``: the :func:`strategy_tests` of ``df``, ``h2h`` its head-to-head table, if
    already made)."""
    if stats.distinct(df, "strategy") < 2:
        return []
    table = strategy_tests(df) if tests is None else tests
    n_tests = int(table["p_value"].is_not_nan().sum())
    dominant = dominance(df, by_cell, h2h)
    lines = []
    for (variant, n), part in table.group_by(KEYS, maintain_order=True):
        if part.height < 2:
            continue
        out = part.filter(pl.col("p_adjusted") < ALPHA)
        lead = f"{variant}, {n} players: "
        if out.height:
            lead += "strategies out of line: " + "; ".join(
                f"{r['strategy']} wins {_pct(r['win_share'])} {_interval(r['lo'], r['hi'])} of "
                f"its seats, {100 * (r['win_share'] - r['fair']):+.1f} points against "
                f"{_pct(r['fair'])}"
                for r in out.iter_rows(named=True)
            )
            lead += f" (Holm-adjusted over {n_tests} strategy tests)."
        else:
            lead += f"no strategy out of line (Holm-adjusted over {n_tests} strategy tests)."
        winner = dominant.get((variant, int(n)))
        lead += (
            f" Does one strategy dominate? Yes: {winner} wins more than half its meetings "
            "against every other strategy (Holm-adjusted over all head-to-head pairs)."
            if winner
            else " Does one strategy dominate? No strategy beats every other one head to head "
            "(Holm-adjusted)."
        )
        lines.append(lead)
    return lines


def variant_differences(df, base: str = "base", games: pl.DataFrame | None = None):
    """The paired differences of every variant against ``base``, with Holm-adjusted p-values over
    all of them and a ``sure`` column; ``games``: the per-game table of ``df`` if already made."""
    from simkit.core.metrics import paired_metric_differences

    diffs = paired_metric_differences(df, base, games)
    adjusted = holm(diffs["p_value"].fill_null(np.nan))
    return diffs.with_columns(p_adjusted=pl.Series(adjusted)).with_columns(
        sure=pl.col("p_adjusted") < ALPHA
    )

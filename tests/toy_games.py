"""Toy games with exactly known answers, as results tables (the same columns the runner writes).

Each game draws its outcomes with numpy from a seeded generator, so hundreds of repeated studies
take seconds; the exact answers come from enumeration, not simulation.

- ``d3_ties``: every seat rolls a d3, the highest roll wins, equal rolls share first place. Fair:
  every seat wins 1/n, every partial win averages 1/2, balance is 1; ties are frequent.
- ``plackett_luce``: each seat's occupant has a strength; the finishing order is drawn by
  Plackett-Luce (the Bradley-Terry model for several players): P(first) = s_i / sum(s), and any
  two seats are ordered with P(i above j) = s_i / (s_i + s_j). Strategies rotate over the seats.
- ``rare_timeout``: two seats; with a small probability the game hits the turn cap (everyone tied),
  otherwise seat 0 wins with a given chance. Game length is geometric.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import polars as pl

from simkit.core.seating import seating


def results_table(
    scores: np.ndarray,
    variant: str | np.ndarray = "base",
    strategies: np.ndarray | None = None,
    end_reason: np.ndarray | None = None,
    turns: np.ndarray | None = None,
    extras: dict[str, np.ndarray] | None = None,
    seeds: np.ndarray | None = None,
) -> pl.DataFrame:
    """Rows (game, seat) from a (games, seats) score array: competition ranks, win shares."""
    games, n = scores.shape
    ranks = 1 + (scores[:, None, :] > scores[:, :, None]).sum(axis=2)
    firsts = (ranks == 1).sum(axis=1, keepdims=True)
    shares = np.where(ranks == 1, 1.0 / firsts, 0.0)
    index = np.repeat(np.arange(games), n)
    columns = {
        "variant": np.repeat(np.broadcast_to(np.asarray(variant), (games,)), n),
        "n_players": np.full(games * n, n, dtype=np.int8),
        "game_index": index,
        "seed": index if seeds is None else np.repeat(seeds, n),
        "seat": np.tile(np.arange(n, dtype=np.int8), games),
        "strategy": (np.full(games * n, "s") if strategies is None else strategies.reshape(-1)),
        "score": scores.reshape(-1).astype(float),
        "rank": ranks.reshape(-1).astype(np.int8),
        "win_share": shares.reshape(-1),
        "turns": np.repeat(np.full(games, 10) if turns is None else turns, n).astype(np.int32),
        "end_reason": np.repeat(np.full(games, "normal") if end_reason is None else end_reason, n),
    }
    for name, values in (extras or {}).items():
        columns[name] = values.reshape(-1)
    return pl.DataFrame(columns)


# ---------------------------------------------------------------------------------- d3 ties
def d3_ties(rng: np.random.Generator, games: int, n: int, variant="base") -> pl.DataFrame:
    rolls = rng.integers(1, 4, size=(games, n))
    return results_table(rolls, variant)


def d3_truth(n: int) -> dict[str, float]:
    """Exact shares of the d3 game by enumerating all 3^n rolls."""
    shared = all_tied = 0
    for rolls in itertools.product(range(3), repeat=n):
        top = max(rolls)
        shared += rolls.count(top) > 1
        all_tied += rolls.count(top) == n
    total = 3**n
    return {
        "win_share": 1 / n,
        "advantage_p1": 0.5,
        "balance": 1.0,
        "shared_first": shared / total,
        "drawishness": all_tied / total,
        "completion": 1 - shared / total,
    }


# ---------------------------------------------------------------------------- Plackett-Luce
def plackett_luce(
    rng: np.random.Generator,
    games: int,
    strengths: dict[str, float],
    n: int,
    seat_factor: tuple[float, ...] | None = None,
    variant="base",
    game_effect: float = 0.0,
) -> pl.DataFrame:
    """Games with strategies seated by simkit's rotation design; finishing order by Plackett-Luce
    (Gumbel keys). ``x_bonus``: a per-seat number with a shared per-game part (mean 2 for every
    strategy), so seat rows of one game are correlated."""
    names = sorted(strengths)
    seated = np.array([seating(names, n, k) for k in range(games)])
    power = np.vectorize(strengths.get)(seated).astype(float)
    if seat_factor is not None:
        power = power * np.asarray(seat_factor)
    keys = np.log(power) + rng.gumbel(size=(games, n))
    order = np.argsort(-keys, axis=1)
    scores = np.empty_like(order)
    scores[np.arange(games)[:, None], order] = np.arange(n, 0, -1)
    bonus = 2.0 + game_effect * rng.normal(size=(games, 1)) + rng.normal(size=(games, n))
    return results_table(scores, variant, strategies=seated, extras={"x_bonus": bonus})


def pl_truth(strengths: dict[str, float], n: int, games: int, seat_factor=None) -> dict:
    """Exact expected shares of the Plackett-Luce game over the seatings of ``games`` games:
    strategy win share (its wins over its seats), seat partial wins and head-to-head shares."""
    names = sorted(strengths)
    factor = np.ones(n) if seat_factor is None else np.asarray(seat_factor, dtype=float)
    wins = dict.fromkeys(names, 0.0)
    seats = dict.fromkeys(names, 0)
    partial = np.zeros(n)
    first = np.zeros(n)
    for k in range(games):
        seated = seating(names, n, k)
        s = np.array([strengths[x] for x in seated]) * factor
        for seat, name in enumerate(seated):
            wins[name] += s[seat] / s.sum()
            seats[name] += 1
        first += s / s.sum()
        partial += _pl_partial_wins(s)
    h2h = {(a, b): strengths[a] / (strengths[a] + strengths[b]) for a in names for b in names}
    return {
        "strategy": {x: wins[x] / seats[x] for x in names},
        "seat_first": first / games,
        "seat_partial": partial / games,
        "h2h": h2h,
    }


def _pl_partial_wins(s: np.ndarray) -> np.ndarray:
    """Expected partial win (1 - (rank-1)/(n-1)) per seat under Plackett-Luce, by enumeration."""
    n = len(s)
    out = np.zeros(n)
    for order in itertools.permutations(range(n)):
        p, left = 1.0, s.sum()
        for i in order:
            p *= s[i] / left
            left -= s[i]
        for place, seat in enumerate(order):
            out[seat] += p * (1 - place / (n - 1))
    return out


# ----------------------------------------------------------------------------- rare timeout
def rare_timeout(
    rng: np.random.Generator, games: int, timeout: float, seat0: float, variant="base", mean=20.0
) -> pl.DataFrame:
    capped = rng.random(games) < timeout
    seat0_wins = rng.random(games) < seat0
    scores = np.where(seat0_wins[:, None], [[1, 0]], [[0, 1]])
    scores[capped] = 0
    turns = rng.geometric(1 / mean, size=games)
    end = np.where(capped, "turn_limit", "normal")
    return results_table(scores, variant, end_reason=end, turns=turns)


def rare_timeout_truth(timeout: float, seat0: float, mean=20.0) -> dict[str, float]:
    p = 1 / mean
    return {
        "timeouts": timeout,
        "win_share_p1": (1 - timeout) * seat0 + timeout * 0.5,
        "duration_mean": mean,
        "duration_sd": math.sqrt(1 - p) / p,
    }

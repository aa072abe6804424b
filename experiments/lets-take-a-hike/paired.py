"""Paired differences between two variants of one run (same seeds, game by game): seat 0's win
share (the first-player advantage), the turns of a game, and how many games differ at all.

    simkit run experiments/lets-take-a-hike/drawoff.toml --out runs/drawoff
    .venv/bin/python experiments/lets-take-a-hike/paired.py runs/drawoff base lowest-seat-first
"""

from __future__ import annotations

import sys

import polars as pl

from simkit.core.results import read_results
from simkit.core.stats import Z95


def paired(run: str, a: str, b: str) -> pl.DataFrame:
    rows = read_results(run).filter(pl.col("seat") == 0)
    keys = ["n_players", "seed"]  # variants play the same seeds (game_index runs on)
    left = rows.filter(pl.col("variant") == a).select(*keys, "win_share", "turns", "x_drawoff")
    right = rows.filter(pl.col("variant") == b).select(*keys, "win_share", "turns")
    both = left.join(right, on=keys, suffix="_b")
    diff = both.with_columns(
        d_win=pl.col("win_share") - pl.col("win_share_b"),
        d_turns=pl.col("turns") - pl.col("turns_b"),
    )
    return (
        diff.group_by("n_players")
        .agg(
            games=pl.len(),
            seat0_win=pl.col("win_share").mean(),
            seat0_win_b=pl.col("win_share_b").mean(),
            d_seat0_win=pl.col("d_win").mean(),
            half=Z95 * pl.col("d_win").std(ddof=1) / pl.len().sqrt(),
            games_differing=(pl.col("d_win") != 0).sum(),
            seat0_in_drawoff=pl.col("x_drawoff").sum(),
            d_turns=pl.col("d_turns").mean(),
            turns=pl.col("turns").mean(),
        )
        .sort("n_players")
    )


if __name__ == "__main__":
    with pl.Config(tbl_cols=-1, tbl_width_chars=200):
        print(paired(*sys.argv[1:4]))

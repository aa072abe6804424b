"""Print a Hike It! run's headline figures (README "Measured"): per variant and player count the
first-player advantage, mean days and finish rate, and per strategy the win share, all with 95%
intervals, plus each variant's paired FPA difference from the base.

    python experiments/hike-it/summary.py runs/hike-it-first-player
"""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl

from simkit.core import stats


def main(run_dir: str) -> None:
    df = pl.read_parquet(Path(run_dir) / "games" / "**" / "*.parquet")
    pl.Config.set_tbl_rows(50)
    pl.Config.set_float_precision(3)
    print(stats.first_player_advantage(df))
    print(stats.game_summary(df).select("variant", "n_players", "games", "mean_turns"))
    print(
        df.group_by("variant", "n_players")
        .agg(finished=pl.col("x_finished").cast(pl.Float64).mean())
        .sort("variant", "n_players")
    )
    if df["strategy"].n_unique() > 1:
        print(stats.strategy_win_shares(df))
    if df["variant"].n_unique() > 1:
        print(stats.paired_fpa_difference(df))


if __name__ == "__main__":
    main(sys.argv[1])

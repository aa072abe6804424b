"""What each heuristic does differently, per Rambler and game, from a run's rows:
``python experiments/backpacks-and-blisters/styles.py runs/bb-strategies``.

Win share with its 95% interval, score, rides, Refreshments, stones, Cairn points, the mean
return time and the share back after 5 p.m. (late) or never (Mountain Rescue).
"""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl

from simkit.core.stats import with_interval


def styles(run: Path) -> pl.DataFrame:
    df = pl.read_parquet(run / "games" / "*.parquet")
    back = pl.col("x_returned")
    minutes = pl.col("x_return_time") // 100 * 60 + pl.col("x_return_time") % 100
    return (
        df.group_by("variant", "n_players", "strategy")
        .agg(
            games=pl.len(),
            win_share=pl.col("win_share").mean(),
            sd=pl.col("win_share").std(ddof=1),
            score=pl.col("score").mean(),
            rides=pl.col("x_rides").mean(),
            refreshments=pl.col("x_refreshments").mean(),
            stones=pl.col("x_prime_locations").mean(),
            cairn_points=pl.col("x_cairn_points").mean(),
            back_at=minutes.filter(back).mean(),
            late=(back & (pl.col("x_return_time") >= 1700)).mean(),
            rescued=(~back).mean(),
        )
        .pipe(with_interval, "win_share", "games")
        .drop("sd")
        .with_columns(
            back_at=pl.format(
                "{}:{}",
                (pl.col("back_at") // 60 - 12).cast(pl.Int64),
                (pl.col("back_at") % 60).round(0).cast(pl.Int64).cast(pl.Utf8).str.zfill(2),
            )
        )
        .sort("variant", "n_players", "strategy")
    )


if __name__ == "__main__":
    with pl.Config(tbl_cols=-1, tbl_width_chars=200, float_precision=3, tbl_rows=50):
        for arg in sys.argv[1:]:
            print(arg)
            print(styles(Path(arg)))

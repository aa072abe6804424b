"""Two runs of the same study on the same seeds (one with a rule switched), compared game by
game: ``python experiments/backpacks-and-blisters/paired.py runs/a runs/b``.

Per player count: seat 0's win share, the game length (turns, the Time chart's turn the last
Rambler left) and the mean return time, in each run and the paired difference b - a with its
95% interval (games are paired by their seed).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import polars as pl

from simkit.core.stats import t_quantile


def per_game(run: Path) -> pl.DataFrame:
    df = pl.read_parquet(run / "games" / "*.parquet")
    minutes = pl.col("x_return_time") // 100 * 60 + pl.col("x_return_time") % 100
    return df.group_by("n_players", "seed").agg(
        seat0=pl.col("win_share").filter(pl.col("seat") == 0).first(),
        turns=pl.col("turns").first(),
        back=minutes.filter(pl.col("x_returned")).mean(),
    )


def with_interval(frame: pl.DataFrame) -> pl.DataFrame:
    """The paired difference's 95% t interval (``lo``, ``hi``) from its sd over the games."""
    half = [
        t_quantile(n - 1) * sd / math.sqrt(n) if n > 1 and sd is not None else math.nan
        for n, sd in zip(frame["games"], frame["sd"], strict=True)
    ]
    half = pl.Series(half, dtype=pl.Float64)
    return frame.with_columns(lo=pl.col("diff") - half, hi=pl.col("diff") + half)


def paired(a: Path, b: Path) -> pl.DataFrame:
    joined = per_game(a).join(per_game(b), on=("n_players", "seed"), suffix="_b")
    rows = []
    for measure in ("seat0", "turns", "back"):
        diff = pl.col(f"{measure}_b") - pl.col(measure)
        rows.append(
            joined.group_by("n_players")
            .agg(
                games=pl.len(),
                a=pl.col(measure).mean(),
                b=pl.col(f"{measure}_b").mean(),
                diff=diff.mean(),
                sd=diff.std(ddof=1),
            )
            .pipe(with_interval)
            .drop("sd")
            .with_columns(measure=pl.lit(measure))
        )
    return pl.concat(rows).sort("measure", "n_players")


if __name__ == "__main__":
    with pl.Config(tbl_rows=60, float_precision=3):
        print(paired(Path(sys.argv[1]), Path(sys.argv[2])))
